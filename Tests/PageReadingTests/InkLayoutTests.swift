// The page's own ink: components, rows of letters, what is surface or picture, and the steps built on them
// (surface, facing on ink, recover, debris), on pages drawn here pixel by pixel.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

/// A white page to draw on: letters are dark blocks of varied widths, grain is thin slanting strokes.
struct Canvas {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    init(width: Int, height: Int, paper: UInt8 = 250) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: paper, count: width * height)
    }

    mutating func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ value: UInt8 = 20) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return }
        for yy in y0..<y1 { for xx in x0..<x1 { bytes[yy * width + xx] = value } }
    }

    /// A frame of `stroke`-wide rules around `box` (a picture's border, a drawing's box).
    mutating func frame(_ box: PixelBox, stroke: Int = 4) {
        fill(box.x, box.y, box.width, stroke)
        fill(box.x, box.maxY - stroke, box.width, stroke)
        fill(box.x, box.y, stroke, box.height)
        fill(box.maxX - stroke, box.y, stroke, box.height)
    }

    /// The same frame turned about its top-left corner by `slope` (its top side drops `slope` px per px across): a
    /// box on a page photographed a little off level.
    /// `bow`: how far the level sides bend down in their middle (a long box on paper that bends a little).
    mutating func slantedFrame(_ box: PixelBox, slope: Double, stroke: Int = 4, bow: Double = 0) {
        func point(_ u: Double, _ v: Double) -> (Int, Int) {
            (box.x + Int((u - slope * v).rounded()), box.y + Int((v + slope * u).rounded()))
        }
        let w = Double(box.width - stroke), h = Double(box.height - stroke)
        for u in stride(from: 0.0, through: w, by: 0.5) {
            for v in [0.0, h] {
                let (x, y) = point(u, v + bow * sin(Double.pi * u / w))
                fill(x, y, stroke, stroke)
            }
        }
        for v in stride(from: 0.0, through: h, by: 0.5) {
            for u in [0.0, w] {
                let (x, y) = point(u, v)
                fill(x, y, stroke, stroke)
            }
        }
    }

    /// A letter-like shape: an open box (left, right and top strokes), as an "n" is.
    mutating func letter(_ x: Int, _ y: Int, _ w: Int, _ h: Int, stroke: Int) {
        fill(x, y, stroke, h)
        fill(x + w - stroke, y, stroke, h)
        fill(x, y, w, stroke)
    }

    /// A row of letter blocks on one baseline from (x, baseline): x-height `x`, every third letter an ascender,
    /// widths varying as letters do, word gaps every five letters. Returns where the row ends.
    @discardableResult mutating func row(x: Int, baseline: Int, letters: Int, xHeight: Int = 20) -> Int {
        var cx = x
        for i in 0..<letters {
            let w = [11, 14, 9, 16, 12][i % 5] * xHeight / 20
            let h = i % 3 == 1 ? xHeight * 7 / 5 : xHeight
            letter(cx, baseline - h, w, h, stroke: max(2, xHeight / 7))
            cx += w + (i % 5 == 4 ? xHeight : xHeight / 4)
        }
        return cx
    }

    /// Thin slanting strokes all over a box: the grain of a wooden table.
    mutating func grain(_ box: PixelBox, strokes: Int, seed: UInt64 = 7) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<strokes {
            let x0 = box.x + Int(rng.next() % UInt64(max(1, box.width))), y0 = box.y + Int(rng.next() % UInt64(max(1, box.height)))
            let length = 20 + Int(rng.next() % 90), slope = Double(Int(rng.next() % 60) - 30) / 100
            for t in 0..<length {
                let x = x0 + Int(Double(t) * slope), y = y0 + t
                if x >= box.x, x < box.maxX, y >= box.y, y < box.maxY { fill(x, y, 2, 1) }
            }
        }
    }

    var gray: GrayImage { GrayImage(width: width, height: height, bytes: bytes) }
    var image: LeptonicaImage { LeptonicaImage(gray: gray)! }
}

/// A small deterministic generator (SplitMix64), so drawn grain is the same every run.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct InkComponentsTests {
    @Test func componentsAreEightConnectedWithTheirBoxesAndInk() {
        var c = Canvas(width: 40, height: 30)
        c.fill(2, 2, 3, 3)  // 9 pixels
        c.fill(5, 5, 2, 2)  // touches the first only at a corner: the same component
        c.fill(20, 10, 10, 4)  // apart
        let ink = InkComponents(c.gray)
        #expect(ink.components.count == 2)
        let first = ink.components.first { $0.box.x == 2 }
        #expect(first?.box == PixelBox(x: 2, y: 2, width: 5, height: 5) && first?.ink == 13)
        #expect(ink.components.contains { $0.box == PixelBox(x: 20, y: 10, width: 10, height: 4) && $0.ink == 40 })
        // Painting one out leaves the other.
        let index = ink.components.firstIndex { $0.box.x == 20 }!
        let painted = InkComponents(ink.painting([index], value: 255, on: c.gray))
        #expect(painted.components.count == 1 && painted.components[0].box.x == 2)
    }
}

