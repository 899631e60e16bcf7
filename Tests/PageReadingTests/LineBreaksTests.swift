// Which line ends the clean step keeps: a receipt's rows, a listing's lines and a list's items keep theirs; running
// text is reflowed.
import Foundation
import Support
import Testing

@testable import PageReading

@Suite struct LineBreaksTests {
    /// A line of words at `y`, each character 10 px wide and a space one character; a word given with an x starts
    /// there (a tab stop before it).
    static func line(_ words: [(String, Int?)], y: Int, height: Int = 20) -> RecognizedLine {
        var placed: [(text: String, start: Int, end: Int)] = []
        var x = words.first?.1 ?? 0
        for (text, at) in words {
            if let at { x = at }
            placed.append((text, x, x + 10 * text.count))
            x += 10 * text.count + 10
        }
        let left = placed.first!.start, right = placed.last!.end, width = Double(right - left)
        let box = PixelBox(x: left, y: y, width: right - left, height: height)
        let textWords = placed.map {
            TextWord(text: $0.text, start: Double($0.start - left) / width, end: Double($0.end - left) / width, confidence: 0.9)
        }
        return RecognizedLine(text: placed.map(\.text).joined(separator: " "), box: box, confidence: 0.9, words: textWords)
    }

    /// A line of running text from the left margin.
    static func prose(_ text: String, y: Int) -> RecognizedLine {
        line(text.split(separator: " ").enumerated().map { (String($0.element), $0.offset == 0 ? 0 : nil) }, y: y)
    }

    /// The text the clean step makes of `lines`, all in one paragraph.
    static func cleaned(_ lines: [RecognizedLine]) -> String {
        let kept = LineBreaks.kept(lines, rows: lines.indices.map { $0..<($0 + 1) }, paragraphBreaks: lines.indices.map { $0 == 0 })
        return TextCleaner.clean(lines: lines.indices.map { (lines[$0].text, kept[$0] ? .newLine : .wrapped) })
    }

    @Test("Pieces of one printed row join; text standing upright in a margin joins no row, though it runs beside every row")
    func textStandingUprightJoinsNoRow() {
        let total = PixelBox(x: 300, y: 1000, width: 300, height: 40)
        #expect(CleanStep.sharesRow(total, PixelBox(x: 700, y: 1005, width: 120, height: 36)), "a price beside its item")
        #expect(!CleanStep.sharesRow(total, PixelBox(x: 1050, y: 10, width: 120, height: 1500)), "a margin's text running down")
        #expect(!CleanStep.sharesRow(PixelBox(x: 1050, y: 10, width: 120, height: 1500), PixelBox(x: 1200, y: 900, width: 100, height: 30)))
    }

    @Test("Running text is reflowed: each line stops short only where the next line's first word would not have fitted")
    func runningTextIsReflowed() {
        let lines = [
            Self.prose("the cook put the pan on a low fire and", y: 0),
            Self.prose("waited until the butter had melted through", y: 30),
            Self.prose("before the onions went in.", y: 60),
        ]
        // The first line stops 40 px short of the second's end; "waited" (60 px) would not have fitted there.
        #expect(Self.cleaned(lines) == "the cook put the pan on a low fire and waited until the butter had melted through before the onions went in.")
    }

