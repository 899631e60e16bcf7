// The `eval` subcommand: CER, anchored CER, word recall and seconds per photo, scored like ocr_eval.py.
import Foundation
import PageReading
import Settings
import Support

enum EvalCommand {
    static let usage = "usage: snappost eval DIR [--lang eng] [--steps]"

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let input: CommandInput
        do {
            input = try await CommandInput(arguments, command: "eval", flags: ["--lang", "--steps"])
        } catch let error as UsageError {
            printError("\(error.message)\n\(usage)")
            return 64
        } catch {
            printError("eval: the configuration could not be read")
            return 64
        }
        let directory = input.positional.count == 1 ? input.positional.first : nil
        let defaultLanguage = input.string("lang") ?? input.settings.ocrLanguages.joined(separator: "+")
        let showSteps = input.flag("steps")
        guard let directory else { return usage("name a directory of photos with .txt ground truth") }
        let dir = URL(fileURLWithPath: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            FileHandle.standardError.write(Data("eval: cannot list the directory\n".utf8))
            return 66
        }
        let extensions: Set<String> = ["jpg", "jpeg", "png", "heic", "webp", "tif"]
        let photos = names.filter { name in
            let url = dir.appendingPathComponent(name)
            return extensions.contains(url.pathExtension.lowercased())
                && FileManager.default.fileExists(atPath: url.deletingPathExtension().appendingPathExtension("txt").path)
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }

        // A .lang file wins over --lang; engines warm up before timing, as in a running server.
        func language(of name: String) -> String {
            let url = dir.appendingPathComponent(name).deletingPathExtension().appendingPathExtension("lang")
            guard let s = try? String(contentsOf: url, encoding: .utf8) else { return defaultLanguage }
            let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
            return t.isEmpty ? defaultLanguage : t
        }
        let engine: TesseractEngine
        do {
            engine = try TesseractEngine(languages: defaultLanguage.split(separator: "+").map(String.init), workers: CLIDefaults.workers)
            for lang in Set(photos.map(language)) { try await engine.warmUp(languages: lang.split(separator: "+").map(String.init)) }
        } catch {
            FileHandle.standardError.write(Data("eval: the OCR engine could not start\n".utf8))
            return 70
        }

        var edits = 0, anchored = 0, length = 0, found = 0.0, words = 0
        var seconds: [Double] = []
        for name in photos {
            let url = dir.appendingPathComponent(name)
            let reference = (try? String(contentsOf: url.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)) ?? ""
            var config = input.settings.pageReaderConfig
            config.skipSteps(ProcessInfo.processInfo.environment["SNAPPOST_SKIP_STEPS"] ?? "")
            config.applyTuning(ProcessInfo.processInfo.environment["SNAPPOST_TUNE"] ?? "")
            config.recognitionLanguages = language(of: name).split(separator: "+").map(String.init)
            let start = DispatchTime.now().uptimeNanoseconds
            var hypothesis = ""
            var status = 0
            if let data = FileManager.default.contents(atPath: url.path) {
                do {
                    let capture = try await ImageProcessor(config: config, engine: engine).process(image: data)
                    hypothesis = capture.text
                    if showSteps {
                        print("  " + capture.timings.map { String(format: "%@ %.2f", $0.step, $0.seconds) }.joined(separator: ", "))
                    }
                } catch {
                    status = 1
                }
            } else {
                status = 1
            }
            let dt = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let s = OCRScorer.score(reference: reference, hypothesis: hypothesis, language: language(of: name))
            edits += s.edits
            anchored += s.anchoredEdits
            length += s.referenceLength
            found += s.wordsFound
            words += s.referenceWords
            seconds.append(dt)
            let padded = name.padding(toLength: max(45, name.count), withPad: " ", startingAt: 0)
            print(String(format: "%@ cer=%.3f anchored=%.3f recall=%.3f sec=%.2f rc=%d", padded, s.cer, s.anchoredCER, s.recall, dt, status))
        }
        let sorted = seconds.sorted()
        let median =
            sorted.isEmpty ? 0 : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        print(
            String(
                format: "TOTAL n=%d cer=%.3f anchored=%.3f recall=%.3f sec_median=%.2f", photos.count,
                length == 0 ? 0 : Double(edits) / Double(length), length == 0 ? 0 : Double(anchored) / Double(length),
                words == 0 ? 1 : found / Double(words), median))
        return 0
    }

    static func usage(_ problem: String) -> Int32 {
        printError("eval: \(problem)\n\(usage)")
        return 64
    }
}
