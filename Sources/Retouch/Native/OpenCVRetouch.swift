// Every call into the shim's retouch functions lives here; C pointers never leave this file.
import Imaging
import OpenCVShim
import Support

/// Plain-Swift doors onto RetouchOps.h. Each returns nil when the shim refuses or fails (out of memory included).
enum OpenCVRetouch {
    /// OpenCV's Telea fill of `mask` (non-zero = fill) in an RGB buffer.
    static func telea(rgb: [UInt8], mask: [UInt8], width: Int, height: Int, radius: Double) -> [UInt8]? {
        guard rgb.count == width * height * 3, mask.count == width * height else { return nil }
        var out = [UInt8](repeating: 0, count: rgb.count)
        let status = rgb.withUnsafeBufferPointer { src in
            mask.withUnsafeBufferPointer { holes in
                out.withUnsafeMutableBufferPointer { dst in
                    snappost_retouch_telea(src.baseAddress, holes.baseAddress, Int32(width), Int32(height), radius, dst.baseAddress)
                }
            }
        }
        return status == 0 ? out : nil
    }

    /// Multi-scale Hessian line response of a grey buffer; normals and best sigma only when asked for.
    static func lineResponse(gray: [UInt8], width: Int, height: Int, sigmas: [Float], withGeometry: Bool) -> LineResponse? {
        let n = width * height
        guard gray.count == n, !sigmas.isEmpty else { return nil }
        var dark = [Float](repeating: 0, count: n), bright = [Float](repeating: 0, count: n)
        var nx = [Float](repeating: 0, count: withGeometry ? n : 0), ny = nx, sigma = nx
        let status = gray.withUnsafeBufferPointer { g in
            sigmas.withUnsafeBufferPointer { s in
                dark.withUnsafeMutableBufferPointer { d in
                    bright.withUnsafeMutableBufferPointer { b in
                        nx.withUnsafeMutableBufferPointer { x in
                            ny.withUnsafeMutableBufferPointer { y in
                                sigma.withUnsafeMutableBufferPointer { best in
                                    snappost_retouch_ridges(
                                        g.baseAddress, Int32(width), Int32(height), s.baseAddress, Int32(sigmas.count),
                                        d.baseAddress, b.baseAddress, withGeometry ? x.baseAddress : nil,
                                        withGeometry ? y.baseAddress : nil, withGeometry ? best.baseAddress : nil)
                                }
                            }
                        }
                    }
                }
            }
        }
        guard status == 0 else { return nil }
        return LineResponse(width: width, height: height, dark: dark, bright: bright, normalX: nx, normalY: ny, sigma: sigma)
    }

