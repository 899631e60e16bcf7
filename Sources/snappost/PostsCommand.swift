// The `posts` subcommand: five LinkedIn drafts from a text file, offline or through an OpenAI-compatible provider.
import Foundation
import Logging
import SnapPostCore

enum PostsCommand {
    static let usage = """
        usage: snappost posts --text-file F [--book T] [--author A] [--provider offline|openai] [--json]
                              [--ai-base-url URL] [--ai-key KEY] [--ai-model NAME] [--ai-timeout SECONDS]

        The provider defaults to openai when SNAPPOST_AI_BASE_URL (or --ai-base-url) is set, else offline.
        Flags override SNAPPOST_AI_BASE_URL, SNAPPOST_AI_KEY, SNAPPOST_AI_MODEL and SNAPPOST_AI_TIMEOUT,
        which override the same keys in ./.env.
        """

    struct Options {
        var textFile: String?
        var book: String?
        var author: String?
        var provider: String?
        var json = false
        var environment: [String: String] = [:]
    }

    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch let error as UsageError {
            printError("\(error.message)\n\n\(usage)")
            return 64
        } catch {
            return 64
        }
        guard let path = options.textFile else {
            printError("posts: --text-file is required.\n\n\(usage)")
            return 64
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("posts: cannot read \(path).")
            return 66
        }
        let excerpt = String(decoding: data, as: UTF8.self)

        let generator: any PostGenerator
        let settings = AIProviderSettings(environment: options.environment)
        switch options.provider ?? (settings == nil ? "offline" : "openai") {
        case "offline":
            generator = OfflineWriter()
        case "openai":
            guard let settings else {
                printError("posts: --provider openai needs a base URL (SNAPPOST_AI_BASE_URL or --ai-base-url).")
                return 64
            }
            var logger = Logger(label: "snappost.ai")
            logger.logLevel = .error  // the error's message is printed below; the log would repeat it
            generator = OpenAICompatibleProvider(settings: settings, logger: logger)
        case let other:
            printError("posts: unknown provider '\(other)'; use offline or openai.")
            return 64
        }

        do {
            let variants = try await generator.generateVariants(from: excerpt, bookTitle: options.book, author: options.author)
            print(options.json ? try json(variants) : text(variants, by: generator.displayName))
            return 0
        } catch let error as any UserFacingError {
            printError(error.message)
            return 1
        } catch {
            printError("posts: \(error)")
            return 1
        }
    }

    struct UsageError: Error {
        var message: String
    }

    /// Flags are `--name value` or `--name=value`; the `--ai-*` flags land in the same keys as the environment.
    /// Precedence: flags, then the environment, then `.env` in the current directory.
    static func parse(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Options {
        var options = Options(environment: dotEnv().merging(environment) { _, process in process })
        let aiKeys = [
            "--ai-base-url": "SNAPPOST_AI_BASE_URL", "--ai-key": "SNAPPOST_AI_KEY",
            "--ai-model": "SNAPPOST_AI_MODEL", "--ai-timeout": "SNAPPOST_AI_TIMEOUT",
        ]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError(message: "posts: \(name) needs a value.") }
                return next
            }
            switch name {
            case "--text-file": options.textFile = try value()
            case "--book": options.book = try value()
            case "--author": options.author = try value()
            case "--provider": options.provider = try value()
            case "--json": options.json = true
            case "--help", "-h":
                print(usage)
                exit(0)
            default:
                guard let key = aiKeys[name] else { throw UsageError(message: "posts: unknown option \(argument).") }
                options.environment[key] = try value()
            }
        }
        return options
    }

    /// `KEY=value` lines of `./.env`; comments, blank lines and surrounding quotes are ignored.
    static func dotEnv(path: String = ".env") -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var entry = line.trimmingCharacters(in: .whitespaces)
            if entry.hasPrefix("export ") { entry.removeFirst(7) }
            guard !entry.hasPrefix("#"), let equals = entry.firstIndex(of: "=") else { continue }
            let key = entry[..<equals].trimmingCharacters(in: .whitespaces)
            var value = entry[entry.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" {
                value = String(value.dropFirst().dropLast())
            }
            values[key] = value
        }
        return values
    }

    private static func text(_ variants: [Variant], by writer: String) -> String {
        var blocks = ["Five drafts by \(writer)"]
        for variant in variants {
            var block = "── \(variant.tone.displayName) (\(variant.text.count) characters) ──\n\(variant.text)"
            if let note = variant.note { block += "\n[\(note)]" }
            blocks.append(block)
        }
        return blocks.joined(separator: "\n\n")
    }

    private struct Draft: Encodable {
        var tone: String
        var text: String
        var note: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tone, forKey: .tone)
            try container.encode(text, forKey: .text)
            try container.encode(note, forKey: .note)  // null rather than absent, so every object has the same keys
        }

        enum CodingKeys: String, CodingKey { case tone, text, note }
    }

    private static func json(_ variants: [Variant]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        let drafts = variants.map { Draft(tone: $0.tone.rawValue, text: $0.text, note: $0.note) }
        return String(decoding: try encoder.encode(drafts), as: UTF8.self)
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
