// Admission control per client: a token bucket (the web's uploads; wrong credentials have their own throttle in the
// web target's Auth/CredentialThrottle.swift).
import Foundation

/// Allows `capacity` events per `window` per client, refilling smoothly. Old clients are forgotten.
public actor RateLimiter {
    private let capacity: Double
    private let refillPerSecond: Double
    private let clock: any TimeSource
    private var buckets: [String: (tokens: Double, updated: Date)] = [:]

    public init(capacity: Int, window: TimeInterval, clock: any TimeSource) {
        self.capacity = Double(max(1, capacity))
        self.refillPerSecond = Double(max(1, capacity)) / window
        self.clock = clock
    }

    /// Takes one token, or returns the seconds until one is available.
    public func take(_ client: String) -> Int? {
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
