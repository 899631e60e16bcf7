// The offline writer: five different, deterministic drafts within the limit, in English and in French.
import Foundation
import Support
import Testing
import Words

@testable import AIClient
@testable import PostWriting

@Suite("OfflineWriter")
struct OfflineWriterTests {
    static let boston = """
        248 BOSTON COOKING-SCHOOL COOK BOOK
        Gravy
        Pour off liquid in pan in which chicken has been roasted.
        From liquid skim off four tablespoons fat; return fat to pan,
        and brown with four tablespoons flour; add two cups stock
        in which giblets, neck, and tips of wings have been cooked.
        Cook five minutes, season with salt and pepper, then strain.
        The remaining fat may be used, in place of butter, for fry-
        ing potatoes, or for basting when roasting another chicken.
        Braised Chicken
        Dress, clean, and truss a four-pound fowl. Cover, and
        bake in slow oven until tender, basting often, and adding
        more water if needed. Serve with a sauce made from stock
        in pan, first straining and removing the fat.
        """

    static let french = """
        La Grèce Antique
        I. Le théâtre grec
        Les pièces de théâtre grecque étaient très appréciées dans l’Antiquité. Les
        Grecs des Temps Anciens appréciaient tout particulièrement les tragédies et le récit des
        épopées des héros. Les théâtres, où se déroulaient les représentations, avaient une
        forme particulière en demi-cercle: ce sont les amphithéâtres.
        II. La société grecque
        Les Grecs ont inventé la démocratie. Chacun est citoyen à partir de sa majorité et
        peut faire valoir son opinion sur la façon de diriger la cité.
        """

    static let essay = """
        You might have gone through a lot that makes you believe your life will always be difficult. But you have been \
        through it, and somehow it has shaped you into the person you are today. Life does not always get easier, but \
        it gets better. The more you go through life, the more you will also grow through life. Keep on fighting and \
        never give up.
        """

    static let manual = """
        Charging the toothbrush
        Put the handle on the charger and plug the charger into a wall socket. The battery indicator light flashes while \
        the appliance charges. Press the power button once to switch the toothbrush on. Always unplug the charger before \
        you clean it. Do not use the appliance with a damaged cord.
        """

    static let novel = """
        “You are late,” said Martha, without looking up from the fire. He hung his coat by the door and said nothing. \
        She had waited for him all evening, and the soup had gone cold on the stove. “The trains were slow,” he said at \
        last. She knew it was not true, and he knew that she knew.
        """

    let writer = OfflineWriter()

    func expectGood(_ variants: [Variant]) {
        #expect(variants.map(\.tone) == Tone.allCases)
        #expect(variants.allSatisfy { !$0.text.isEmpty && $0.text.count <= LinkedInLength.limit })
        #expect(Set(variants.map(\.text)).count == 5, "all five drafts differ")
        // Not one template with the tone swapped: no two drafts share their first line.
        #expect(Set(variants.map { $0.text.split(separator: "\n").first.map(String.init) ?? "" }).count == 5)
        #expect(!variants.contains { $0.text.contains("#") })
    }

    @Test func fiveDifferentDraftsWithinTheLimit() throws {
        let variants = try writer.variants(from: Self.boston, bookTitle: "Boston Cooking-School Cook Book", author: "Fannie Merritt Farmer")
        expectGood(variants)
        #expect(variants.allSatisfy { $0.note == nil })
    }

    @Test func buildsFromTheExcerptItself() throws {
        let variants = try writer.variants(from: Self.boston, bookTitle: nil, author: nil)
        // Each draft quotes the page, the hyphenated line end is mended, and the running head is gone.
        #expect(variants.allSatisfy { $0.text.contains("“") })
        #expect(variants.contains { $0.text.contains("frying potatoes") })
        #expect(!variants.contains { $0.text.contains("fry- ing") || $0.text.contains("BOSTON COOKING") })
        #expect(variants.map(\.text).joined().contains("Gravy and Braised Chicken"))
    }

    @Test func sameInputSameOutput() async throws {
        let first = try await writer.generateVariants(from: Self.boston, bookTitle: "B", author: "A")
        let second = try await writer.generateVariants(from: Self.boston, bookTitle: "B", author: "A")
        #expect(first.map(\.text) == second.map(\.text))
        #expect(first.map(\.note) == second.map(\.note))
        #expect(first.map(\.tone) == second.map(\.tone))
    }

