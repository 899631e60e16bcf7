// A voice that takes every line from its language's phrase table: German, Spanish and Chinese drafts, each with its own
// quotation marks, its own way of naming the source and its own sentences for counts and findings.
import Foundation
import Support

/// The grammar a table cannot hold: quotation marks, how the source reads, and the sentences with numbers in them.
struct VoiceGrammar: Sendable {
    var open: String
    var close: String
    /// `{source}` with a title ("aus „Title“", "de «Title»", "《Title》里").
    var titled: @Sendable (String) -> String
    /// The punchy draft's count of the quote's words ("12 Wörter.").
    var words: @Sendable (Int) -> String
    /// One analytical finding as a sentence.
    var finding: @Sendable (DraftMaterial.Finding) -> String
    /// What goes between a lead and its quote (a space, or nothing in Chinese).
    var gap: String = " "
}

struct TableVoice: OfflineVoice {
    let bank: PhraseBank
    let grammar: VoiceGrammar

    func quote(_ text: String) -> String { grammar.open + text + grammar.close }

    private func source(_ m: DraftMaterial) -> String { m.title.map(grammar.titled) ?? bank.thisPage }

    /// A line of the bank; when the page's kind has none for the slot, the essay's first line that needs no topic.
    private func pick(_ slot: PhraseBank.Slot, _ tone: Tone, _ m: DraftMaterial, salt: UInt64) -> String {
        if let line = bank.line(slot, tone: tone, m, salt: salt, source: source(m)) { return line }
        let fallback = bank.options(slot, tone: tone, kind: .essay).first { !$0.contains("{topic}") } ?? ""
        return fallback.replacingOccurrences(of: "{source}", with: source(m))
    }

    func punchy(_ m: DraftMaterial) -> [DraftPart] {
        let count =
            (1...20).contains(m.hookWords)
            ? grammar.words(m.hookWords) + grammar.gap + pick(.countTail, .punchy, m, salt: 21) : pick(.noCount, .punchy, m, salt: 22)
        return [
            .required(pick(.hook, .punchy, m, salt: 1)), .quoted(quote(m.hook), m), .required(count),
            .required(pick(.question, .punchy, m, salt: 11)),
        ]
    }

    func contrarian(_ m: DraftMaterial) -> [DraftPart] {
        [
            .required(pick(.hook, .contrarian, m, salt: 2)), .quoted(quote(m.contrast), m), .required(pick(.support, .contrarian, m, salt: 7)),
            .required(pick(.question, .contrarian, m, salt: 12)),
        ]
    }

    func personal(_ m: DraftMaterial) -> [DraftPart] {
        let reflection = m.isProcedural ? pick(.stepSupport, .personal, m, salt: 8) : pick(.support, .personal, m, salt: 8)
        return [
            .required(pick(.hook, .personal, m, salt: 3)), .quoted(quote(m.main), m), .required(reflection),
            .required(pick(.question, .personal, m, salt: 13)),
        ]
    }

    func analytical(_ m: DraftMaterial) -> [DraftPart] {
        let findings = m.findings.map(grammar.finding)
        let body = findings.count >= 2 ? findings.map { "• " + $0 }.joined(separator: "\n") : findings.joined(separator: grammar.gap)
        let lead = m.evidenceIsStep ? pick(.stepLead, .analytical, m, salt: 9) : pick(.lead, .analytical, m, salt: 9)
        return [
            .required(pick(.hook, .analytical, m, salt: 4)), .required(body), .required(lead + grammar.gap + quote(m.evidence)),
            .required(findings.count < 2 ? pick(.singleQuestion, .analytical, m, salt: 14) : pick(.question, .analytical, m, salt: 14)),
        ]
    }

