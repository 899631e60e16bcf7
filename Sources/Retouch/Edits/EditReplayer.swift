// Replays edits onto a picture of any size: each edit's area is filled, its feather ring blended, in order.
import Imaging
import Support

/// Applies edits to a picture showing the photo at `scale` (1 for a full-size export, less for a preview).
public struct EditReplayer: Sendable {
    public var filler: HoleFiller

    public init(filler: HoleFiller = HoleFiller()) {
        self.filler = filler
    }

    /// Applies `operations` in order; each one sees what the ones before it made.
    public func replay(_ operations: [EditOperation], on picture: inout RasterImage, scale: Double) throws(RetouchError) {
        for operation in operations { try apply(operation, on: &picture, scale: scale) }
    }

    /// Applies what it can of `operations`: an edit that cannot be drawn (too large at this size, an engine failure)
    /// is left out (parts of it already filled stay: no copy of a full-size picture is kept to undo them) and the next
    /// one goes on. Returns the indices left out, so one bad stored edit never costs the others.
    public func replayAll(_ operations: [EditOperation], on picture: inout RasterImage, scale: Double) -> [Int] {
        var skipped: [Int] = []
        for (index, operation) in operations.enumerated() {
            do {
                try apply(operation, on: &picture, scale: scale)
            } catch {
                skipped.append(index)
            }
        }
        return skipped
    }

    /// `quick` fills with Telea alone (an instant preview); otherwise with the guided exemplar fill.
    public func apply(_ operation: EditOperation, on picture: inout RasterImage, scale: Double, quick: Bool = false) throws(RetouchError) {
        let (core, hole) = operation.masks(width: picture.width, height: picture.height, scale: scale)
        guard let box = hole.selectedBox else { return }
        let ring = operation.feather * scale
        // Only the box is kept for the blend, not the whole picture.
        let before = ring > 0 ? Self.copy(box, of: picture) : []
        if quick {
            try filler.quickFill(&picture, hole: hole)
        } else {
            try filler.fill(&picture, hole: hole)
        }
        if ring > 0 { blendRing(from: before, into: &picture, core: core, hole: hole, box: box, ring: ring) }
    }

    private static func copy(_ box: PixelBox, of picture: RasterImage) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: box.area * 3)
        for y in 0..<box.height {
            let from = ((box.y + y) * picture.width + box.x) * 3
            out.replaceSubrange((y * box.width * 3)..<((y + 1) * box.width * 3), with: picture.bytes[from..<(from + box.width * 3)])
        }
        return out
    }

    /// Outside the core, the fill fades into the photo across the feather ring (linear in the distance to the core).
    private func blendRing(from original: [UInt8], into picture: inout RasterImage, core: Mask, hole: Mask, box: PixelBox, ring: Double) {
        let w = picture.width
        var outside = [UInt8](repeating: 0, count: box.area)
        for y in 0..<box.height {
            for x in 0..<box.width where core.bytes[(box.y + y) * w + box.x + x] == 0 { outside[y * box.width + x] = 1 }
        }
        let distance = Chamfer.depth(of: outside, width: box.width, height: box.height)
        for y in 0..<box.height {
            for x in 0..<box.width {
                let i = (box.y + y) * w + box.x + x, j = y * box.width + x
                guard hole.bytes[i] != 0, core.bytes[i] == 0 else { continue }
                let keep = Float(min(1, max(0, Double(distance[j]) / (ring + 1))))
                for k in 0..<3 {
                    let filled = Float(picture.bytes[i * 3 + k]), photo = Float(original[j * 3 + k])
                    picture.bytes[i * 3 + k] = UInt8((filled * (1 - keep) + photo * keep).rounded())
                }
            }
        }
    }
}
