// The offline writer's English and French phrasing: per tone a hook, one or two supporting lines and a question,
// each opening chosen to fit the kind of page. Nothing here claims the reader's own experience.

import Support

extension DraftPart {
    /// The quote, with the book and author under it when known.
    static func quoted(_ quote: String, _ m: DraftMaterial) -> DraftPart {
        .required(m.signature.map { quote + "\n" + $0 } ?? quote)
    }
}

struct EnglishVoice: OfflineVoice {
    let bank = PhraseBank.english

    func quote(_ text: String) -> String { "“\(text)”" }

    func source(_ m: DraftMaterial) -> String { m.titleInSentence ?? bank.thisPage }

    /// A line of the bank, with a fallback that cannot be missing.
    private func line(_ slot: PhraseBank.Slot, _ tone: Tone, _ m: DraftMaterial, salt: UInt64, or fallback: String) -> String {
        bank.line(slot, tone: tone, m, salt: salt, source: source(m)) ?? fallback
    }

    func punchy(_ m: DraftMaterial) -> [DraftPart] {
        let count =
            (1...20).contains(m.hookWords)
            ? "\(Self.number(m.hookWords, capitalized: true)) words. " + line(.countTail, .punchy, m, salt: 21, or: "Nothing wasted.")
            : line(.noCount, .punchy, m, salt: 22, or: "Say less. Mean all of it.")
        return [
            .required(line(.hook, .punchy, m, salt: 1, or: "One sentence. The whole argument.")),
            .quoted(quote(m.hook), m),
            .required(count),
            .required(line(.question, .punchy, m, salt: 11, or: "Would you put it any differently?")),
        ]
    }

    func contrarian(_ m: DraftMaterial) -> [DraftPart] {
        [
            .required(line(.hook, .contrarian, m, salt: 2, or: "The usual advice says the opposite.")),
            .quoted(quote(m.contrast), m),
            .required(line(.support, .contrarian, m, salt: 7, or: "It doesn't need to shout.")),
            .required(line(.question, .contrarian, m, salt: 12, or: "Where do you disagree?")),
        ]
    }

    func personal(_ m: DraftMaterial) -> [DraftPart] {
        let reflection =
            m.mainIsStep && m.kind == .recipe
            ? line(.stepSupport, .personal, m, salt: 8, or: "What I take from it: the care is in the small steps.")
            : line(.support, .personal, m, salt: 8, or: "What I take from it: the plain version of an idea is usually the one that lasts.")
        return [
            .required(line(.hook, .personal, m, salt: 3, or: "One line from \(source(m)) I want to remember:")),
            .quoted(quote(m.main), m),
            .required(reflection),
            .required(line(.question, .personal, m, salt: 13, or: "Which sentence would you underline?")),
        ]
    }

    func analytical(_ m: DraftMaterial) -> [DraftPart] {
        let findings = m.findings.map { finding in
            switch finding {
            case .headings(let titles):
                "\(Self.number(titles.count, capitalized: true)) headings: \(joinedList(titles, and: "and"))."
            case .steps(let steps, let sentences):
                "\(Self.number(steps, capitalized: true)) of its \(Self.number(sentences)) sentences open with a verb. "
                    + "It's written to be used, not admired."
            case .measurements(let count):
                "\(Self.number(count, capitalized: true)) exact measurements. Nothing is left to guesswork."
            case .recurring(let words):
                "The words it keeps returning to: \(joinedList(words, and: "and"))."
            case .lengths(let shortest, let longest):
                "Its sentences run from \(Self.number(shortest)) to \(Self.number(longest)) words: the short ones land the point."
            case .averageLength(let words):
                "Its sentences average \(Self.number(words)) words: "
                    + (words > 22 ? "dense, but every clause earns its place." : "short enough to read once and remember.")
            case .singleSentence(let words, let focus):
                (words > 0 ? "One sentence, \(Self.number(words)) words, one idea." : "One sentence, one idea.")
                    + (focus.count == 2 ? " The weight sits on two words: “\(focus[0])” and “\(focus[1])”." : "")
            }
        }
        let question =
            findings.count < 2
            ? line(.singleQuestion, .analytical, m, salt: 14, or: "Would you have written it the same way?")
            : line(.question, .analytical, m, salt: 14, or: "Which of these choices would you borrow for your own writing?")
        // Bullets only when there are at least two; one finding reads better as a sentence.
        let body = findings.count >= 2 ? findings.map { "• " + $0 }.joined(separator: "\n") : findings.joined(separator: " ")
        let lead =
            m.evidenceIsStep
            ? line(.stepLead, .analytical, m, salt: 9, or: "A typical step:") : line(.lead, .analytical, m, salt: 9, or: "The line that carries it:")
        return [
            .required(line(.hook, .analytical, m, salt: 4, or: "One page, read closely.")),
            .required(body),
            .required(lead + " " + quote(m.evidence)),
            .required(question),
        ]
    }