@Suite struct TextLineFinderTests {
    @Test func rowsOfLettersAreFoundOnTheirBaselineAndGrainIsNot() {
        var c = Canvas(width: 1200, height: 700)
        for r in 0..<3 { c.row(x: 60, baseline: 100 + 50 * r, letters: 30) }
        c.grain(PixelBox(x: 0, y: 300, width: 1200, height: 400), strokes: 900)
        let lines = TextLineFinder(xHeight: 20).lines(in: InkComponents(c.gray))
        let rows = lines.filter { $0.box.maxY <= 260 }
        #expect(rows.count == 3, "\(rows.map(\.box))")
        #expect(rows.allSatisfy { $0.letters.count == 30 && $0.box.x == 60 })
        // Grain chains into a few rows of its own at most, and none as long as a line of print.
        let inGrain = lines.filter { $0.box.y >= 300 }
        #expect(inGrain.allSatisfy { $0.letters.count < 20 }, "\(inGrain.map(\.letters.count))")
    }

    @Test func aCurledLineStaysOneRow() {
        var c = Canvas(width: 1400, height: 300)
        // The baseline bends by three x-heights across the line.
        var x = 40
        for i in 0..<40 {
            let t = Double(i) / 39
            x = c.row(x: x, baseline: 120 + Int(60 * t * t), letters: 1)
            if i % 5 == 4 { x += 10 }
        }
        let lines = TextLineFinder(xHeight: 20).lines(in: InkComponents(c.gray))
        #expect(lines.count == 1 && lines.first?.letters.count == 40, "\(lines.map { ($0.box, $0.letters.count) })")
    }

    @Test func loneNumbersAreShortPieces() {
        var c = Canvas(width: 800, height: 400)
        c.row(x: 200, baseline: 100, letters: 20)
        c.letter(60, 80, 12, 20, stroke: 3)  // a number beside the line
        c.letter(60, 280, 12, 20, stroke: 3)  // two marks alone on paper
        c.letter(76, 280, 12, 20, stroke: 3)
        let found = TextLineFinder(xHeight: 20).find(in: InkComponents(c.gray))
        #expect(found.lines.count == 1)
        #expect(found.short.count == 2 && found.short.contains { $0.letters.count == 2 })
    }
}

@Suite struct SurfaceTests {
    /// A sheet of print in the middle of a grained table, a drawing with a label, and a page number.
    func receiptOnGrain() -> Canvas {
        var c = Canvas(width: 1300, height: 1000, paper: 250)
        c.grain(PixelBox(x: 0, y: 0, width: 1300, height: 1000), strokes: 2600)
        c.fill(300, 150, 700, 700, 250)  // the sheet
        for r in 0..<8 { c.row(x: 340, baseline: 220 + 50 * r, letters: 22) }
        c.letter(640, 800, 12, 20, stroke: 3)  // a page number alone on the sheet
        return c
    }

