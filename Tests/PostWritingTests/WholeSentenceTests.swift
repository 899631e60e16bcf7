// The offline writer on pages as the camera reads them: fragments, debris, headings that end in ":", brackets left
// open, figures; only whole sentences are quoted, spread over the drafts, and only real words become topics.
import Foundation
import Support
import Testing
import Words

@testable import AIClient
@testable import PostWriting

@Suite("Whole sentences")
struct WholeSentenceTests {
    let writer = OfflineWriter()

    /// Lines as a camera reading gives them: each word sure unless named in `doubtful` (word → (confidence, rival)).
    static func reading(_ lines: [String], doubtful: [String: (Double, Double)] = [:], lineConfidence: Double = 0.93) -> [TextLine] {
        lines.enumerated().map { index, text in
            let parts = text.split(separator: " ").map(String.init)
            let words = parts.enumerated().map { i, word in
                let (confidence, rival) = doubtful[word.trimmingCharacters(in: .punctuationCharacters)] ?? (0.95, 0.05)
                return TextWord(
                    text: word, start: Double(i) / Double(parts.count), end: Double(i + 1) / Double(parts.count) - 0.01, confidence: confidence,
                    rival: rival)
            }
            return TextLine(text: text, box: PixelBox(x: 40, y: 60 * index, width: 900, height: 40), confidence: lineConfidence, words: words)
        }
    }

    /// The page of a cookbook with a figure, debris read from it, a heading ending in ":", a list and an open bracket.
    static let pageLines = [
        "Kitchen basics",
        "This time is used for:",
        "- chopping the onions",
        "- warming the pan",
        "eee animation figure eee",
        "Figure 3 eee figure",
        "Good cooks taste as they go, and they season a little at a time.",
        "The oven must be hot before the bread goes in.",
        "For the fish (guideline only, two fillets",
        "I large shallot",
        "A sauce that waits too long loses its shine.",
        "eee ~ animation II1 eee",
        "Salt draws the water out of the onions, so add it early.",
        "Nobody remembers a dish that was cooked in a hurry.",
    ]

