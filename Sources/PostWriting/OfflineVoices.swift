// The offline writer's English and French phrasing, one structure per tone.

/// "a, b and c" (or "a, b et c").
func joinedList(_ items: [String], and conjunction: String) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}

struct EnglishVoice: OfflineVoice {
    func quote(_ text: String) -> String { "“\(text)”" }

    func punchy(_ m: DraftMaterial) -> [DraftPart] {
        let count = m.hookWords <= 20 ? "\(Self.number(m.hookWords, capitalized: true)) words" : "One sentence"
        if m.pick(2, salt: 1) == 0 {
            return [
                .required(quote(m.hook)),
                .required(m.hookWords <= 20 ? "\(count). Nothing wasted." : "One sentence. The whole lesson."),
                DraftPart.optional(m.support.map { "The rest of the page is just as lean: \(quote($0))" }),
                .required("Say less. Mean all of it."),
                DraftPart.optional(m.signature),
            ].compactMap { $0 }
        }
        return [
            .required("\(count) worth stealing:"),
            .required(quote(m.hook)),
            .required("No jargon. No padding. " + (m.isProcedural ? "Just the next step, stated plainly." : "Just the point, stated plainly.")),
            DraftPart.optional(m.support.map { "Same page, same discipline: \(quote($0))" }),
            .required("Clear beats clever."),
            DraftPart.optional(m.signature),
        ].compactMap { $0 }
    }

    func contrarian(_ m: DraftMaterial) -> [DraftPart] {
        let claims = [
            "most of what we call new advice is old advice with a new cover.",
            "the details people skim are usually where the value is.",
            "we don't need more ideas. We need to act on the plain ones we already have.",
        ]
        let lead = m.titleInSentence.map { "This line from \($0) makes the case better than I can:" } ?? "This line makes the case better than I can:"
        let body =
            m.isProcedural
            ? "No framework. No hype. Just exact steps from someone who had clearly done the work, and who trusted the reader to do it too."
            : "No framework. No hype. Just a plain claim, made with confidence and without apology."
        return [
            .required("Unpopular opinion: " + claims[m.pick(m.isProcedural ? 2 : claims.count, salt: 2)]),
            .required("\(lead)\n\(quote(m.contrast))"),
            .required(body),
            DraftPart.optional("We keep chasing the next clever method while the plain, specific ones sit on the shelf."),
            .required("Am I wrong? What's an “outdated” idea you still swear by?"),
        ].compactMap { $0 }
    }

