// A speech engine for tests: a short tone per call, and a record of what it was asked to say.
import Foundation
import Speech
import Synchronization

/// For tests: a short tone per call, and a record of what it was asked to say.
public final class FakeSpeechSynthesizer: SpeechSynthesizer {
    private let spoken = Mutex<[String]>([])
    public init() {}
    public var voiceName: String { "fake" }
    public var texts: [String] { spoken.withLock { $0 } }

    public func wav(speaking text: String) async throws -> Data {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw SpeechError(.emptyText) }
        spoken.withLock { $0.append(text) }
        let samples = (0..<1600).map { Int16(8000 * sin(Double($0) * 2 * .pi * 440 / 16000)) }
        return WAVFile.encode(samples: samples, sampleRate: 16000)
    }
}