    @Test func grainAroundASheetIsPaintedOutAndItsPrintKept() {
        let c = receiptOnGrain()
        let ink = InkComponents(c.gray)
        let lines = TextLineFinder(xHeight: 20).lines(in: ink)
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: lines)
        let onSheet = surface.lines.filter { $0.box.x >= 300 && $0.box.maxX <= 1000 && $0.box.y >= 150 && $0.box.maxY <= 850 }
        #expect(onSheet.count == 8 && onSheet.allSatisfy { $0.letters.count == 22 })
        // Rows of grain are not print; one lying along the sheet's edge, paper on one side, may pass.
        #expect(surface.lines.count <= 9, "rows of grain kept: \(surface.lines.filter { $0.box.x < 300 || $0.box.maxX > 1000 }.map(\.box))")
        let erased = Set(surface.erased)
        let grainInk = ink.components.indices.filter { i in
            let b = ink.components[i].box
            return b.maxX < 300 || b.x > 1000 || b.maxY < 150 || b.y > 850
        }
        let paintedGrain = grainInk.filter(erased.contains).reduce(0) { $0 + ink.components[$1].ink }
        let allGrain = grainInk.reduce(0) { $0 + ink.components[$1].ink }
        #expect(Double(paintedGrain) >= 0.85 * Double(allGrain), "painted \(paintedGrain) of \(allGrain) grain pixels")
        #expect(!ink.components.indices.contains { erased.contains($0) && ink.components[$0].box.x == 640 }, "the page number stays")
    }

    @Test func aDrawingAndItsLabelArePaintedOutButACaptionBesideItStays() {
        var c = Canvas(width: 1200, height: 900)
        for r in 0..<4 { c.row(x: 60, baseline: 80 + 50 * r, letters: 30) }
        // A drawing: a framed mesh, one label inside it.
        c.frame(PixelBox(x: 200, y: 300, width: 600, height: 300))
        for k in 1..<12 { c.fill(200 + 50 * k, 300, 2, 300) }
        c.letter(420, 420, 14, 20, stroke: 3)
        c.row(x: 200, baseline: 660, letters: 18)  // its caption, below
        let ink = InkComponents(c.gray)
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: TextLineFinder(xHeight: 20).lines(in: ink))
        let erased = Set(surface.erased)
        #expect(ink.components.indices.contains { erased.contains($0) && ink.components[$0].box.width >= 600 }, "the drawing goes")
        #expect(ink.components.indices.contains { erased.contains($0) && ink.components[$0].box.x == 420 }, "its label goes with it")
        #expect(surface.lines.contains { $0.box.y > 620 && $0.letters.count == 18 }, "the caption below it stays")
        #expect(surface.pictures.count == 1)
    }

    /// A ruled table: a grid of rules around rows of cells (names, a one-digit quantity, a price).
    func ruledTable() -> Canvas {
        var c = Canvas(width: 1100, height: 900)
        c.row(x: 80, baseline: 60, letters: 16)  // a heading above it
        let columns = [60, 360, 480, 760, 1040], rows = Array(stride(from: 100, through: 820, by: 80))
        for x in columns { c.fill(x, rows[0], 3, rows[rows.count - 1] - rows[0] + 3) }
        for y in rows { c.fill(columns[0], y, columns[columns.count - 1] - columns[0] + 3, 3) }
        for (r, y) in rows.dropLast().enumerated() {
            c.row(x: 90, baseline: y + 55, letters: 5 + r % 4)
            c.letter(420, y + 35, 14, 20, stroke: 3)  // the quantity, one digit
            c.row(x: 560, baseline: y + 55, letters: 6)
            c.row(x: 820, baseline: y + 55, letters: 7)
        }
        return c
    }

    @Test("A ruled table's grid is print's frame: the rows in its cells, its one-digit cells and the grid itself stay")
    func aRuledTablesCellsStay() {
        let c = ruledTable()
        let ink = InkComponents(c.gray)
        let finder = TextLineFinder(xHeight: 20)
        let lines = finder.lines(in: ink)
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: lines)
        let grid = try? #require(ink.components.indices.first { ink.components[$0].box.width > 900 })
        #expect(grid.map { SurfaceFinder(xHeight: 20).isLattice(ink, $0) } == true)
        #expect(surface.tables.count == 1 && surface.pictures.isEmpty)
        // Every row of every column is kept: the first column's too, between the grid's rules.
        #expect(surface.lines.filter { $0.box.x < 360 && $0.box.y > 100 }.count == 9, "\(surface.lines.map(\.box))")
        #expect(surface.lines.count == lines.count)
        let erased = Set(surface.erased)
        #expect(!ink.components.indices.contains { erased.contains($0) && ink.components[$0].box.x == 420 }, "the quantities stay")
        // Layout analysis takes the rules for the borders between cells: a column of prices read without them ran
        // into the next column or was not read at all.
        #expect(grid.map { !erased.contains($0) } == true, "the grid stays")
    }

    @Test("A picture's frame with a label in it is no table, nor is a dense patch (a drawn mesh stays a picture: above)")
    func aFrameIsNoTable() {
        var c = Canvas(width: 900, height: 700)
        for r in 0..<3 { c.row(x: 60, baseline: 60 + 50 * r, letters: 30) }
        // A picture's frame with one label inside.
        c.frame(PixelBox(x: 100, y: 250, width: 600, height: 354))
        c.letter(300, 400, 14, 20, stroke: 3)
        // A dense dark patch, with a few rules across it.
        c.fill(750, 250, 120, 300)
        let ink = InkComponents(c.gray)
        let finder = SurfaceFinder(xHeight: 20)
        let frame = ink.components.indices.first { ink.components[$0].box.width == 600 }
        let patch = ink.components.indices.first { ink.components[$0].box.x == 750 }
        #expect(frame.map { finder.isLattice(ink, $0) } == false)
        #expect(patch.map { finder.isLattice(ink, $0) } == false)
        #expect(finder.find(ink, lines: TextLineFinder(xHeight: 20).lines(in: ink)).tables.isEmpty)
    }

    @Test("A box drawn around rows of print is a frame; a bracket open on one side, a filled patch and a table's grid are not")
    func boxesAroundPrintAreFrames() {
        var c = Canvas(width: 1300, height: 900)
        c.row(x: 60, baseline: 60, letters: 30)
        // Two boxed exercises side by side, two rows each.
        for x in [40, 680] {
            c.frame(PixelBox(x: x, y: 120, width: 580, height: 160))
            c.row(x: x + 30, baseline: 180, letters: 20)
            c.row(x: x + 30, baseline: 240, letters: 12)
        }
        // A bracket: top, left and bottom drawn, the right side open.
        c.fill(40, 340, 580, 4)
        c.fill(40, 340, 4, 160)
        c.fill(40, 496, 580, 4)
        c.row(x: 70, baseline: 420, letters: 20)
        // A box with a grid inside (a chart's axes and lines) is no outline.
        c.frame(PixelBox(x: 680, y: 340, width: 580, height: 300))
        for y in stride(from: 400, to: 640, by: 60) { c.fill(680, y, 580, 3) }
        c.row(x: 710, baseline: 460, letters: 10)
        let ink = InkComponents(c.gray)
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: TextLineFinder(xHeight: 20).lines(in: ink))
        #expect(
            surface.frames.sorted { $0.x < $1.x } == [
                PixelBox(x: 40, y: 120, width: 580, height: 160), PixelBox(x: 680, y: 120, width: 580, height: 160),
            ])
    }

    @Test("A box drawn a little off level around rows of print is a frame (either way); one whose sides run at two slants is not")
    func aBoxOffLevelIsAFrame() {
        var c = Canvas(width: 1300, height: 1000)
        c.row(x: 60, baseline: 60, letters: 30)
        // Two boxed exercises side by side, the right one's sides 14 px off level across its 580 (about 1.4°), as a
        // page's far side is in a photo the deskew left; a third turned the other way below.
        c.frame(PixelBox(x: 40, y: 120, width: 580, height: 160))
        c.slantedFrame(PixelBox(x: 690, y: 120, width: 580, height: 160), slope: 14.0 / 580)
        c.slantedFrame(PixelBox(x: 50, y: 360, width: 580, height: 160), slope: -14.0 / 580)
        for (x, y) in [(40, 120), (690, 127), (50, 353)] {
            c.row(x: x + 30, baseline: y + 60, letters: 20)
            c.row(x: x + 30, baseline: y + 120, letters: 12)
        }
        // A quadrilateral whose top runs level and bottom slants: no box drawn off level.
        for u in 0..<580 {
            c.fill(690 + u, 600, 1, 4)
            c.fill(690 + u, 760 + u * 40 / 580, 1, 4)
        }
        c.fill(690, 600, 4, 164)
        c.fill(1266, 600, 4, 204)
        c.row(x: 720, baseline: 680, letters: 20)
        let ink = InkComponents(c.gray)
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: TextLineFinder(xHeight: 20).lines(in: ink))
        #expect(surface.frames.count == 3, "\(surface.frames)")
        for (x, y) in [(330, 200), (980, 210), (340, 440)] {
            #expect(surface.frames.contains { SurfaceFinder.inside([$0], x, y) }, "no frame around (\(x), \(y)): \(surface.frames)")
        }
        #expect(!surface.frames.contains { $0.y >= 590 }, "the quadrilateral: \(surface.frames)")
    }

    @Test("A long field box drawn off level whose sides bow a little is a frame, as a short one is")
    func aLongBoxWhoseSidesBowIsAFrame() {
        var c = Canvas(width: 1700, height: 500)
        c.row(x: 60, baseline: 60, letters: 30)
        // A field 1500 px wide and five x-heights tall, 30 px off level across it (about 1.1°), its level sides bent
        // 12 px down in their middle: more than the half x-height a short box's sides may stray, a fraction of a
        // percent of its length. A row of print inside.
        c.slantedFrame(PixelBox(x: 60, y: 150, width: 1500, height: 100), slope: 30.0 / 1500, bow: 12)
        c.row(x: 120, baseline: 215, letters: 30)
        let ink = InkComponents(c.gray)
        let finder = SurfaceFinder(xHeight: 20)
        let box = ink.components.indices.first { ink.components[$0].box.width >= 1400 }
        #expect(box.map { finder.isFrame(ink, $0) } == true)
        // Its sides are no loose ink around the row it holds (a frame's sides are print's frame): the row stays print.
        let surface = finder.find(ink, lines: TextLineFinder(xHeight: 20).lines(in: ink))
        #expect(surface.lines.count == 2, "both rows are print: \(surface.lines.map(\.box))")
    }

    @Test("A form's field boxes, five x-heights tall, each a label and a value: frames, not pictures, and both rows kept")
    func aFormsFieldBoxesAreFrames() {
        var c = Canvas(width: 1300, height: 520)
        c.row(x: 60, baseline: 60, letters: 30)
        // Three rows of fields, two boxes each: the label in small print under the top side, the value under it.
        for (r, x) in [0, 1, 2].flatMap({ r in [40, 680].map { (r, $0) } }) {
            let top = 120 + 130 * r
            c.frame(PixelBox(x: x, y: top, width: 580, height: 99), stroke: 2)
            c.row(x: x + 12, baseline: top + 34, letters: 8, xHeight: 14)
            c.row(x: x + 12, baseline: top + 78, letters: 14)
        }
        let ink = InkComponents(c.gray)
        let lines = TextLineFinder(xHeight: 20).lines(in: ink)
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: lines)
        #expect(surface.frames.count == 6, "\(surface.frames)")
        #expect(surface.pictures.isEmpty, "\(surface.pictures)")
        #expect(surface.lines.count == lines.count, "every row in a box is print")
    }

    @Test("A short field box beside its label, taller than the label's row, leaves the row on the page, between rows of fields")
    func aShortFieldBesideItsLabelLeavesTheLabel() {
        var c = Canvas(width: 1300, height: 420)
        // Three rows of two fields, each a label of six letters, then a box 12 x-heights wide and 3 high right after it.
        for (r, x) in [0, 1, 2].flatMap({ r in [60, 680].map { (r, $0) } }) {
            let baseline = 100 + 110 * r
            let end = c.row(x: x, baseline: baseline, letters: 6)
            c.frame(PixelBox(x: end + 12, y: baseline - 40, width: 240, height: 60), stroke: 3)
        }
        let ink = InkComponents(c.gray)
        let lines = TextLineFinder(xHeight: 20).lines(in: ink)
        #expect(lines.count == 6, "\(lines.map(\.box))")
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: lines)
        #expect(surface.lines.count == lines.count, "every label's row is print: \(surface.lines.map(\.box))")
        #expect(surface.pictures.isEmpty, "\(surface.pictures)")
    }

    @Test("Empty tick boxes are painted out wherever they lie; a ticked box and a round letter the same size stay")
    func emptyTickBoxesArePaintedOut() {
        var c = Canvas(width: 1400, height: 200)
        var x = 60
        var boxes: [PixelBox] = []
        // A label, then four options, each an empty box of a capital's size and a word.
        x = c.row(x: x, baseline: 100, letters: 10) + 20
        for _ in 0..<4 {
            let box = PixelBox(x: x, y: 74, width: 26, height: 26)
            c.frame(box, stroke: 2)
            boxes.append(box)
            x = c.row(x: x + 40, baseline: 100, letters: 5) + 20
        }
        // A ticked box, and a ring (an O) of the same size.
        let ticked = PixelBox(x: x, y: 74, width: 26, height: 26)
        c.frame(ticked, stroke: 2)
        c.fill(x + 8, 82, 10, 10)
        x = c.row(x: x + 40, baseline: 100, letters: 5) + 20
        let ring = PixelBox(x: x, y: 74, width: 26, height: 26)
        for yy in 0..<26 {
            for xx in 0..<26 {
                let d = ((Double(xx) - 12.5) * (Double(xx) - 12.5) + (Double(yy) - 12.5) * (Double(yy) - 12.5)).squareRoot()
                if d <= 13 && d >= 10.5 { c.fill(ring.x + xx, ring.y + yy, 1, 1) }
            }
        }
        #expect(c.row(x: x + 40, baseline: 100, letters: 5) < c.width)
        let ink = InkComponents(c.gray)
        let surface = SurfaceFinder(xHeight: 20).find(ink, lines: TextLineFinder(xHeight: 20).lines(in: ink))
        let erased = Set(surface.erased.map { ink.components[$0].box })
        #expect(boxes.allSatisfy(erased.contains), "\(erased)")
        #expect(!erased.contains(ticked))
        #expect(!erased.contains { $0.x >= ring.x && $0.maxX <= ring.maxX }, "\(erased)")
    }

    @Test("Dot leaders between an item and its price are found; an ellipsis, grain's specks and dots leading nowhere are not")
    func dotLeadersAreFound() {
        var c = Canvas(width: 1200, height: 500)
        let end = c.row(x: 40, baseline: 80, letters: 10)
        for k in 0..<14 { c.fill(end + 20 + 24 * k, 74, 5, 5) }  // the leader, on the baseline
        c.row(x: end + 20 + 24 * 14 + 10, baseline: 80, letters: 4)  // the price
        let end2 = c.row(x: 40, baseline: 180, letters: 8)
        for k in 0..<3 { c.fill(end2 + 8 + 12 * k, 174, 5, 5) }  // an ellipsis
        for k in 0..<8 { c.fill(700 + 24 * k, 400, 5, 5) }  // an even row of dots far from any print
        c.grain(PixelBox(x: 40, y: 260, width: 500, height: 100), strokes: 300)
        let ink = InkComponents(c.gray)
        let (lines, short) = TextLineFinder(xHeight: 20).find(in: ink)
        let leaders = LeaderDots(xHeight: 20).find(in: ink, lines: lines + short)
        #expect(leaders.count == 14, "\(leaders.map { ink.components[$0].box })")
        #expect(leaders.allSatisfy { ink.components[$0].box.y == 74 })
    }

    @Test("A long leader on a row that bends gently (a curled page, flattened to a pixel or two) is found whole")
    func aGentlyBentLeaderIsFound() {
        var c = Canvas(width: 1600, height: 200)
        let end = c.row(x: 40, baseline: 100, letters: 5)
        // 40 dots, 24 px apart, sagging 6 px in the middle: off the straight line from the first to the last by more
        // than a dot's own size, but each on the chord through its neighbours.
        for k in 0..<40 {
            let t = Double(k) / 39
            c.fill(end + 20 + 24 * k, 94 - Int((6 * (1 - (2 * t - 1) * (2 * t - 1))).rounded()), 5, 5)
        }
        c.row(x: end + 20 + 24 * 40 + 10, baseline: 100, letters: 4)
        let ink = InkComponents(c.gray)
        let (lines, short) = TextLineFinder(xHeight: 20).find(in: ink)
        #expect(LeaderDots(xHeight: 20).find(in: ink, lines: lines + short).count == 40)
    }

    @Test("An item and its price read apart across a painted-out leader are joined into one row; other lines stay")
    func leadersJoinItemsToTheirPrices() {
        func line(_ text: String, _ x: Int, _ y: Int, _ w: Int) -> RecognizedLine {
            RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: w, height: 30), confidence: 0.9)
        }
        // A price list on a page turned a little: each price's line lies 14 px higher than its item's, more than rows
        // may differ, and its leader runs from x 300 to 1290, rising with it.
        var lines = [line("Price List", 500, 20, 300)]
        var leaders: [LeaderLinks.Leader] = []
        for (k, (item, price)) in [("Cinnamon roll", "3.40"), ("Lemon tart", "4.40"), ("Garden salad", "7.20")].enumerated() {
            let y = 100 + 45 * k
            lines.append(line(item, 40, y, 250))
            lines.append(line(price, 1300, y - 14, 60))
            leaders.append(
                LeaderLinks.Leader(from: PixelBox(x: 300, y: y + 22, width: 5, height: 5), to: PixelBox(x: 1285, y: y + 9, width: 5, height: 5)))
        }
        lines.append(line("Prices include tax", 40, 260, 400))
        let joined = LeaderLinks(xHeight: 20).join(lines, across: leaders)
        #expect(joined.map(\.text) == ["Price List", "Cinnamon roll 3.40", "Lemon tart 4.40", "Garden salad 7.20", "Prices include tax"])
        #expect(joined[1].box == PixelBox(x: 40, y: 100, width: 1320, height: 30), "the item's row: \(joined[1].box)")
        #expect(joined[1].words.isEmpty && joined[1].confidence == 0.9)
        let ordered = LineOrderer(yTolerance: 12).order(joined.shuffled()).map(\.text)
        #expect(ordered == ["Price List", "Cinnamon roll 3.40", "Lemon tart 4.40", "Garden salad 7.20", "Prices include tax"])
        // Without its leaders the same lines are left alone.
        #expect(LeaderLinks(xHeight: 20).join(lines, across: []) == lines)
        // A leader with no line at one end joins nothing.
        let lonely = [LeaderLinks.Leader(from: PixelBox(x: 300, y: 300, width: 5, height: 5), to: PixelBox(x: 1285, y: 300, width: 5, height: 5))]
        #expect(LeaderLinks(xHeight: 20).join(lines, across: lonely) == lines)
    }

    @Test func theSurfaceStepPaintsTheBinarisedPageAndKeepsItsRows() async throws {
        var s = PipelineStepTests().state(receiptOnGrain().image)
        s.xHeight = 20
        s.unbinarised = s.page
        try await SurfaceStep().run(&s, engine: FakeOCREngine())
        let page = try #require(s.page?.grayImage())
        func grainInk(_ image: GrayImage) -> Int {
            image.bytes.enumerated().filter { $0.element < 128 && ($0.offset % image.width < 300 || $0.offset % image.width >= 1000) }.count
        }
        let before = grainInk(receiptOnGrain().gray), after = grainInk(page)
        #expect(Double(after) < 0.15 * Double(before), "grain left on the table: \(after) of \(before) px")
        #expect((s.inkLines?.filter { $0.letters.count == 22 }.count) == 8 && s.ink != nil, "\(s.inkLines?.map(\.box) ?? [])")
    }
}

