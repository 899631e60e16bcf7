// `snappost eval`: CER, anchored CER, word recall and seconds per photo over a folder with ground truth, scored like
// ocr_eval.py.
import ArgumentParser
import Foundation
import PageReading
import Settings
import Support
import Words
import Workflows

struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval", abstract: "Score the OCR on a folder of photos with .txt ground truth (CER, anchored CER, word recall, seconds).",
        discussion: """
            A photo's NAME.lang file (e.g. fra) wins over --lang. Engines warm up before timing, as in a running server.

            \(CommandSettings.discussion)

            Exit codes: 0 scored, 64 usage, 66 the folder cannot be listed, 70 the OCR engine could not start.
            """)

    @Argument(help: "A folder of photos, each with a .txt of its text beside it.")
    var directory: String

    @Option(help: ArgumentHelp("Default Tesseract languages joined with + (default: the ocr.languages key).", valueName: "codes"))
    var lang: String?

    @Flag(help: "Also print each photo's step timings.")
    var steps = false

    func run() async throws {
        var loaded = try await CommandSettings.load(for: "eval")
        let defaultLanguage = lang.flatMap { $0.isEmpty ? nil : $0 } ?? loaded.settings.ocrLanguages.joined(separator: "+")
        let dir = URL(fileURLWithPath: directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            printError("eval: cannot list the directory")
            throw ExitCode(66)
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
        loaded.settings.ocrLanguages = defaultLanguage.split(separator: "+").map(String.init)
        // Each photo's languages ("eng", "deu+eng"), read once for the warm-up and the word lists.
        let readings = Set(photos.map(language)).map { $0.split(separator: "+").map(String.init) }
        let wordLists = SystemWordLists.load(languages: readings.flatMap { $0 })
        let engine: TesseractEngine
        do {
            engine = try LiveParts.engine(settings: loaded.settings, workers: loaded.commandLineWorkers, logger: CommandOutput.quietLogger)
            for languages in readings { try await engine.warmUp(languages: languages) }
        } catch {
            printError("eval: the OCR engine could not start")
            throw ExitCode(70)
        }

        var edits = 0, anchored = 0, length = 0, found = 0.0, words = 0
        var seconds: [Double] = []
        for name in photos {
            let url = dir.appendingPathComponent(name)
            let reference = (try? String(contentsOf: url.deletingPathExtension().appendingPathExtension("txt"), encoding: .utf8)) ?? ""
            var config = loaded.settings.pageReaderConfig
            config.recognitionLanguages = language(of: name).split(separator: "+").map(String.init)
            let start = DispatchTime.now().uptimeNanoseconds
            var hypothesis = ""
            var status = 0
            if let data = FileManager.default.contents(atPath: url.path) {
                do {
                    let capture = try await ImageProcessor(config: config, engine: engine, words: wordLists).process(image: data)
                    hypothesis = capture.text
                    if steps {
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
    }
}
