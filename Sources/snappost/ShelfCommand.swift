// The `shelf` subcommand: analyses a bookshelf photo and prints what the Shelf page shows (or JSON).
import Foundation
import Shelves
import SnapPostCore
import Speech

enum ShelfCommand {
    static let usageLine = "usage: snappost shelf PHOTO [--json] [--audio OUT.wav]"

    static func run(_ arguments: [String]) async -> Int32 {
        var photo: String?
        var json = false
        var audioPath: String?
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--json": json = true
            case "--audio":
                i += 1
                guard i < arguments.count else { return usage("--audio needs a file name") }
                audioPath = arguments[i]
            case "-h", "--help":
                print(usageLine)
                return 0
            default:
                if a.hasPrefix("-") || photo != nil { return usage("unexpected argument '\(a)'") }
                photo = a
            }
            i += 1
        }
        guard let photo else { return usage("name a photo") }
        guard let data = FileManager.default.contents(atPath: photo) else {
            FileHandle.standardError.write(Data("shelf: cannot read the photo\n".utf8))
            return 66
        }
        let environment = ProcessInfo.processInfo.environment
        do {
            let catalog = try BookCatalog.load(from: BookCatalog.locate(environment: environment))
            let engine = try TesseractEngine(languages: ["eng"], workers: CLIDefaults.workers)
            var config = ShelfAnalyser.Config()
            config.applyTuning(environment["SNAPPOST_SHELF_TUNE"] ?? "")
            config.reader.debugDirectory = environment["SNAPPOST_SHELF_DEBUG_DIR"].map { URL(fileURLWithPath: $0) }
            config.sendsPhotoToModel = ["1", "true", "yes", "on"].contains(environment["SNAPPOST_SHELF_SEND_PHOTO"]?.lowercased() ?? "")
            let interpreter = AIProviderSettings(environment: environment).map { OpenAIShelfInterpreter(provider: OpenAICompatibleProvider(settings: $0)) }
            let analysis = try await ShelfAnalyser(engine: engine, finder: OpenCVSpineFinder(parameters: config.finder), catalog: catalog, interpreter: interpreter, config: config).analyse(photo: data)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(analysis), as: UTF8.self))
            } else {
                print(ShelfReport.text(analysis))
            }
            if let audioPath {
                let wav = try await FliteSynthesizer().wav(speaking: ShelfReport.spokenRecommendations(analysis))
                try wav.write(to: URL(fileURLWithPath: audioPath))
            }
            return 0
        } catch let error as any UserFacingError {
            FileHandle.standardError.write(Data("shelf: \(error.message) [\(error.code)]\n".utf8))
            return error.category == .internal ? 70 : 65
        } catch {
            FileHandle.standardError.write(Data("shelf: unexpected failure\n".utf8))
            return 70
        }
    }

    static func usage(_ problem: String) -> Int32 {
        FileHandle.standardError.write(Data("shelf: \(problem)\n\(usageLine)\n".utf8))
        return 64
    }
}

extension ShelfAnalyser.Config {
    /// Knobs from SNAPPOST_SHELF_TUNE="key=value,…", for measuring alternatives without rebuilding.
    mutating func applyTuning(_ list: String) {
        for pair in list.split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, let v = Double(kv[1]) else { continue }
            switch kv[0] {
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
            case "secondwidth": reader.secondLookWidth = v
            default: FileHandle.standardError.write(Data("unknown tuning key '\(kv[0])' ignored\n".utf8))
            }
        }
    }
}
