// Forgets uploaded photos once their keeping time has passed: at start, then every hour while the server runs.
import Foundation
import Logging
import ServiceLifecycle
import Storage
import Support

public struct OriginalRetention: Service {
    let scans: any ScanRepository
    let clock: any TimeSource
    let logger: Logger
    var interval: Duration = .seconds(3600)

    public init(scans: any ScanRepository, clock: any TimeSource, logger: Logger, interval: Duration = .seconds(3600)) {
        self.scans = scans
        self.clock = clock
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    await forgetExpired()
                    try await Task.sleep(for: interval)
                }
            }
        } catch is CancellationError {
            // Shutting down.
        }
    }

    public func forgetExpired() async {
        do {
            let forgotten = try await scans.forgetOriginals(keptUntilBefore: clock.now())
            if forgotten > 0 { logger.info("forgot kept photos past their time", metadata: ["count": "\(forgotten)"]) }
        } catch {
            logger.warning("could not forget kept photos", metadata: ["error": "\(error)"])
        }
    }
}