    func openQuestion(_ m: DraftMaterial) -> [DraftPart] {
        if m.promptIsQuestion {
            return [
                .required(line(.askedHook, .openQuestion, m, salt: 5, or: "The page asks a question worth putting to ourselves:")),
                .quoted(quote(m.prompt), m),
                .required(line(.askedSupport, .openQuestion, m, salt: 10, or: "It answers in a few lines. Could we?")),
                .required(line(.askedQuestion, .openQuestion, m, salt: 15, or: "How would you answer it, in one line?")),
            ]
        }
        return [
            .required(line(.hook, .openQuestion, m, salt: 5, or: "Is this still true today?")),
            .quoted(quote(m.prompt), m),
            .required(line(.support, .openQuestion, m, salt: 10, or: "It sounds obvious. Is it?")),
            .required(line(.question, .openQuestion, m, salt: 15, or: "Where do you stand on it?")),
        ]
    }

    static func number(_ n: Int, capitalized: Bool = false) -> String {
        let words = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
        ]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        let spelled: String
        switch n {
        case 0..<20: spelled = words[n]
        case 20..<100: spelled = tens[n / 10] + (n % 10 == 0 ? "" : "-" + words[n % 10])
        default: return String(n)
        }
        return capitalized ? spelled.prefix(1).uppercased() + spelled.dropFirst() : spelled
    }
}

/// French drafts, with French punctuation: « guillemets » and a no-break space before : ? !
struct FrenchVoice: OfflineVoice {
    private let nbsp = "\u{00A0}"

    func quote(_ text: String) -> String { "«\(nbsp)\(text)\(nbsp)»" }

    /// Puts the no-break space French wants before : ? ! (the excerpt itself is quoted untouched).
    func typeset(_ text: String) -> String {
        var result = ""
        for character in text {
            if ":?!".contains(character), let last = result.last, last != nbsp.first {
                if last == " " { result.removeLast() }
                result.append(nbsp)
            }
            result.append(character)
        }
        return result
    }

    let bank = PhraseBank.french

    private func line(_ text: String) -> DraftPart { .required(typeset(text)) }

    private func source(_ m: DraftMaterial) -> String { m.frenchTitle.map { "de \($0)" } ?? bank.thisPage }

    /// A line of the bank, with a fallback that cannot be missing.
    private func pick(_ slot: PhraseBank.Slot, _ tone: Tone, _ m: DraftMaterial, salt: UInt64, or fallback: String) -> String {
        bank.line(slot, tone: tone, m, salt: salt, source: source(m)) ?? fallback
    }

    func punchy(_ m: DraftMaterial) -> [DraftPart] {
        let count =
            (1...20).contains(m.hookWords)
            ? "\(m.hookWords) mots. " + pick(.countTail, .punchy, m, salt: 21, or: "Rien de trop.")
            : pick(.noCount, .punchy, m, salt: 22, or: "Dire moins. Penser chaque mot.")
        return [
            line(pick(.hook, .punchy, m, salt: 1, or: "Une phrase. Toute l’idée.")),
            .quoted(quote(m.hook), m),
            line(count),
            line(pick(.question, .punchy, m, salt: 11, or: "Vous l’auriez dit autrement ?")),
        ]
    }