    @Test("Every draft has a hook, one or two supporting lines and a closing question")
    func hookSupportQuestion() throws {
        for excerpt in [Self.boston, Self.essay, Self.manual, Self.novel, Self.french] {
            for variation in 0..<4 {
                for variant in try writer.variants(for: DraftRequest(excerpt: excerpt, variation: variation)) {
                    let parts = variant.text.components(separatedBy: "\n\n")
                    #expect((3...4).contains(parts.count), "\(variant.tone): \(variant.text)")
                    #expect(variant.text.hasSuffix("?"), "\(variant.tone) ends on a question: \(variant.text)")
                    #expect(parts[0].count <= 140, "a hook is one short line: \(parts[0])")
                }
            }
        }
    }

    @Test func oneSentence() throws {
        let variants = try writer.variants(from: "Simplicity is the ultimate sophistication.", bookTitle: nil, author: nil)
        expectGood(variants)
        #expect(variants.allSatisfy { $0.text.contains("Simplicity is the ultimate sophistication.") })
    }

    @Test func fiveThousandCharacters() throws {
        let paragraph = """
            Habits are the compound interest of self-improvement. The same way that money multiplies through compound \
            interest, the effects of your habits multiply as you repeat them. They seem to make little difference on \
            any given day, and yet the impact they deliver over months and years can be enormous. Success is the \
            product of daily habits, not once-in-a-lifetime transformations. You should be far more concerned with \
            your current trajectory than with your current results.

            """
        var text = ""
        var n = 0
        while text.count < 5_000 {
            n += 1
            text += paragraph.replacingOccurrences(of: "Habits are", with: "Habits, in chapter \(n), are")
        }
        let variants = try writer.variants(from: text, bookTitle: "Atomic Habits", author: "James Clear")
        expectGood(variants)
    }

    @Test func frenchExcerptGetsFrenchFraming() throws {
        let variants = try writer.variants(from: Self.french, bookTitle: nil, author: nil)
        expectGood(variants)
        #expect(variants.allSatisfy { $0.text.contains("«\u{00A0}") })
        let framing = variants.map(\.text).joined(separator: " ")
        // The French table's lines, never the English ones, whichever a variation picks.
        let more = try (0..<6).flatMap { try writer.variants(for: DraftRequest(excerpt: Self.french, variation: $0)) }.map(\.text).joined()
        #expect(more.contains("Avis impopulaire") && more.contains("Ce que j’en retiens"))
        #expect(!more.contains("Unpopular opinion") && !more.contains("What I take from it"))
        #expect(!framing.contains(" ?") && !framing.contains(" :"), "no-break space before ? and :")
    }

