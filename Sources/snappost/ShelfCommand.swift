// `snappost shelf`: analyses a bookshelf photo with the analyser the server builds, and prints what the Shelf page
// shows (or JSON).
import ArgumentParser
import Foundation
import PageReading
import Settings
import Shelves
import Speech
import Workflows

struct ShelfCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shelf", abstract: "Analyse a bookshelf photo: the books, the reader's preferences and what to read next.",
        discussion: CommandSettings.discussion + "\n\nExit codes: 0 analysed, 64 usage, 65 bad photo, 66 unreadable file, 70 our failure.")

    /// The shelf photo, --json (the analysis), --debug-dir (each spine as cut out).
    @OptionGroup var input: PhotoInput

    @Option(help: ArgumentHelp("Also write the recommendations spoken by flite (voice slt) to this WAV file.", valueName: "file"))
    var audio: String?

    func run() async throws {
        let loaded = try await CommandSettings.load(for: "shelf")
        let data = try input.contents(for: "shelf")
        let settings = loaded.settings, workers = loaded.commandLineWorkers
        do {
            // Tesseract's handles and the word list load on other threads while the catalog is read.
            let engineReady = Task.detached { try LiveParts.engine(settings: settings, workers: workers, logger: CommandOutput.quietLogger) }
            let wordsReady = Task.detached { SpineVocabulary.systemWords.count }
            let catalog = try LiveParts.catalog(settings: settings)
            let engine = try await engineReady.value
            _ = await wordsReady.value
            let analyser = LiveParts.shelfAnalyser(
                settings: settings, engine: engine, catalog: catalog, logger: CommandOutput.quietLogger,
                debugDirectory: input.debugDirectory)
            let analysis = try await analyser.analyse(photo: data)
            print(input.json ? try CommandOutput.prettyJSON(analysis) : ShelfReport.text(analysis))
            if let audio {
                let wav = try await FliteSynthesizer().wav(speaking: ShelfReport.spokenRecommendations(analysis))
                try wav.write(to: URL(fileURLWithPath: audio))
            }
        } catch {
            throw CommandOutput.failure(error, from: "shelf")
        }
    }
}
