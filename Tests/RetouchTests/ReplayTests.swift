// Replaying edits: the same edits at preview and full size, after undo, with a feathered edge.
import Imaging
import Retouch
import Support
import Testing

@Suite("Edit replay")
struct ReplayTests {
    static let w = 320, h = 200
    static let wire = Scene.sagging(width: w, top: 60, sag: 30)

    static func photo() -> (photo: RasterImage, clean: RasterImage) {
        let clean = Scene.sky(width: w, height: h, seed: 8)
        var photo = clean
        photo.drawLine(wire, width: 5)
        return (photo.image, clean.image)
    }

    @Test("undo then replay gives back the picture before the edit")
    func undoReplays() throws {
        let (photo, _) = Self.photo()
        var stack = EditStack()
        stack.push(EditOperation(tool: .lineBrush, shape: .line(points: Self.wire, width: 9)))
        stack.undo()
        var picture = photo
        try EditReplayer().replay(stack.effective, on: &picture, scale: 1)
        #expect(picture == photo)
        stack.redo()
        try EditReplayer().replay(stack.effective, on: &picture, scale: 1)
        #expect(picture != photo)
    }

    @Test("the same edit removes the wire at full size and on a half-size preview")
    func scales() throws {
        let (photo, clean) = Self.photo()
        let edit = EditOperation(tool: .wire, shape: .line(points: Self.wire, width: 7), grow: 1)
        var full = photo
        try EditReplayer().apply(edit, on: &full, scale: 1)
        var hole = Mask(width: Self.w, height: Self.h)
        MaskPainter.paintLine(Self.wire, width: 9, into: &hole)
        #expect(Score.darkShare(full, over: hole, below: 110) == 0)
        #expect(Score.psnr(full, clean, over: hole) > 30)

        let halfWidth = Self.w / 2, halfHeight = Self.h / 2
        var preview = RasterImage(
            width: halfWidth, height: halfHeight, channels: 3,
            bytes: (0..<(halfWidth * halfHeight * 3)).map { i in
                let p = i / 3, k = i % 3, x = p % halfWidth, y = p / halfWidth
                let a = Int(photo.bytes[((2 * y) * Self.w + 2 * x) * 3 + k]), b = Int(photo.bytes[((2 * y) * Self.w + 2 * x + 1) * 3 + k])
                let c = Int(photo.bytes[((2 * y + 1) * Self.w + 2 * x) * 3 + k]), d = Int(photo.bytes[((2 * y + 1) * Self.w + 2 * x + 1) * 3 + k])
                return UInt8((a + b + c + d + 2) / 4)
            })
        try EditReplayer().apply(edit, on: &preview, scale: 0.5)
        var smallHole = Mask(width: halfWidth, height: halfHeight)
        MaskPainter.paintLine(Self.wire, width: 9, scale: 0.5, into: &smallHole)
        #expect(Score.darkShare(preview, over: smallHole, below: 110) == 0)
    }

    @Test("a feathered edit changes pixels beyond its core, less and less")
    func feather() throws {
        let (photo, _) = Self.photo()
        let edit = EditOperation(tool: .brush, shape: .line(points: [PixelPoint(x: 160, y: 100)], width: 20), feather: 6)
        let (core, hole) = edit.masks(width: Self.w, height: Self.h, scale: 1)
        #expect(hole.selectedCount > core.selectedCount)
        var picture = photo
        try EditReplayer().apply(edit, on: &picture, scale: 1)
        // Beyond the ring nothing moves.
        for i in 0..<(Self.w * Self.h) where hole.bytes[i] == 0 {
            #expect(picture.bytes[i * 3] == photo.bytes[i * 3])
        }
    }
}
