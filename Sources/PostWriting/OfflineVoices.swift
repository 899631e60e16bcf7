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
    func quote(_ text: String) -> String { "“\(text)”" }

    func source(_ m: DraftMaterial) -> String { m.titleInSentence ?? "this page" }

    func punchy(_ m: DraftMaterial) -> [DraftPart] {
        let hooks: [String] =
            switch m.kind {
            case .recipe:
                ["Good cooking is mostly patience, written down.", "The best kitchen advice fits in one line.", "Old recipes waste no words."]
            case .manual:
                [
                    "The most useful writing nobody reads: the manual.", "Plain instructions are a form of respect.",
                    "Read the instructions first. Really.",
                ]
            case .novel: ["One line of fiction can say what a slide deck can't.", "A novel gets there in one sentence.", "Stories say it faster."]
            case .essay: ["One sentence. The whole argument.", "Some lines do more work than whole chapters.", "Short. Clear. True."]
            }
        let questions: [String] =
            switch m.kind {
            case .recipe: ["What's the one step you never skip?", "Which kitchen rule do you follow without thinking?"]
            case .manual: ["When did you last read the instructions before starting?", "What's the clearest instruction you've been given?"]
            case .novel: ["Which line from a novel has stayed with you?", "What's a sentence from fiction you still quote?"]
            case .essay: ["Would you put it any differently?", "What would you add to it?", "Does it hold up in your line of work?"]
            }
        let count =
            (1...20).contains(m.hookWords) ? "\(Self.number(m.hookWords, capitalized: true)) words. Nothing wasted." : "Say less. Mean all of it."
        return [
            .required(m.choose(hooks, salt: 1)),
            .quoted(quote(m.hook), m),
            .required(count),
            .required(m.choose(questions, salt: 11)),
        ]
    }

    func contrarian(_ m: DraftMaterial) -> [DraftPart] {
        let hooks: [String] =
            switch m.kind {
            case .recipe:
                [
                    "We treat recipes as lists of ingredients. The good ones are about timing.",
                    "Unpopular opinion: an old cookbook explains a process better than most playbooks.",
                    "Everyone wants the secret ingredient. Read the method instead.",
                ]
            case .manual:
                [
                    "We skip manuals because we assume we already know.",
                    "Unpopular opinion: the manual is the most honest document a company writes.",
                    "“Intuitive” products still need one plain sentence of instruction.",
                ]
            case .novel:
                [
                    "We call fiction an escape. Often it's the clearest account of real life we get.",
                    "Unpopular opinion: novels teach more about people than most leadership books.",
                    "Reading fiction isn't time off from learning.",
                ]
            case .essay:
                [
                    "The usual advice says the opposite.",
                    "Unpopular opinion: the plain old ideas still beat the clever new ones.",
                    "We overcomplicate this. The page doesn't.",
                ]
            }
        let support: String =
            switch m.kind {
            case .recipe: "No hype, no shortcuts: the step, and the care it takes."
            case .manual: "It isn't exciting. It's correct, which matters more."
            case .novel: "It doesn't argue. It shows."
            case .essay: "It's stated plainly, without hedging. That's the point."
            }
        return [
            .required(m.choose(hooks, salt: 2)),
            .quoted(quote(m.contrast), m),
            .required(support),
            .required(
                m.choose(["Am I reading too much into it?", "Where do you disagree?", "Which plain idea do you think is underrated?"], salt: 12)),
        ]
    }

    func personal(_ m: DraftMaterial) -> [DraftPart] {
        let src = source(m)
        let hooks: [String] =
            switch m.kind {
            case .recipe:
                [
                    "One line from \(src) worth pinning above the stove:", "The step from \(src) I'd underline:",
                    "From \(src), the line I'd copy onto a recipe card:",
                ]
            case .manual:
                [
                    "One line from \(src) more people should read:", "The instruction from \(src) I'd underline:",
                    "From a manual, of all places, a line worth keeping:",
                ]
            case .novel:
                [
                    "A line of fiction from \(src) I want to remember:", "From \(src), a sentence that does a chapter's work:",
                    "The sentence from this story I'd underline:",
                ]
            case .essay:
                [
                    "One line from \(src) I want to remember:", "If I could keep one sentence from \(src), it would be this one:",
                    "A sentence worth underlining, from \(src):",
                ]
            }
        let reflection: String
        switch m.kind {
        case .recipe:
            reflection =
                m.mainIsStep
                ? "What I take from it: the care is in small steps like this one, the ones nobody photographs."
                : "What I take from it: good instructions give the reason as well as the step."
        case .manual:
            reflection = "What I take from it: clear writing tells you what to do next, in the order you need it."
        case .novel:
            reflection = "What I take from it: one sentence can carry a whole character."
        case .essay:
            reflection =
                m.recurring.count >= 2
                ? "What I take from it: it's about \(joinedList(m.recurring.map { "“\($0)”" }, and: "and")), and it says so without padding."
                : "What I take from it: the plain version of an idea is usually the one that lasts."
        }
        return [
            .required(m.choose(hooks, salt: 3)),
            .quoted(quote(m.main), m),
            .required(reflection),
            .required(
                m.choose(["Which sentence would you underline?", "What line would you keep from it?", "What's a sentence you'd keep?"], salt: 13)),
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
        let openers: [String] =
            switch m.kind {
            case .recipe:
                [
                    "Why this recipe is easy to follow:", "What makes a recipe work? This one, broken down.",
                    m.titleInSentence.map { "A recipe from \($0), read closely." } ?? "A recipe, read closely.",
                ]
            case .manual:
                [
                    "Why these instructions are easy to follow:", "What makes a manual work? A quick breakdown.",
                    "A page of instructions, read closely.",
                ]
            case .novel:
                ["How this passage works:", "What makes this scene hold? A quick breakdown.", "A page of fiction, read closely."]
            case .essay:
                [
                    "What makes this page work? A quick breakdown.", "Why this argument is easy to follow:",
                    m.titleInSentence.map { "One page from \($0), read closely." } ?? "One page, read closely.",
                ]
            }
        let question: String =
            switch m.kind {
            case _ where findings.count < 2: "Would you have written it the same way?"
            case .recipe, .manual: "Which of these habits would make your own instructions clearer?"
            case .novel: "What makes a sentence in a story stick for you?"
            case .essay: "Which of these choices would you borrow for your own writing?"
            }
        // Bullets only when there are at least two; one finding reads better as a sentence.
        let body = findings.count >= 2 ? findings.map { "• " + $0 }.joined(separator: "\n") : findings.joined(separator: " ")
        return [
            .required(m.choose(openers, salt: 4)),
            .required(body),
            .required((m.evidenceIsStep ? "A typical step: " : "The line that carries it: ") + quote(m.evidence)),
            .required(question),
        ]
    }

    func openQuestion(_ m: DraftMaterial) -> [DraftPart] {
        if m.promptIsQuestion {
            return [
                .required("The page asks a question worth putting to ourselves:"),
                .quoted(quote(m.prompt), m),
                .required("It answers in a few lines. Could we?"),
                .required("How would you answer it, in one line?"),
            ]
        }
        let hooks: [String] =
            switch m.kind {
            case .recipe: ["Why do the simplest recipes ask for the most patience?", "Is there still room for slow work in a fast week?"]
            case .manual: ["Why is plain instruction so rare?", "Who still reads the manual first?"]
            case .novel: ["What does a novel know that a report doesn't?", "Can one line of fiction change how you see people at work?"]
            case .essay: ["Is this still true today?", "Do we believe this, or do we just repeat it?"]
            }
        let reframe: String =
            switch m.kind {
            case .recipe: "Instructions like this assume the cook will slow down and pay attention."
            case .manual: "Instructions like this assume someone will read them."
            case .novel: "Fiction rarely states its lesson. This line nearly does."
            case .essay: "Or is it one of those ideas we repeat without ever testing?"
            }
        return [
            .required(m.choose(hooks, salt: 5)),
            .quoted(quote(m.prompt), m),
            .required(reframe),
            .required(
                m.choose(
                    ["Where have you seen it hold, and where has it broken down?", "What would you add?", "Where do you stand on it?"], salt: 15)),
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

    private func line(_ text: String) -> DraftPart { .required(typeset(text)) }

    private func source(_ m: DraftMaterial) -> String { m.frenchTitle.map { "de \($0)" } ?? "de cette page" }

    func punchy(_ m: DraftMaterial) -> [DraftPart] {
        let hooks: [String] =
            switch m.kind {
            case .recipe: ["La bonne cuisine, c’est surtout de la patience écrite noir sur blanc.", "Les vieilles recettes ne gaspillent aucun mot."]
            case .manual: ["Le texte le plus utile que personne ne lit : le mode d’emploi.", "Une consigne claire est une forme de respect."]
            case .novel, .essay: ["Une phrase. Toute l’idée.", "Certaines phrases valent un chapitre entier."]
            }
        let count = (1...20).contains(m.hookWords) ? "\(m.hookWords) mots. Rien de trop." : "Dire moins. Penser chaque mot."
        return [
            line(m.choose(hooks, salt: 1)),
            .quoted(quote(m.hook), m),
            line(count),
            line(m.choose(["Vous l’auriez dit autrement ?", "Qu’est-ce que vous y ajouteriez ?"], salt: 11)),
        ]
    }

    func contrarian(_ m: DraftMaterial) -> [DraftPart] {
        let hooks: [String] =
            switch m.kind {
            case .recipe: ["Avis impopulaire : un vieux livre de cuisine explique mieux une méthode que bien des manuels de management."]
            case .manual: ["Avis impopulaire : le mode d’emploi est le document le plus honnête qu’une entreprise écrive."]
            case .novel: ["Avis impopulaire : les romans en apprennent plus sur les gens que bien des livres de management."]
            case .essay:
                [
                    "Avis impopulaire : les idées simples et anciennes battent encore les idées nouvelles et habiles.",
                    "On complique tout. Cette page, non.",
                ]
            }
        return [
            line(m.choose(hooks, salt: 2)),
            .quoted(quote(m.contrast), m),
            line("Pas de méthode à la mode, pas de jargon : une idée claire, affirmée sans détour."),
            line(m.choose(["Est-ce que je me trompe ?", "Sur quoi n’êtes-vous pas d’accord ?"], salt: 12)),
        ]
    }

    func personal(_ m: DraftMaterial) -> [DraftPart] {
        let hooks = [
            "Une phrase \(source(m)) que je veux garder :",
            "S’il fallait garder une seule phrase \(source(m)), ce serait celle-ci :",
        ]
        let reflection =
            m.isProcedural
            ? "Ce que j’en retiens : le soin est dans les petites étapes, celles qu’on ne voit pas."
            : "Ce que j’en retiens : la version simple d’une idée est souvent celle qui dure."
        return [
            line(m.choose(hooks, salt: 3)),
            .quoted(quote(m.main), m),
            line(reflection),
            line(m.choose(["Quelle phrase souligneriez-vous ?", "Quelle phrase garderiez-vous ?"], salt: 13)),
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
        let opener = m.choose(
            [
                "Pourquoi cette page fonctionne-t-elle ? Décryptage rapide.",
                m.frenchTitle.map { "Une page de \($0), lue de près." } ?? "Une page, lue de près.",
            ],
            salt: 4)
        let body = findings.count >= 2 ? findings.map { "• " + typeset($0) }.joined(separator: "\n") : typeset(findings.joined(separator: " "))
        return [
            line(opener),
            .required(body),
            .required(typeset(m.evidenceIsStep ? "Une étape typique :" : "La phrase qui porte tout :") + " " + quote(m.evidence)),
            line(
                findings.count < 2
                    ? "L’auriez-vous écrit de la même façon ?"
                    : m.isProcedural
                        ? "Laquelle de ces habitudes rendrait vos propres consignes plus claires ?"
                        : "Lequel de ces choix emprunteriez-vous pour vos propres textes ?"
            ),
        ]
    }

    func openQuestion(_ m: DraftMaterial) -> [DraftPart] {
        if m.promptIsQuestion {
            return [
                line("La page pose une question qu’on devrait se poser aussi :"),
                .quoted(quote(m.prompt), m),
                line("Elle y répond en quelques lignes. Saurions-nous en faire autant ?"),
                line("Et vous, comment y répondriez-vous en une ligne ?"),
            ]
        }
        let hooks =
            m.isProcedural
            ? ["Pourquoi les consignes simples sont-elles si rares ?"]
            : ["Est-ce encore vrai aujourd’hui ?", "Y croit-on vraiment, ou le répète-t-on ?"]
        return [
            line(m.choose(hooks, salt: 5)),
            .quoted(quote(m.prompt), m),
            line(
                m.isProcedural
                    ? "Des consignes comme celle-ci supposent qu’on prenne le temps de lire et de bien faire."
                    : "Ou est-ce une de ces idées qu’on répète sans jamais la vérifier ?"),
            line("Où cela s’est-il vérifié pour vous, et où cela a-t-il échoué ?"),
        ]
    }
}