    func contrarian(_ m: DraftMaterial) -> [DraftPart] {
        [
            line(pick(.hook, .contrarian, m, salt: 2, or: "On complique tout. Cette page, non.")),
            .quoted(quote(m.contrast), m),
            line(pick(.support, .contrarian, m, salt: 7, or: "Simple, et d’autant plus fort.")),
            line(pick(.question, .contrarian, m, salt: 12, or: "Est-ce que je me trompe ?")),
        ]
    }

    func personal(_ m: DraftMaterial) -> [DraftPart] {
        let reflection =
            m.isProcedural
            ? pick(.stepSupport, .personal, m, salt: 8, or: "Ce que j’en retiens : le soin est dans les petites étapes.")
            : pick(.support, .personal, m, salt: 8, or: "Ce que j’en retiens : la version simple d’une idée est souvent celle qui dure.")
        return [
            line(pick(.hook, .personal, m, salt: 3, or: "Une phrase \(source(m)) que je veux garder :")),
            .quoted(quote(m.main), m),
            line(reflection),
            line(pick(.question, .personal, m, salt: 13, or: "Quelle phrase souligneriez-vous ?")),
        ]
    }

    func analytical(_ m: DraftMaterial) -> [DraftPart] {
        let findings = m.findings.map { finding in
            switch finding {
            case .headings(let titles):
                "\(titles.count) intertitres : \(joinedList(titles, and: "et"))."
            case .steps(let steps, let sentences):
                "\(steps) phrases sur \(sentences) commencent par un verbe : un texte fait pour agir."
            case .measurements(let count):
                "\(count) mesures précises : rien n’est laissé au hasard."
            case .recurring(let words):
                "Les mots qui reviennent : \(joinedList(words, and: "et"))."
            case .lengths(let shortest, let longest):
                "Des phrases de \(shortest) à \(longest) mots : les plus courtes portent l’idée."
            case .averageLength(let words):
                "Des phrases de \(words) mots en moyenne : "
                    + (words > 22 ? "denses, mais chaque proposition compte." : "assez courtes pour être retenues à la première lecture.")
            case .singleSentence(let words, let focus):
                (words > 0 ? "Une phrase, \(words) mots, une idée." : "Une phrase, une idée.")
                    + (focus.count == 2 ? " Tout repose sur deux mots : « \(focus[0]) » et « \(focus[1]) »." : "")
            }
        }
        let body = findings.count >= 2 ? findings.map { "• " + typeset($0) }.joined(separator: "\n") : typeset(findings.joined(separator: " "))
        let lead =
            m.evidenceIsStep
            ? pick(.stepLead, .analytical, m, salt: 9, or: "Une étape typique :")
            : pick(.lead, .analytical, m, salt: 9, or: "La phrase qui porte tout :")
        return [
            line(pick(.hook, .analytical, m, salt: 4, or: "Une page, lue de près.")),
            .required(body),
            .required(typeset(lead) + " " + quote(m.evidence)),
            line(
                findings.count < 2
                    ? pick(.singleQuestion, .analytical, m, salt: 14, or: "L’auriez-vous écrit de la même façon ?")
                    : pick(.question, .analytical, m, salt: 14, or: "Lequel de ces choix emprunteriez-vous pour vos propres textes ?")),
        ]
    }

    func openQuestion(_ m: DraftMaterial) -> [DraftPart] {
        if m.promptIsQuestion {
            return [
                line(pick(.askedHook, .openQuestion, m, salt: 5, or: "La page pose une question qu’on devrait se poser aussi :")),
                .quoted(quote(m.prompt), m),
                line(pick(.askedSupport, .openQuestion, m, salt: 10, or: "Elle y répond en quelques lignes. Saurions-nous en faire autant ?")),
                line(pick(.askedQuestion, .openQuestion, m, salt: 15, or: "Et vous, comment y répondriez-vous en une ligne ?")),
            ]
        }
        return [
            line(pick(.hook, .openQuestion, m, salt: 5, or: "Est-ce encore vrai aujourd’hui ?")),
            .quoted(quote(m.prompt), m),
            line(pick(.support, .openQuestion, m, salt: 10, or: "Ou est-ce une de ces idées qu’on répète sans jamais la vérifier ?")),
            line(pick(.question, .openQuestion, m, salt: 15, or: "Où cela s’est-il vérifié pour vous, et où cela a-t-il échoué ?")),
        ]
    }
}
