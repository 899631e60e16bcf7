// `snappost serve`: reads flags, then SNAPPOST_* environment variables, then ./.env, and runs the web app.
import Configuration
import Foundation
import Hummingbird
import Logging
import Settings
import SnapPostWeb

enum ServeCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(AppSettings.helpText)
            return 0
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "snappost")
        do {
            let reader = try await ConfigurationSources.reader(arguments: arguments)
            let app = try await buildApplication(reader: reader, logger: logger)
            try await app.runService()
            return 0
        } catch {
            logger.critical("SnapPost could not start: \(error)")
            return 1
        }
    }
}
