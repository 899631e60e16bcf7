// Per-client limits: a token bucket for uploads, and a growing delay after wrong passwords.
import Foundation
import Support

/// Allows `capacity` events per `window` per client, refilling smoothly. Old clients are forgotten.
actor RateLimiter {
    private let capacity: Double
    private let refillPerSecond: Double
    private let clock: any TimeSource
    private var buckets: [String: (tokens: Double, updated: Date)] = [:]

    init(capacity: Int, window: TimeInterval, clock: any TimeSource) {
        self.capacity = Double(max(1, capacity))
        self.refillPerSecond = Double(max(1, capacity)) / window
        self.clock = clock
    }

    /// Takes one token, or returns the seconds until one is available.
    func take(_ client: String) -> Int? {
        let now = clock.now()
        var bucket = buckets[client] ?? (capacity, now)
        bucket.tokens = min(capacity, bucket.tokens + now.timeIntervalSince(bucket.updated) * refillPerSecond)
        bucket.updated = now
        defer {
            buckets[client] = bucket
            forgetIdle(now: now)
        }
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            return nil
        }
        return Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up))
    }

    private func forgetIdle(now: Date) {
        guard buckets.count > 10_000 else { return }
        buckets = buckets.filter { now.timeIntervalSince($0.value.updated) < capacity / refillPerSecond }
    }
}

/// After a few wrong passwords from one client, each further try must wait longer (1, 2, 4 … 300 s).
actor LoginThrottle {
    private let freeAttempts = 3
    private let clock: any TimeSource
    private var failures: [String: (count: Int, last: Date)] = [:]

    init(clock: any TimeSource) { self.clock = clock }

    /// Seconds the client must still wait before another try, or nil.
    func waitRequired(_ client: String) -> Int? {
        guard let entry = failures[client], entry.count >= freeAttempts else { return nil }
        let delay = Self.delay(afterFailures: entry.count)
        let remaining = delay - clock.now().timeIntervalSince(entry.last)
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    func recordFailure(_ client: String) {
        let count = (failures[client]?.count ?? 0) + 1
        failures[client] = (count, clock.now())
        if failures.count > 10_000 { failures = failures.filter { $0.value.count >= freeAttempts } }
    }

    func recordSuccess(_ client: String) { failures[client] = nil }

    static func delay(afterFailures count: Int) -> TimeInterval {
        min(300, pow(2, Double(max(0, count - 3))))
    }
}
