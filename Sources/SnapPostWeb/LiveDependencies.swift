// The real dependencies: Tesseract through ImageProcessor, the configured writer, and SQLite in the data folder.
import Foundation
import Logging
import SnapPostCore

extension AppDependencies {
    static func live(settings: AppSettings, logger: Logger) async throws -> AppDependencies {
        fatalError("wired at merge")
    }
}
