// `snappost serve` (the default): reads flags, then SNAPPOST_* environment variables, then ./.env, and runs the web app.
import ArgumentParser
import Hummingbird
import Logging
import Settings
import SnapPostWeb
import Support

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the web app (the default command).",
        discussion: AppSettings.helpText + "\n\nExit codes: 0 stopped, 1 could not start.")

    func run() async throws {
        let loaded = try await CommandSettings.load(for: "serve")
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "snappost")
        do {
            let app = try await buildApplication(reader: loaded.reader, logger: logger)
            try await app.runService()
        } catch {
            let reason = (error as? any UserFacingError).map { "\($0.message) [\($0.code)]" } ?? "\(error)"
            logger.critical("SnapPost could not start: \(reason)")
            throw ExitCode(1)
        }
    }
}
