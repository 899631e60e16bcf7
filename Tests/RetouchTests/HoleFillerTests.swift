// The guided exemplar fill on rendered scenes: neighbouring wires stay out, known pixels stay put, lines carry on.
import Imaging
import Support
import Testing

@testable import Retouch

@Suite("Hole filler")
struct HoleFillerTests {
    /// Two parallel wires 16 px apart; the upper one is removed.
    static func twoWires() -> (photo: RasterImage, clean: RasterImage, hole: Mask) {
        let w = 240, h = 160
        let upper = Scene.sagging(width: w, top: 50, sag: 12), lower = upper.map { PixelPoint(x: $0.x, y: $0.y + 16) }
        var clean = Scene.sky(width: w, height: h)
        clean.drawLine(lower, width: 5)
        var photo = clean
        photo.drawLine(upper, width: 5)
        var hole = Mask(width: w, height: h)
        MaskPainter.paintLine(upper, width: 10, into: &hole)
        return (photo.image, clean.image, hole)
    }

    @Test("a removed wire is not re-drawn from its neighbour")
    func neighbourWireStaysOut() throws {
        let scene = Self.twoWires()
        var filled = scene.photo
        try HoleFiller().fill(&filled, hole: scene.hole)
        #expect(Score.darkShare(filled, over: scene.hole, below: 110) < 0.01)
        #expect(Score.psnr(filled, scene.clean, over: scene.hole) > 30)
    }

    @Test("the check bites: a plain exemplar fill, with no guide and no guard, copies the neighbour")
    func plainExemplarCopiesTheNeighbour() throws {
        let scene = Self.twoWires()
        var plain = FillSettings()
        // Criminisi's classic: 9×9 patches, the single best one copied.
        plain.patchSigmaMin = 3
        plain.patchSigmaMax = 3
        plain.bestCount = 1
        plain.guideWeight = 0
        plain.hintedGuideWeight = 0
        plain.guardRatio = 1e9
        plain.guardFloor = 1e9
        var filled = scene.photo
        try HoleFiller(settings: plain).fill(&filled, hole: scene.hole)
        #expect(Score.darkShare(filled, over: scene.hole, below: 110) > 0.05)
    }

    @Test("pixels outside the hole are untouched")
    func knownPixelsStay() throws {
        let scene = Self.twoWires()
        var filled = scene.photo
        try HoleFiller().fill(&filled, hole: scene.hole)
        for i in 0..<(filled.width * filled.height) where scene.hole.bytes[i] == 0 {
            #expect(filled.bytes[(i * 3)..<(i * 3 + 3)] == scene.photo.bytes[(i * 3)..<(i * 3 + 3)])
        }
    }

    @Test("the quick fill (Telea, for the first preview) removes the wire and touches only the hole")
    func quickFillStaysInTheHole() throws {
        let scene = Self.twoWires()
        var quick = scene.photo
        try HoleFiller().quickFill(&quick, hole: scene.hole)
        #expect(Score.darkShare(quick, over: scene.hole, below: 110) < 0.01)
        for i in 0..<(quick.width * quick.height) where scene.hole.bytes[i] == 0 {
            #expect(quick.bytes[(i * 3)..<(i * 3 + 3)] == scene.photo.bytes[(i * 3)..<(i * 3 + 3)])
        }
        var empty = scene.photo
        try HoleFiller().quickFill(&empty, hole: Mask(width: quick.width, height: quick.height))
        #expect(empty.bytes == scene.photo.bytes)
    }

    @Test("a blob over a wire is filled with the wire carried through")
    func lineContinuesThroughABlob() throws {
        let w = 200, h = 120
        let wire = [PixelPoint(x: 0, y: 60), PixelPoint(x: 199, y: 64)]
        var scene = Scene.sky(width: w, height: h)
        scene.drawLine(wire, width: 5)
        var hole = Mask(width: w, height: h)
        MaskPainter.paintLine([PixelPoint(x: 100, y: 62)], width: 30, into: &hole)
        var filled = scene.image
        try HoleFiller().fill(&filled, hole: hole)
        var onWire = Mask(width: w, height: h), offWire = Mask(width: w, height: h)
        MaskPainter.paintLine(wire, width: 3, into: &onWire)
        MaskPainter.paintLine(wire, width: 14, into: &offWire)
        for i in hole.bytes.indices {
            onWire.bytes[i] &= hole.bytes[i]
            offWire.bytes[i] = hole.bytes[i] & (1 - offWire.bytes[i])
        }
        #expect(Score.darkShare(filled, over: onWire, below: 110) > 0.8)
        #expect(Score.darkShare(filled, over: offWire, below: 110) < 0.02)
        #expect(Score.psnr(filled, scene.image, over: hole) > 24)
    }

