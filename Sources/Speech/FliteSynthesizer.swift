// Every flite call in the project lives here: the "slt" US English voice, one utterance at a time.
import CFlite
import Dispatch
import Foundation
import Synchronization

/// flite 2.2 with the cmu_us_slt voice (permissive licence, a natural female voice; ~0.4 s for 300 characters).
public final class FliteSynthesizer: SpeechSynthesizer {
    /// flite keeps global state (the lexicon, the voice); one utterance at a time.
    private let lock = Mutex<OpaquePointer?>(nil)
    private let queue = DispatchQueue(label: "snappost.flite", qos: .userInitiated)
    /// Longer texts are cut at a sentence end before this many characters (audio grows with text).
    public let maxCharacters: Int

    public init(maxCharacters: Int = 4000) {
        self.maxCharacters = maxCharacters
    }

    public var voiceName: String { "flite 2.2 (slt)" }

    public func wav(speaking text: String) async throws -> Data {
        let clean = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !clean.isEmpty else { throw SpeechError(.emptyText) }
        let clipped = Self.clip(clean, to: maxCharacters)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.synthesize(clipped) })
            }
        }
    }

    static func clip(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = String(text.prefix(limit))
        if let end = head.lastIndex(where: { ".!?".contains($0) }) { return String(head[...end]) }
        return head
    }

    private func synthesize(_ text: String) throws -> Data {
        try lock.withLock { voice -> Data in
            if voice == nil {
                _ = flite_init()
                voice = OpaquePointer(register_cmu_us_slt(nil))
            }
            guard let voice else { throw SpeechError(.engineFailure) }
            guard let wave = flite_text_to_wave(text, UnsafeMutablePointer(voice)) else { throw SpeechError(.engineFailure) }
            defer { delete_wave(wave) }
            let count = Int(wave.pointee.num_samples) * Int(max(1, wave.pointee.num_channels))
            guard count > 0, let samples = wave.pointee.samples else { throw SpeechError(.engineFailure) }
            let copied = Array(UnsafeBufferPointer(start: samples, count: count))
            return WAVFile.encode(samples: copied, sampleRate: Int(wave.pointee.sample_rate), channels: Int(max(1, wave.pointee.num_channels)))
        }
    }
}
