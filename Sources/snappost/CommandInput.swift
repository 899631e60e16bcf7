// One subcommand's input: its leading positional arguments, and every flag read through the one configuration tree.
import Configuration
import Foundation
import Settings

struct CommandInput {
    /// Arguments before the first flag, e.g. the photo of `snappost ocr PHOTO --json`.
    let positional: [String]
    /// Flags, the environment and `.env`, in that order of precedence.
    let reader: ConfigReader
    /// The settings every command shares (OCR languages, limits, the AI provider, ...).
    let settings: AppSettings

    /// Fails with a usage message on a flag that is neither one of the command's own nor a configuration key.
    init(_ arguments: [String], command: String, flags own: Set<String>) async throws {
        let firstFlag = arguments.firstIndex { $0.hasPrefix("-") } ?? arguments.endIndex
        positional = Array(arguments[..<firstFlag])
        let flags = Array(arguments[firstFlag...])
        let known = own.union(AppSettings.keys.map(\.flag)).union(["--no-auth"])
        for flag in flags where flag.hasPrefix("--") {
            let name = String(flag.split(separator: "=", maxSplits: 1)[0])
            guard known.contains(name) else { throw UsageError("\(command): unknown option \(name)") }
        }
        if let stray = flags.first(where: { $0.hasPrefix("-") && !$0.hasPrefix("--") }) {
            throw UsageError("\(command): unknown option \(stray)")
        }
        reader = try await ConfigurationSources.reader(arguments: flags)
        settings = AppSettings(reader: reader)
    }

    func string(_ key: String) -> String? {
        guard let value = reader.string(forKey: ConfigKey(key))?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// A comma-separated list (flags arrive split at the commas).
    func list(_ key: String) -> [String] { AppSettings.list(reader, key) }

    /// A flag given without a value (`--json`), or with true/false.
    func flag(_ key: String) -> Bool { reader.bool(forKey: ConfigKey(key), default: false) }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Prints to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
