// Admission control for heavy work (OCR): a fixed number run at once, a bounded number wait, the rest are refused.
import Support

/// Refused because the queue is full. The page says to try again shortly; the response carries Retry-After.
struct QueueFullError: UserFacingError {
    let retryAfterSeconds: Int?
    var message: String { "SnapPost is busy reading other pages. Please try again in a few seconds." }
    var code: String { "queue_full" }
    var category: ErrorCategory { .busy }
}

actor BoundedWorkQueue {
    let workers: Int
    let maxWaiting: Int
    private var running = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(workers: Int, maxWaiting: Int) {
        self.workers = max(1, workers)
        self.maxWaiting = max(0, maxWaiting)
    }

    /// Jobs running plus jobs waiting, for the queue-depth metric.
    var depth: Int { running + waiters.count }

    /// Runs `job` when a worker is free; throws `QueueFullError` at once when too many are already waiting.
    func run<T: Sendable>(_ job: @Sendable () async throws -> T) async throws -> T {
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
