// Admission control for heavy work (OCR): a fixed number run at once, a bounded number wait, the rest are refused.

/// Refused because the queue is full. The page says to try again shortly; the response carries Retry-After.
public struct QueueFullError: UserFacingError {
    public let retryAfterSeconds: Int
    public var message: String { "SnapPost is busy reading other pages. Please try again in a few seconds." }
    public var code: String { "queue_full" }
    public var category: ErrorCategory { .busy }
}

public actor BoundedWorkQueue {
    public let workers: Int
    public let maxWaiting: Int
    private var running = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init(workers: Int, maxWaiting: Int) {
        self.workers = max(1, workers)
        self.maxWaiting = max(0, maxWaiting)
    }

    /// Jobs running plus jobs waiting, for the queue-depth metric.
    public var depth: Int { running + waiters.count }

    /// Runs `job` when a worker is free; throws `QueueFullError` at once when too many are already waiting.
    public func run<T: Sendable>(_ job: @Sendable () async throws -> T) async throws -> T {
        if running >= workers {
            guard waiters.count < maxWaiting else { throw QueueFullError(retryAfterSeconds: 5) }
            await withCheckedContinuation { waiters.append($0) }
        } else {
            running += 1
        }
        defer { release() }
        return try await job()
    }

    private func release() {
        if waiters.isEmpty {
            running -= 1
        } else {
            // Hand the slot straight to the next waiter; `running` stays the same.
            waiters.removeFirst().resume()
        }
    }
}
