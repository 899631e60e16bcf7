// The dewarp step's second part: lines the page model leaves bent (a curl tightening into the gutter) come out level,
// line by line; straight lines, a lone bent streak among them, and rows inside a picture leave the page alone.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct LineStraightenerTests {
    /// Rows of letter-sized blocks, straight over most of the page and rising steeply over the last `curlWidth`
    /// pixels on the right (a page curling into the gutter): by `rise` pixels at the edge, growing with the square of
    /// the distance into the curl, the same for every row.
    func gutterCurl(width: Int = 900, height: Int = 600, letter: Int = 10, curlWidth: Int = 150, rise: Double = 30) -> GrayImage {
        var bytes = [UInt8](repeating: 240, count: width * height)
        var row = 50
        while row < height - 60 {
            var x = 40
            while x + letter < width - 20 {
                let into = Double(max(0, x - (width - 20 - curlWidth))) / Double(curlWidth)
                let y = row - Int(rise * into * into)
                if (x / letter + 5) % 12 < 10, y >= 0, y + letter < height {
                    for yy in y..<(y + letter) { for xx in x..<(x + letter * 2 / 3) { bytes[yy * width + xx] = 20 } }
                }
                x += letter
            }
            row += letter * 3
        }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    /// Where each run of inked rows starts in the column band `columns` (a row of letters is one run).
    func letterTops(_ image: GrayImage, columns: Range<Int>) -> [Int] {
        let inked = (0..<image.height).map { y in columns.contains { x in image.bytes[y * image.width + x] < 128 } }
        return (1..<image.height).filter { inked[$0] && !inked[$0 - 1] }
    }

    @Test func aCurlIntoTheGutterComesOutLevel() throws {
        let curled = gutterCurl()
        let page = try #require(LeptonicaImage(gray: curled))
        // The page model alone is kept out of it: this is the line-by-line part.
        var dewarper = TextLineDewarper(xHeight: 10)
        dewarper.minimumBend = 100
        let (flat, map) = try #require(dewarper.dewarpWithMap(page), "a curled edge must be straightened")
        let after = try #require(flat.grayImage())
        #expect(after.width == curled.width && after.height == curled.height)
        // Before: the letters near the edge start higher than the same row's letters in the flat part.
        let flatPart = letterTops(curled, columns: 60..<110), edge = letterTops(curled, columns: 840..<870)
        #expect(edge.first! < flatPart.first! - 10, "the fixture curls: \(edge.first!) against \(flatPart.first!)")
        // After: every row's letters at the edge start where they start in the flat part, within half an x-height (the
        // centre is traced over a few letters, so it lags a little behind a curl this tight).
        let flatAfter = letterTops(after, columns: 60..<110), edgeAfter = letterTops(after, columns: 840..<870)
        #expect(flatAfter.count == edgeAfter.count, "\(flatAfter) against \(edgeAfter)")
        for (a, b) in zip(flatAfter, edgeAfter) { #expect(abs(a - b) <= 5, "row at \(a) reaches the edge at \(b)") }
        // The map leads the level edge back up onto the curl; the flat part stays.
        let row = Double(flatAfter[3])
        #expect(abs(map.source(x: 80, y: row).y - row) <= 2)
        #expect(map.source(x: 860, y: row).y < row - 10)
    }

    @Test func straightLinesAreLeftAlone() throws {
        let page = try #require(LeptonicaImage(gray: gutterCurl(rise: 0)))
        #expect(TextLineDewarper(xHeight: 10).dewarpWithMap(page) == nil)
    }

    @Test func aLoneBentStreakDoesNotMoveThePage() {
        // Straight lines, and one bent streak among them (grain, a drawn curve) that no neighbour bends with.
        let xHeight = 8.0
        func line(row: Double, bend: Double) -> LineBlob {
            let length = 200
            let count = [Int](repeating: 8, count: length)
            let rowSum = (0..<length).map { i -> Double in
                let u = Double(i) / Double(length)
                return 8 * (row + bend * u * u)
            }
            return LineBlob(minX: 20, count: count, rowSum: rowSum)
        }
        let straightener = LineStraightener(xHeight: xHeight)
        let blobs = [line(row: 40, bend: 0), line(row: 60, bend: 0), line(row: 80, bend: 24), line(row: 100, bend: 0), line(row: 120, bend: 0)]
        let lines = straightener.lines(blobs)
        #expect(lines.count == 4, "the streak is not a line: \(lines.map(\.row))")
        #expect(straightener.map(lines, width: 260, height: 160) == nil)
        // The same bend on every line is a curl: the page is straightened.
        let curled = [40.0, 60, 80, 100, 120].map { line(row: $0, bend: 24) }
        let curledLines = straightener.lines(curled)
        #expect(curledLines.count == 5 && curledLines.allSatisfy(\.bendsWithNeighbour))
        #expect(straightener.map(curledLines, width: 260, height: 160) != nil)
    }

    @Test func theCentreIsTracedThroughTallLetters() {
        // A level line whose every fifth column holds an ascender (its mean row is higher there): the local fit
        // stays within a fifth of an x-height of the line's middle.
        let count = (0..<120).map { $0 % 5 == 0 ? 16 : 8 }
        let rowSum = (0..<120).map { $0 % 5 == 0 ? 16 * 46.0 : 8 * 50.0 }
        let centre = LineStraightener.localFit(LineBlob(minX: 0, count: count, rowSum: rowSum), sigma: 24)
        let mean = centre.reduce(0, +) / Double(centre.count)
        #expect(centre.allSatisfy { abs($0 - mean) < 1.6 }, "\(centre.min()!)...\(centre.max()!)")
    }

    @Test func rowsInsideAPictureAreNotLines() {
        // Two level rows of letters: one on clean paper, one among a picture's large shapes (a circuit board's pins
        // in rows, a halftone): the second is not a line of print.
        let width = 200, height = 80, xHeight = 8.0
        var letters = [Bool](repeating: false, count: width * height), ink = letters
        for x in 10..<190 where x % 8 < 5 {
            for y in 16..<24 { letters[y * width + x] = true }
            for y in 56..<64 { letters[y * width + x] = true }
        }
        for y in 44..<76 { for x in 10..<190 where !(56..<64).contains(y) && x % 3 == 0 { ink[y * width + x] = true } }
        for i in letters.indices where letters[i] { ink[i] = true }
        let straightener = LineStraightener(xHeight: xHeight)
        let line = { (row: Double) in LineStraightener.Line(minX: 10, centre: [Double](repeating: row, count: 180), row: row) }
        let kept = straightener.onPaper([line(20), line(60)], ink: ink, letters: letters, width: width, height: height)
        #expect(kept.map(\.row) == [20])
    }
}