    @Test("a long wire filled in tiles matches the untiled fill's quality and leaves no seam")
    func tiles() throws {
        let w = 600, h = 120
        let wire = Scene.sagging(width: w, top: 40, sag: 30)
        let clean = Scene.sky(width: w, height: h, seed: 5)
        var photo = clean
        photo.drawLine(wire, width: 4)
        var hole = Mask(width: w, height: h)
        MaskPainter.paintLine(wire, width: 8, into: &hole)
        var tiled = FillSettings()
        tiled.tileSide = 64
        var a = photo.image, b = photo.image
        try HoleFiller().fill(&a, hole: hole)
        try HoleFiller(settings: tiled).fill(&b, hole: hole)
        let whole = Score.psnr(a, clean.image, over: hole), pieces = Score.psnr(b, clean.image, over: hole)
        #expect(pieces > 30)
        #expect(abs(whole - pieces) < 1.5)
        #expect(Score.darkShare(b, over: hole, below: 110) == 0)
    }

    @Test("a long hole's tiles are filled in two rounds, tiles sharing an edge never in the same one, the same every time")
    func tilesInTwoRounds() throws {
        let w = 600, h = 300
        let clean = Scene.sky(width: w, height: h, seed: 21)
        var hole = Mask(width: w, height: h)
        MaskPainter.paintLine([PixelPoint(x: 20, y: 60), PixelPoint(x: 580, y: 240)], width: 8, into: &hole)
        var settings = FillSettings()
        settings.tileSide = 64
        let filler = HoleFiller(settings: settings)
        let part = try #require(MaskPart.parts(of: hole).first)
        let jobs = try filler.plan(part, in: hole)
        #expect(Set(jobs.map(\.round)) == [0, 1])
        // Two tiles of one round never share an edge: their cores (the pixels they fill) are never side by side.
        for round in 0..<2 {
            let cores = jobs.filter { $0.round == round }.map { job in Set(job.pixels) }
            for (i, a) in cores.enumerated() {
                for b in cores[(i + 1)...] {
                    #expect(!a.contains { b.contains($0 + 1) || b.contains($0 - 1) || b.contains($0 + w) || b.contains($0 - w) })
                }
            }
        }
        // Filled at once on both cores, the result does not depend on which finished first.
        var first = clean.image, second = clean.image
        try filler.fill(&first, hole: hole)
        try filler.fill(&second, hole: hole)
        #expect(first.bytes == second.bytes)
        #expect(Score.psnr(first, clean.image, over: hole) > 30)
    }

    @Test("a wide hole is solved coarse-to-fine without a visible disc")
    func wideHole() throws {
        let w = 320, h = 240
        let clean = Scene.sky(width: w, height: h, seed: 9)
        var hole = Mask(width: w, height: h)
        MaskPainter.paintLine([PixelPoint(x: 160, y: 120)], width: 90, into: &hole)
        var filled = clean.image
        try HoleFiller().fill(&filled, hole: hole)
        // The sky is a smooth gradient with grain: a good fill stays within the grain of the truth.
        #expect(Score.psnr(filled, clean.image, over: hole) > 33)
    }

    @Test("a mask of another size is refused")
    func mismatch() {
        var image = Scene.sky(width: 40, height: 30).image
        #expect(throws: RetouchError.maskMismatch) { try HoleFiller().fill(&image, hole: Mask(width: 30, height: 40)) }
    }

