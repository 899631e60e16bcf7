// The widen step: letters narrowed where the page curled away are widened back; narrow print on flat paper is not.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct ForeshorteningTests {
    let measure = Foreshortening(xHeight: 10)

    /// 30 letters in every band of 30 columns across a page `bands` bands wide, `aspect(band)` wide for their height.
    func letters(bands: Int, aspect: (Int) -> Double) -> [(centre: Double, aspect: Double)] {
        (0..<bands).flatMap { b in (0..<30).map { i in (Double(b * 30) + Double(i), aspect(b)) } }
    }

    @Test func narrowLettersWhereTheLinesRanSteepAtTheEdgeAreWidened() throws {
        // Twelve bands; the last three curl away (steep lines) and their letters narrow to 0.6 and 0.4 of 0.8.
        let aspects = [0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.6, 0.5, 0.4]
        let slopes: [Double?] = [0.01, 0.01, 0.01, 0.02, 0.02, 0.02, 0.03, 0.03, 0.04, 0.15, 0.25, 0.4]
        let stretch = try #require(measure.stretch(letters: letters(bands: 12, aspect: { aspects[$0] }), slopes: slopes, width: 360))
        #expect(stretch.count == 360)
        #expect(abs(stretch[345] - 2.0) < 0.05, "the narrowest letters are widened to the flat part's: \(stretch[345])")
        #expect(stretch[100] == 1, "the flat part stays")
        #expect(stretch[290] > 1.2 && stretch[290] < stretch[345], "the widening grows towards the edge")
    }

    @Test func narrowPrintOnFlatPaperIsLeftAlone() {
        // A band of narrow print (digits, a code listing) where the lines were level.
        let aspects = [0.8, 0.8, 0.8, 0.8, 0.8, 0.4, 0.4, 0.8, 0.8, 0.8, 0.8, 0.8]
        let slopes: [Double?] = Array(repeating: 0.02, count: 12)
        #expect(measure.stretch(letters: letters(bands: 12, aspect: { aspects[$0] }), slopes: slopes, width: 360) == nil)
    }

    @Test func aSteepGutterInTheMiddleOfTheFrameIsLeftAlone() {
        // Two pages: the curl into the gutter is between them, and the outer edges lie flat.
        let aspects = [0.8, 0.8, 0.8, 0.8, 0.8, 0.5, 0.5, 0.8, 0.8, 0.8, 0.8, 0.8]
        var slopes: [Double?] = Array(repeating: 0.02, count: 12)
        slopes[5] = 0.3
        slopes[6] = 0.3
        #expect(measure.stretch(letters: letters(bands: 12, aspect: { aspects[$0] }), slopes: slopes, width: 360) == nil)
    }

    @Test func widenedColumnsLeadBackToTheirSource() throws {
        // The right half of a 100-column page twice as wide: 150 columns; column 120 came from column 85.
        let stretch = (0..<100).map { $0 < 50 ? 1.0 : 2.0 }
        let map = WidenedColumns(stretch: stretch)
        #expect(map.sourceColumn.count == 150)
        #expect(abs(map.source(x: 20, y: 7).x - 20) < 0.01 && map.source(x: 20, y: 7).y == 7)
        #expect(abs(map.source(x: 120, y: 0).x - 84.75) < 0.01)
        // A vertical bar two columns wide at 80-81 comes out four columns wide.
        var bytes = [UInt8](repeating: 255, count: 100 * 3)
        for y in 0..<3 { for x in 80...81 { bytes[y * 100 + x] = 0 } }
        let wide = map.apply(to: GrayImage(width: 100, height: 3, bytes: bytes), binary: true)
        #expect(wide.width == 150)
        #expect((0..<150).filter { wide.bytes[$0] == 0 }.count == 4)
    }
}
