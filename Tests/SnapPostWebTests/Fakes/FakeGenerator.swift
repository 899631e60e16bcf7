// A stand-in writer: five drafts that quote the excerpt, or the error it was told to throw.
import AIClient
import Configuration
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PageReading
import PostWriting
import Prometheus
import Settings
import Storage
import Support
import Synchronization
import Testing

final class FakeGenerator: PostGenerator {
    let failure = Mutex<(any Error)?>(nil)
    let calls = Atomic<Int>(0)
    var displayName: String { "Fake writer" }

    let requests = Mutex<[DraftRequest]>([])

    func write(_ request: DraftRequest) async throws -> [Variant] {
        calls.add(1, ordering: .sequentiallyConsistent)
        requests.withLock { $0.append(request) }
        if let error = failure.withLock({ $0 }) { throw error }
        return request.tones.map { tone in
            Variant(
                tone: tone, text: "\(tone.rawValue): \(request.excerpt.prefix(200))" + (request.variation > 0 ? " (v\(request.variation))" : ""),
                note: tone == .analytical ? "Variant trimmed to meet LinkedIn length." : nil)
        }
    }
}

/// A clock tests can move: real time plus an offset, or (frozen) standing still until moved, for tests whose
/// outcome must not depend on how long a loaded machine takes to run them.
final class MovableClock: TimeSource {
    private let offset = Mutex<TimeInterval>(0)
    private let frozenAt: Date?

    init(frozen: Bool = false) { frozenAt = frozen ? Date() : nil }

    func now() -> Date { (frozenAt ?? Date()).addingTimeInterval(offset.withLock { $0 }) }
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}
