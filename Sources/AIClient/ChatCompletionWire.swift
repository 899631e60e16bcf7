// The chat-completions wire format: the request we send and the parts of replies and errors we read.
import Foundation
import Support

/// The body of `POST …/chat/completions`; field names follow `CreateChatCompletionRequest`.
struct ChatCompletionRequest: Encodable, Sendable {
    var model: String
    var messages: [ChatMessage]
    var temperature: Double
    var topP: Double
    var maxTokens: Int
    var responseFormat: StructuredOutputStep
    var schema: ResponseSchema?

    enum CodingKeys: String, CodingKey {
        case model, messages, temperature
        case topP = "top_p"
        case maxTokens = "max_tokens"
        case responseFormat = "response_format"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(model, forKey: .model)
        try container.encode(messages, forKey: .messages)
        try container.encode(temperature, forKey: .temperature)
        try container.encode(topP, forKey: .topP)
        try container.encode(maxTokens, forKey: .maxTokens)
        switch (responseFormat, schema) {
        case (.jsonSchema, let schema?):
            let format: JSONValue = [
                "type": "json_schema",
                "json_schema": ["name": .string(schema.name), "strict": true, "schema": schema.schema],
            ]
            try container.encode(format, forKey: .responseFormat)
        case (.jsonObject, _?):
            try container.encode(["type": "json_object"] as JSONValue, forKey: .responseFormat)
        default:
            break
        }
    }
}

extension ChatMessage: Encodable {
    enum CodingKeys: String, CodingKey { case role, content }

    /// A lone text part is sent as a plain string (every server takes that); anything else as content parts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role.rawValue, forKey: .role)
        if parts.count == 1, case .text(let text) = parts[0] {
            try container.encode(text, forKey: .content)
            return
        }
        let encoded: [JSONValue] = parts.map { part in
            switch part {
            case .text(let text): ["type": "text", "text": .string(text)]
            case .jpeg(let data):
                ["type": "image_url", "image_url": ["url": .string("data:image/jpeg;base64," + data.base64EncodedString())]]
            }
        }
        try container.encode(encoded, forKey: .content)
    }
}

/// The parts of a `CreateChatCompletionResponse` we use; everything optional, because local servers vary.
struct ChatCompletionResponse: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        struct Message: Decodable, Sendable {
            var content: String?
            var refusal: String?
        }
        var message: Message?
        var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case message
            case finishReason = "finish_reason"
        }
    }
    var choices: [Choice]?
}

/// What a provider said when it failed. OpenAI sends `{"error":{"message","type","code"}}`; Ollama sends
/// `{"error":"…"}`; some servers send `{"detail":"…"}` or `{"message":"…"}`.
struct ProviderErrorBody: Sendable {
    var message: String = ""
    var type: String?
    var code: String?

    init(data: [UInt8]) {
        guard let json = try? JSONDecoderForWire.decode(JSONValue.self, from: data) else {
            message = String(decoding: data.prefix(500), as: UTF8.self)
            return
        }
        if let error = json["error"], case .object = error {
            message = error["message"]?.stringValue ?? ""
            type = error["type"]?.stringValue
            code = error["code"]?.stringValue
        } else {
            message = json["error"]?.stringValue ?? json["detail"]?.stringValue ?? json["message"]?.stringValue ?? ""
        }
    }

    /// Only an explicit content-policy code counts; a plain 400 is never reported as one.
    var isContentPolicy: Bool {
        [code, type].compactMap { $0?.lowercased() }.contains { tag in
            tag.contains("content_policy") || tag.contains("content_filter") || tag == "moderation_blocked"
        }
    }
}

enum JSONDecoderForWire {
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
