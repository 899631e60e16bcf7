// The real dependencies: Tesseract through ImageProcessor, the configured writer, and SQLite in the data folder.
import Foundation
import Logging
import SnapPostCore

extension AppDependencies {
    static func live(settings: AppSettings, logger: Logger) async throws -> AppDependencies {
        let store = try SQLiteScanStore.onDisk(directory: URL(fileURLWithPath: settings.dataDirectory), historyLimit: settings.historySize)
        return AppDependencies(reader: try liveReader(settings: settings, logger: logger), generator: liveGenerator(settings: settings, logger: logger), store: store)
    }

    /// The offline writer unless an OpenAI-compatible base URL is configured.
    static func liveGenerator(settings: AppSettings, logger: Logger) -> any PostGenerator {
        guard let baseURL = settings.aiBaseURL else {
            return OfflineWriter(delay: .milliseconds(Int64(settings.offlineDelaySeconds * 1000)))
        }
        let provider = AIProviderSettings(
            baseURL: baseURL, apiKey: settings.aiKey, model: settings.aiModel, temperature: settings.aiTemperature,
            timeout: .milliseconds(Int64(settings.aiTimeoutSeconds * 1000)))
        logger.notice("AI drafts come from \(provider.displayName)")
        return OpenAICompatibleProvider(settings: provider, logger: logger)
    }

    /// One initialised Tesseract handle per worker, created once at start (about 100 ms each).
    static func liveReader(settings: AppSettings, logger: Logger) throws -> any PageReader {
        for language in settings.ocrLanguages where !TesseractEngine.isInstalled(language: language) {
            throw MissingLanguageError(language: language)
        }
        let engine = try TesseractEngine(languages: settings.ocrLanguages, workers: settings.ocrWorkers)
        var config = ImageProcessor.Config()
        config.recognitionLanguages = settings.ocrLanguages
        if settings.ocrMaxWidth > 0 { config.maxImageWidthForProcessing = settings.ocrMaxWidth }
        config.maxBytes = settings.uploadMaxBytes
        logger.notice("OCR ready: \(settings.ocrWorkers) worker(s), languages \(settings.ocrLanguages.joined(separator: "+"))")
        return ImageProcessor(config: config, engine: engine)
    }
}

/// A configured OCR language has no traineddata installed; the server refuses to start rather than fail every photo.
struct MissingLanguageError: Error, CustomStringConvertible {
    let language: String
    var description: String {
        "Tesseract language '\(language)' is not installed (apt-get install tesseract-ocr-\(language)); check SNAPPOST_OCR_LANGUAGES."
    }
}
