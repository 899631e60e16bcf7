// flite really speaks: a WAV with a sane header and a second or more of non-silent audio.
import Foundation
import TestFakes
import Testing

@testable import Speech

@Suite struct SpeechTests {
    func u32(_ d: Data, _ at: Int) -> Int { Int(d[at]) | Int(d[at + 1]) << 8 | Int(d[at + 2]) << 16 | Int(d[at + 3]) << 24 }

    @Test func fliteSpeaksIntoAWAV() async throws {
        let wav = try await FliteSynthesizer().wav(speaking: "Here is what to read next. East of Eden, by John Steinbeck.")
        #expect(String(decoding: wav.prefix(4), as: UTF8.self) == "RIFF")
        #expect(String(decoding: wav[8..<12], as: UTF8.self) == "WAVE")
        let rate = u32(wav, 24), dataBytes = u32(wav, 40)
        #expect(rate >= 8000 && rate <= 48000)
        #expect(dataBytes == wav.count - 44)
        #expect(Double(dataBytes / 2) / Double(rate) > 1.0)
        // Not silence: some samples are loud.
        let samples = stride(from: 44, to: wav.count - 1, by: 2).map { Int16(bitPattern: UInt16(wav[$0]) | UInt16(wav[$0 + 1]) << 8) }
        #expect(samples.contains { abs(Int($0)) > 2000 })
    }

    @Test func emptyTextIsRefused() async {
        await #expect(throws: SpeechError(.emptyText)) { try await FliteSynthesizer().wav(speaking: "  \n") }
        await #expect(throws: SpeechError(.emptyText)) { try await FakeSpeechSynthesizer().wav(speaking: "") }
    }

    @Test func longTextIsCutAtASentenceEnd() {
        #expect(FliteSynthesizer.clip("One. Two three four.", to: 10) == "One.")
        #expect(FliteSynthesizer.clip("Short.", to: 10) == "Short.")
    }

    @Test func theFakeRecordsWhatItSays() async throws {
        let fake = FakeSpeechSynthesizer()
        _ = try await fake.wav(speaking: "hello")
        #expect(fake.texts == ["hello"])
    }
}
