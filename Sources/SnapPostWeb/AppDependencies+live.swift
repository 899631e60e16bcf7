// The real dependencies: the live parts every subcommand uses too (Tesseract through ImageProcessor, the configured
// writer, the shelf analyser over the same Tesseract workers), flite, SQLite in the data folder, and the
// process-wide metrics registry.
import Foundation
import Logging
import PageReading
import Settings
import Speech
import Storage
import Workflows

extension AppDependencies {
    static func live(settings: AppSettings, logger: Logger) async throws -> AppDependencies {
        let database = try AppDatabase.onDisk(
            directory: URL(fileURLWithPath: settings.dataDirectory), migrations: SQLiteSessionRepository.migrations)
        let engine = try LiveParts.engine(settings: settings, logger: logger)
        let analyser = LiveParts.shelfAnalyser(
            settings: settings, engine: engine, catalog: try LiveParts.catalog(settings: settings), logger: logger, previewLongSide: 1600)
        let words = LiveParts.words(settings: settings)
        var dependencies = AppDependencies(
            reader: ImageProcessor(config: settings.pageReaderConfig, engine: engine, words: words),
            generator: LiveParts.generator(settings: settings, logger: logger),
            shelfAnalyser: analyser, speech: FliteSynthesizer(), database: database, historySize: settings.historySize,
            isOCRReady: { engine.isReady }, metricsRegistry: MetricsBootstrap.processRegistry(), words: words)
        dependencies.installedLanguages = engine.installedLanguages
        return dependencies
    }
}
