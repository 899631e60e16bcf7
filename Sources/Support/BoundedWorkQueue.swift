// Admission control for heavy work (OCR, shelf analyses): a fixed number of jobs run at once, within a budget of
// pixels in flight (memory grows with the pixels being decoded, not with the number of photos); a bounded number
// wait; the rest are refused.
/// Refused because the queue is full. The page says to try again shortly; the response carries Retry-After.
public struct QueueFullError: UserFacingError {
    public let retryAfterSeconds: Int?
    public var message: String
    public var code: String { "queue_full" }
    public var category: ErrorCategory { .busy }

    public init(retryAfterSeconds: Int?, message: String = "SnapPost is busy reading other pages. Please try again in a few seconds.") {
        self.retryAfterSeconds = retryAfterSeconds
        self.message = message
    }
}

public actor BoundedWorkQueue {
    public let workers: Int
    public let maxWaiting: Int
    /// What a refused request is told, and when to try again.
    public let busy: QueueFullError
    /// Pixels of the photos being read at once, summed over every worker. A photo larger than the whole budget
    /// still runs, alone.
    public let pixelBudget: Int
    private var running = 0
    private var pixelsRunning = 0
    /// First come, first served: a large photo at the front is not overtaken by small ones forever.
    private var waiters: [(pixels: Int, continuation: CheckedContinuation<Void, Never>)] = []

    public init(workers: Int, maxWaiting: Int, pixelBudget: Int = .max, busy: QueueFullError = QueueFullError(retryAfterSeconds: 5)) {
        self.workers = max(1, workers)
        self.maxWaiting = max(0, maxWaiting)
        self.pixelBudget = max(1, pixelBudget)
        self.busy = busy
    }

    /// Jobs running plus jobs waiting, for the queue-depth metric.
    public var depth: Int { running + waiters.count }

    /// Runs `job` when a worker and `pixels` of the budget are free; throws `QueueFullError` at once when too many are
    /// already waiting.
    public func run<T: Sendable>(pixels: Int = 0, _ job: @Sendable () async throws -> T) async throws -> T {
        let weight = min(max(0, pixels), pixelBudget)
        if waiters.isEmpty && fits(weight) {
            running += 1
            pixelsRunning += weight
        } else {
            guard waiters.count < maxWaiting else { throw busy }
            // `release` starts this job (counting it) before resuming it.
            await withCheckedContinuation { waiters.append((weight, $0)) }
        }
        defer { release(weight) }
        return try await job()
    }

    private func fits(_ weight: Int) -> Bool {
        running < workers && (running == 0 || pixelsRunning + weight <= pixelBudget)
    }

    private func release(_ weight: Int) {
        running -= 1
        pixelsRunning -= weight
        while let next = waiters.first, fits(next.pixels) {
            waiters.removeFirst()
            running += 1
            pixelsRunning += next.pixels
            next.continuation.resume()
        }
    }
}
