// What every subcommand shares: the configuration keys given as flags (set apart before parsing), the one settings
// tree read from them, SNAPPOST_* variables and ./.env, and how a failure is printed and becomes an exit code.
import ArgumentParser
import Configuration
import Foundation
import Logging
import Settings
import Support

/// The configuration keys among the command line's arguments. They are taken out before swift-argument-parser sees
/// the rest, so `snappost ocr --ocr-workers 1 PHOTO` and `snappost ocr PHOTO --ocr-workers 1` both work and every
/// key is accepted by every subcommand without being declared in each.
enum SettingFlags {
    /// The keys' flags of this run, for `CommandSettings.load()`.
    @TaskLocal static var given: [String] = []

    /// Key flags that take no value.
    static let switches: Set<String> = ["--no-auth"]

    /// Splits `arguments` into the key flags with their values and everything else (the subcommand's own).
    static func split(_ arguments: [String]) -> (settings: [String], command: [String]) {
        let names = Set(AppSettings.keys.map(\.flag)).union(switches)
        var settings: [String] = [], command: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                command += arguments[index...]
                break
            }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if argument.hasPrefix("--"), names.contains(name) {
                settings.append(argument)
                let next = index + 1
                if !argument.contains("="), !switches.contains(name), next < arguments.endIndex, !arguments[next].hasPrefix("--") {
                    settings.append(arguments[next])
                    index = next
                }
            } else {
                command.append(argument)
            }
            index += 1
        }
        return (settings, command)
    }
}

/// The settings of this run: flags, then SNAPPOST_* environment variables, then ./.env.
struct CommandSettings {
    let reader: ConfigReader
    var settings: AppSettings

    /// Reads the tree and starts tracing at the configured level. A `.env` that cannot be read is a usage error (64).
    static func load(for command: String) async throws -> CommandSettings {
        do {
            let reader = try await ConfigurationSources.reader(arguments: SettingFlags.given)
            let settings = AppSettings(reader: reader)
            Trace.bootstrap(level: settings.traceLevel)
            return CommandSettings(reader: reader, settings: settings)
        } catch {
            printError("\(command): the configuration could not be read (\(error))")
            throw ExitCode(64)
        }
    }

    /// One photo at a time from the command line; two workers let a page's halves run on both cores.
    var commandLineWorkers: Int { max(1, min(2, settings.ocrWorkers)) }

    /// What every subcommand's help says about the keys.
    static let discussion = """
        Every configuration key is read too, as a flag, a SNAPPOST_* variable or a line in ./.env: \
        `snappost serve --help` lists them.
        """
}

enum CommandOutput {
    /// The logger handed to the live parts: their start-up notices are the server's log, not a command's output; a
    /// failure reaches the person as the command's own message.
    static var quietLogger: Logger {
        var logger = Logger(label: "snappost")
        logger.logLevel = .error
        return logger
    }

    /// `--json` output: indented, keys sorted, slashes kept.
    static func prettyJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Prints a command's failure and gives its exit code: 65 for bad input, 70 for a failure on our side.
    static func failure(_ error: any Error, from command: String) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        guard let error = error as? any UserFacingError else {
            printError("\(command): unexpected failure")
            return ExitCode(70)
        }
        printError("\(command): \(error.message) [\(error.code)]")
        return ExitCode(error.category == .internal ? 70 : 65)
    }

    /// The whole file, or exit 66 (a file that cannot be opened) with the command's message.
    static func contents(of path: String, _ message: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            printError(message)
            throw ExitCode(66)
        }
        return data
    }
}

/// Prints to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// What the photo commands (`ocr`, `shelf`) share: one photo, JSON instead of text, and a folder for what each step saw.
struct PhotoInput: ParsableArguments {
    @Argument(help: "The photo: JPEG, PNG, HEIC, WebP, TIFF, GIF or BMP.")
    var photo: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Write the pictures of each step into this folder.", valueName: "dir"))
    var debugDir: String?

    var debugDirectory: URL? { debugDir.map { URL(fileURLWithPath: $0) } }

    /// The photo's bytes, or exit 66 with the command's message.
    func contents(for command: String) throws -> Data {
        try CommandOutput.contents(of: photo, "\(command): cannot read the photo")
    }
}
