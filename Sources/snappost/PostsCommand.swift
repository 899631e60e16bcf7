// The `posts` subcommand: five LinkedIn drafts from a text file, offline or through an OpenAI-compatible provider.
import AIClient
import Foundation
import Logging
import PostWriting
import Settings
import Support

enum PostsCommand {
    static let usage = """
        usage: snappost posts --text-file F [--book T] [--author A] [--provider offline|openai] [--json]
                              [--ai-base-url URL] [--ai-key KEY] [--ai-model NAME] [--ai-timeout SECONDS]

        The provider defaults to openai when SNAPPOST_AI_BASE_URL (or --ai-base-url) is set, else offline.
        The --ai-* flags, SNAPPOST_AI_* variables and ./.env are the same keys `snappost serve` reads.
        """

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let input: CommandInput
        do {
            input = try await CommandInput(arguments, command: "posts", flags: ["--text-file", "--book", "--author", "--provider", "--json"])
        } catch let error as UsageError {
            printError("\(error.message)\n\n\(usage)")
            return 64
        } catch {
            printError("posts: the configuration could not be read")
            return 64
        }
        guard input.positional.isEmpty else {
            printError("posts: unexpected argument '\(input.positional[0])'\n\n\(usage)")
            return 64
        }
        guard let path = input.string("textFile") else {
            printError("posts: --text-file is required.\n\n\(usage)")
            return 64
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            printError("posts: cannot read \(path).")
            return 66
        }
        let excerpt = String(decoding: data, as: UTF8.self)

        let generator: any PostGenerator
        let provider = input.settings.aiProvider
        switch input.string("provider") ?? (provider == nil ? "offline" : "openai") {
        case "offline":
            generator = OfflineWriter()
        case "openai":
            guard let provider else {
                printError("posts: --provider openai needs a base URL (SNAPPOST_AI_BASE_URL or --ai-base-url).")
                return 64
            }
            var logger = Logger(label: "snappost.ai")
            logger.logLevel = .error  // the error's message is printed below; the log would repeat it
            generator = ModelWriter(client: OpenAICompatibleClient(settings: provider, logger: logger))
        case let other:
            printError("posts: unknown provider '\(other)'; use offline or openai.")
            return 64
        }

        do {
            // The offline writer quotes only real words: the same word lists as the server.
            let variants = try await generator.write(
                DraftRequest(
                    excerpt: excerpt, bookTitle: input.string("book"), author: input.string("author"),
                    reading: ReadingEvidence(words: SystemWordLists.load(languages: ["eng", "fra"]))))
            print(input.flag("json") ? try json(variants) : text(variants, by: generator.displayName))
            return 0
        } catch let error as any UserFacingError {
            printError(error.message + (error.technicalDetail.map { "\n\($0)" } ?? ""))
            return 1
        } catch {
            printError("posts: \(error)")
            return 1
        }
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

    private static func json(_ variants: [Variant]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(variants.map(PostJSON.init)), as: UTF8.self)
    }
}
