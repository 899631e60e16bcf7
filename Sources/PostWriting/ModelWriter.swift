// Drafts from a chat model: the post prompt and schema sent through the OpenAI-compatible client, the reply read as five drafts.
import AIClient
import Foundation
import Support

/// Writes the five drafts with a model. Every failure is an `AIError` from the client or from reading its reply.
public struct ModelWriter: PostGenerator {
    public let client: OpenAICompatibleClient

    public init(client: OpenAICompatibleClient) {
        self.client = client
    }

    public var displayName: String { client.displayName }

    public func generateVariants(from excerpt: String, bookTitle: String?, author: String?) async throws -> [Variant] {
        guard !excerpt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw AIError(.emptyInput) }
        let reply = try await client.complete(
            ChatRequest(
                messages: [.system(PostPrompt.system), .user(PostPrompt.user(excerpt: excerpt, bookTitle: bookTitle, author: author))],
                schema: ResponseSchema(name: "linkedin_posts", schema: PostPrompt.schema)))
        return try VariantAssembler.variants(from: ReplyParser.drafts(from: reply))
    }
}