    @Test("A line that stops short although the next word would have fitted ends there: a heading run into its text")
    func aShortLineWhoseNextWordWouldHaveFittedIsKept() {
        let lines = [
            Self.prose("Chicken Fricassee", y: 0),
            Self.prose("Dress and clean the fowl and cut it up into", y: 30),
            Self.prose("pieces, then put them in a kettle with water.", y: 60),
            Self.prose("Cook it slowly until the meat is nearly tender", y: 90),
        ]
        #expect(
            Self.cleaned(lines)
                == "Chicken Fricassee\nDress and clean the fowl and cut it up into pieces, then put them in a kettle with water. Cook it slowly until the meat is nearly tender"
        )
        // A word hyphenated across two rows stays one word, however short its first row.
        let hyphenated = [Self.prose("the exam-", y: 0), Self.prose("ple is long enough to set the column's edge", y: 30)]
        #expect(Self.cleaned(hyphenated) == "the example is long enough to set the column's edge")
    }

    @Test("A receipt's rows keep their ends: items and prices stand a tab stop apart, quantities stop short")
    func aReceiptsRowsAreKept() {
        let lines = [
            Self.line([("HERINGSFILET", 0), ("3,98", 300), ("B", nil)], y: 0),
            Self.line([("2", 20), ("Stk", nil), ("x", nil), ("1,99", nil)], y: 30),
            Self.line([("KARTOFFELN", 0), ("1,69", 300), ("B", nil)], y: 60),
            Self.line([("BIO", 0), ("WEIDEMILCH", nil), ("2,70", 300), ("B", nil)], y: 90),
        ]
        #expect(Self.cleaned(lines) == "HERINGSFILET 3,98 B\n2 Stk x 1,99\nKARTOFFELN 1,69 B\nBIO WEIDEMILCH 2,70 B")
    }

    @Test("Rows that carry on a count keep their ends, long or short: a listing's numbered lines, a list's lettered items")
    func numberedRowsAreKept() {
        let listing = [
            Self.prose("11 // Set background to white", y: 0),
            Self.prose("12 background(255);", y: 30),
            Self.prose("13 ellipseMode(CENTER);", y: 60),
            Self.prose("14 rectMode(CENTER); rect(10,10);", y: 90),
            Self.prose("15 fill(0);", y: 120),
        ]
        #expect(
            Self.cleaned(listing)
                == "11 // Set background to white\n12 background(255);\n13 ellipseMode(CENTER);\n14 rectMode(CENTER); rect(10,10);\n15 fill(0);"
        )
        let exercises = [Self.prose("a) Le chauffeur boit de l'eau du puits.", y: 0), Self.prose("b) La fille offre un cadeau.", y: 30)]
        #expect(Self.cleaned(exercises) == "a) Le chauffeur boit de l'eau du puits.\nb) La fille offre un cadeau.")
        // A number that does not carry on a count is a word of the text.
        let years = [Self.prose("In the winter of the year", y: 0), Self.prose("1911 the river froze over.", y: 30)]
        #expect(Self.cleaned(years) == "In the winter of the year 1911 the river froze over.")
    }

    @Test("Centred rows keep their ends (a shop's name and address); an indented paragraph is no centred block")
    func centredRowsAreKept() {
        let centred = ["Saathimart .com", "Khileshwori Trading Pvt. Ltd.", "Narephat, Kathmandu", "ABBREVIATED TAX INVOICE"]
        let header = centred.enumerated().map { k, text in
            let width = 10 * text.count
            return Self.line(text.split(separator: " ").enumerated().map { (String($0.element), $0.offset == 0 ? 200 - width / 2 : nil) }, y: 30 * k)
        }
        #expect(Self.cleaned(header) == centred.joined(separator: "\n"))
        let indented = [
            Self.line([("When", 40), ("the", nil), ("water", nil), ("boils,", nil), ("add", nil), ("salt", nil), ("and", nil)], y: 0),
            Self.prose("the potatoes, and cook them for twenty", y: 30),
            Self.prose("minutes or until a fork goes in easily.", y: 60),
        ]
        #expect(
            Self.cleaned(indented)
                == "When the water boils, add salt and the potatoes, and cook them for twenty minutes or until a fork goes in easily.")
    }

    @Test("Chinese rows that stop short keep their ends; Chinese running text still runs on with no space")
    func chineseRowsAndRunningText() {
        let slip = [Self.prose("商户名称", y: 0), Self.prose("工行浣纱支行积分", y: 30), Self.prose("检索参考号终端号卡号类别", y: 60)]
        #expect(Self.cleaned(slip) == "商户名称\n工行浣纱支行积分\n检索参考号终端号卡号类别")
        let prose = [Self.prose("我们在河边走了很久才看见", y: 0), Self.prose("那座桥和桥上的灯火然后", y: 30), Self.prose("回家。", y: 60)]
        #expect(Self.cleaned(prose) == "我们在河边走了很久才看见那座桥和桥上的灯火然后回家。")
    }

    @Test("A margin note read on one row with running text is one tab stop in a paragraph: the sentence it cuts runs on")
    func aMarginNotesTabStopDoesNotCutTheSentence() {
        let lines = [
            Self.line(
                [("Visires.", 0), ("El", 200), ("segundo", nil), ("lugar", nil), ("de", nil), ("la", nil), ("jutta,", nil), ("corres", nil)], y: 0),
            Self.line([("pondía", 200), ("en", nil), ("el", nil), ("Estado", nil), ("a", nil), ("los", nil), ("Visires", nil)], y: 30),
            Self.line([("del", 200), ("Príncipe", nil), ("pero,", nil), ("a", nil), ("partir", nil), ("de", nil), ("Abd", nil)], y: 60),
        ]
        #expect(
            Self.cleaned(lines)
                == "Visires. El segundo lugar de la jutta, corres pondía en el Estado a los Visires del Príncipe pero, a partir de Abd")
    }

    @Test("Kept line ends stay single newlines; a dropped stray mark's break carries over; paragraphs stay apart")
    func theCleanerKeepsLineEndsItIsGiven() {
        let lines: [(text: String, join: TextCleaner.LineJoin)] = [
            ("SUMME   EUR 30,82", .wrapped), ("Geg. BAR EUR 35,00", .newLine), ("—", .newLine), ("Rückgeld BAR", .wrapped),
            ("EUR 4,18", .wrapped), ("Danke", .newParagraph),
        ]
        #expect(TextCleaner.clean(lines: lines) == "SUMME EUR 30,82\nGeg. BAR EUR 35,00\nRückgeld BAR EUR 4,18\n\nDanke")
    }

    @Test("The clean step keeps a receipt's rows, its items and prices read apart put back on their rows, no blank between")
    func theCleanStepKeepsAReceiptsRows() async throws {
        var state = PageState(data: Data(), config: ImageProcessor.Config(), languages: ["deu"])
        // Each price stands further right than twelve line heights: measured against the price alone, the next
        // item would look like a jump to another column, and a paragraph of its own.
        state.lines = [
            Self.line([("HERINGSFILET", 0)], y: 0), Self.line([("3,98", 300), ("B", nil)], y: 0),
            Self.line([("2", 20), ("Stk", nil), ("x", nil), ("1,99", nil)], y: 30),
            Self.line([("KARTOFFELN", 0)], y: 60), Self.line([("1,69", 300), ("B", nil)], y: 60),
            Self.line([("BIO", 0), ("WEIDEMILCH", nil)], y: 90), Self.line([("2,70", 300), ("B", nil)], y: 90),
        ]
        try await CleanStep().run(&state, engine: FakeOCREngine())
        #expect(state.text == "HERINGSFILET 3,98 B\n2 Stk x 1,99\nKARTOFFELN 1,69 B\nBIO WEIDEMILCH 2,70 B")
    }

    @Test("A note in the margin read before its row does not make the column's next row a new paragraph")
    func aMarginNoteBeforeItsRowStartsNoParagraph() async throws {
        var state = PageState(data: Data(), config: ImageProcessor.Config(), languages: ["spa"])
        var note = Self.line([("Visires.", 0)], y: 0)
        note.paragraph = 0
        var lines = [
            note, Self.line([("El", 200), ("segundo", nil), ("lugar", nil), ("de", nil), ("la", nil), ("jutta,", nil)], y: 0),
            Self.line([("después", 200), ("del", nil), ("Hachib,", nil), ("el", nil), ("Visir", nil)], y: 30),
        ]
        lines[1].paragraph = 1
        lines[2].paragraph = 1
        state.lines = lines
        try await CleanStep().run(&state, engine: FakeOCREngine())
        #expect(state.text == "Visires. El segundo lugar de la jutta, después del Hachib, el Visir")
    }
}
