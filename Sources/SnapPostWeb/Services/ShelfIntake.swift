// The way in for a shelf photo: the per-client upload limit (shared with page photos), the body read within its cap
// and deadline, then the shelf workflow (the bounded shelf queue, the store).
import Foundation
import Hummingbird
import Shelves
import Storage
import Support
import Workflows

struct ShelfIntake: Sendable {
    let limiter: RateLimiter
    let clientAddress: ClientAddress
    let uploads: UploadReader
    let workflow: ShelfWorkflow
    let metrics: AppMetrics

    /// Admits the request, reads its photo from one of `fields`, analyses it and stores the analysis.
    func analyse(
        _ request: Request, _ context: AppRequestContext, fields: [String] = UploadReader.photoFields, rawBodyAllowed: Bool = false
    ) async throws -> (scan: ShelfScan, analysis: ShelfAnalysis) {
        if let wait = await limiter.take(clientAddress.key(request, context)) {
            throw RateLimitedError(retryAfterSeconds: wait, message: "Too many photos in a short time. Please wait \(wait) s and try again.")
        }
        let photo = try await uploads.read(request, fields: fields, rawBodyAllowed: rawBodyAllowed)
        let (scan, analysis) = try await workflow.analyse(photo: photo.data)
        for timing in analysis.timings { metrics.recordShelfStep(timing.step, seconds: timing.seconds) }
        return (scan, analysis)
    }
}