    @Test("A page with OCR noise lines: no draft quotes a noise line, and every quote is a clean sentence of the page")
    func noiseLinesAreNeverQuoted() throws {
        let lines = [
            ("Gravy", 0.93), ("Pour off liquid in pan in which chicken has been roasted.", 0.94),
            ("Tlie rcmaining fat rnay be uscd, in placc of buttcr.", 0.91), ("Chickens are em.", 0.52),
            ("Cook five minutes, season with salt and pepper, then strain.", 0.95),
            ("Pour ov gradually the stock into the pan.", 0.93),
            ("Serve with a sauce made from the stock in the pan.", 0.92),
        ]
        let text = lines.map(\.0).joined(separator: "\n")
        let evidence = ReadingEvidence(
            lines: lines.enumerated().map { TextLine(text: $1.0, box: PixelBox(x: 0, y: $0 * 50, width: 800, height: 40), confidence: $1.1) },
            words: WordSet(Self.englishWords))
        let noise = ["Tlie", "rcmaining", "em.", "ov gradually"]
        for variation in 0..<6 {
            let variants = try writer.variants(for: DraftRequest(excerpt: text, variation: variation, reading: evidence))
            for variant in variants {
                for bad in noise { #expect(!variant.text.contains(bad), "\(variant.tone) quotes noise: \(variant.text)") }
                #expect(variant.text.contains("“"), "every draft quotes the page")
            }
        }
    }

    @Test("When no sentence is clean enough to quote, the writer says so instead of quoting noise")
    func nothingCleanSaysSo() {
        let evidence = ReadingEvidence(
            lines: [TextLine(text: "Tlie rcmaining fat rnay be uscd.", box: PixelBox(x: 0, y: 0, width: 9, height: 9), confidence: 0.9)],
            words: WordSet(Self.englishWords))
        #expect(
            throws: PostWritingError(
                .nothingCleanToQuote(blocked: [.init(sentence: "Tlie rcmaining fat rnay be uscd.", words: ["rcmaining", "rnay", "uscd"])]))
        ) {
            try writer.variants(for: DraftRequest(excerpt: "Tlie rcmaining fat rnay be uscd.", reading: evidence))
        }
        #expect(PostWritingError(.nothingCleanToQuote(blocked: [.init(sentence: "A b c d.", words: ["b"])])).message.contains("underlined"))
        #expect(throws: PostWritingError(.nothingCleanToQuote())) {
            try writer.variants(for: DraftRequest(excerpt: "Ingredients:\n2 cups stock\n1 large shallot"))
        }
    }

    @Test("Drafts for a recipe, a manual, an essay and a novel open differently")
    func openersFitTheMaterial() throws {
        #expect(ExcerptAnalysis(Self.boston).kind == .recipe)
        #expect(ExcerptAnalysis(Self.manual).kind == .manual)
        #expect(ExcerptAnalysis(Self.essay).kind == .essay)
        #expect(ExcerptAnalysis(Self.novel).kind == .novel)
        var openers: [PageKind: Set<String>] = [:]
        for (kind, text) in [(PageKind.recipe, Self.boston), (.manual, Self.manual), (.essay, Self.essay), (.novel, Self.novel)] {
            for variation in 0..<3 {
                for variant in try writer.variants(for: DraftRequest(excerpt: text, variation: variation)) {
                    openers[kind, default: []].insert(String(variant.text.split(separator: "\n")[0]))
                }
            }
        }
        #expect(openers[.recipe]!.isDisjoint(with: openers[.essay]!), "\(openers[.recipe]!.intersection(openers[.essay]!))")
        #expect(openers[.manual]!.isDisjoint(with: openers[.essay]!))
        #expect(!openers[.manual]!.contains { $0.contains("put a book down") })
    }

    @Test("No draft claims the reader's own experience")
    func noInventedExperience() throws {
        let claims = [
            "I read it", "I've been", "I have been", "for weeks", "for years", "I remember", "when I was", "I was ", "I tried",
            "I recognised", "I recognized", "my kitchen", "my grandmother", "years ago", "I almost", "made me", "stayed with me",
            "I didn't expect", "circling", "put a book down", "Je l’ai relue", "j’ai failli", "me suit depuis",
        ]
        for excerpt in [Self.boston, Self.essay, Self.manual, Self.novel, Self.french] {
            for variation in 0..<6 {
                for variant in try writer.variants(for: DraftRequest(excerpt: excerpt, bookTitle: "A Book", variation: variation)) {
                    for claim in claims { #expect(!variant.text.localizedCaseInsensitiveContains(claim), "\(claim): \(variant.text)") }
                }
            }
        }
    }

    @Test("Counts are right: a word count names the quote's own words; bullets come two or more at a time")
    func countsAreRight() throws {
        let numbers = (0...20).map { EnglishVoice.number($0, capitalized: true) }
        for excerpt in [Self.boston, Self.essay, Self.manual, Self.novel, "The more you go through life, the more you will also grow through life."] {
            for variation in 0..<4 {
                let variants = try writer.variants(for: DraftRequest(excerpt: excerpt, variation: variation))
                let punchy = variants[0].text
                if let line = punchy.components(separatedBy: "\n\n").first(where: { $0.hasSuffix("words. Nothing wasted.") }) {
                    let shown = punchy.components(separatedBy: "\n\n")[1].components(separatedBy: "\n")[0]
                    let quote = String(shown.dropFirst().dropLast())
                    let words = quote.split(whereSeparator: \.isWhitespace).filter { $0.contains { $0.isLetter || $0.isNumber } }.count
                    #expect(line.hasPrefix(numbers[words] + " words"), "\(line) for “\(quote)”")
                }
                let bullets = variants[3].text.components(separatedBy: "\n").filter { $0.hasPrefix("• ") }.count
                #expect(bullets != 1, "\(variants[3].text)")
            }
        }
    }

    @Test("A new variation gives different drafts; the same variation gives the same ones; earlier drafts are not repeated")
    func variationsDiffer() throws {
        let first = try writer.variants(for: DraftRequest(excerpt: Self.boston, variation: 0))
        let again = try writer.variants(for: DraftRequest(excerpt: Self.boston, variation: 0))
        let second = try writer.variants(for: DraftRequest(excerpt: Self.boston, variation: 1, earlier: first.map(\.text)))
        #expect(first.map(\.text) == again.map(\.text))
        #expect(zip(first, second).allSatisfy { $0.text != $1.text }, "every tone changes")
        let earlier = first.map(\.text) + second.map(\.text)
        for tone in Tone.allCases {
            let one = try writer.variants(for: DraftRequest(excerpt: Self.essay, tones: [tone], variation: 1, earlier: earlier))
            #expect(one.count == 1 && one[0].tone == tone && !earlier.contains(one[0].text))
        }
        // A one-sentence text still varies.
        let short = "Simplicity is the ultimate sophistication."
        let a = try writer.variants(for: DraftRequest(excerpt: short, tones: [.punchy], variation: 0))
        let b = try writer.variants(for: DraftRequest(excerpt: short, tones: [.punchy], variation: 1, earlier: a.map(\.text)))
        #expect(a[0].text != b[0].text)
    }

    @Test("Unsure words on lines kept without words: a word missing from the word list counts at half its line's confidence")
    func unsureWords() {
        let line = TextLine(text: "Pour ov gradually the stock.", box: PixelBox(x: 10, y: 20, width: 300, height: 30), confidence: 0.93)
        let evidence = ReadingEvidence(lines: [line], words: WordSet(Self.englishWords))
        let unsure = UnsureWords.unsure(in: "Pour ov gradually the stock.", evidence: evidence)
        #expect(unsure.map(\.text) == ["ov"])
        #expect(unsure[0].line == 0 && unsure[0].utf16Start == 5 && unsure[0].utf16End == 7 && unsure[0].occurrence == 0)
        #expect(UnsureWords.unsure(in: "Pour on gradually the stock.", evidence: evidence).isEmpty, "the typed fix is trusted")
        let weak = ReadingEvidence(lines: [TextLine(text: "Pour on the stock.", box: line.box, confidence: 0.5)], words: WordSet(Self.englishWords))
        #expect(UnsureWords.unsure(in: "Pour on the stock.", evidence: weak).count == 4, "a badly read line is unsure throughout")
        #expect(UnsureWords.tokens(in: "don’t l’eau 12 fry-ing").map(\.text) == ["don’t", "l’eau", "12", "fry", "ing"])
    }

    @Test("Words are judged by the list of the text's own language; typed words are never unsure; table edges are never quoted")
    func languageListsAndStrayMarks() {
        let lists = WordLists(["eng": WordSet(Self.englishWords)])
        let line = TextLine(text: "La plante a besoin de soleil pour vivre.", box: PixelBox(x: 0, y: 0, width: 9, height: 9), confidence: 0.9)
        let french = UnsureWords.unsure(in: line.text, evidence: ReadingEvidence(lines: [line], words: lists))
        #expect(french.isEmpty, "no French list: judged by line confidence alone, not as wrong English")
        let typed = UnsureWords.read("Pour ov the stock.", evidence: ReadingEvidence(words: lists))
        #expect(typed.filter(\.unsure).isEmpty && typed.filter { !$0.known }.map(\.text) == ["ov"])
        let frenchLine = TextLine(
            text: "Sans soleil, elle ne peut pas prendre de I'énergie.", box: PixelBox(x: 0, y: 0, width: 9, height: 9), confidence: 0.9)
        #expect(
            UnsureWords.unsure(
                in: frenchLine.text,
                evidence: ReadingEvidence(
                    lines: [frenchLine],
                    words: WordLists(["fra": WordSet(["sans", "soleil", "elle", "ne", "peut", "pas", "prendre", "de", "énergie"])]))
            ).map(\.text) == ["I'énergie"])
        #expect(ExcerptAnalysis.hasStrayMarks("| After the two minutes, the mode starts."))
        #expect(ExcerptAnalysis.hasStrayMarks("IE At the next beep, move to the bottom teeth."))
        #expect(!ExcerptAnalysis.hasStrayMarks("I think the stock should simmer for an hour."))
        #expect(!ExcerptAnalysis.hasStrayMarks("Use <b>bold</b> for the one word that matters."))
        #expect(!ExcerptAnalysis.isWholeThought(["4", "1", "1", "2", "Syllabification"]))
    }

    static let englishWords = """
        a about above add also always and another are as at be been better but by chicken chickens cook cord could do \
        does drafts easier fat fighting five for from gets give go going grow gradually has have in into is it keep \
        life liquid made make may minutes more never not of off on once or out pan pepper place pour read roasted \
        salt sauce season serve somehow stock strain than the then through to use used was were will with you which \
        butter remaining gravy Gravy
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    @Test func emptyExcerptIsAnError() {
        #expect(throws: AIError(.emptyInput)) { try writer.variants(from: " \n ", bookTitle: nil, author: nil) }
    }

    @Test func readsHeadingsAndMendsHyphens() {
        let analysis = ExcerptAnalysis(Self.boston)
        #expect(analysis.headings == ["Gravy", "Braised Chicken"])
        #expect(analysis.sentences.contains { $0.text.contains("for frying potatoes") })
        #expect(ExcerptAnalysis.join("one-", "half cup") == "one-half cup")
        #expect(analysis.language == .english)
        #expect(ExcerptAnalysis(Self.french).language == .french)
        #expect(analysis.ranked.first?.text.hasPrefix("The remaining fat") == true)
    }

    @Test func displayName() {
        #expect(writer.displayName == "Offline writer")
    }
}