    static let words = WordSet(
        """
        a add and animation basics before bread cooked cooks dish draws early fillets figure fish for go goes good guideline \
        hot hurry in it its kitchen large little loses must nobody of oven onions only out pan remembers salt sauce season \
        shallot shine so taste that the they this time to too two used waits warming was water chopping at as remember dish
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    static func quotes(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "“"), let close = rest[open...].firstIndex(of: "”") {
            found.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test("No draft quotes a fragment, a heading, a list item, an open bracket or debris, nor names debris as a topic")
    func onlyWholeSentencesAndRealTopics() throws {
        let text = Self.pageLines.joined(separator: "\n")
        let evidence = ReadingEvidence(
            lines: Self.reading(Self.pageLines, doubtful: ["eee": (0.41, 0.3), "II1": (0.3, 0.5), "~": (0.2, 0)]), words: Self.words,
            cameraText: text)
        let whole = [
            "Good cooks taste as they go, and they season a little at a time.", "The oven must be hot before the bread goes in.",
            "A sauce that waits too long loses its shine.", "Salt draws the water out of the onions, so add it early.",
            "Nobody remembers a dish that was cooked in a hurry.",
        ]
        for variation in 0..<6 {
            let variants = try writer.variants(for: DraftRequest(excerpt: text, variation: variation, reading: evidence))
            for variant in variants {
                // A quote of the page is a sentence; a single word in quotes is a topic, checked below.
                for quote in Self.quotes(variant.text) where quote.contains(" ") {
                    #expect(whole.contains(quote), "\(variant.tone) quotes a fragment: “\(quote)”")
                }
                for debris in ["eee", "animation", "figure", "II1", "used for", "guideline", "shallot"] {
                    #expect(!variant.text.lowercased().contains(debris.lowercased()), "\(variant.tone) names “\(debris)”: \(variant.text)")
                }
            }
        }
    }

    @Test("Five drafts of a page with five good sentences quote at least three different ones")
    func draftsSpreadOverTheSentences() throws {
        let text = Self.pageLines.joined(separator: "\n")
        let evidence = ReadingEvidence(lines: Self.reading(Self.pageLines, doubtful: ["eee": (0.41, 0.3)]), words: Self.words, cameraText: text)
        for variation in 0..<4 {
            let variants = try writer.variants(for: DraftRequest(excerpt: text, variation: variation, reading: evidence))
            let quoted = Set(variants.flatMap { Self.quotes($0.text) })
            #expect(quoted.count >= 3, "variation \(variation): \(quoted)")
        }
        let essay = OfflineWriterTests.essay
        let quoted = Set(try writer.variants(for: DraftRequest(excerpt: essay)).flatMap { Self.quotes($0.text) })
        #expect(quoted.count >= 3, "\(quoted)")
    }

    @Test("The sentence rules: whole sentences pass; fragments say what is wrong with them")
    func sentenceRules() {
        func flaw(_ text: String, alone: Bool = false, _ language: ExcerptAnalysis.Language = .english) -> SentenceRules.Flaw? {
            SentenceRules.flaw(text, words: ExcerptAnalysis.words(in: text), language: language, standsAlone: alone)
        }
        #expect(flaw("The oven must be hot before the bread goes in.") == nil)
        #expect(flaw("Pour off the liquid in the pan.") == nil, "an imperative is a sentence")
        #expect(flaw("Ce temps est utilisé pour :", .french) == .endsOpen)
        #expect(flaw("This time is used for:") == .endsOpen)
        #expect(flaw("and the bread goes in at last.") == .startsMidSentence)
        #expect(flaw("For the fish (guideline only, two fillets for smaller fish.") == .unbalanced)
        #expect(flaw("The big old copper pan on the stove.") == .noVerb)
        #expect(flaw("I large shallot") == .tooShort)
        #expect(flaw("Simplicity is the ultimate sophistication", alone: true) == nil, "a line typed alone needs no full stop")
        #expect(flaw("Simplicity is the ultimate sophistication") == .endsOpen)
        #expect(flaw("Les Grecs ont inventé la démocratie.", .french) == nil)
        #expect(flaw("“You are late,” said Martha, without looking up.") == nil)
        #expect(flaw("“You are late, said Martha, without looking up.") == .unbalanced)
    }

    @Test("A tag typed into the text (“<b>Good</b>”) never blocks the other sentences, on Results or from the command line")
    func typedMarkupBlocksNothing() throws {
        let typed = "Slow braising teaches patience; the fowl cannot be hurried. <b>Good</b> cooks always wait for the pot."
        let camera = "Slow braising teaches patience; the fowl cannot be hurried. Good cooks always wait for the pot."
        let lines = Self.reading(["Slow braising teaches patience; the fowl cannot be hurried.", "Good cooks always wait for the pot."])
        let words = WordSet(
            "slow braising teaches patience the fowl cannot be hurried good cooks always wait for pot".split(separator: " ").map(String.init))
        for evidence in [ReadingEvidence(lines: lines, words: words, cameraText: camera), ReadingEvidence(words: words)] {
            let variants = try writer.variants(for: DraftRequest(excerpt: typed, reading: evidence))
            #expect(variants.count == 5)
            #expect(variants.allSatisfy { !Self.quotes($0.text).isEmpty })
            #expect(UnsureWords.unsure(in: typed, evidence: evidence).isEmpty, "typed tags are the person's, never misreads")
        }
    }

    @Test("A refusal names the words that block each sentence")
    func refusalNamesTheBlockers() {
        let lines = ["Tlie remaining fat may be used for frying.", "Pour the stock in slowly and wait."]
        let text = lines.joined(separator: "\n")
        let evidence = ReadingEvidence(
            lines: Self.reading(lines, doubtful: ["Tlie": (0.52, 0.4), "slowly": (0.9, 0.81)]), words: Self.words, cameraText: text)
        do {
            _ = try writer.variants(for: DraftRequest(excerpt: text, reading: evidence))
            Issue.record("a page whose every sentence holds an unsure word was quoted")
        } catch let error as PostWritingError {
            guard case .nothingCleanToQuote(let blocked) = error.kind else { return }
            #expect(blocked.map(\.words) == [["Tlie"], ["slowly"]])
            #expect(error.message.english.contains("“Tlie” (“Tlie remaining fat may be used for frying.”)"), "\(error.message.english)")
            #expect(error.message.english.contains("“slowly”"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        // Once the person retypes the word, the sentence is theirs to quote.
        let fixed = text.replacingOccurrences(of: "Tlie", with: "The")
        #expect((try? writer.variants(for: DraftRequest(excerpt: fixed, reading: evidence)))?.count == 5)
    }
}

@Suite("Unsure words from word confidences")
struct WordConfidenceTests {
    static let list = WordSet("add the flour and stir it in slowly pour on hot stock".split(separator: " ").map(String.init))

    @Test("A dictionary word with a close runner-up is unsure; a surely read line is not flagged as a whole")
    func closeSecondReadings() {
        let text = "Add the Hour and stir it in slowly."
        let evidence = ReadingEvidence(
            lines: WholeSentenceTests.reading([text], doubtful: ["Hour": (0.88, 0.74)], lineConfidence: 0.55), words: Self.list, cameraText: text)
        let unsure = UnsureWords.unsure(in: text, evidence: evidence)
        #expect(unsure.map(\.text) == ["Hour"], "only the word nearly read as another, though its line scored 0.55")
        #expect(unsure[0].line == 0 && unsure[0].span != nil)
        let weak = ReadingEvidence(lines: WholeSentenceTests.reading([text], doubtful: ["slowly": (0.42, 0)]), words: Self.list, cameraText: text)
        #expect(UnsureWords.unsure(in: text, evidence: weak).map(\.text) == ["slowly"], "a word the engine was not confident of")
    }

    @Test("Each word of the text is judged by its own letters: an unsure bracket leaves the words around it sure")
    func piecesOfAPunctuatedWord() {
        let text = "Call rect(100,70); then stop."
        var lines = WholeSentenceTests.reading([text])
        // The engine's word "rect(100,70);" scored 0.36 for its bracket; its pieces were read surely but for the 70.
        lines[0].words![1].confidence = 0.36
        lines[0].words![1].parts = [
            WordPart(text: "rect", confidence: 0.97, rival: 0), WordPart(text: "100", confidence: 0.95, rival: 0.1),
            WordPart(text: "70", confidence: 0.45, rival: 0),
        ]
        let evidence = ReadingEvidence(lines: lines, words: Self.list, cameraText: text)
        #expect(UnsureWords.unsure(in: text, evidence: evidence).map(\.text) == ["70"])
        // Pieces that no longer spell the word (it was mended after reading) leave the word judged as a whole.
        lines[0].words![1].parts![0].text = "rest"
        let mended = ReadingEvidence(lines: lines, words: Self.list, cameraText: text)
        #expect(UnsureWords.unsure(in: text, evidence: mended).map(\.text) == ["rect", "100", "70"])
    }

    @Test("A long dictionary word needs a close runner-up to be unsure; a word no list knows needs a sure reading")
    func kindsOfWords() {
        // The engine's dictionary vouches for a long word: a runner-up well below its confidence is no doubt.
        #expect(!UnsureWords.isDoubtful("stock", confidence: 0.92, rival: 0.62, inDictionary: true, listKnows: true))
        #expect(UnsureWords.isDoubtful("Hour", confidence: 0.88, rival: 0.74, inDictionary: true, listKnows: true))
        #expect(UnsureWords.isDoubtful("stock", confidence: 0.45, rival: 0, inDictionary: true, listKnows: true))
        // A short word, or one outside the engine's dictionary, is doubted at a runner-up further below.
        #expect(UnsureWords.isDoubtful("it", confidence: 0.92, rival: 0.62, inDictionary: true, listKnows: true))
        #expect(UnsureWords.isDoubtful("stock", confidence: 0.6, rival: 0, inDictionary: false, listKnows: true))
        #expect(!UnsureWords.isDoubtful("stock", confidence: 0.8, rival: 0.2, inDictionary: false, listKnows: true))
        // Neither the language's list nor the engine knows it: unsure unless read surely.
        #expect(UnsureWords.isDoubtful("plicaba", confidence: 0.85, rival: 0, inDictionary: false, listKnows: false))
        #expect(!UnsureWords.isDoubtful("plicaba", confidence: 0.95, rival: 0, inDictionary: false, listKnows: false))
        // A language without a list is judged by the engine alone.
        #expect(!UnsureWords.isDoubtful("plicaba", confidence: 0.85, rival: 0, inDictionary: false, listKnows: nil))
    }

    @Test("A word the page reads surely elsewhere is not unsure; a lone letter, or a word doubted everywhere, still is")
    func wordsThePageVouchesFor() {
        let camera = "Stir in the stock. Pour the flour in. Add a little stock, then a little more."
        var lines = WholeSentenceTests.reading(["Stir in the stock.", "Pour the flour in.", "Add a little stock, then a little more."])
        // "the" on the first line nearly read as another word; read surely on the second.
        lines[0].words![2].confidence = 0.88
        lines[0].words![2].rival = 0.75
        // The first "a" read poorly, the second surely: one letter is no evidence for another.
        lines[2].words![1].confidence = 0.4
        let evidence = ReadingEvidence(lines: lines, words: Self.list, cameraText: camera)
        #expect(UnsureWords.unsure(in: camera, evidence: evidence).map(\.text) == ["a"])
        #expect(UnsureWords.isDoubtful("the", confidence: 0.88, rival: 0.75, inDictionary: false, listKnows: true), "alone, it would be")
        // Doubted on both lines: nothing vouches for it.
        lines[1].words![1].confidence = 0.88
        lines[1].words![1].rival = 0.75
        let both = ReadingEvidence(lines: lines, words: Self.list, cameraText: camera)
        #expect(UnsureWords.unsure(in: camera, evidence: both).map(\.text) == ["the", "the", "a"])
    }

    @Test("A word no list knows, one letter away from a word the page holds more often and surely, is unsure however sure")
    func nearTwinsOfAWordThePageHolds() {
        let camera = "Make a BingoCard for each player. Each BingoCard has a grid. Print the BingoCara now."
        let lines = WholeSentenceTests.reading([camera])
        let evidence = ReadingEvidence(lines: lines, words: Self.list, cameraText: camera)
        #expect(UnsureWords.unsure(in: camera, evidence: evidence).map(\.text) == ["BingoCara"])
        // As often one way as the other: nothing says which is the misread.
        let even = "Print the BingoCara and the BingoCard."
        let evenLines = WholeSentenceTests.reading([even])
        #expect(UnsureWords.unsure(in: even, evidence: ReadingEvidence(lines: evenLines, words: Self.list, cameraText: even)).isEmpty)
        // Without a word list for the language, nothing is judged this way.
        #expect(UnsureWords.unsure(in: camera, evidence: ReadingEvidence(lines: lines, words: nil, cameraText: camera)).isEmpty)
        #expect(editDistance(Array("BingoCara"), Array("BingoCard"), limit: 1) == 1)
        #expect(editDistance(Array("Bingoard"), Array("BingoCard"), limit: 1) == 1)
        #expect(editDistance(Array("SingeCard"), Array("BingoCard"), limit: 1) != 1)
        #expect(editDistance(Array("BingoCard"), Array("BingoCard"), limit: 1) != 1)
    }

    @Test("Only words from the camera can be unsure: a typed, changed or confirmed word is the person's")
    func onlyCameraWords() {
        let camera = "Add the Hour and stir it in slowly."
        let lines = WholeSentenceTests.reading([camera], doubtful: ["Hour": (0.5, 0.74), "slowly": (0.5, 0)])
        let evidence = ReadingEvidence(lines: lines, words: Self.list, cameraText: camera)
        #expect(UnsureWords.unsure(in: camera, evidence: evidence).map(\.text) == ["Hour", "slowly"])
        // Changed by the person: "flour" is typed; a word they added (<br>) too.
        let edited = "Add the flour <br> and stir it in slowly."
        let read = UnsureWords.read(edited, evidence: evidence)
        #expect(read.filter(\.unsure).map(\.text) == ["slowly"])
        #expect(read.first { $0.text == "flour" }?.fromCamera == false)
        #expect(read.first { $0.text == "br" }?.fromCamera == false)
        // Confirmed as read (retyped as it was): its index among the camera's words is remembered.
        let index = UnsureWords.read(camera, evidence: evidence).first { $0.text == "slowly" }!.cameraIndex!
        var confirmed = evidence
        confirmed.confirmed = [index]
        #expect(UnsureWords.unsure(in: edited, evidence: confirmed).isEmpty)
    }

    @Test("Words joined after reading (a hyphen at a line end) take the weaker reading of their parts")
    func mendedWordsKeepTheirDoubt() {
        let lines = WholeSentenceTests.reading(["Pour on the hot stock, stir-", "ring it in slowly."], doubtful: ["ring": (0.45, 0.2)])
        let camera = "Pour on the hot stock, stirring it in slowly."
        let read = UnsureWords.read(camera, evidence: ReadingEvidence(lines: lines, words: Self.list, cameraText: camera))
        let stirring = read.first { $0.text == "stirring" }
        #expect(stirring?.unsure == true && stirring?.line == 1)
    }

    @Test("The aligner pairs equal words in order, also across long texts with a block taken out")
    func alignment() {
        #expect(TokenAlignment.pairs(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"]).map { [$0.0, $0.1] } == [[0, 0], [2, 2], [3, 3]])
        let long = (0..<3000).map { "w\($0 % 700)" }
        let cut = Array(long[..<1000] + long[2000...])
        let pairs = TokenAlignment.pairs(cut, long)
        #expect(pairs.count == 2000)
        #expect(pairs.allSatisfy { cut[$0.0] == long[$0.1] })
        #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
    }
}

@Suite("Phrase tables")
struct PhraseTableTests {
    /// Six made-up essays on different subjects, four sentences each.
    static let essays: [String] = [
        (
            "gardens", "soil",
            "Gardens teach patience to anyone who waits for them. The soil remembers every season of care. A garden repays attention slowly. Soil that is fed stays alive for years."
        ),
        (
            "bridges", "steel",
            "Bridges carry more than traffic across a river. The steel in them is checked every spring. A bridge that is watched lasts a century. Steel tells the engineer where it is tired."
        ),
        (
            "letters", "paper",
            "Letters slow a conversation down in a good way. The paper holds what a screen forgets. A letter is read more than once. Paper keeps the shape of the hand that wrote it."
        ),
        (
            "harbours", "tides",
            "Harbours are built around the habits of the sea. The tides decide when the boats may leave. A harbour master reads the water every morning. Tides are patient, and they always come back."
        ),
        (
            "orchards", "apples",
            "Orchards are planted by people who will not see them full. The apples come years after the first pruning. An orchard is a promise to strangers. Apples from old trees taste of the years."
        ),
        (
            "libraries", "readers",
            "Libraries keep the quiet that a town needs. The readers come for books and stay for the calm. A library lends more than paper. Readers who are welcomed come back."
        ),
    ].map { $0.2 }

    /// A draft's own lines: paragraphs with the page's quotes (sentences) taken out.
    static func ownLines(_ text: String) -> [String] {
        text.components(separatedBy: "\n").map {
            $0.replacingOccurrences(of: #"“[^”]* [^”]*”"#, with: "“…”", options: .regularExpression)
        }.filter { $0.split(separator: " ").count >= 3 && !$0.hasPrefix("—") }
    }

    @Test("Drafts of different pages rarely share a line of the writer's own")
    func differentPagesRarelyShareALine() throws {
        var owners: [String: Set<Int>] = [:]
        var written = 0
        for (page, text) in Self.essays.enumerated() {
            for variant in try OfflineWriter().variants(for: DraftRequest(excerpt: text)) {
                for line in Self.ownLines(variant.text) {
                    owners[line, default: []].insert(page)
                    written += 1
                }
            }
        }
        let shared = owners.filter { $0.value.count > 1 }
        let sharedWritten = shared.values.reduce(0) { $0 + $1.count }
        #expect(Double(sharedWritten) <= 0.5 * Double(written), "\(sharedWritten) of \(written) lines shared: \(shared.keys.sorted())")
        #expect(!shared.values.contains { $0.count == Self.essays.count }, "a line in every page's drafts")
    }

    @Test("Every language has a first line for each page kind and tone, and the closing questions the drafts end on")
    func tablesAreComplete() throws {
        for bank in [PhraseBank.english, PhraseBank.french] {
            for kind in PageKind.allCases {
                for tone in Tone.allCases {
                    #expect(!bank.options(.hook, tone: tone, kind: kind).isEmpty, "\(kind) \(tone) has no first line")
                }
                for slot in [PhraseBank.Slot.question] {
                    for tone in Tone.allCases where tone != .analytical {
                        #expect(!bank.options(slot, tone: tone, kind: kind).isEmpty, "\(kind) \(tone) \(slot)")
                    }
                }
            }
        }
    }
}
