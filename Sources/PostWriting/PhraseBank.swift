// The offline writer's phrasing as data: for each language a table of lines per page kind, tone and slot.
import Foundation

/// One language's lines. A draft's first line comes only from its page kind's own lines (a manual never opens like a
/// novel); the other slots draw from the kind's lines and the tone's lines for every kind together, so a slot has many
/// choices and two different pages rarely share a line. Placeholders: `{source}` (the title as it reads in a
/// sentence, or the language's "this page"), `{topic}` (a real word the page keeps returning to); a line whose
/// placeholder has nothing to fill it is skipped. A new language is a new table (and its voice's grammar for counts).
struct PhraseBank: Sendable {
    enum Slot: Hashable, Sendable {
        /// A draft's first line (kind-specific only).
        case hook
        /// A line under the quote.
        case support
        /// The closing question.
        case question
        /// Under a quote that is a step of instructions.
        case stepSupport
        /// The line introducing the analytical draft's quote, for a statement and for a step.
        case lead, stepLead
        /// The punchy draft's line after the word count ("Nothing wasted.") and in place of it.
        case countTail, noCount
        /// The open-question draft when the page itself asks a question.
        case askedHook, askedSupport, askedQuestion
        /// The analytical draft's question when it has one finding only.
        case singleQuestion
    }

    /// Lines for one page kind (nil: every kind), tone and slot.
    let lines: [PageKind?: [Tone: [Slot: [String]]]]
    /// What `{source}` becomes without a title.
    let thisPage: String

    /// The lines a slot may use for a page of `kind`: the kind's own, then (except for hooks) every kind's.
    func options(_ slot: Slot, tone: Tone, kind: PageKind) -> [String] {
        let own = lines[kind]?[tone]?[slot] ?? []
        return slot == .hook ? own : own + (lines[nil]?[tone]?[slot] ?? [])
    }

    /// One line for the slot, placeholders filled, picked by the draft's seed; nil when the slot has none that fits.
    func line(_ slot: Slot, tone: Tone, _ m: DraftMaterial, salt: UInt64, source: String? = nil) -> String? {
        // The page's own words, never a stop word, a verb or debris: the words its quotable sentences keep returning to
        // (mostly what the page is about). Each tone takes its own, so the five drafts do not lean on one word.
        let topics = m.recurring.filter { !Lexicon.englishVerbs.contains($0) && !$0.hasSuffix("ly") }
        let topic = topics.isEmpty ? nil : topics[Int(salt % UInt64(max(1, min(topics.count, 3))))]
        let filled = options(slot, tone: tone, kind: m.kind).compactMap { template -> (text: String, specific: Bool)? in
            var text = template
            if text.contains("{topic}") {
                guard let topic else { return nil }
                text = text.replacingOccurrences(of: "{topic}", with: topic)
            }
            return (text.replacingOccurrences(of: "{source}", with: source ?? thisPage), template.contains("{topic}"))
        }
        guard !filled.isEmpty else { return nil }
        // A line about this page's own words is preferred one time in two: it is what sets one page's drafts apart from
        // another's.
        let specific = filled.filter(\.specific).map(\.text)
        if !specific.isEmpty, m.pick(2, salt: salt &+ 101) == 0 { return m.choose(specific, salt: salt) }
        return m.choose(filled.map(\.text), salt: salt)
    }
}