    @Test("a long wide stroke is filled in tiles, each solved coarse-to-fine")
    func wideLongStroke() throws {
        let w = 900, h = 200
        let clean = Scene.sky(width: w, height: h, seed: 13)
        var hole = Mask(width: w, height: h)
        MaskPainter.paintLine([PixelPoint(x: 0, y: 100), PixelPoint(x: 899, y: 110)], width: 50, into: &hole)
        var settings = FillSettings()
        settings.maxCropPixels = 120_000
        settings.tileSide = 128
        let filler = HoleFiller(settings: settings)
        let part = try #require(MaskPart.parts(of: hole).first)
        #expect(try filler.plan(part, in: hole).count > 1)
        var filled = clean.image
        try filler.fill(&filled, hole: hole)
        #expect(Score.psnr(filled, clean.image, over: hole) > 33)
    }

    @Test("an area too big for one crop is refused with a message, not run, when no smaller copy may be used")
    func areaTooLarge() {
        var settings = FillSettings()
        settings.maxCropPixels = 10_000
        settings.maxReduction = 1
        var image = Scene.sky(width: 200, height: 200).image
        var hole = Mask(width: 200, height: 200)
        MaskPainter.paintLine([PixelPoint(x: 100, y: 100)], width: 120, into: &hole)
        #expect(throws: RetouchError.areaTooLarge) { try HoleFiller(settings: settings).fill(&image, hole: hole) }
    }

    @Test("a hole too deep for a full-size crop is filled on a smaller copy: the sky comes back, pixels outside stay")
    func deepHoleOnASmallerCopy() throws {
        var settings = FillSettings()
        settings.maxCropPixels = 10_000
        let clean = Scene.sky(width: 200, height: 200).image
        var image = clean
        var hole = Mask(width: 200, height: 200)
        MaskPainter.paintLine([PixelPoint(x: 100, y: 100)], width: 120, into: &hole)
        let part = try #require(MaskPart.parts(of: hole).first)
        let factor = try #require(HoleFiller(settings: settings).reduction(depth: part.deepest(in: hole), box: part.box, width: 200, height: 200))
        #expect(factor > 1)
        try HoleFiller(settings: settings).fill(&image, hole: hole)
        for i in 0..<(200 * 200) where hole.bytes[i] == 0 {
            #expect(image.bytes[i * 3] == clean.bytes[i * 3] && image.bytes[i * 3 + 2] == clean.bytes[i * 3 + 2])
        }
        #expect(Score.psnr(image, clean, over: hole) > 25)
    }

    @Test("a hole over all but scattered specks (no patch left to copy) takes the guide from the specks; the specks stay")
    func holeWithNoSourceLeft() throws {
        let clean = Scene.sky(width: 300, height: 200).image
        var image = clean
        var hole = Mask(width: 300, height: 200)
        for y in 0..<200 { for x in 0..<300 where x % 23 != 0 || y % 19 != 0 { hole.bytes[y * 300 + x] = 1 } }
        try HoleFiller().fill(&image, hole: hole)
        for i in 0..<(300 * 200) where hole.bytes[i] == 0 {
            #expect(image.bytes[(i * 3)..<(i * 3 + 3)] == clean.bytes[(i * 3)..<(i * 3 + 3)])
        }
        #expect(Score.psnr(image, clean, over: hole) > 25)
    }
}

@Suite("Quick fill of a big hole")
struct QuickFillBigHoleTests {
    @Test("a hole bigger than the quick fill's budget is solved coarse: the sky comes back, pixels outside stay")
    func coarseQuickFill() throws {
        var scene = Scene.sky(width: 600, height: 400, grain: 2, seed: 51)
        let clean = scene.image
        scene.drawDisc(centre: PixelPoint(x: 300, y: 200), radius: 150, colour: (200, 80, 40))
        var hole = Mask(width: 600, height: 400)
        MaskPainter.paintLine([PixelPoint(x: 300, y: 200)], width: 306, into: &hole)
        var settings = FillSettings()
        settings.quickFillPixels = 20_000
        var filled = scene.image
        try HoleFiller(settings: settings).quickFill(&filled, hole: hole)
        #expect(Score.psnr(filled, clean, over: hole) > 28)
        for i in 0..<(600 * 400) where hole.bytes[i] == 0 {
            #expect(filled.bytes[(i * 3)..<(i * 3 + 3)] == scene.image.bytes[(i * 3)..<(i * 3 + 3)])
        }
    }
}
