// A stand-in OCR: "TEXT:" followed by text reads as that text; "HOLD" waits until released; anything else is refused.
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

struct NotAPhotoError: UserFacingError {
    var message: LocalizedMessage { LocalizedMessage("error.unsupported_type", ["what": .message("fileType.other")]) }
    var code: String { "unsupported_type" }
    var category: ErrorCategory { .badInput }
}

final class FakePageReader: PageReader {
    private let held = Mutex<[CheckedContinuation<Void, Never>]>([])
    let heldCount = Atomic<Int>(0)
    /// The options of every read, in order.
    let optionsSeen = Mutex<[ReadOptions]>([])

    /// A page read with a given outline or turn says so, so tests can tell a second reading from the first.
    func read(_ image: Data, options: ReadOptions) async throws -> ExcerptCapture {
        optionsSeen.withLock { $0.append(options) }
        var capture = try await read(image)
        if options.outline != nil || options.quarterTurns != nil {
            capture = Self.capture(capture.text + " Read again.")
            capture.pageOutline = options.outline
            capture.quarterTurns = options.quarterTurns ?? 0
        }
        if let languages = options.languages { capture.language = languages.joined(separator: "+") }
        return capture
    }

    func read(_ image: Data) async throws -> ExcerptCapture {
        let text = String(decoding: image, as: UTF8.self)
        if text.hasPrefix("HOLD") {
            await withCheckedContinuation { continuation in
                held.withLock { $0.append(continuation) }
                heldCount.add(1, ordering: .sequentiallyConsistent)
            }
            return Self.capture("Held page text.")
        }
        guard text.hasPrefix("TEXT:") else { throw NotAPhotoError() }
        return Self.capture(String(text.dropFirst(5)))
    }

    /// Lets every held read finish.
    func releaseAll() {
        let waiting = held.withLock { list in
            defer { list.removeAll() }
            return list
        }
        waiting.forEach { $0.resume() }
    }

    static func capture(_ text: String) -> ExcerptCapture {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).enumerated().map { index, line in
            TextLine(text: String(line), box: PixelBox(x: 40, y: 40 + index * 60, width: 900, height: 44), confidence: index == 1 ? 0.42 : 0.93)
        }
        return ExcerptCapture(
            text: text, confidence: 0.9, lines: lines, language: "eng",
            timings: [StepTiming(step: "decode", seconds: 0.01), StepTiming(step: "recognise", seconds: 0.2)],
            imageSize: PixelSize(width: 1000, height: 1400), preview: Data([0xFF, 0xD8, 0xFF, 0xD9]),
            pageOutline: [PixelPoint(x: 20, y: 30), PixelPoint(x: 980, y: 25), PixelPoint(x: 990, y: 1380), PixelPoint(x: 10, y: 1370)])
    }
}
