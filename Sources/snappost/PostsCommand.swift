// `snappost posts`: five LinkedIn drafts from a text file, offline or through an OpenAI-compatible provider.
import AIClient
import ArgumentParser
import Foundation
import PostWriting
import Settings
import Support
import Workflows

struct PostsCommand: AsyncParsableCommand {
    enum Provider: String, ExpressibleByArgument, CaseIterable {
        case offline, openai
    }

    static let configuration = CommandConfiguration(
        commandName: "posts", abstract: "Write five LinkedIn drafts from a text file, offline or through an OpenAI-compatible provider.",
        discussion: """
            The provider defaults to openai when SNAPPOST_AI_BASE_URL (or --ai-base-url) is set, else offline. The --ai-* flags \
            (--ai-base-url, --ai-key, --ai-model, --ai-timeout, --ai-temperature), SNAPPOST_AI_* variables and ./.env are the \
            same keys `snappost serve` reads.

            \(CommandSettings.discussion)

            Exit codes: 0 written, 64 usage, 66 the text file cannot be read, 1 no drafts were written.
            """)

    @Option(help: ArgumentHelp("The passage to write from (UTF-8 text).", valueName: "file"))
    var textFile: String

    @Option(help: ArgumentHelp("The book's title.", valueName: "title"))
    var book: String?

    @Option(help: ArgumentHelp("The book's author.", valueName: "name"))
    var author: String?

    @Option(help: "offline or openai (default: openai when a base URL is configured, else offline).")
    var provider: Provider?

    @Flag(help: "Print the drafts as JSON.")
    var json = false

    func run() async throws {
        let settings = try await CommandSettings.load(for: "posts").settings
        let excerpt = String(decoding: try CommandOutput.contents(of: textFile, "posts: cannot read \(textFile)."), as: UTF8.self)

        let generator: any PostGenerator
        switch provider ?? (settings.aiProvider == nil ? .offline : .openai) {
        case .offline:
            generator = OfflineWriter()
        case .openai:
            guard settings.aiProvider != nil else {
                printError("posts: --provider openai needs a base URL (SNAPPOST_AI_BASE_URL or --ai-base-url).")
                throw ExitCode(64)
            }
            // The error's message is printed below; the log would repeat it.
            generator = LiveParts.generator(settings: settings, logger: CommandOutput.quietLogger)
        }

        do {
            // The offline writer quotes only real words: the same word lists as the server.
            let variants = try await generator.write(
                DraftRequest(
                    excerpt: excerpt, bookTitle: book.flatMap(Self.nonEmpty), author: author.flatMap(Self.nonEmpty),
                    reading: ReadingEvidence(words: LiveParts.words(settings: settings))))
            print(json ? try Self.json(variants) : Self.text(variants, by: generator.displayName))
        } catch let error as any UserFacingError {
            printError(error.message + (error.technicalDetail.map { "\n\($0)" } ?? ""))
            throw ExitCode(1)
        } catch {
            printError("posts: \(error)")
            throw ExitCode(1)
        }
    }

    private static func nonEmpty(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
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
