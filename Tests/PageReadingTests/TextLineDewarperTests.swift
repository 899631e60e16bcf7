// The text-line page model: curved rows of letters come out straight; straight rows are left alone.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct TextLineDewarperTests {
    /// Rows of letter-sized blocks whose baselines bend by `bend` pixels between the centre and the sides
    /// (a page curling away from the camera), and tilt by `tilt` (keystone: more at the top than the bottom).
    func curledPage(width: Int = 1000, height: Int = 700, letter: Int = 10, bend: Double, tilt: Double = 0) -> GrayImage {
        var bytes = [UInt8](repeating: 240, count: width * height)
        var row = 60
        while row < height - 80 {
            let rowTilt = tilt * Double(height - row) / Double(height)
            var x = 60
            while x + letter < width - 60 {
                let u = (Double(x) - Double(width) / 2) / (Double(width) / 2)
                let y = row + Int(bend * u * u + rowTilt * u)
                if (x / (letter * 6)) % 5 != 4, y >= 0, y + letter < height {
                    for yy in y..<(y + letter) { for xx in x..<(x + letter * 2 / 3) { bytes[yy * width + xx] = 20 } }
                }
                x += letter
            }
            row += letter * 3
        }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    func sharpness(_ image: GrayImage) -> Double {
        let ink = image.bytes.map { $0 < 128 }
        return Dewarper.lineSharpness(TextLineDewarper.rowInk(ink, width: image.width, height: image.height))
    }

    @Test func curledLinesComeOutStraight() throws {
        let curled = curledPage(bend: 40, tilt: 30)
        let page = try #require(LeptonicaImage(gray: curled))
        let flat = try #require(TextLineDewarper(xHeight: 10).dewarp(page), "a curled page must be flattened")
        let after = try #require(flat.grayImage())
        #expect(after.width == curled.width && after.height == curled.height)
        // Straight rows stand out as tall narrow peaks in the row profile.
        #expect(sharpness(after) > 2 * sharpness(curled), "sharpness \(sharpness(curled)) -> \(sharpness(after))")
    }

    @Test func straightLinesAreLeftAlone() throws {
        let page = try #require(LeptonicaImage(gray: curledPage(bend: 0)))
        #expect(TextLineDewarper(xHeight: 10).dewarp(page) == nil)
    }

    @Test func spansFollowEachCurvedRow() throws {
        let curled = curledPage(bend: 40)
        let spans = TextLineDewarper.spans(ink: curled.bytes.map { $0 < 128 }, width: curled.width, height: curled.height, xHeight: 10)
        #expect(spans.count >= 10)
        // Each span falls towards the right on the left half and rises on the right half: slopes follow the bend.
        for span in spans {
            for (x, slope) in zip(span.x, span.slope) where abs(x - 500) > 200 {
                #expect((x < 500) == (slope < 0), "slope \(slope) at x \(x)")
            }
        }
    }

    @Test func aSlopeFieldOfTiltAloneIsFlatInY() throws {
        // Spans all tilted the same: the field is that one slope everywhere.
        let spans = (0..<6).map { i in
            TextLineDewarper.Span(x: [100, 300, 500, 700], y: [Double(100 + 50 * i), 0, 0, 0], slope: [0.05, 0.05, 0.05, 0.05])
        }
        let field = try #require(SlopeField.fit(spans, width: 800, height: 600))
        #expect(abs(field.slope(400, 300) - 0.05) < 0.005)
    }

    @Test func theMapLeadsAFlatLineBackOntoItsCurve() throws {
        // Rows bend down by 40 px at the sides (u² bow): a row's point at the side of the flat page came from lower
        // down than its point in the middle.
        let page = try #require(LeptonicaImage(gray: curledPage(bend: 40)))
        let (_, map) = try #require(TextLineDewarper(xHeight: 10).dewarpWithMap(page))
        let middle = map.source(x: 500, y: 300), side = map.source(x: 80, y: 300)
        #expect(middle.x == 500 && side.x == 80, "columns stay where they are")
        #expect(side.y - middle.y > 25, "the side of the line was \(side.y - middle.y) px lower on the curled page")
    }

    @Test func aModelThatBarelySharpensTheRowsIsNotApplied() {
        let dewarper = TextLineDewarper(xHeight: 10)
        #expect(!dewarper.keeps(sharpnessBefore: 10, after: 10.2), "2 % sharper is within what a wrong model can give")
        #expect(dewarper.keeps(sharpnessBefore: 10, after: 11))
        #expect(!dewarper.keeps(sharpnessBefore: 10, after: 9))
    }

    /// A receipt photographed at an angle: items on the left, prices far to the right, and rows that run closer
    /// together on the right than on the left (the right edge was further from the camera).
    func fannedReceipt(width: Int = 900, height: Int = 900, letter: Int = 10, squeeze: Double) -> (GrayImage, rows: [(item: Int, price: Int)]) {
        var bytes = [UInt8](repeating: 240, count: width * height)
        var rows: [(Int, Int)] = []
        var row = 60
        while row < height - 80 {
            // The row's height at the left and at the right edge, pulled towards the middle of the page on the right.
            let left = Double(row), right = Double(height) / 2 + (Double(row) - Double(height) / 2) * squeeze
            func y(at x: Int) -> Int { Int(left + (right - left) * Double(x) / Double(width)) }
            for (start, count) in [(40, 14), (width - 120, 5)] {
                for k in 0..<count {
                    let x = start + k * letter, top = y(at: x)
                    for yy in top..<(top + letter) { for xx in x..<(x + letter * 2 / 3) { bytes[yy * width + xx] = 20 } }
                }
            }
            rows.append((y(at: 100) + letter / 2, y(at: width - 100) + letter / 2))
            row += letter * 3
        }
        return (GrayImage(width: width, height: height, bytes: bytes), rows)
    }

    @Test func aFannedReceiptKeepsEachPriceOnItsItemsRow() throws {
        let (receipt, rows) = fannedReceipt(squeeze: 0.85)
        let page = try #require(LeptonicaImage(gray: receipt))
        let (_, map) = try #require(TextLineDewarper(xHeight: 10).dewarpWithMap(page), "rows that fan are straightened")
        // The row of the flat page whose point at `x` came from row `source` of the receipt.
        func flatRow(x: Double, source: Int) -> Int {
            (0..<receipt.height).min {
                abs(map.source(x: x, y: Double($0)).y - Double(source)) < abs(map.source(x: x, y: Double($1)).y - Double(source))
            }!
        }
        // Where each row's item and price land on the flat page: on the same row, within half a row's pitch.
        for (item, price) in rows {
            let flatItem = flatRow(x: 100, source: item), flatPrice = flatRow(x: Double(receipt.width - 100), source: price)
            #expect(abs(flatItem - flatPrice) <= 15, "item row at \(flatItem), its price at \(flatPrice)")
        }
    }
}
