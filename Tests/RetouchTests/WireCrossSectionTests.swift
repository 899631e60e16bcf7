// The whole wire from one tap, on rendered photographs of wires: the sharpening halo is taken, parallel strands are
// one wire, a wire farther away is not, and nothing spills onto a roof line or a branch the wire crosses.
import Imaging
import Support
import Testing

@testable import Retouch

@Suite("Wire cross-section")
struct WireCrossSectionTests {
    static let w = 400, h = 240

    /// The sky alone and the sky with `lines` drawn, both "photographed" (softened, then sharpened: halos).
    static func photographed(_ lines: [(points: [PixelPoint], width: Double)], seed: UInt64 = 21) -> (photo: RasterImage, sky: RasterImage) {
        var sky = Scene.sky(width: w, height: h, grain: 2, seed: seed)
        var photo = sky
        for line in lines { photo.drawLine(line.points, width: line.width, colour: (30, 30, 35)) }
        sky.photograph()
        photo.photograph()
        return (photo.image, sky.image)
    }

    /// Pixels where the photograph differs from the sky alone by more than `levels` grey levels: what the wire changed.
    static func changed(_ photo: RasterImage, from sky: RasterImage, by levels: Int) -> Mask {
        let a = photo.luma, b = sky.luma
        return Mask(width: w, height: h, bytes: a.bytes.indices.map { abs(Int(a.bytes[$0]) - Int(b.bytes[$0])) > levels ? 1 : 0 })
    }

    static func mask(of trace: WireTrace) -> Mask {
        var mask = Mask(width: w, height: h)
        MaskPainter.paintLine(trace.points, width: trace.width, into: &mask)
        return mask
    }

    /// Share of `part`'s pixels inside `mask`.
    static func covered(_ part: Mask, by mask: Mask) -> Double {
        let inside = part.bytes.indices.filter { part.bytes[$0] != 0 && mask.bytes[$0] != 0 }.count
        return Double(inside) / Double(max(part.selectedCount, 1))
    }

    static let wire = Scene.sagging(width: w, top: 60, sag: 30)

    @Test("a tap takes the wire's soft edges and the camera's halo along its whole length", arguments: [0.2, 0.5, 0.8])
    func haloIsTaken(at share: Double) throws {
        let scene = Self.photographed([(Self.wire, 4)])
        let x = share * Double(Self.w - 1), u = 2 * x / Double(Self.w) - 1
        let found = try WireFinder().find(in: scene.photo, fullWidth: Self.w, near: PixelPoint(x: x, y: 60 + 30 * (1 - u * u) + 8))
        let mask = Self.mask(of: found)
        // Away from the picture's sides (where the trace ends at the border), every changed pixel is in the mask.
        var changed = Self.changed(scene.photo, from: scene.sky, by: 6)
        for y in 0..<Self.h { for x in 0..<Self.w where x < 4 || x >= Self.w - 4 { changed[x, y] = false } }
        #expect(Self.covered(changed, by: mask) > 0.98)
        // … and the mask is not much wider than what changed.
        #expect(found.width < 16)
    }

    @Test("filled, the whole cross-section leaves no trace; the core alone leaves the halo as a ghost")
    func noGhost() throws {
        let scene = Self.photographed([(Self.wire, 4)])
        let found = try WireFinder().find(in: scene.photo, fullWidth: Self.w, near: PixelPoint(x: 200, y: 96))
        var whole = scene.photo
        try HoleFiller().fill(&whole, hole: Self.mask(of: found))
        var coreOnly = scene.photo
        var core = Mask(width: Self.w, height: Self.h)
        MaskPainter.paintLine(Self.wire, width: 4 + 1.5, into: &core)
        try HoleFiller().fill(&coreOnly, hole: core)
        let clean = Score.ghost(whole, line: Self.wire, width: 4), ghost = Score.ghost(coreOnly, line: Self.wire, width: 4)
        #expect(clean < 1.25, "whole cross-section: \(clean)")
        #expect(ghost > clean + 0.3, "core only: \(ghost), whole: \(clean)")
    }

    @Test("two strands a few pixels apart are one wire, from a tap on either")
    func strandsAreOneWire() throws {
        let upper = Self.wire, lower = upper.map { PixelPoint(x: $0.x, y: $0.y + 7) }
        let scene = Self.photographed([(upper, 3), (lower, 3)])
        for tap in [PixelPoint(x: 120, y: 75), PixelPoint(x: 260, y: 105)] {
            let mask = Self.mask(of: try WireFinder().find(in: scene.photo, fullWidth: Self.w, near: tap))
            for strand in [upper, lower] {
                var truth = Mask(width: Self.w, height: Self.h)
                MaskPainter.paintLine(strand, width: 3, into: &truth)
                for y in 0..<Self.h { for x in 0..<Self.w where x < 4 || x >= Self.w - 4 { truth[x, y] = false } }
                #expect(Self.covered(truth, by: mask) > 0.97)
            }
        }
    }

    @Test("a wire 30 px away is another wire: it needs its own tap")
    func neighbourIsNotTaken() throws {
        let upper = Self.wire, lower = upper.map { PixelPoint(x: $0.x, y: $0.y + 30) }
        let scene = Self.photographed([(upper, 4), (lower, 4)])
        let mask = Self.mask(of: try WireFinder().find(in: scene.photo, fullWidth: Self.w, near: PixelPoint(x: 200, y: 85)))
        var other = Mask(width: Self.w, height: Self.h)
        MaskPainter.paintLine(lower, width: 4, into: &other)
        #expect(Self.covered(other, by: mask) < 0.01)
    }

    /// How the spill check works: a wire runs down across the sky, over a roof line (the edge of a darker roof) and
    /// past a branch that crosses it. Every pixel of the mask must lie within the wire's own reach (its half width,
    /// the halo, a pixel of margin) of the wire's centre line: nothing along the roof line or the branch.
    @Test("the mask never spills onto a roof line or a branch the wire crosses")
    func noSpillAtCrossings() throws {
        let wire = [PixelPoint(x: 0, y: 40), PixelPoint(x: 399, y: 200)]
        let branch = [PixelPoint(x: 150, y: 0), PixelPoint(x: 260, y: 239)]
        var sky = Scene.sky(width: Self.w, height: Self.h, grain: 2, seed: 23)
        // The roof: everything below a gently sloping line is a darker, warmer surface.
        for y in 0..<Self.h {
            for x in 0..<Self.w where Double(y) > 150 - 0.1 * Double(x) {
                let i = (y * Self.w + x) * 3
                sky.image.bytes[i] = 120
                sky.image.bytes[i + 1] = 95
                sky.image.bytes[i + 2] = 85
            }
        }
        sky.drawLine(branch, width: 3, colour: (60, 50, 40))
        var photo = sky
        photo.drawLine(wire, width: 4, colour: (30, 30, 35))
        photo.photograph()
        let found = try WireFinder().find(in: photo.image, fullWidth: Self.w, near: PixelPoint(x: 80, y: 60))
        let mask = Self.mask(of: found)
        var reach = Mask(width: Self.w, height: Self.h)
        MaskPainter.paintLine(wire, width: 4 + 2 * 5, into: &reach)
        let spilled = mask.bytes.indices.filter { mask.bytes[$0] != 0 && reach.bytes[$0] == 0 }.count
        #expect(spilled == 0, "\(spilled) pixels beyond the wire's reach")
        // And the wire is taken across the branch and past the roof line.
        #expect(found.points.map(\.x).max()! > 300)
    }
}
