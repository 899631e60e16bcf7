// Text to spoken audio as a dependency: flite in the app, a fake in tests (Tests/TestFakes).
import Foundation

/// Speaks text into a WAV file's bytes (16-bit PCM, mono).
public protocol SpeechSynthesizer: Sendable {
    /// - Throws: ``SpeechError`` when the text is empty or the engine fails.
    func wav(speaking text: String) async throws -> Data
    /// "flite 2.2 (slt)", for logs and the page.
    var voiceName: String { get }
}

public struct SpeechError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case emptyText, engineFailure }
    public let kind: Kind
    public init(_ kind: Kind) { self.kind = kind }
}

/// A RIFF/WAVE container around 16-bit little-endian PCM samples.
public enum WAVFile {
    public static func encode(samples: [Int16], sampleRate: Int, channels: Int = 1) -> Data {
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2
        data.append(contentsOf: Array("RIFF".utf8))
        u32(36 + bytes)
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8))
        u32(16)
        u16(1)
        u16(channels)
        u32(sampleRate)
        u32(sampleRate * channels * 2)
        u16(channels * 2)
        u16(16)
        data.append(contentsOf: Array("data".utf8))
        u32(bytes)
        data.reserveCapacity(44 + bytes)
        for s in samples { withUnsafeBytes(of: s.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }
}