@Suite struct InkStepsTests {
    func line(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int = 30, confidence: Double = 0.9, words: [TextWord] = [])
        -> RecognizedLine
    {
        RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: w, height: h), confidence: confidence, words: words)
    }

    /// State over a drawn page after the surface step.
    func surfaced(_ c: Canvas) async throws -> PageState {
        var s = PipelineStepTests().state(c.image)
        s.xHeight = 20
        s.unbinarised = s.page
        s.recognised = c.gray
        try await SurfaceStep().run(&s, engine: FakeOCREngine())
        return s
    }

    @Test func theFacingPagesRowsArePaintedOutBeforeReadingButAPriceColumnStays() async throws {
        // Our page; at the left edge, the facing page's line ends cut by the frame, on their own spacing.
        var book = Canvas(width: 1300, height: 700)
        for r in 0..<8 {
            book.row(x: 0, baseline: 85 + 44 * r, letters: 6)
            book.row(x: 320, baseline: 100 + 50 * r, letters: 34)
        }
        var s = try await surfaced(book)
        try await FacingPageStep().run(&s, engine: FakeOCREngine())
        #expect(s.inkLines?.allSatisfy { $0.box.x >= 300 } == true)
        #expect(s.facingCuts.count == 1 && s.facingCuts[0].side == .left)
        let page = try #require(s.page?.grayImage())
        let left = (0..<page.height).reduce(0) { n, y in n + (0..<200).filter { page.bytes[y * page.width + $0] < 128 }.count }
        #expect(left == 0, "\(left) px of the facing page left")
        // A receipt: prices in a column at the right edge, on the rows of their items, ending short of the edge.
        var receipt = Canvas(width: 800, height: 600)
        for r in 0..<8 {
            receipt.row(x: 40, baseline: 80 + 50 * r, letters: 12)
            receipt.row(x: 650, baseline: 80 + 50 * r, letters: 4)
        }
        var t = try await surfaced(receipt)
        try await FacingPageStep().run(&t, engine: FakeOCREngine())
        #expect(t.inkLines?.count == 16 && t.facingCuts.isEmpty)
    }

    @Test("Text running down a margin is found from its ink and read turned, its letters taken off the rows; a price column is not it")
    func textRunningDownAMarginIsFoundFromItsInkAndReadTurned() async throws {
        // A receipt: fourteen rows of items with their prices in a column, and a line of 30 letters running down the
        // right margin (drawn across, then turned a quarter), whose letters stand alone seen across.
        var c = Canvas(width: 1000, height: 900)
        for r in 0..<14 {
            c.row(x: 40, baseline: 60 + 55 * r, letters: 14)
            c.row(x: 700, baseline: 60 + 55 * r, letters: 4)
        }
        var across = Canvas(width: 760, height: 40)
        across.row(x: 10, baseline: 32, letters: 30)
        let down = try #require(across.image.rotatedQuarterTurns(1)?.grayImage())
        for y in 0..<down.height { for x in 0..<down.width { c.bytes[(60 + y) * c.width + 920 + x] = down.bytes[y * down.width + x] } }
        var s = try await surfaced(c)
        let ink = try #require(s.ink)
        let rows = try #require(s.inkLines) + s.shortInkLines.filter { $0.letters.count >= 2 }
        let strips = SidewaysInk(xHeight: 20).strips(in: ink, across: rows)
        #expect(strips.count == 1, "\(strips.map(\.box))")
        #expect(strips.first.map { $0.box.x >= 915 && $0.box.height >= 550 && $0.letters.count >= 25 } == true, "\(strips.map(\.box))")
        // The step reads it turned both ways (the surer reading kept), after the page's text, and leaves the page as
        // it is; the filter takes the words read inside it off the rows running across.
        let before = try #require(s.page?.grayImage())
        let engine = FakeOCREngine(lines: [line("GIVEAWAY ON BACK", 10, 10, 600)])
        try await MarginTextStep().run(&s, engine: engine)
        #expect(engine.requests.count == 2)
        #expect(s.trailingLines.map(\.text) == ["GIVEAWAY ON BACK"])
        #expect(s.marginStrips.count == 1 && s.page?.grayImage() == before)
        // "SubTotal 17.25 &": the "&" is a letter of the margin's text that layout analysis joined to the row.
        let total = line(
            "SubTotal 17.25 &", 40, 100, 920,
            words: [
                TextWord(text: "SubTotal", start: 0, end: 0.3, confidence: 0.9), TextWord(text: "17.25", start: 0.7, end: 0.8, confidence: 0.9),
                TextWord(text: "&", start: 0.975, end: 0.99, confidence: 0.5),
            ])
        // Layout analysis may read the strip itself as a line of its own, its box a few pixels beyond the strip's ink.
        let strip = s.marginStrips[0].box
        let own = line(
            "GIVEAWAY ON BACK", strip.x - 2, strip.y - 3, strip.width + 4, strip.height + 6,
            words: [
                TextWord(text: "GIVEAWAY", start: 0, end: 0.9, confidence: 0.8), TextWord(text: "ON", start: 0, end: 0.9, confidence: 0.8),
                TextWord(text: "BACK", start: 0, end: 0.9, confidence: 0.8),
            ])
        s.lines = [total, line("ITEM ONE 9.90", 40, 160, 700), own]
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.map(\.text) == ["SubTotal 17.25", "ITEM ONE 9.90"])
        // Five such strips side by side are a texture's pattern (a keyboard's keys): none is read.
        var keys = Canvas(width: 1000, height: 900)
        for r in 0..<14 { keys.row(x: 40, baseline: 60 + 55 * r, letters: 14) }
        for k in 0..<5 {
            for y in 0..<down.height {
                for x in 0..<down.width { keys.bytes[(60 + y) * keys.width + 560 + 80 * k + x] = down.bytes[y * down.width + x] }
            }
        }
        var k = try await surfaced(keys)
        let keyRows = try #require(k.inkLines) + k.shortInkLines.filter { $0.letters.count >= 2 }
        #expect(SidewaysInk(xHeight: 20).strips(in: try #require(k.ink), across: keyRows).count == 5)
        let ignored = FakeOCREngine(lines: [line("GIVEAWAY ON BACK", 10, 10, 600)])
        try await MarginTextStep().run(&k, engine: ignored)
        #expect(ignored.requests.isEmpty && k.trailingLines.isEmpty && k.marginStrips.isEmpty)
        // The same receipt without it: nothing found, nothing read.
        var plain = Canvas(width: 1000, height: 900)
        for r in 0..<14 {
            plain.row(x: 40, baseline: 60 + 55 * r, letters: 14)
            plain.row(x: 700, baseline: 60 + 55 * r, letters: 4)
        }
        var t = try await surfaced(plain)
        let none = FakeOCREngine(lines: [line("GIVEAWAY ON BACK", 10, 10, 600)])
        try await MarginTextStep().run(&t, engine: none)
        #expect(none.requests.isEmpty && t.trailingLines.isEmpty)
    }

    @Test func rowsNoLineCoversAreReadOnceFromTheirOwnInk() async throws {
        // Eight rows of items and, far to their right, a column of prices that layout analysis left out.
        var c = Canvas(width: 1000, height: 520)
        for r in 0..<8 {
            c.row(x: 40, baseline: 60 + 50 * r, letters: 14)
            c.row(x: 820, baseline: 60 + 50 * r, letters: 4)
        }
        var s = try await surfaced(c)
        s.lines = (0..<8).map { r in line("ITEM NUMBER \(r)", 40, 32 + 50 * r, 300) }
        let prices = (0..<8).map { r in line("\(r),99 B", 20, 20 + 50 * r, 90) }
        // The block's image holds only the price rows; a line read there that repeats one already read is not added.
        let engine = FakeOCREngine(lines: prices + [line("ITEM NUMBER 0", -780, -8, 300)])
        try await RecoverStep().run(&s, engine: engine)
        #expect(engine.requests.count == 1, "one block: the column of prices")
        let added = s.lines.filter { $0.text.hasSuffix("B") }
        #expect(added.count == 8 && added.allSatisfy { $0.box.x > 800 })
        #expect(s.lines.filter { $0.text == "ITEM NUMBER 0" }.count == 1, "each line once")
        // Nothing missed, nothing read.
        let again = FakeOCREngine(lines: prices)
        try await RecoverStep().run(&s, engine: again)
        #expect(again.requests.isEmpty)
    }

    @Test func eachLineOnce() {
        let existing = [line("a line already read", 0, 0, 400)]
        let added = [line("a line already read", 10, 2, 390), line("a new line below", 0, 60, 300), line("a new line below", 0, 62, 300)]
        #expect(LineSet.adding(added, to: existing).map(\.box.y) == [60])
    }

    @Test func debrisOffTheRowsIsTrimmedAndNumbersStay() async throws {
        var s = PipelineStepTests().state()
        s.inkLines = [InkLine(box: PixelBox(x: 300, y: 100, width: 600, height: 30), letters: [], letterHeight: 20)]
        func word(_ t: String, _ x: Int, _ w: Int, _ c: Double) -> TextWord {
            TextWord(
                text: t, box: PixelBox(x: x, y: 100, width: w, height: 30), line: PixelBox(x: 100, y: 100, width: 900, height: 30), confidence: c)
        }
        s.lines = [
            line(
                "\\N AN Khileshwori Trading 12,40 Ws", 100, 100, 900, confidence: 0.6,
                words: [
                    word("\\N", 100, 40, 0.2), word("AN", 160, 40, 0.3), word("Khileshwori", 310, 200, 0.82),
                    word("Trading", 520, 150, 0.93), word("12,40", 700, 90, 0.4), word("Ws", 960, 30, 0.27),
                ]),
            line("wos hey", 40, 300, 200, confidence: 0.3, words: [word("wos", 40, 80, 0.3), word("hey", 140, 80, 0.3)]),
        ]
        s.lines[1].words = s.lines[1].words.map {
            var w = $0
            w.box?.y = 300
            return w
        }
        try await DebrisStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.map(\.text) == ["Khileshwori Trading 12,40"])
        #expect(s.lines.first?.box.x == 310)
        // The kept words' spans are measured across the trimmed line, the first from its start, the last to its end.
        let kept = try #require(s.lines.first?.words)
        #expect(kept.first?.start == 0 && kept.last?.end == 1, "\(kept.map { ($0.start, $0.end) })")
    }
}
