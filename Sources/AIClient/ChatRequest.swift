// What a caller asks of a chat model: messages (text, or text with a photo) and, optionally, the JSON shape of the answer.
import Foundation

/// One message of a conversation.
public struct ChatMessage: Sendable, Equatable {
    public enum Role: String, Sendable { case system, user, assistant }

    /// A piece of a message's content.
    public enum Part: Sendable, Equatable {
        case text(String)
        /// A JPEG sent inline as a data URL (vision-capable models only).
        case jpeg(Data)
    }

    public var role: Role
    public var parts: [Part]

    public init(role: Role, parts: [Part]) {
        self.role = role
        self.parts = parts
    }

    public static func system(_ text: String) -> ChatMessage { ChatMessage(role: .system, parts: [.text(text)]) }
    public static func user(_ text: String) -> ChatMessage { ChatMessage(role: .user, parts: [.text(text)]) }
}

/// The JSON Schema the answer must follow, sent as `response_format: json_schema` where the provider accepts it.
public struct ResponseSchema: Sendable, Equatable {
    /// A short identifier, e.g. "linkedin_posts".
    public var name: String
    public var schema: JSONValue

    public init(name: String, schema: JSONValue) {
        self.name = name
        self.schema = schema
    }
}

/// One chat-completions call.
public struct ChatRequest: Sendable, Equatable {
    public var messages: [ChatMessage]
    /// nil asks for free text; otherwise the structured-output ladder is tried from its strictest step.
    public var schema: ResponseSchema?

    public init(messages: [ChatMessage], schema: ResponseSchema? = nil) {
        self.messages = messages
        self.schema = schema
    }
}
