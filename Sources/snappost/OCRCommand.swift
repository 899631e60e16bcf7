// `snappost ocr`: prints the clean text of one photo (or JSON with lines, boxes and timings).
import ArgumentParser
import Foundation
import Logging
import PageReading
import PostWriting
import Settings
import Support
import Words
import Workflows

struct OCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr", abstract: "Print the clean text of one photo (or JSON with its lines, boxes and step timings).",
        discussion: CommandSettings.discussion + "\n\nExit codes: 0 read, 64 usage, 65 bad photo or language, 66 unreadable file, 70 our failure.")

    /// The photo, --json (the text, confidence, language, lines with their boxes, the time of each step), --debug-dir
    /// (the page after each step).
    @OptionGroup var input: PhotoInput

    @Option(help: ArgumentHelp("Tesseract languages joined with +, e.g. eng+fra (default: the ocr.languages key).", valueName: "codes"))
    var lang: String?

    @Option(help: ArgumentHelp("Steps to switch off, e.g. page,deskew (default: the skipSteps key).", valueName: "steps"))
    var skip: String?

    func run() async throws {
        var loaded = try await CommandSettings.load(for: "ocr")
        let data = try input.contents(for: "ocr")
        if let skip { loaded.settings.skippedSteps = skip.split(separator: ",").map(String.init) }
        if let lang, !lang.isEmpty { loaded.settings.ocrLanguages = lang.split(separator: "+").map(String.init) }
        var config = loaded.settings.pageReaderConfig
        config.debugDirectory = input.debugDirectory
        do {
            let engine = try LiveParts.engine(settings: loaded.settings, workers: loaded.commandLineWorkers, logger: CommandOutput.quietLogger)
            let words = SystemWordLists.load(languages: loaded.settings.ocrLanguages)
            let capture = try await ImageProcessor(config: config, engine: engine, words: words).process(image: data)
            print(input.json ? try Self.json(capture, words: words) : capture.text)
        } catch {
            throw CommandOutput.failure(error, from: "ocr")
        }
    }

    /// The capture without its preview bytes, with the words the Results page would underline (`unsure`: each with
    /// its UTF-16 offsets in `text`).
    static func json(_ capture: ExcerptCapture, words: WordLists?) throws -> String {
        struct Unsure: Encodable {
            var word: String
            var start: Int
            var end: Int
            var confidence: Double
            var rival: Double
        }
        struct Output: Encodable {
            var text: String
            var confidence: Double
            var language: String
            var imageSize: PixelSize
            var lines: [TextLine]
            var timings: [StepTiming]
            var unsure: [Unsure]
        }
        let evidence = ReadingEvidence(lines: capture.lines, words: words, cameraText: capture.text)
        let unsure = UnsureWords.unsure(in: capture.text, evidence: evidence).map {
            Unsure(word: $0.text, start: $0.utf16Start, end: $0.utf16End, confidence: $0.confidence, rival: $0.rival)
        }
        return try CommandOutput.prettyJSON(
            Output(
                text: capture.text, confidence: capture.confidence, language: capture.language, imageSize: capture.imageSize,
                lines: capture.lines, timings: capture.timings, unsure: unsure))
    }
}
