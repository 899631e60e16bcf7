// The real dependencies: Tesseract through ImageProcessor, the configured writer, the shelf analyser over the same
// Tesseract workers and the shipped catalog, flite, SQLite in the data folder, and the process-wide metrics registry.
import AIClient
import Foundation
import Logging
import PageReading
import PostWriting
import Settings
import Shelves
import Speech
import Storage

extension AppDependencies {
    static func live(settings: AppSettings, logger: Logger) async throws -> AppDependencies {
        let database = try AppDatabase.onDisk(
            directory: URL(fileURLWithPath: settings.dataDirectory), migrations: SQLiteSessionRepository.migrations)
        let engine = try liveEngine(settings: settings, logger: logger)
        var dependencies = AppDependencies(
            reader: ImageProcessor(config: settings.pageReaderConfig, engine: engine), generator: liveGenerator(settings: settings, logger: logger),
            shelfAnalyser: try liveShelfAnalyser(settings: settings, engine: engine, logger: logger), speech: FliteSynthesizer(),
            database: database, historySize: settings.historySize, isOCRReady: { engine.isReady },
            metricsRegistry: MetricsBootstrap.processRegistry(), words: SystemWordLists.load(languages: settings.ocrLanguages + ["eng", "fra"]))
        dependencies.installedLanguages = engine.installedLanguages
        return dependencies
    }

    /// The shelf analyser reads spines on the page reader's Tesseract workers (so shelves and pages share one bound on
    /// recognition), with the catalog shipped beside the binary and the post writer's AI provider when one is set.
    static func liveShelfAnalyser(settings: AppSettings, engine: TesseractEngine, logger: Logger) throws -> ShelfAnalyser {
        let catalog = try BookCatalog.load(from: BookCatalog.locate())
        var config = ShelfAnalyser.Config()
        config.sendsPhotoToModel = settings.shelfSendsPhoto
        config.limits = settings.imageLimits
        config.previewLongSide = 1600
        let interpreter = settings.aiProvider.map { OpenAIShelfInterpreter(client: OpenAICompatibleClient(settings: $0, logger: logger)) }
        let analyser = ShelfAnalyser(engine: engine, catalog: catalog, interpreter: interpreter, config: config)
        logger.notice("Shelf analyser ready: \(catalog.books.count) catalog books, \(analyser.analysedBy)")
        return analyser
    }

    /// The offline writer unless an OpenAI-compatible base URL is configured.
    public static func liveGenerator(settings: AppSettings, logger: Logger) -> any PostGenerator {
        guard let provider = settings.aiProvider else {
            return OfflineWriter(delay: .milliseconds(Int64(settings.offlineDelaySeconds * 1000)))
        }
        logger.notice("AI drafts come from \(provider.displayName)")
        return ModelWriter(client: OpenAICompatibleClient(settings: provider, logger: logger))
    }

    /// One initialised Tesseract handle per worker, created once at start (about 100 ms each).
    static func liveEngine(settings: AppSettings, logger: Logger) throws -> TesseractEngine {
        for language in settings.ocrLanguages where !TesseractEngine.isInstalled(language: language) {
            throw MissingLanguageError(language: language)
        }
        let engine = try TesseractEngine(languages: settings.ocrLanguages, workers: settings.ocrWorkers)
        logger.notice("OCR ready: \(settings.ocrWorkers) worker(s), languages \(settings.ocrLanguages.joined(separator: "+"))")
        return engine
    }
}

/// A configured OCR language has no traineddata installed; the server refuses to start rather than fail every photo.
struct MissingLanguageError: Error, CustomStringConvertible {
    let language: String
    var description: String {
        "Tesseract language '\(language)' is not installed (apt-get install tesseract-ocr-\(language)); check SNAPPOST_OCR_LANGUAGES."
    }
}
