// Turns raw drafts into exactly one variant per tone, in tone order, each within the LinkedIn length.
import AIClient
import Foundation

enum VariantAssembler {
    /// Extra drafts for a tone are dropped (the first wins). Drafts without a recognisable tone fill the missing
    /// tones in order; a tone still missing after that is an error that names it.
    static func variants(from drafts: [RawDraft], tones: [Tone] = Tone.allCases) throws -> [Variant] {
        let usable = drafts.filter { !$0.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        var chosen: [Tone: String] = [:]
        for draft in usable {
            if let tone = draft.tone, chosen[tone] == nil { chosen[tone] = draft.text }
        }
        var unlabeled = usable.filter { $0.tone == nil }.makeIterator()
        for tone in tones where chosen[tone] == nil {
            guard let draft = unlabeled.next() else { throw AIError(.incompleteReply(missing: tone.rawValue)) }
            chosen[tone] = draft.text
        }
        return tones.map { tone in
            let fitted = LinkedInLength.fit(chosen[tone]!)
            return Variant(tone: tone, text: fitted.text, note: fitted.trimmed ? Variant.trimmedNote : nil)
        }
    }
}
