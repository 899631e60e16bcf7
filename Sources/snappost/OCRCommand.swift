// The `ocr` subcommand: prints the clean text of one photo (or JSON with lines, boxes and timings).
import Foundation
import PageReading
import PostWriting
import Settings
import Support

enum OCRCommand {
    static let usage = "usage: snappost ocr PHOTO [--json] [--lang eng+fra] [--debug-dir DIR] [--skip step,...]"

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let input: CommandInput
        do {
            input = try await CommandInput(arguments, command: "ocr", flags: ["--json", "--lang", "--debug-dir", "--skip"])
        } catch let error as UsageError {
            printError("\(error.message)\n\(usage)")
            return 64
        } catch {
            printError("ocr: the configuration could not be read")
            return 64
        }
        guard input.positional.count == 1, let photo = input.positional.first else {
            printError("ocr: name one photo\n\(usage)")
            return 64
        }
        guard let data = FileManager.default.contents(atPath: photo) else {
            printError("ocr: cannot read the photo")
            return 66
        }
        var config = input.settings.pageReaderConfig
        if let languages = input.string("lang") { config.recognitionLanguages = languages.split(separator: "+").map(String.init) }
        config.debugDirectory = input.string("debugDir").map { URL(fileURLWithPath: $0) }
        let skipped = input.list("skip")
        config.skipSteps(skipped.isEmpty ? ProcessInfo.processInfo.environment["SNAPPOST_SKIP_STEPS"] ?? "" : skipped.joined(separator: ","))
        config.applyTuning(ProcessInfo.processInfo.environment["SNAPPOST_TUNE"] ?? "")
        do {
            let engine = try TesseractEngine(languages: config.recognitionLanguages, workers: CLIDefaults.workers)
            let capture = try await ImageProcessor(config: config, engine: engine).process(image: data)
            print(input.flag("json") ? try CLIDefaults.jsonString(capture) : capture.text)
            return 0
        } catch {
            return CLIDefaults.report(error, from: "ocr")
        }
    }
}

extension ImageProcessor.Config {
    /// Tuning knobs from SNAPPOST_TUNE="key=value,…", for measuring alternatives without rebuilding.
    mutating func applyTuning(_ list: String) {
        for (key, v) in CLIDefaults.tuningPairs(list) {
            switch key {
            case "xheight": targetXHeight = v
            case "illum": illumination = v == 0 ? .tiled : .morphological
            case "skewrange": deskewRangeDegrees = v
            case "dewarpgain": dewarpMinimumGain = v
            case "table": rereadsTables = v != 0
            case "linedewarp": dewarpMethod = v == 0 ? .leptonica : .textLines
            case "minlines": dewarpMinLines = Int(v)
            case "psm": pageSegmentationMode = Int(v)
            case "multipsm": multiColumnPageSegmentationMode = v == 0 ? nil : Int(v)
            case "osdconf": orientationConfidenceThreshold = v
            case "maxside": maxImageWidthForProcessing = Int(v)
            case "minconf": minimumLineConfidence = v
            case "upscale": maxUpscale = v
            case "bin": binarisation = v == 0 ? .none : v == 1 ? .otsu : .sauvola
            case "recover": recoversMissedText = v != 0
            case "thresholdcheck": thresholdCheckBelow = v
            case "order": reordersLines = v != 0
            case "halfjpeg": halfSizeJPEGLongSide = v == 0 ? nil : Int(v)
            case "split": splitsForParallelRecognition = v != 0
            case "page": detectsPage = v != 0
            case "furniture": pageFurniture = v == 0 ? .removed : .setApart
            default: printError("unknown tuning key '\(key)' ignored")
            }
        }
    }

    /// Switches steps off by name ("page,deskew"), for experiments from the command line.
    mutating func skipSteps(_ list: String) {
        for name in list.split(separator: ",") {
            switch name.trimmingCharacters(in: .whitespaces) {
            case "page": detectsPage = false
            case "normalise": normalisesIllumination = false
            case "orient": detectsOrientation = false
            case "deskew": deskews = false
            case "dewarp": dewarps = false
            case "facing": dropsFacingPage = false
            case "sideways": readsSidewaysLines = false
            case "table": rereadsTables = false
            case "recover": recoversMissedText = false
            case "threshold": thresholdCheckBelow = 0
            case "faint": readsFaintPrint = false
            case "order": reordersLines = false
            case "binarise": binarisation = .none
            default: FileHandle.standardError.write(Data("unknown step '\(name)' ignored\n".utf8))
            }
        }
    }
}

enum CLIDefaults {
    /// One photo at a time from the command line; two workers let a page's halves run on both cores.
    static var workers: Int { max(1, min(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// The capture without its preview bytes, for `--json`, with the words the Results page would underline
    /// (`unsure`: each with its UTF-16 offsets in `text`).
    static func jsonString(_ capture: ExcerptCapture) throws -> String {
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
        let languages = capture.language.split(separator: "+").map(String.init)
        let evidence = ReadingEvidence(lines: capture.lines, words: SystemWordLists.load(languages: languages), cameraText: capture.text)
        let unsure = UnsureWords.unsure(in: capture.text, evidence: evidence).map {
            Unsure(word: $0.text, start: $0.utf16Start, end: $0.utf16End, confidence: $0.confidence, rival: $0.rival)
        }
        return try prettyJSON(
            Output(
                text: capture.text, confidence: capture.confidence, language: capture.language, imageSize: capture.imageSize,
                lines: capture.lines, timings: capture.timings, unsure: unsure))
    }

    /// `--json` output: indented, keys sorted, slashes kept.
    static func prettyJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Prints a command's failure and gives its exit status: 65 for bad input, 70 for a failure on our side.
    static func report(_ error: any Error, from command: String) -> Int32 {
        guard let error = error as? any UserFacingError else {
            printError("\(command): unexpected failure")
            return 70
        }
        printError("\(command): \(error.message) [\(error.code)]")
        return error.category == .internal ? 70 : 65
    }

    /// The `key=value,…` pairs of a tuning variable whose value is a number; other items are skipped.
    static func tuningPairs(_ list: String) -> [(key: String, value: Double)] {
        list.split(separator: ",").compactMap { pair in
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, let value = Double(kv[1]) else { return nil }
            return (kv[0], value)
        }
    }
}
