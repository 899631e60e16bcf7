// One throttle for every credential: wrong passwords, wrong Bearer tokens and unknown session cookies from one client
// share a growing delay, during which that client's credentials are not even checked.
import Foundation
import Support

/// After a few wrong credentials from one client, each further try must wait longer (1, 2, 4 … 300 s). While a client
/// waits, every credential it sends, the right one too, is answered 429 without being checked: otherwise the answer
/// itself would tell a guesser which guess was right, at full speed.
public actor CredentialThrottle {
    /// Wrong credentials allowed before the first delay.
    public static let freeAttempts = 3
    public static let maxDelaySeconds: TimeInterval = 300
    /// Clients remembered at most; past it, the ones not being slowed down are forgotten first.
    static let maxClients = 10_000
    /// The same wrong value sent again (a stale cookie on parallel requests, a script retrying) counts once.
    static let rememberedValues = 16
    /// A client quiet this long after its last wrong credential starts again with its free attempts.
    static let forgetAfterSeconds: TimeInterval = 3600

    private struct Record {
        var failures: Int
        var last: Date
        var recentValues: [Int]
    }

    private let clock: any TimeSource
    private var records: [String: Record] = [:]
    /// Salt for the fingerprints of wrong values, so the table never holds anything a guesser sent.
    private let salt = Int.random(in: .min ... .max)

    public init(clock: any TimeSource) { self.clock = clock }

    /// Seconds the client must still wait before any credential of theirs is checked, or nil.
    public func waitRequired(_ client: String) -> Int? {
        guard let record = record(client), record.failures >= Self.freeAttempts else { return nil }
        let remaining = Self.delay(afterFailures: record.failures) - clock.now().timeIntervalSince(record.last)
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// A wrong credential. `value` is what was sent, used only to notice repeats; it is not stored.
    public func recordFailure(_ client: String, value: String) {
        var hasher = Hasher()
        hasher.combine(salt)
        hasher.combine(value)
        let fingerprint = hasher.finalize()
        var record = record(client) ?? Record(failures: 0, last: clock.now(), recentValues: [])
        if record.recentValues.contains(fingerprint) { return }
        record.recentValues.append(fingerprint)
        if record.recentValues.count > Self.rememberedValues { record.recentValues.removeFirst() }
        record.failures += 1
        record.last = clock.now()
        records[client] = record
        if records.count > Self.maxClients { forgetQuietClients() }
    }

    /// A right credential (checked while the client was not waiting): the slate is clean again.
    public func recordSuccess(_ client: String) { records[client] = nil }

    /// The client's record, unless it has been quiet long enough to be forgiven.
    private func record(_ client: String) -> Record? {
        guard let record = records[client] else { return nil }
        guard clock.now().timeIntervalSince(record.last) < Self.forgetAfterSeconds else {
            records[client] = nil
            return nil
        }
        return record
    }

    public static func delay(afterFailures count: Int) -> TimeInterval {
        min(maxDelaySeconds, pow(2, Double(max(0, count - freeAttempts))))
    }

    private func forgetQuietClients() {
        let now = clock.now()
        records = records.filter { _, record in
            record.failures >= Self.freeAttempts && now.timeIntervalSince(record.last) < Self.maxDelaySeconds * 2
        }
        // Still too many (a guesser with many addresses): keep the most recent half, never flush everyone at once.
        if records.count > Self.maxClients {
            let newest = records.sorted { $0.value.last > $1.value.last }.prefix(Self.maxClients / 2)
            records = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
        }
    }
}
