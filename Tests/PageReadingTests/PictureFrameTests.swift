// The picture's own edges inside a photo file with a flat margin, on images made here.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct PictureFrameTests {
    /// A `width` × `height` grey image of `fill`, with a picture of grain (greys at least 40 from the fill) wherever
    /// `inPicture(x, y)` holds.
    static func image(width: Int, height: Int, fill: UInt8 = 128, inPicture: (Int, Int) -> Bool) -> LeptonicaImage {
        var bytes = [UInt8](repeating: fill, count: width * height)
        var seed: UInt64 = 11
        for y in 0..<height {
            for x in 0..<width where inPicture(x, y) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // 40 to 199 levels above the fill, wrapping round: never within 40 of it.
                bytes[y * width + x] = UInt8((Int(fill) + 40 + Int((seed >> 33) % 160)) % 256)
            }
        }
        return LeptonicaImage(gray: GrayImage(width: width, height: height, bytes: bytes))!
    }

    /// A 500 × 300 picture turned 7° about the centre of a 600 × 400 file, the corners filled flat.
    static func turned(_ x: Int, _ y: Int) -> Bool {
        let a = 7.0 * Double.pi / 180, dx = Double(x) - 300, dy = Double(y) - 200
        let u = dx * cos(a) + dy * sin(a), v = -dx * sin(a) + dy * cos(a)
        return abs(u) <= 250 && abs(v) <= 150
    }

    @Test("A picture turned in a flat margin has its edges found where they run, not at the file's edges")
    func aTurnedPictureHasItsEdgesFound() throws {
        let runs = try #require(Self.image(width: 600, height: 400, inPicture: Self.turned).flatFillRuns())
        #expect(runs.colour == [128])
        // The middle row: the picture's edges lie 250 / cos 7° ≈ 252 px either side of the centre.
        #expect(abs(runs.left[200] - 48) <= 2 && abs(runs.right[200] - 48) <= 2, "\(runs.left[200]) \(runs.right[200])")
        let frame = try #require(PictureFrame(runs))
        // 5 px inside the right edge on the middle row, and 60 px inside the left one, both far from the file's edges.
        #expect(abs(frame.distance(x: 600 - 48 - 5, y: 200) - 5) <= 3)
        #expect(abs(frame.distance(x: 48 + 60, y: 200) - 60) <= 3)
        // Measured on a copy half the size, the distances are in the photo's pixels all the same.
        let half = try #require(Self.image(width: 300, height: 200) { Self.turned($0 * 2, $1 * 2) }.flatFillRuns())
        let halfFrame = try #require(PictureFrame(half, scale: 2))
        #expect(abs(halfFrame.distance(x: 600 - 48 - 5, y: 200) - 5) <= 5)
        // Counted on every third pixel, the same.
        let sampled = try #require(Self.image(width: 600, height: 400, inPicture: Self.turned).flatFillRuns(sampling: 3))
        #expect(sampled.sampling == 3 && sampled.width == 200)
        let sampledFrame = try #require(PictureFrame(sampled))
        #expect(abs(sampledFrame.distance(x: 600 - 48 - 5, y: 200) - 5) <= 6)
        #expect(abs(sampledFrame.distance(x: 48 + 60, y: 200) - 60) <= 6)
    }

    @Test("A letterboxed picture's bars are edges; a photo's own grain at the corners is no margin at all")
    func barsAreEdgesAndGrainIsNot() throws {
        let boxed = try #require(Self.image(width: 400, height: 600, fill: 0) { _, y in y >= 100 && y < 500 }.flatFillRuns())
        let frame = try #require(PictureFrame(boxed))
        #expect(abs(frame.distance(x: 200, y: 110) - 10) <= 2, "10 px below the top bar")
        #expect(frame.distance(x: 5, y: 300) == 5, "the sides are the file's")
        #expect(Self.image(width: 400, height: 300) { _, _ in true }.flatFillRuns() == nil)
    }

    @Test("White paper to the file's edge runs in to each line's first letter: no straight edge, so no frame")
    func aScanIsNotAFrame() throws {
        let scan = PipelineStepTests().page(width: 800, height: 600, letter: 12)
        let runs = try #require(scan.flatFillRuns(), "the corners are flat white paper")
        #expect(runs.left[46] == 40, "the paper runs in to the first letter")
        #expect(PictureFrame(runs) == nil)
    }

    @Test("A margin's edge is kept where it runs straight: not its corner, nor rows the picture prolongs, nor lines of print")
    func onlyStraightStretchesCount() {
        // A margin deepening by one pixel every eight rows over 800 rows, after a corner where it turns steeply, with
        // rows here and there where the picture's own pixels prolong the run.
        var runs = (0..<800).map { 20 + $0 / 8 }
        for i in 0..<12 { runs[i] = 200 - 15 * i }
        for i in [100, 101, 102, 400, 650] { runs[i] += 40 }
        let kept = PictureFrame.straightStretches(runs, across: 1000)
        #expect(kept[0] == 0 && kept[5] == 0, "the corner")
        #expect(abs(kept[101] - runs[99]) <= 1, "a prolonged row takes its neighbours' depth: \(kept[95...106])")
        #expect(kept[300] == runs[300] && kept[799] == runs[799])
        // Paper running in to each line's first letter, then across the blank rows between lines: never a side.
        let print = (0..<800).map { ($0 / 20) % 2 == 0 ? 40 : 1000 }
        #expect(PictureFrame.straightStretches(print, across: 1000).allSatisfy { $0 == 0 })
        // A straight margin along less than half the side is not the picture's edge either.
        let short = (0..<800).map { $0 < 300 ? 30 : 0 }
        #expect(PictureFrame.straightStretches(short, across: 1000).allSatisfy { $0 == 0 })
    }

    @Test("The facing page's line ends at a flat margin's edge are cut by the frame there")
    func facingFragmentsAtAMarginAreDropped() throws {
        // A 1300 × 600 photo whose left 140 px are a flat margin; the facing page's line ends start at 141.
        var boxes: [PixelBox] = [], weights: [Int] = []
        for i in 0..<8 {
            boxes.append(PixelBox(x: 141, y: 100 + i * 45, width: 90, height: 20))
            weights.append(6)
            boxes.append(PixelBox(x: 350, y: 100 + i * 45, width: 900, height: 20))
            weights.append(40)
        }
        var filter = FacingPageFilter(xHeight: 20)
        filter.frame = FacingPageFilter.PhotoFrame(size: PixelSize(width: 1300, height: 600), toPhoto: .identity, flatToPage: nil)
        #expect(filter.facingWithCuts(boxes, weights: weights, pageWidth: 1300).indices.isEmpty, "the file's edge alone")
        let runs = try #require(Self.image(width: 1300, height: 600) { x, _ in x >= 140 }.flatFillRuns())
        filter.frame?.picture = PictureFrame(runs)
        let found = filter.facingWithCuts(boxes, weights: weights, pageWidth: 1300).indices
        #expect(found == Set(stride(from: 0, to: 16, by: 2)), "\(found.sorted())")
    }
}
