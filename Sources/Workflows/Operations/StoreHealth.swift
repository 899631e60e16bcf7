// The store's part of /healthz: a real write (at most one a second, whoever asks) and the free space left.
import Foundation
import Storage

/// What /healthz says about storage.
public struct StoreHealthReport: Sendable {
    /// nil when the write worked; otherwise the failure's stable code (e.g. `store_full`).
    public var writeFailure: String?
    public var freeBytes: Int64?
    public var lowOnSpace: Bool
}

/// Runs the store's write check and reads the free space, caching the answer for a second so that /healthz, which
/// anyone may call, cannot be turned into a stream of disk writes.
public actor StoreHealth {
    private let checkWritable: @Sendable () async throws -> Void
    private let freeBytes: @Sendable () -> Int64?
    private let minFreeBytes: Int64
    private var last: (at: ContinuousClock.Instant, report: StoreHealthReport)?
    private var inFlight: Task<StoreHealthReport, Never>?

    public init(checkWritable: @escaping @Sendable () async throws -> Void, freeBytes: @escaping @Sendable () -> Int64?, minFreeBytes: Int64) {
        self.checkWritable = checkWritable
        self.freeBytes = freeBytes
        self.minFreeBytes = minFreeBytes
    }

    public func report() async -> StoreHealthReport {
        if let last, last.at.duration(to: .now) < .seconds(1) { return last.report }
        if let inFlight { return await inFlight.value }
        let checkWritable = checkWritable, freeBytes = freeBytes, minFreeBytes = minFreeBytes
        let task = Task<StoreHealthReport, Never> {
            var failure: String?
            do { try await checkWritable() } catch { failure = (error as? StoreError)?.code ?? "store_failure" }
            let free = freeBytes()
            return StoreHealthReport(writeFailure: failure, freeBytes: free, lowOnSpace: free.map { $0 < minFreeBytes } ?? false)
        }
        inFlight = task
        let report = await task.value
        inFlight = nil
        last = (.now, report)
        return report
    }
}