    func openQuestion(_ m: DraftMaterial) -> [DraftPart] {
        if m.promptIsQuestion {
            return [
                .required(pick(.askedHook, .openQuestion, m, salt: 5)), .quoted(quote(m.prompt), m),
                .required(pick(.askedSupport, .openQuestion, m, salt: 10)), .required(pick(.askedQuestion, .openQuestion, m, salt: 15)),
            ]
        }
        return [
            .required(pick(.hook, .openQuestion, m, salt: 5)), .quoted(quote(m.prompt), m), .required(pick(.support, .openQuestion, m, salt: 10)),
            .required(pick(.question, .openQuestion, m, salt: 15)),
        ]
    }
}

extension TableVoice {
    static let german = TableVoice(
        bank: .german,
        grammar: VoiceGrammar(
            open: "„", close: "“", titled: { "aus „\($0)“" }, words: { "\($0) Wörter." },
            finding: { finding in
                switch finding {
                case .headings(let titles): "\(titles.count) Zwischentitel: \(joinedList(titles, and: "und"))."
                case .steps(let steps, let sentences): "\(steps) von \(sentences) Sätzen beginnen mit einem Verb: ein Text zum Handeln."
                case .measurements(let count): "\(count) genaue Maßangaben: Nichts bleibt dem Zufall überlassen."
                case .recurring(let words): "Die Wörter, die wiederkehren: \(joinedList(words, and: "und"))."
                case .lengths(let shortest, let longest): "Sätze von \(shortest) bis \(longest) Wörtern: Die kurzen tragen die Idee."
                case .averageLength(let words):
                    "Im Schnitt \(words) Wörter pro Satz: "
                        + (words > 22 ? "dicht, aber jeder Teil zählt." : "kurz genug, um sie beim ersten Lesen zu behalten.")
                case .singleSentence(let words, _): words > 0 ? "Ein Satz, \(words) Wörter, ein Gedanke." : "Ein Satz, ein Gedanke."
                }
            }))

    static let spanish = TableVoice(
        bank: .spanish,
        grammar: VoiceGrammar(
            open: "«", close: "»", titled: { "de «\($0)»" }, words: { "\($0) palabras." },
            finding: { finding in
                switch finding {
                case .headings(let titles): "\(titles.count) apartados: \(joinedList(titles, and: "y"))."
                case .steps(let steps, let sentences): "\(steps) de \(sentences) frases empiezan con un verbo: un texto para actuar."
                case .measurements(let count): "\(count) medidas exactas: nada queda al azar."
                case .recurring(let words): "Las palabras que vuelven: \(joinedList(words, and: "y"))."
                case .lengths(let shortest, let longest): "Frases de \(shortest) a \(longest) palabras: las cortas llevan la idea."
                case .averageLength(let words):
                    "Frases de \(words) palabras de media: "
                        + (words > 22 ? "densas, pero cada parte cuenta." : "lo bastante cortas para recordarlas a la primera.")
                case .singleSentence(let words, _): words > 0 ? "Una frase, \(words) palabras, una idea." : "Una frase, una idea."
                }
            }))

    /// Chinese counts characters (each ideograph is a word of the analysis) and puts no space around its marks.
    static let chinese = TableVoice(
        bank: .chinese,
        grammar: VoiceGrammar(
            open: "“", close: "”", titled: { "《\($0)》里" }, words: { "\($0) 个字。" },
            finding: { finding in
                switch finding {
                case .headings(let titles): "\(titles.count) 个小标题：\(titles.joined(separator: "、"))。"
                case .steps(let steps, let sentences): "\(sentences) 句里有 \(steps) 句以动词开头：这是一篇让人动手的文字。"
                case .measurements(let count): "\(count) 处精确的数量：没有一处靠猜。"
                case .recurring(let words): "反复出现的词：\(words.joined(separator: "、"))。"
                case .lengths(let shortest, let longest): "句子从 \(shortest) 个字到 \(longest) 个字：短句承载着主旨。"
                case .averageLength(let words): "句子平均 \(words) 个字：" + (words > 40 ? "很紧凑，但每个部分都有分量。" : "短到读一遍就能记住。")
                case .singleSentence(let words, _): words > 0 ? "一句话，\(words) 个字，一个想法。" : "一句话，一个想法。"
                }
            },
            gap: ""))
}