    func personal(_ m: DraftMaterial) -> [DraftPart] {
        let openings = [
            m.titleInSentence.map { "I didn't expect a page of \($0) to stay with me. This line did:" }
                ?? "I didn't expect this page to stay with me. This line did:",
            "I almost turned this page too fast. One sentence made me stop:",
        ]
        let reflection: String
        if m.isProcedural, !m.mainIsStep {
            reflection =
                "In the middle of a page of plain steps, this one line steps back and says why. "
                + "That's the part I'll remember, long after the quantities."
        } else if m.isProcedural {
            reflection =
                "It's a small, practical instruction. But it reminded me that most good work is built from steps like this one: "
                + "unglamorous, precise, done with care. Nobody applauds them. Everything depends on them."
        } else if m.isFirstPerson {
            reflection = "It's one person's honest account, and that's why it lands. I recognised myself in it more than I'd like to admit."
        } else {
            reflection = "I read it twice. It says plainly something I'd been circling around for weeks, and it has stayed with me since."
        }
        return [
            .required(openings[m.pick(openings.count, salt: 3)]),
            .required(quote(m.main)),
            .required(reflection),
            .required("What's a sentence that made you put a book down for a minute?"),
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
                "The words it keeps returning to: \(joinedList(words, and: "and")). That's where the weight sits."
            case .averageLength(let words):
                "Its sentences average \(Self.number(words)) words: "
                    + (words > 22 ? "dense, but every clause earns its place." : "short enough to read once and remember.")
            case .singleSentence(let words, let focus):
                "One sentence, \(Self.number(words)) words, one idea."
                    + (focus.count == 2 ? " The weight sits on two words: “\(focus[0])” and “\(focus[1])”." : "")
            }
        }
        let opener =
            m.pick(2, salt: 4) == 0
            ? (m.titleInSentence.map { "One page from \($0), read closely." } ?? "One page, read closely.")
            : "What makes this page work? A quick breakdown."
        let question =
            m.isProcedural
            ? "Which of these habits would make your own instructions clearer?"
            : "Which of these choices would you borrow for your own writing?"
        return [
            .required(opener),
            .required(findings.map { "• " + $0 }.joined(separator: "\n")),
            .required((m.evidenceIsStep ? "A typical step: " : "The line that carries it: ") + quote(m.evidence)),
            .required(question),
        ]
    }

    func openQuestion(_ m: DraftMaterial) -> [DraftPart] {
        let source = m.titleInSentence ?? "this page"
        let opening =
            m.promptIsQuestion
            ? "The page asks a question worth putting to ourselves:"
            : "A question I keep coming back to after reading \(source):"
        let reframe: String
        if m.promptIsQuestion {
            reframe = "It answers in a few lines. I'm not sure most of us could."
        } else if m.isProcedural {
            reframe =
                "Instructions like this assume the reader will slow down and pay attention. "
                + "Do we still write that way? Do we still read that way?"
        } else {
            reframe = "Is this still true today? Or is it one of those ideas we repeat without ever testing?"
        }
        return [
            .required(opening),
            .required(quote(m.prompt)),
            .required(reframe),
            .required(
                m.promptIsQuestion
                    ? "How would you answer it, in one line?"
                    : m.isProcedural
                        ? "What's the best piece of plain instruction you've ever been given?"
                        : "Where have you seen this hold up, and where has it broken down? I'd like to hear both sides."
            ),
        ]
    }

    static func number(_ n: Int, capitalized: Bool = false) -> String {
        let words = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        ]
        guard n >= 0, n < words.count else { return String(n) }
        return capitalized ? words[n].prefix(1).uppercased() + words[n].dropFirst() : words[n]
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

    func punchy(_ m: DraftMaterial) -> [DraftPart] {
        let count = m.hookWords <= 20 ? "\(m.hookWords) mots" : "Une phrase"
        if m.pick(2, salt: 1) == 0 {
            return [
                .required(quote(m.hook)),
                line(m.hookWords <= 20 ? "\(count). Rien de trop." : "Une phrase. Toute la leçon."),
                DraftPart.optional(m.support.map { typeset("Le reste de la page est aussi net :") + " " + quote($0) }),
                line("Dire moins. Penser chaque mot."),
                DraftPart.optional(m.signature),
            ].compactMap { $0 }
        }
        return [
            line("\(count) à garder sous la main :"),
            .required(quote(m.hook)),
            line("Pas de jargon. Pas de remplissage. Juste l’essentiel, dit simplement."),
            DraftPart.optional(m.support.map { typeset("Même page, même rigueur :") + " " + quote($0) }),
            line("La clarté bat l’esbroufe."),
            DraftPart.optional(m.signature),
        ].compactMap { $0 }
    }

    func contrarian(_ m: DraftMaterial) -> [DraftPart] {
        let claims = [
            "les idées les plus utiles sont souvent les plus anciennes.",
            "les détails qu’on survole sont souvent l’essentiel.",
            "on n’a pas besoin de nouvelles idées. On a besoin d’appliquer les idées simples qu’on a déjà.",
        ]
        let lead = m.frenchTitle.map { "Cette phrase de \($0) le montre mieux que moi :" } ?? "Cette phrase le montre mieux que moi :"
        return [
            line("Avis impopulaire : " + claims[m.pick(m.isProcedural ? 2 : claims.count, salt: 2)]),
            .required(typeset(lead) + "\n" + quote(m.contrast)),
            line("Pas de méthode à la mode. Pas de jargon. Juste une idée claire, affirmée sans détour."),
            DraftPart.optional(
                typeset("On court après la prochaine méthode miracle, alors que les idées simples et précises attendent sur l’étagère.")
            ),
            line("Est-ce que je me trompe ? Quelle idée «\u{00A0}dépassée\u{00A0}» défendez-vous encore ?"),
        ].compactMap { $0 }
    }

    func personal(_ m: DraftMaterial) -> [DraftPart] {
        let openings = [
            "Je ne m’attendais pas à ce qu’une page \(m.frenchTitle.map { "de \($0)" } ?? "comme celle-ci") me marque. "
                + "C’est pourtant cette phrase qui m’est restée :",
            "J’ai failli tourner cette page trop vite. Une phrase m’a fait lever les yeux du livre :",
        ]
        let reflection =
            m.isProcedural && !m.mainIsStep
            ? "Au milieu d’une page de consignes, cette phrase prend du recul et dit pourquoi. "
                + "C’est elle que je retiendrai, bien après les quantités."
            : m.isProcedural
                ? "C’est une consigne simple, presque banale. "
                    + "Mais elle rappelle que le bon travail est fait d’étapes comme celle-ci : discrètes, précises, faites avec soin."
                : "Je l’ai relue deux fois. Elle dit simplement ce que je cherchais à formuler depuis des semaines, et elle me reste en tête depuis."
        return [
            line(openings[m.pick(openings.count, salt: 3)]),
            .required(quote(m.main)),
            line(reflection),
            line("Quelle phrase vous a récemment fait poser un livre une minute ?"),
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
                "Les mots qui reviennent : \(joinedList(words, and: "et")). C’est là que tout se joue."
            case .averageLength(let words):
                "Des phrases de \(words) mots en moyenne : "
                    + (words > 22 ? "denses, mais chaque proposition compte." : "assez courtes pour être retenues à la première lecture.")
            case .singleSentence(let words, let focus):
                "Une phrase, \(words) mots, une idée."
                    + (focus.count == 2 ? " Tout repose sur deux mots : « \(focus[0]) » et « \(focus[1]) »." : "")
            }
        }
        let opener =
            m.pick(2, salt: 4) == 0
            ? (m.frenchTitle.map { "Une page de \($0), lue de près." } ?? "Une page, lue de près.")
            : "Pourquoi cette page fonctionne-t-elle ? Décryptage rapide."
        return [
            line(opener),
            .required(findings.map { "• " + typeset($0) }.joined(separator: "\n")),
            .required(typeset(m.evidenceIsStep ? "Une étape typique :" : "La phrase qui porte tout :") + " " + quote(m.evidence)),
            line(
                m.isProcedural
                    ? "Laquelle de ces habitudes rendrait vos propres consignes plus claires ?"
                    : "Lequel de ces choix emprunteriez-vous pour vos propres textes ?"
            ),
        ]
    }

    func openQuestion(_ m: DraftMaterial) -> [DraftPart] {
        let opening =
            m.promptIsQuestion
            ? "La page pose une question qu’on devrait se poser aussi :"
            : "Une question qui me suit depuis ma lecture \(m.frenchTitle.map { "de \($0)" } ?? "de cette page") :"
        let reframe =
            m.promptIsQuestion
            ? "Elle y répond en quelques lignes. Saurions-nous en faire autant ?"
            : m.isProcedural
                ? "Des consignes comme celle-ci supposent qu’on prenne le temps de lire et de bien faire. "
                    + "Écrivons-nous encore ainsi ? Lisons-nous encore ainsi ?"
                : "Est-ce encore vrai aujourd’hui ? Ou est-ce une de ces idées qu’on répète sans jamais la vérifier ?"
        return [
            line(opening),
            .required(quote(m.prompt)),
            line(reframe),
            line(
                m.promptIsQuestion
                    ? "Et vous, comment y répondriez-vous en une ligne ?"
                    : m.isProcedural
                        ? "Quelle est la meilleure consigne simple qu’on vous ait jamais donnée ?"
                        : "Où cela s’est-il vérifié pour vous, et où cela a-t-il échoué ? J’aimerais lire les deux points de vue."
            ),
        ]
    }
}
