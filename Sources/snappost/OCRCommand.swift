// The `ocr` subcommand: prints the clean text of one photo (or JSON with lines, boxes and timings).
import Foundation
import SnapPostCore

enum OCRCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        var photo: String?
        var json = false
        var languages: [String]?
        var debugDirectory: URL?
        var skipped = ProcessInfo.processInfo.environment["SNAPPOST_SKIP_STEPS"] ?? ""
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--json": json = true
            case "--lang":
                i += 1
                guard i < arguments.count else { return usage("--lang needs a value such as eng or eng+fra") }
                languages = arguments[i].split(separator: "+").map(String.init)
            case "--debug-dir":
                i += 1
                guard i < arguments.count else { return usage("--debug-dir needs a directory") }
                debugDirectory = URL(fileURLWithPath: arguments[i])
            case "--skip":
                i += 1
                guard i < arguments.count else { return usage("--skip needs step names") }
                skipped = arguments[i]
            case "-h", "--help":
                print("usage: snappost ocr PHOTO [--json] [--lang eng+fra] [--debug-dir DIR]")
                return 0
            default:
                if a.hasPrefix("-") || photo != nil { return usage("unexpected argument '\(a)'") }
                photo = a
            }
            i += 1
        }
        guard let photo else { return usage("name a photo") }
        guard let data = FileManager.default.contents(atPath: photo) else {
            FileHandle.standardError.write(Data("ocr: cannot read the photo\n".utf8))
            return 66
        }
        var config = ImageProcessor.Config()
        if let languages { config.recognitionLanguages = languages }
        config.debugDirectory = debugDirectory
        config.skipSteps(skipped)
        config.applyTuning(ProcessInfo.processInfo.environment["SNAPPOST_TUNE"] ?? "")
        do {
            let engine = try TesseractEngine(languages: config.recognitionLanguages, workers: CLIDefaults.workers)
            let capture = try await ImageProcessor(config: config, engine: engine).process(image: data)
            if json {
                print(try CLIDefaults.jsonString(capture))
            } else {
                print(capture.text)
            }
            return 0
        } catch let error as any UserFacingError {
            FileHandle.standardError.write(Data("ocr: \(error.message) [\(error.code)]\n".utf8))
            return error.category == .internal ? 70 : 65
        } catch {
            FileHandle.standardError.write(Data("ocr: unexpected failure\n".utf8))
            return 70
        }
    }

    static func usage(_ problem: String) -> Int32 {
        FileHandle.standardError.write(Data("ocr: \(problem)\nusage: snappost ocr PHOTO [--json] [--lang eng+fra] [--debug-dir DIR]\n".utf8))
        return 64
    }
}

extension ImageProcessor.Config {
    /// Tuning knobs from SNAPPOST_TUNE="key=value,…", for measuring alternatives without rebuilding.
    mutating func applyTuning(_ list: String) {
        for pair in list.split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, let v = Double(kv[1]) else { continue }
            switch kv[0] {
            case "xheight": targetXHeight = v
            case "illum": illumination = v == 0 ? .tiled : .morphological
            case "skewrange": deskewRangeDegrees = v
            case "dewarpgain": dewarpMinimumGain = v
            case "minlines": dewarpMinLines = Int(v)
            case "psm": pageSegmentationMode = Int(v)
            case "multipsm": multiColumnPageSegmentationMode = v == 0 ? nil : Int(v)
            case "osdconf": orientationConfidenceThreshold = v
            case "maxside": maxImageWidthForProcessing = Int(v)
            case "minconf": minimumLineConfidence = v
            case "upscale": maxUpscale = v
            case "bin": binarisation = v == 0 ? .none : v == 1 ? .otsu : .sauvola
            case "recover": recoversMissedText = v != 0
            case "order": reordersLines = v != 0
            case "halfjpeg": halfSizeJPEGLongSide = v == 0 ? nil : Int(v)
            case "split": splitsForParallelRecognition = v != 0
            case "page": detectsPage = v != 0
            default: FileHandle.standardError.write(Data("unknown tuning key '\(kv[0])' ignored\n".utf8))
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
            case "furniture": removesPageNumbers = false
            case "facing": dropsFacingPage = false
            case "recover": recoversMissedText = false
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

    /// The capture without its preview bytes, for `--json`.
    static func jsonString(_ capture: ExcerptCapture) throws -> String {
        struct Output: Encodable {
            var text: String
            var confidence: Double
            var language: String
            var imageSize: PixelSize
            var lines: [OCRLine]
            var timings: [StepTiming]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let output = Output(
            text: capture.text, confidence: capture.confidence, language: capture.language, imageSize: capture.imageSize,
            lines: capture.lines, timings: capture.timings)
        return String(decoding: try encoder.encode(output), as: UTF8.self)
    }
}
