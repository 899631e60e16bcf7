// The `shelf` subcommand: analyses a bookshelf photo and prints what the Shelf page shows (or JSON).
import AIClient
import Foundation
import Logging
import PageReading
import Settings
import Shelves
import Speech
import Support

enum ShelfCommand {
    static let usage = "usage: snappost shelf PHOTO [--json] [--audio OUT.wav] [--debug-dir DIR]"

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let input: CommandInput
        do {
            input = try await CommandInput(arguments, command: "shelf", flags: ["--json", "--audio", "--debug-dir"])
        } catch let error as UsageError {
            printError("\(error.message)\n\(usage)")
            return 64
        } catch {
            printError("shelf: the configuration could not be read")
            return 64
        }
        guard input.positional.count == 1, let photo = input.positional.first else {
            printError("shelf: name one photo\n\(usage)")
            return 64
        }
        guard let data = FileManager.default.contents(atPath: photo) else {
            printError("shelf: cannot read the photo")
            return 66
        }
        let environment = ProcessInfo.processInfo.environment
        do {
            // Tesseract's handles and the word list load on other threads while the catalog is read.
            let engineReady = Task.detached { try TesseractEngine(languages: ["eng"], workers: CLIDefaults.workers) }
            let wordsReady = Task.detached { Lexicon.systemWords.count }
            let catalog = try BookCatalog.load(from: BookCatalog.locate(environment: environment))
            let engine = try await engineReady.value
            _ = await wordsReady.value
            var config = ShelfAnalyser.Config()
            config.applyTuning(environment["SNAPPOST_SHELF_TUNE"] ?? "")
            config.reader.debugDirectory = input.string("debugDir").map { URL(fileURLWithPath: $0) }
            config.sendsPhotoToModel = input.settings.shelfSendsPhoto
            config.limits = input.settings.imageLimits
            var logger = Logger(label: "snappost.ai")
            logger.logLevel = .error  // a failing provider becomes a note in the output
            let interpreter = input.settings.aiProvider.map { OpenAIShelfInterpreter(client: OpenAICompatibleClient(settings: $0, logger: logger)) }
            let analyser = ShelfAnalyser(
                engine: engine, finder: OpenCVSpineFinder(parameters: config.finder), catalog: catalog, interpreter: interpreter, config: config)
            let analysis = try await analyser.analyse(photo: data)
            print(input.flag("json") ? try CLIDefaults.prettyJSON(analysis) : ShelfReport.text(analysis))
            if let audioPath = input.string("audio") {
                let wav = try await FliteSynthesizer().wav(speaking: ShelfReport.spokenRecommendations(analysis))
                try wav.write(to: URL(fileURLWithPath: audioPath))
            }
            return 0
        } catch {
            return CLIDefaults.report(error, from: "shelf")
        }
    }
}

extension ShelfAnalyser.Config {
    /// Knobs from SNAPPOST_SHELF_TUNE="key=value,…", for measuring alternatives without rebuilding.
    mutating func applyTuning(_ list: String) {
        for (key, v) in CLIDefaults.tuningPairs(list) {
            switch key {
            case "width": reader.targetWidth = v
            case "minwidth": reader.minimumWidth = v
            case "psm": reader.pageSegmentationMode = Int(v)
            case "lineconf": reader.minimumLineConfidence = v
            case "secondconf": reader.secondOrientationConfidence = v
            case "precision": matcher.minimumPrecision = v
            case "matchconf": matcher.minimumConfidence = v
            case "coverage": finder.minEdgeCoverage = v
            case "spinewidth": finder.minSpineWidth = v
            case "tilt": finder.maxTiltDegrees = v
            case "side": finder.workingLongSide = Int(v)
            case "inset": finder.cutInset = v
            case "second": reader.secondLook = v != 0
            case "uprightaspect": reader.uprightMinimumAspect = v
            case "secondinset": reader.secondLookInset = v
            case "skipsettled": reader.secondLookSkipsSettled = v != 0
            case "secondwidth": reader.secondLookWidth = v
            case "plainly": reader.plainlyReadScore = v
            default: printError("unknown tuning key '\(key)' ignored")
            }
        }
    }
}
