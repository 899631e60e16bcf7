// The order step's second opinion: layout analysis's blocks in its order, and the reading that breaks fewer
// sentences at its seams (`LayoutBlocks`, `ReadingCoherence`).
import Foundation
import Imaging
import Support
import Testing
import Words

@testable import PageReading

@Suite struct LayoutOrderTests {
    func line(_ text: String, _ x: Int, _ y: Int, _ w: Int, block: Int = 0) -> RecognizedLine {
        RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: w, height: 30), confidence: 0.9, block: block)
    }

    /// Two columns of three short paragraphs each, as a book sets them: every paragraph's last line ends a sentence,
    /// and the next starts one.
    static let left = [
        "He carried a ladder on his shoulder and", "a small tin of oil in his coat, and he", "greeted every lamp as he climbed.",
        "The children followed him as far as", "the bridge, where their mothers had told", "them to stop before it was dark.",
        "He did not mind the quiet of the far", "bank, where the lamps burned longer", "than any others in the city.",
    ]
    static let right = [
        "In winter the round took him nearly", "three hours, and the wind from the sea", "put the flames out as he lit them.",
        "Still he went on through the snow and", "the rain, year after year, without a", "word of complaint to anybody.",
        "When he retired the council gave him", "a silver watch and a lamp of his own,", "which he lit each evening at dusk.",
    ]
    static let english = WordSet(["the", "in", "still", "when", "he", "a", "and", "of"])

    /// The two columns' lines, the left at x 100, the right at `rightX`, a row every 40 px; the blocks are the columns.
    func columns(rightX: Int = 720) -> [RecognizedLine] {
        Self.left.enumerated().map { line($1, 100, 100 + 40 * $0, 600, block: 0) }
            + Self.right.enumerated().map { line($1, rightX, 100 + 40 * $0, 600, block: 1) }
    }

    func interleaved(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        (0..<9).flatMap { [lines[$0], lines[9 + $0]] }
    }

    @Test("Two columns read a line of each in turn break a sentence at many seams; read one after the other, at none")
    func interleavedColumnsBreakSentences() {
        let coherence = ReadingCoherence(words: [Self.english])
        let lines = columns()
        #expect(coherence.breaks(lines) == 0)
        let threaded = coherence.breaks(interleaved(lines))
        #expect(threaded >= 6, "\(threaded)")
        #expect(coherence.prefersLayout(ours: interleaved(lines), layout: lines))
        #expect(!coherence.prefersLayout(ours: lines, layout: interleaved(lines)))
    }

    @Test("Each kind of seam: a sentence's end before a small letter, a hyphen before a capital, a capital that is no name")
    func theSeamsThatBreakASentence() {
        let coherence = ReadingCoherence(words: [Self.english, WordSet(["Rose"])])
        #expect(coherence.breaksSentence("and so the day ended.", "slowly the lamps"))
        #expect(!coherence.breaksSentence("and so the day ended.", "Slowly the lamps"))
        #expect(!coherence.breaksSentence("as the author says, e.g.", "in his notes"), "an abbreviation is no sentence's end")
        #expect(coherence.breaksSentence("the lamps of the up-", "Town were lit"))
        #expect(!coherence.breaksSentence("the lamps of the up-", "per town were lit"))
        #expect(coherence.breaksSentence("he walked along the", "The river was high"))
        #expect(!coherence.breaksSentence("he walked along with", "Rose and her brother"), "a name stays a name")
        #expect(!coherence.breaksSentence("he walked along the", "river, which was high"))
        #expect(!ReadingCoherence().breaksSentence("he walked along the", "The river was high"), "no word lists: no capital rule")
    }

    @Test("Rows of a receipt are no running text, and a block moved elsewhere changes too few seams: our order stays")
    func fewSeamsKeepOurOrder() {
        let coherence = ReadingCoherence(words: [Self.english])
        let receipt = ["MILK 1L", "1.19", "BREAD", "2.49", "TOTAL", "3.68"].enumerated().map {
            line($1, 100 + 300 * ($0 % 2), 100 + 40 * ($0 / 2), 200)
        }
        #expect(!coherence.prefersLayout(ours: receipt, layout: receipt.sorted { $0.box.x < $1.box.x }))
        let lines = columns()
        let moved = Array(lines[3...8]) + Array(lines[0...2]) + Array(lines[9...])
        #expect(!coherence.prefersLayout(ours: lines, layout: moved))
    }

    @Test("A page read in two halves: each column's halves are joined again, and the blocks are read column by column")
    func blocksCutByTheSplitAreJoined() {
        // Upper half: left column block 0, right column block 1; lower half (cut at y 280): blocks 2 and 3.
        let lines = columns().map { l -> RecognizedLine in
            var l = l
            if l.box.y >= 280 { l.block += 2 }
            return l
        }
        let upperFirst = lines.filter { $0.block < 2 } + lines.filter { $0.block >= 2 }
        let layout = LayoutBlocks(lines: upperFirst, lowerFrom: 2)
        #expect(layout.boxes.count == 2)
        let ordered = layout.order(interleaved(columns()), rows: LineOrderer(yTolerance: 12).rows)
        #expect(ordered.map(\.text) == Self.left + Self.right)
        // Without the cut's number nothing is joined: four blocks, upper halves first.
        #expect(LayoutBlocks(lines: upperFirst).boxes.count == 4)
    }

    @Test("A line in no block keeps its place after the line it followed")
    func aLineInNoBlockFollowsItsNeighbour() {
        let layout = LayoutBlocks(boxes: [PixelBox(x: 90, y: 90, width: 620, height: 380), PixelBox(x: 710, y: 90, width: 620, height: 380)])
        var ours = interleaved(columns())
        ours.insert(line("a note found apart", 100, 900, 300), at: 1)
        let ordered = layout.order(ours, rows: LineOrderer(yTolerance: 12).rows)
        #expect(ordered.count == ours.count)
        #expect(ordered.firstIndex { $0.text == "a note found apart" } == 1, "after the first line, as in ours")
    }

    @Test("The order step keeps layout analysis's blocks where our gutter finder cannot see the columns")
    func theOrderStepTakesTheLayoutWhereItReadsBetter() async throws {
        // The columns stand 6 px apart: less than a third of a line, no gutter for our finder, so ours reads rows.
        let lines = columns(rightX: 706)
        var state = PageState(data: Data(), config: ImageProcessor.Config(), languages: ["eng"])
        state.words = [Self.english]
        state.lines = lines.shuffled()
        var plain = state
        try await OrderStep().run(&plain, engine: FakeOCREngine())
        #expect(plain.lines.map(\.text) == interleaved(lines).map(\.text), "without the layout: rows")
        state.layout = LayoutBlocks(lines: lines)
        try await OrderStep().run(&state, engine: FakeOCREngine())
        #expect(state.lines.map(\.text) == Self.left + Self.right)
    }
}
