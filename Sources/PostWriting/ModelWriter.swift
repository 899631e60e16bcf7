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

    public func write(_ request: DraftRequest) async throws -> [Variant] {
        guard !request.excerpt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw AIError(.emptyInput) }
        let user = PostPrompt.user(
            excerpt: request.excerpt, bookTitle: request.bookTitle, author: request.author, tones: request.tones, earlier: request.earlier)
        let reply = try await client.complete(
            ChatRequest(
                messages: [.system(PostPrompt.system), .user(user)],
                schema: ResponseSchema(name: "linkedin_posts", schema: PostPrompt.schema)))
        return try VariantAssembler.variants(from: ReplyParser.drafts(from: reply), tones: request.tones)
    }
}
