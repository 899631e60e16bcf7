// Work not spent: a spine read plainly top to bottom is not read the other ways, a spine whose book is known and
// that says nothing else gets no second look, nor does one where no real word was read; ASCII words are found
// without Unicode folding, with the same result.
import Foundation
import Imaging
import PageReading
import Support
import Synchronization
import Testing

@testable import Shelves

@Suite struct ReadingWorkTests {
    let outline = SpineOutline(corners: [.init(x: 0, y: 0), .init(x: 30, y: 0), .init(x: 30, y: 200), .init(x: 0, y: 200)], row: 0)

    func reader(_ engine: TurnAwareEngine) -> SpineReader {
        SpineReader(engine: engine, finder: MarkedCutFinder(), lexicon: ["brave", "new", "world", "huxley", "aldous"])
    }

    @Test func aSpinePlainlyReadTopToBottomIsNotReadTheOtherWays() async throws {
        let engine = TurnAwareEngine(lines: [3: [("BRAVE NEW WORLD", 0.9), ("ALDOUS HUXLEY", 0.85)]])
        let readings = try await reader(engine).read([outline], in: GrayImage(width: 40, height: 220, bytes: .init(repeating: 0, count: 8800))) {
            _ in true
        }
        #expect(readings.first?.lines == ["BRAVE NEW WORLD", "ALDOUS HUXLEY"])
        #expect(engine.turnsRead == [3], "no bottom-to-top, no upright reading, no second look for a settled spine")
    }

    @Test func aSpineReadBottomToTopIsReadBothWaysAndLookedAtAgain() async throws {
        let engine = TurnAwareEngine(lines: [3: [("dlrow wen evarb", 0.3)], 1: [("BRAVE NEW WORLD", 0.9)]])
        let readings = try await reader(engine).read([outline], in: GrayImage(width: 40, height: 220, bytes: .init(repeating: 0, count: 8800)))
        #expect(readings.first?.quarterTurns == 1)
        #expect(readings.first?.lines == ["BRAVE NEW WORLD"])
        #expect(engine.turnsRead.sorted() == [0, 1, 1, 3], "both ways, upright (the spine is wide enough), and a second look at 1")
    }

    @Test func aSpineWithNoRealWordGetsNoSecondLook() async throws {
        let engine = TurnAwareEngine(lines: [3: [("xq zzv", 0.5)], 1: [("vzz qx", 0.5)]])
        _ = try await reader(engine).read([outline], in: GrayImage(width: 40, height: 220, bytes: .init(repeating: 0, count: 8800)))
        #expect(engine.turnsRead.sorted() == [0, 1, 3])
    }

    @Test func twoMergedSpinesAreNotSettledByTheirFirstBook() {
        let catalog = ShelfFixtures.smallCatalog([
            ("This Side of Paradise", "F. Scott Fitzgerald", ["classics": 1], 3.7, 50_000),
            ("Where the Red Fern Grows", "Wilson Rawls", ["children": 1], 4.1, 300_000),
        ])
        let analyser = ShelfAnalyser(engine: TurnAwareEngine(lines: [:]), catalog: catalog)
        func reading(_ lines: [String]) -> SpineReading { SpineReading(index: 0, outline: outline, lines: lines, confidence: 0.8, quarterTurns: 3) }
        #expect(analyser.isSettled(reading(["THIS SIDE OF PARADISE", "FITZGERALD"])))
        #expect(!analyser.isSettled(reading(["FITZGERALD tris SIDE OF PARADISE", "WILSON RAWLS"])))
        #expect(!analyser.isSettled(reading(["nothing here"])))
    }

    @Test func asciiWordsAreTheSameWithoutUnicodeFolding() {
        for text in ["Thinking, Fast and Slow", "O'REILLY Fluent-Python 2nd ed.", "  ", "Catch-22 / HELLER", "a1b2 C3D4!!e"] {
            // A trailing no-break space sends the same text down the Unicode path.
            #expect(ShelfText.tokens(text) == ShelfText.tokens(text + "\u{00A0}"), "\(text)")
        }
        #expect(ShelfText.tokens("Thinking, Fast and Slow") == ["thinking", "fast", "and", "slow"])
        #expect(ShelfText.tokens("Cien años de soledad") == ["cien", "anos", "de", "soledad"])
    }
}

/// Cuts a spine as a tall image marked at its top-left pixel, so the engine can tell how it was turned.
struct MarkedCutFinder: SpineFinding {
    func findSpines(in photo: GrayImage) throws(ShelfError) -> [SpineOutline] { [] }
    func cut(_ spine: SpineOutline, from photo: GrayImage, width: Int, height: Int) throws(ShelfError) -> GrayImage {
        var bytes = [UInt8](repeating: 0, count: width * height)
        bytes[0] = 255
        return GrayImage(width: width, height: height, bytes: bytes)
    }
}

/// Answers by the turn the marked cut arrives in, and records the turns it was asked to read.
final class TurnAwareEngine: OCREngine {
    let lines: [Int: [(String, Double)]]
    private let seen = Mutex<[Int]>([])
    init(lines: [Int: [(String, Double)]]) { self.lines = lines }
    var defaultLanguages: [String] { ["eng"] }
    var turnsRead: [Int] { seen.withLock { $0 } }

    func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
        let w = image.width, h = image.height
        let turns: Int
        if image.bytes[0] == 255 {
            turns = 0
        } else if image.bytes[w - 1] == 255 {
            turns = 1
        } else if image.bytes[(h - 1) * w] == 255 {
            turns = 3
        } else {
            turns = 2
        }
        seen.withLock { $0.append(turns) }
        let found = (lines[turns] ?? []).map { RecognizedLine(text: $0.0, box: PixelBox(x: 0, y: 0, width: w, height: 10), confidence: $0.1) }
        return RecognitionResult(lines: found, meanConfidence: found.first?.confidence ?? 0)
    }

    func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? { nil }
}
