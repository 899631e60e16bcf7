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

    static func liveReader(settings: AppSettings, logger: Logger) throws -> any PageReader {
        fatalError("wired when the OCR core lands")
    }
}