    /// Grab-cut in `rect` of an RGB buffer; `hints` 1 = object, 2 = not, 3 = probably not, 4 = probably the object,
    /// 0 = the rectangle decides. Returns 0/255 per pixel.
    static func grabCut(rgb: [UInt8], width: Int, height: Int, rect: PixelBox, hints: [UInt8]?, iterations: Int) -> [UInt8]? {
        guard rgb.count == width * height * 3, hints == nil || hints!.count == width * height else { return nil }
        var out = [UInt8](repeating: 0, count: width * height)
        let status = rgb.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                if let hints {
                    return hints.withUnsafeBufferPointer { h in
                        snappost_retouch_grabcut(
                            src.baseAddress, Int32(width), Int32(height), Int32(rect.x), Int32(rect.y), Int32(rect.width),
                            Int32(rect.height), h.baseAddress, Int32(iterations), dst.baseAddress)
                    }
                }
                return snappost_retouch_grabcut(
                    src.baseAddress, Int32(width), Int32(height), Int32(rect.x), Int32(rect.y), Int32(rect.width),
                    Int32(rect.height), nil, Int32(iterations), dst.baseAddress)
            }
        }
        return status == 0 ? out : nil
    }

    /// OpenCV's classical people detectors over a grey buffer (see RetouchPeople.h); nil when the shim fails.
    static func people(gray: [UInt8], width: Int, height: Int, cascades: String?, minimumFace: Int, stages: Int32) -> [PersonDetection]? {
        guard gray.count == width * height else { return nil }
        var room = 64
        for _ in 0..<2 {
            var boxes = [snappost_person_box](repeating: snappost_person_box(), count: room)
            var count: Int32 = 0
            let status = gray.withUnsafeBufferPointer { g in
                boxes.withUnsafeMutableBufferPointer { b in
                    snappost_retouch_people(
                        g.baseAddress, Int32(width), Int32(height), cascades, Int32(minimumFace), stages, b.baseAddress, Int32(room),
                        &count)
                }
            }
            guard status == 0 else { return nil }
            if Int(count) > room {
                room = Int(count)
                continue
            }
            return boxes.prefix(Int(count)).compactMap { box in
                let kind: PersonDetection.Kind
                switch Int(box.kind) {
                case Int(SNAPPOST_PERSON_HOG): kind = .body
                case Int(SNAPPOST_PERSON_FULL_BODY): kind = .fullBody
                case Int(SNAPPOST_PERSON_UPPER_BODY): kind = .upperBody
                case Int(SNAPPOST_PERSON_FACE): kind = .face
                case Int(SNAPPOST_PERSON_PROFILE): kind = .profile
                default: return nil
                }
                return PersonDetection(
                    box: PixelBox(x: Int(box.x), y: Int(box.y), width: Int(box.width), height: Int(box.height)), kind: kind, score: box.score)
            }
        }
        return nil
    }

    /// Outer outlines of a mask, simplified to within `tolerance` pixels.
    static func outlines(mask: [UInt8], width: Int, height: Int, tolerance: Double) -> [[(x: Int, y: Int)]]? {
        guard mask.count == width * height else { return nil }
        var pointRoom = 4096, outlineRoom = 64
        for _ in 0..<2 {
            var points = [Int32](repeating: 0, count: pointRoom * 2), counts = [Int32](repeating: 0, count: outlineRoom)
            var pointTotal: Int32 = 0, outlineTotal: Int32 = 0
            let status = mask.withUnsafeBufferPointer { m in
                points.withUnsafeMutableBufferPointer { p in
                    counts.withUnsafeMutableBufferPointer { c in
                        snappost_retouch_outlines(
                            m.baseAddress, Int32(width), Int32(height), tolerance, p.baseAddress, Int32(pointRoom), c.baseAddress,
                            Int32(outlineRoom), &pointTotal, &outlineTotal)
                    }
                }
            }
            if status == -3 {
                pointRoom = Int(pointTotal)
                outlineRoom = Int(outlineTotal)
                continue
            }
            guard status == 0 else { return nil }
            var result: [[(x: Int, y: Int)]] = []
            var at = 0
            for k in 0..<Int(outlineTotal) {
                let count = Int(counts[k])
                result.append((0..<count).map { i in (Int(points[2 * (at + i)]), Int(points[2 * (at + i) + 1])) })
                at += count
            }
            return result
        }
        return nil
    }

    /// Our guided exemplar fill over one crop (see RetouchFill.cpp); returns the filled floats and per pixel
    /// the index of the source pixel each filled pixel copied (-1 elsewhere).
    static func guidedFill(
        image: [Float], guide: [Float], hole: [UInt8], dark: [Float], bright: [Float], hints: [Int32]?, width: Int, height: Int,
        settings: FillSettings
    ) -> (image: [Float], origins: [Int32])? {
        let n = width * height
        guard image.count == n * 3, guide.count == n * 3, hole.count == n, dark.count == n, bright.count == n,
            hints == nil || hints!.count == n
        else { return nil }
        var params = snappost_fill_params(
            patchScale: settings.patchScale, patchSigmaMin: settings.patchSigmaMin, patchSigmaMax: settings.patchSigmaMax,
            fillRadius: Int32(settings.fillRadius), searchRadius: Int32(settings.searchRadius),
            coarseStride: Int32(settings.coarseStride), prefilterCount: Int32(settings.prefilterCount),
            bestCount: Int32(settings.bestCount), bestCountMin: Int32(settings.bestCountMin), averageSpread: settings.averageSpread,
            guideWeight: settings.guideWeight, guideFalloff: settings.guideFalloff, guideFloor: settings.guideFloor,
            hintedGuideWeight: settings.hintedGuideWeight, guardRatio: settings.guardRatio, guardFloor: settings.guardFloor,
            dataFloor: settings.dataFloor)
        var out = [Float](repeating: 0, count: n * 3)
        var origins = [Int32](repeating: -1, count: n)
        let status = image.withUnsafeBufferPointer { img in
            guide.withUnsafeBufferPointer { g in
                hole.withUnsafeBufferPointer { m in
                    dark.withUnsafeBufferPointer { d in
                        bright.withUnsafeBufferPointer { b in
                            out.withUnsafeMutableBufferPointer { o in
                                origins.withUnsafeMutableBufferPointer { src in
                                    if let hints {
                                        return hints.withUnsafeBufferPointer { hp in
                                            snappost_retouch_guided_fill(
                                                img.baseAddress, g.baseAddress, m.baseAddress, d.baseAddress, b.baseAddress,
                                                hp.baseAddress, Int32(width), Int32(height), &params, o.baseAddress, src.baseAddress)
                                        }
                                    }
                                    return snappost_retouch_guided_fill(
                                        img.baseAddress, g.baseAddress, m.baseAddress, d.baseAddress, b.baseAddress, nil,
                                        Int32(width), Int32(height), &params, o.baseAddress, src.baseAddress)
                                }
                            }
                        }
                    }
                }
            }
        }
        return status == 0 ? (out, origins) : nil
    }
}
