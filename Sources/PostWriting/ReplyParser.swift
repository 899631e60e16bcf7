// Reads drafts out of whatever a model replies: an object, a bare array, fenced JSON, text after a think block.
import AIClient
import Foundation

/// One draft as the model wrote it, before validation.
struct RawDraft: Equatable, Sendable {
    var tone: Tone?
    var text: String
}

enum ReplyParser {
    /// - Throws: ``AIError/Kind/badResponse(_:)`` when no drafts can be found.
    static func drafts(from content: String) throws -> [RawDraft] {
        let body = stripFences(stripThinking(content))
        guard let json = parseJSON(body) else {
            throw AIError(.badResponse(.noJSON))
        }
        let drafts = drafts(in: json)
        guard !drafts.isEmpty else { throw AIError(.badResponse(.noPosts)) }
        return drafts
    }

    /// Reasoning models put `<think>…</think>` before the answer; the answer is what follows the last one.
    static func stripThinking(_ text: String) -> String {
        guard let close = text.range(of: "</think>", options: .backwards) else { return text }
        return String(text[close.upperBound...])
    }

    /// The inside of the first ``` fence, if there is one (a language tag on the opening line is skipped).
    static func stripFences(_ text: String) -> String {
        guard let open = text.range(of: "```") else { return text }
        let afterOpen = text[open.upperBound...]
        let bodyStart = afterOpen.firstIndex(of: "\n").map { afterOpen.index(after: $0) } ?? afterOpen.startIndex
        let rest = afterOpen[bodyStart...]
        let close = rest.range(of: "```")?.lowerBound ?? rest.endIndex
        return String(rest[..<close])
    }

    /// The whole text as JSON, or else the span from the first `{`/`[` to the last `}`/`]`.
    static func parseJSON(_ text: String) -> JSONValue? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let value = decode(trimmed) { return value }
        guard let start = trimmed.firstIndex(where: { $0 == "{" || $0 == "[" }),
            let end = trimmed.lastIndex(where: { $0 == "}" || $0 == "]" }), start < end
        else { return nil }
        return decode(String(trimmed[start...end]))
    }

    private static func decode(_ text: String) -> JSONValue? {
        guard !text.isEmpty else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    private static let listKeys = ["posts", "variants", "drafts", "items", "data"]
    private static let textKeys = ["text", "post", "content", "body"]
    private static let toneKeys = ["tone", "style", "type", "name"]

    /// Finds the list of posts: the root array, a known key, the only array value, or an object keyed by tone.
    private static func drafts(in json: JSONValue) -> [RawDraft] {
        switch json {
        case .array(let items):
            return items.compactMap(draft)
        case .object(let object):
            for key in listKeys {
                if case .array(let items)? = object[key] { return items.compactMap(draft) }
            }
            let arrays = object.values.compactMap { value -> [JSONValue]? in
                if case .array(let items) = value { return items }
                return nil
            }
            if arrays.count == 1 { return arrays[0].compactMap(draft) }
            let byTone = Tone.allCases.compactMap { tone -> RawDraft? in
                guard let entry = object.first(where: { Tone(lenient: $0.key) == tone }),
                    let text = entry.value.stringValue ?? entry.value[textKeys]
                else { return nil }
                return RawDraft(tone: tone, text: text)
            }
            if !byTone.isEmpty { return byTone }
            return draft(json).map { [$0] } ?? []
        default:
            return []
        }
    }

    private static func draft(_ item: JSONValue) -> RawDraft? {
        if case .string(let text) = item { return RawDraft(tone: nil, text: text) }
        guard let text = item[textKeys] else { return nil }
        let tone = toneKeys.lazy.compactMap { item[$0]?.stringValue }.compactMap { Tone(lenient: $0) }.first
        return RawDraft(tone: tone, text: text)
    }
}

extension JSONValue {
    /// The first of these keys holding a string.
    fileprivate subscript(keys: [String]) -> String? {
        keys.lazy.compactMap { self[$0]?.stringValue }.first
    }
}
