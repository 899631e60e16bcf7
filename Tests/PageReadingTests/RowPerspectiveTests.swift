// The perspective step: a receipt photographed from one side has rows that fan out, so its prices drift beside the
// wrong items; the fan is found from the letters' ink and taken out. Level receipts and pages of running text are
// left to the other steps.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct RowPerspectiveTests {
    /// A receipt of letter-sized blocks: items on the left (x 60–400, long enough to measure a row along), prices on
    /// the right (x 880–930, five letters: too short for that), one row every 30 px. Each row runs with the slope `fan` · (1 − 2 · row / height) about the middle column: from the top row
    /// to the bottom one the slope goes from `fan` to −`fan`, as rows do that converge to a point beside the page.
    /// `fullRows` fills the gap with letters too (running text).
    func receipt(width: Int = 1000, height: Int = 900, fan: Double, fullRows: Bool = false) -> GrayImage {
        var bytes = [UInt8](repeating: 240, count: width * height)
        let letter = 10, x0 = Double(width) / 2
        var row = 60
        while row < height - 60 {
            let slope = fan * (1 - 2 * Double(row) / Double(height))
            var x = 60
            while x + letter < width - 60 {
                let inItem = x < 400 - (row / 30 % 4) * 40, inPrice = x >= 880 && x < 930
                if inItem || inPrice || fullRows {
                    let y = row + Int((slope * (Double(x) - x0)).rounded())
                    if y >= 0, y + letter < height {
                        for yy in y..<(y + letter) { for xx in x..<(x + letter * 2 / 3) { bytes[yy * width + xx] = 20 } }
                    }
                }
                x += letter
            }
            row += 30
        }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    func sharpness(_ image: GrayImage) -> Double {
        Dewarper.lineSharpness(TextLineDewarper.rowInk(image.bytes.map { $0 < 128 }, width: image.width, height: image.height))
    }

    @Test func aFannedReceiptsRowsComeOutParallelAndItsPricesBesideTheirItems() throws {
        let fanned = receipt(fan: 0.04)
        let page = try #require(LeptonicaImage(gray: fanned))
        // On so clean a fan the text lines' page model would take the rows flat too (the next test); here the fan
        // is looked at on its own, as on a crumpled receipt where that model finds nothing to keep.
        var perspective = RowPerspective(xHeight: 10)
        perspective.defersToPageModel = false
        let (straight, transform) = try #require(perspective.straighten(page), "the fan must be found")
        let after = try #require(straight.grayImage())
        #expect(after.width == fanned.width && after.height >= fanned.height)
        #expect(sharpness(after) > 1.5 * sharpness(fanned), "sharpness \(sharpness(fanned)) -> \(sharpness(after))")
        // The top row's first item letter and its price: 31 px apart in height on the photo (a row is 30), within a
        // few pixels of the same height once straightened.
        let item = transform.apply(65, 60 + 0.04 * (65 - 500) * (1 - 2 * 60.0 / 900) + 5)
        let price = transform.apply(885, 60 + 0.04 * (885 - 500) * (1 - 2 * 60.0 / 900) + 5)
        #expect(abs(item.y - price.y) < 4, "item at \(item), price at \(price)")
    }

    @Test func aLevelReceiptIsLeftAlone() throws {
        let page = try #require(LeptonicaImage(gray: receipt(fan: 0)))
        var perspective = RowPerspective(xHeight: 10)
        perspective.defersToPageModel = false
        #expect(perspective.straighten(page) == nil)
    }

    @Test func aFanTheTextLinesPageModelTakesFlatIsLeftToIt() throws {
        let page = try #require(LeptonicaImage(gray: receipt(fan: 0.04)))
        #expect(TextLineDewarper(xHeight: 10).dewarp(page) != nil, "the dewarp step's model flattens this fan")
        #expect(RowPerspective(xHeight: 10).straighten(page) == nil)
    }

    @Test func runningTextIsLeftToTheOtherSteps() throws {
        // Rows across the whole width: no letters lie beside the rows' reach, whatever the fan.
        let page = try #require(LeptonicaImage(gray: receipt(fan: 0.04, fullRows: true)))
        var perspective = RowPerspective(xHeight: 10)
        perspective.defersToPageModel = false
        #expect(perspective.straighten(page) == nil)
    }

    @Test func theQuadHoldsTheWholePage() {
        let fan = RowPerspective.Fan(tilt: 0.01, spread: -0.05 / 900, centre: (500, 450))
        let (corners, tall) = RowPerspective.quad(fan, width: 1000, height: 900)
        // Top edge above both top corners, bottom edge below both bottom corners, sides on the page's own.
        #expect(corners[0].y <= 0.5 && corners[1].y <= 0.5 && corners[2].y >= 899.5 && corners[3].y >= 899.5)
        #expect(corners[0].x == 0 && corners[3].x == 0 && corners[1].x == 1000 && corners[2].x == 1000)
        #expect(tall >= 900 && tall < 1000)
    }
}
