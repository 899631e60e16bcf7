// Naming a book from its spine's own lines: the title run, the author beside it or on its own line, the publisher's
// mark at the foot, and what is not named (noise, a name alone).
import Foundation
import Imaging
import PageReading
import Support
import Testing

@testable import Shelves

@Suite struct SpineNamerTests {
    /// The analyser's namer over the shipped catalog's authors and the system word lists.
    static let namer: SpineNamer? = ShelfFixtures.catalog.map { ShelfAnalyser(engine: NamerNoEngine(), catalog: $0).namer }

    func name(_ lines: [(String, Double, Double)], turns: Int = 3) throws -> SpineName? {
        let namer = try #require(Self.namer, "the catalog must be shipped in the Shelves resource bundle")
        return namer.name(lines.map { SpineLine(text: $0.0, size: $0.1, from: $0.2, to: min(1, $0.2 + 0.5), confidence: 0.9) }, quarterTurns: turns)
    }

    @Test func aLargeTitleAndASmallSurnameAtTheFoot() throws {
        let n = try #require(try name([("THE QUIET HARBOUR KEEPER", 0.5, 0.05), ("WHITCOMBE", 0.2, 0.8)]))
        #expect(n.title == "The Quiet Harbour Keeper")
        #expect(n.author == "Whitcombe")
        #expect(n.confidence > 0.6 && n.confidence <= 0.9)
    }

    @Test func theAuthorSetAtTheEndOfTheTitlesLine() throws {
        let n = try #require(try name([("Wonder Road Martha Quill", 0.4, 0.1)]))
        #expect(n.title == "Wonder Road" && n.author == "Martha Quill")
        let caps = try #require(try name([("| THE SILENT ORCHARD DANIEL KAHNEMAN =", 0.4, 0.1)]))
        #expect(caps.title == "The Silent Orchard" && caps.author == "Daniel Kahneman")
    }

    @Test func thePublishersMarkAndTheEditionAreNotTheTitle() throws {
        let n = try #require(
            try name([("PENGUIN CLASSICS", 0.2, 0.85), ("Lanterns of the Northern Meadow", 0.45, 0.1), ("Second Edition", 0.2, 0.7)]))
        #expect(n.title == "Lanterns of the Northern Meadow")
        #expect(!n.title.contains("Penguin") && !n.title.contains("Edition"))
    }

    @Test func aTitleSetOnTwoLinesIsOneTitle() throws {
        let n = try #require(try name([("HOW TO MEND A", 0.4, 0.1), ("BROKEN LANTERN", 0.4, 0.1), ("HARTLEY", 0.2, 0.85)]))
        #expect(n.title == "How to Mend a Broken Lantern")
        let joined = try #require(try name([("THE SILENT ORCHARD", 0.4, 0.1), ("IN WINTER", 0.4, 0.1)]))
        #expect(joined.title == "The Silent Orchard in Winter")
    }

    @Test func noiseANameAloneOrOneBareWordIsNotNamed() throws {
        #expect(try name([("ee | ‘ oe — ae Scilabaillihiseliji", 0.4, 0.1)]) == nil)
        #expect(try name([("MARK TWAIN", 0.4, 0.1)]) == nil)
        #expect(try name([("REFACTORING", 0.5, 0.1)]) == nil)
        #expect(try name([("W rer OY mon", 0.5, 0.1)]) == nil)
    }

    @Test func wordsStackedAcrossAnUprightSpineReadAsOneLine() throws {
        let lines = ["RULES", "FOR", "LIVING", "WELL"].enumerated().map { i, t in
            SpineLine(text: t, size: 0.3, from: 0.1 + Double(i) * 0.1, to: 0.15 + Double(i) * 0.1, confidence: 0.9, across: true)
        }
        let namer = try #require(Self.namer)
        #expect(namer.name(lines, quarterTurns: 0)?.title == "Rules for Living Well")
    }
}

/// Naming never reads pixels.
private struct NamerNoEngine: OCREngine {
    var defaultLanguages: [String] { ["eng"] }
    func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
        RecognitionResult(lines: [], meanConfidence: 0)
    }
    func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? { nil }
}
