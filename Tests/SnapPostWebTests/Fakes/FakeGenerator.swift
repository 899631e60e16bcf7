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

    func generateVariants(from excerpt: String, bookTitle: String?, author: String?) async throws -> [Variant] {
        calls.add(1, ordering: .sequentiallyConsistent)
        if let error = failure.withLock({ $0 }) { throw error }
        return Tone.allCases.map { tone in
            Variant(
                tone: tone, text: "\(tone.rawValue): \(excerpt.prefix(200))",
                note: tone == .analytical ? "Variant trimmed to meet LinkedIn length." : nil)
        }
    }
}

/// A clock tests can move.
final class MovableClock: TimeSource {
    private let offset = Mutex<TimeInterval>(0)
    func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}
