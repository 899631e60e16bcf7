// What we ask the model: the system and user prompts, and the JSON schema for structured output.
import AIClient
import Foundation
import Support

enum PostPrompt {
    static let system = """
        You turn a passage from a book into LinkedIn posts that make people stop scrolling and think.
        Every post has a hook line, then one or two supporting lines, then a closing question, and stays under \
        \(LinkedInLength.limit) characters. Ground each post in the passage itself: quote or paraphrase it, never invent \
        facts about the book or its author. No hashtags unless asked, no emoji walls, no "In today's fast-paced world". \
        Write every post in the same language as the passage.
        Reply with JSON only: {"posts":[{"tone":"…","text":"…"}]}, exactly one post per tone, in the order given.
        """

    static func user(excerpt: String, bookTitle: String?, author: String?, tones requested: [Tone] = Tone.allCases, earlier: [String] = []) -> String
    {
        let tones = requested.map { "- \($0.rawValue): \($0.guidance)" }.joined(separator: "\n")
        let count = requested.count == 1 ? "one LinkedIn post" : "\(requested.count) LinkedIn posts"
        // Earlier drafts of the same text, so "Write another" gets something new rather than the same post again.
        let avoid =
            earlier.isEmpty
            ? ""
            : "\n\nThese drafts were already written; write something clearly different from each:\n"
                + earlier.prefix(10).map { "- \"\($0.prefix(400))\"" }.joined(separator: "\n")
        let language = PassageLanguage.of(excerpt)
        return """
            Book: \(known(bookTitle))
            Author: \(known(author))

            Passage:
            \"\"\"
            \(excerpt.trimmingCharacters(in: .whitespacesAndNewlines))
            \"\"\"

            Write \(count) about this passage, one per tone:
            \(tones)\(avoid)

            The passage is in \(language.rawValue): write every post in \(language.rawValue), the language of the passage.
            Each post: a hook line, 1–2 supporting lines, a closing question; under \(LinkedInLength.limit) characters; \
            no hashtags; the same language as the passage.
            Answer with a JSON object {"posts":[{"tone":"punchy","text":"…"}, …]} using exactly these tone names.
            """
    }

    /// Strict schema: every field required, no extra properties. The root must be an object for `json_schema`.
    static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "posts": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "tone": ["type": "string", "enum": .array(Tone.allCases.map { .string($0.rawValue) })],
                        "text": ["type": "string"],
                    ],
                    "required": ["tone", "text"],
                    "additionalProperties": false,
                ],
            ]
        ],
        "required": ["posts"],
        "additionalProperties": false,
    ]

    private static func known(_ value: String?) -> String {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return "Unknown" }
        return value
    }
}
