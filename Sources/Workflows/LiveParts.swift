// The real parts, made from the settings the same way for the server and every subcommand: the Tesseract engine,
// the draft writer, the word lists, and the shelf analyser over the same engine and the shipped catalog.
import AIClient
import Foundation
import Logging
import PageReading
import PostWriting
import Settings
import Shelves
import Words

public enum LiveParts {
    /// One initialised Tesseract handle per worker, created once at start (about 100 ms each). `workers` defaults to
    /// the `ocr.workers` key; a configured language that is not installed stops the start (a typed `OCRError` naming
    /// its Debian package) rather than every photo.
    public static func engine(settings: AppSettings, workers: Int? = nil, logger: Logger) throws -> TesseractEngine {
        let workers = workers ?? settings.ocrWorkers
        let engine = try TesseractEngine(languages: settings.ocrLanguages, workers: workers)
        logger.notice("OCR ready: \(workers) worker(s), languages \(settings.ocrLanguages.joined(separator: "+"))")
        return engine
    }

    /// The catalog at the `catalogDir` key, or the one shipped beside the binary.
    public static func catalog(settings: AppSettings) throws -> BookCatalog {
        try BookCatalog.load(from: BookCatalog.locate(configured: settings.catalogDirectory))
    }

    /// The shelf analyser reads spines on the page reader's Tesseract workers (so shelves and pages share one bound on
    /// recognition), with the catalog and the post writer's AI provider when one is set. `previewLongSide` keeps a
    /// small upright photo with the analysis (the web pages show it).
    public static func shelfAnalyser(
        settings: AppSettings, engine: TesseractEngine, catalog: BookCatalog, logger: Logger, previewLongSide: Int? = nil,
        debugDirectory: URL? = nil
    ) -> ShelfAnalyser {
        var config = settings.shelfAnalyserConfig
        config.previewLongSide = previewLongSide
        config.reader.debugDirectory = debugDirectory
        let interpreter = settings.aiProvider.map { OpenAIShelfInterpreter(client: OpenAICompatibleClient(settings: $0, logger: logger)) }
        let analyser = ShelfAnalyser(
            engine: engine, finder: OpenCVSpineFinder(parameters: config.finder), catalog: catalog, interpreter: interpreter, config: config)
        logger.notice("Shelf analyser ready: \(catalog.books.count) catalog books, \(analyser.analysedBy)")
        return analyser
    }

    /// The offline writer unless an OpenAI-compatible base URL is configured.
    public static func generator(settings: AppSettings, logger: Logger) -> any PostGenerator {
        guard let provider = settings.aiProvider else { return offlineWriter(settings: settings) }
        logger.notice("AI drafts come from \(provider.displayName)")
        return ModelWriter(client: OpenAICompatibleClient(settings: provider, logger: logger))
    }

    /// The offline writer, slowed by the `offlineDelay` key (to try the progress UI).
    public static func offlineWriter(settings: AppSettings) -> OfflineWriter {
        OfflineWriter(delay: .milliseconds(Int64(settings.offlineDelaySeconds * 1000)))
    }

    /// The system word lists of the OCR languages, and English and French (the writer's own), so drafts quote only
    /// real words; nil when none is installed.
    public static func words(settings: AppSettings) -> WordLists? {
        SystemWordLists.load(languages: settings.ocrLanguages + ["eng", "fra"])
    }
}
