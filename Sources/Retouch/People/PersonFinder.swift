// From a tap on a person to that person's outline: OpenCV's classical people detectors, then grab-cut from the box.
import Imaging
import Support

/// One detector's find, in the picture's pixels.
struct PersonDetection: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// HOG people detector: the whole standing person.
        case body
        /// Haar cascades: a standing body, head and shoulders, a frontal face, a face in profile.
        case fullBody
        case upperBody
        case face
        case profile
    }

    var box: PixelBox
    var kind: Kind
    /// HOG: the SVM's margin; cascades: how many neighbouring windows agreed.
    var score: Float
}

/// Finds people, with no trained network beyond what Debian's OpenCV ships:
/// 1. detect on a copy at most `detectionLongSide` wide: the HOG people detector (built into OpenCV's objdetect) and
///    the Haar cascades of Debian's opencv-data (frontal and profile faces, upper body, full body); for a tap, the
///    quick ones (HOG, frontal faces) first and the slower ones only when those found no one there;
/// 2. each find becomes a box around the whole person (a face is about an eighth of a standing person's height, and
///    arms held out from a seated body reach almost two faces beyond the shoulders), and finds whose boxes mostly overlap
///    are one person; a person needs a sure find
///    (a face, or a body the detector is confident of) or two detectors agreeing;
/// 3. grab-cut on the person's box (on a copy at most `cutLongSide` wide): outside the box surely not the person, the
///    box's sides probably not, an upright ellipse through its middle probably the person, the face and the tap surely;
/// 4. the part that holds the tap (or the face) is the person (without a face, only when it stands upright); its
///    outline is the result.
public struct PersonFinder: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Where Debian's opencv-data puts OpenCV's Haar cascades; a missing folder leaves the HOG detector alone.
        public var cascadeDirectory = "/usr/share/opencv4/haarcascades"
        public var detectionLongSide = 640
        /// Smallest face looked for, in pixels of the detection copy.
        public var minimumFace = 20
        public var cutLongSide = 320
        public var iterations = 4
        /// HOG finds below this margin need another detector's agreement; cascade finds below `cascadeSure` too.
        public var bodySure: Float = 1.0
        public var cascadeSure: Float = 12
        /// A cut keeping less than this share of its box found no person there.
        public var minimumShare = 0.08
        /// Without a face to go by, the cut must stand upright: at least this many times taller than wide (a round
        /// bush or a box on textured ground can fool the body detector; their cut is not a standing shape).
        public var uprightRatio = 1.3
        public var outlineTolerance = 1.0

        public init() {}
    }

    public var settings: Settings

    public init(settings: Settings = .init()) {
        self.settings = settings
    }

    /// A person found: the box the cut works in, and where a face is (a sure part of the person).
    struct Person: Equatable {
        var box: PixelBox
        var face: PixelBox?
    }

    /// The outline of the person under `tap` (picture pixels).
    public func find(in picture: RasterImage, near tap: PixelPoint) throws(RetouchError) -> [[PixelPoint]] {
        guard picture.channels == 3, tap.x.isFinite, tap.y.isFinite, tap.x >= 0, tap.y >= 0, tap.x < Double(picture.width),
            tap.y < Double(picture.height)
        else { throw .noPerson }
        let tx = Int(tap.x), ty = Int(tap.y)
        // The quick detectors first; the slower ones only when those found no one here.
        let small = detectionCopy(of: picture)
        var found = try detect(small, stages: .quick)
        for pass in 0..<2 {
            if pass == 1 { found += try detect(small, stages: .slow) }
            let people = Self.group(found, picture: (picture.width, picture.height), settings: settings)
            for person in people.filter({ $0.box.contains(tx, ty) }).sorted(by: { $0.box.area < $1.box.area }) {
                if let cut = try cut(person, in: picture, tap: (tx, ty)) { return cut }
            }
        }
        throw .noPerson
    }

    /// The outlines of every person in the picture.
    public func findAll(in picture: RasterImage) throws(RetouchError) -> [[PixelPoint]] {
        guard picture.channels == 3 else { throw .noPeople }
        var outlines: [[PixelPoint]] = []
        for person in try people(in: picture) {
            if let cut = try cut(person, in: picture, tap: nil) { outlines += cut }
        }
        guard !outlines.isEmpty else { throw .noPeople }
        return outlines
    }

    // MARK: Detection

    /// The people in the picture, each a box around the whole person (every detector).
    func people(in picture: RasterImage) throws(RetouchError) -> [Person] {
        let small = detectionCopy(of: picture)
        let found = try detect(small, stages: .quick) + detect(small, stages: .slow)
        return Self.group(found, picture: (picture.width, picture.height), settings: settings)
    }

    /// Which detectors run: the quick ones (HOG, frontal faces), or the slower ones (profiles, upper and full body).
    enum Stages: Int32 {
        case quick = 1
        case slow = 2
    }

    /// The grey copy the detectors read, at most `detectionLongSide` wide, and how many picture pixels a pixel is.
    func detectionCopy(of picture: RasterImage) -> (gray: GrayImage, factor: Int) {
        let factor = max(1, Int((Double(max(picture.width, picture.height)) / Double(settings.detectionLongSide)).rounded(.up)))
        return (Resample.shrink(picture.luma, by: factor), factor)
    }

    /// The detectors' finds, in picture pixels.
    func detect(_ copy: (gray: GrayImage, factor: Int), stages: Stages) throws(RetouchError) -> [PersonDetection] {
        let small = copy.gray, factor = copy.factor
        guard
            let found = OpenCVRetouch.people(
                gray: small.bytes, width: small.width, height: small.height, cascades: settings.cascadeDirectory,
                minimumFace: settings.minimumFace, stages: stages.rawValue)
        else { throw .engineFailure("people \(small.width)×\(small.height)") }
        return found.map { d in
            PersonDetection(
                box: PixelBox(x: d.box.x * factor, y: d.box.y * factor, width: d.box.width * factor, height: d.box.height * factor),
                kind: d.kind, score: d.score)
        }
    }

    /// A find's box grown to the whole person, within the picture.
    static func personBox(_ d: PersonDetection, picture: (Int, Int)) -> PixelBox {
        let b = d.box
        let x0: Double, y0: Double, x1: Double, y1: Double
        switch d.kind {
        case .face, .profile:
            let s = Double(b.width)
            (x0, x1) = (Double(b.x) - 1.8 * s, Double(b.x) + 2.8 * s)
            (y0, y1) = (Double(b.y) - 0.6 * s, Double(b.y) + 8 * s)
        case .upperBody:
            (x0, x1) = (Double(b.x) - 0.2 * Double(b.width), Double(b.x) + 1.2 * Double(b.width))
            (y0, y1) = (Double(b.y) - 0.05 * Double(b.height), Double(b.y) + 3.5 * Double(b.height))
        case .body, .fullBody:
            (x0, x1) = (Double(b.x) - 0.05 * Double(b.width), Double(b.x) + 1.05 * Double(b.width))
            (y0, y1) = (Double(b.y) - 0.03 * Double(b.height), Double(b.y) + 1.03 * Double(b.height))
        }
        let left = max(0, Int(x0)), top = max(0, Int(y0))
        let right = min(picture.0, Int(x1.rounded(.up))), bottom = min(picture.1, Int(y1.rounded(.up)))
        return PixelBox(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Finds whose person boxes mostly overlap are one person; a person needs a sure find or two detectors agreeing.
    static func group(_ detections: [PersonDetection], picture: (Int, Int), settings: Settings) -> [Person] {
        let boxes = detections.map { personBox($0, picture: picture) }
        var group = Array(detections.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while group[i] != i { i = group[i] }
            return i
        }
        for i in detections.indices {
            for j in detections.indices where j > i && overlap(boxes[i], boxes[j]) >= 0.5 { group[root(j)] = root(i) }
        }
        var people: [Person] = []
        for r in Set(detections.indices.map(root)).sorted() {
            let members = detections.indices.filter { root($0) == r }
            let kinds = Set(members.map { kindGroup(detections[$0].kind) })
            let sure = members.contains { i in
                switch detections[i].kind {
                case .face: return true
                case .body: return detections[i].score >= settings.bodySure
                case .fullBody, .upperBody, .profile: return detections[i].score >= settings.cascadeSure
                }
            }
            guard sure || kinds.count >= 2 else { continue }
            var box = boxes[members[0]]
            for i in members.dropFirst() { box = box.union(boxes[i]) }
            let faces = members.filter { detections[$0].kind == .face }.map { detections[$0].box }
            guard box.width >= 8, box.height >= 8 else { continue }
            people.append(Person(box: box, face: faces.max { $0.area < $1.area }))
        }
        return people
    }

    /// Faces and profiles agreeing are one detector's word, not two.
    private static func kindGroup(_ kind: PersonDetection.Kind) -> Int {
        switch kind {
        case .face, .profile: 0
        case .upperBody: 1
        case .body, .fullBody: 2
        }
    }

    /// Intersection over the smaller box's area.
    static func overlap(_ a: PixelBox, _ b: PixelBox) -> Double {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x), h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard w > 0, h > 0, a.area > 0, b.area > 0 else { return 0 }
        return Double(w * h) / Double(min(a.area, b.area))
    }

    // MARK: The cut

    /// Grab-cut from the person's box; the outline of the part under the tap (or the face), nil when the cut keeps
    /// too little of the box or the tap is not on it.
    func cut(_ person: Person, in picture: RasterImage, tap: (Int, Int)?) throws(RetouchError) -> [[PixelPoint]]? {
        let box = person.box
        // The crop: the box and a band around it that is surely not the person (where the picture has room).
        let crop = box.grown(by: max(4, min(box.width, box.height) / 8), within: picture.width, picture.height)
        let factor = max(1, Int((Double(max(crop.width, crop.height)) / Double(settings.cutLongSide)).rounded(.up)))
        let small = Resample.shrink(picture, crop: crop, by: factor)
        let sw = small.width, sh = small.height
        func local(_ x: Int, _ y: Int) -> (Int, Int) { (min(sw - 1, (x - crop.x) / factor), min(sh - 1, (y - crop.y) / factor)) }
        var hints = [UInt8](repeating: 2, count: sw * sh)
        let (bx0, by0) = local(box.x, box.y), (bx1, by1) = local(box.x + box.width - 1, box.y + box.height - 1)
        let cx = Double(bx0 + bx1) / 2, rx = Double(bx1 - bx0) / 2, cy = Double(by0 + by1) / 2, ry = Double(by1 - by0) / 2
        for y in by0...by1 {
            for x in bx0...bx1 {
                let u = (Double(x) - cx) / max(1, 0.7 * rx), v = (Double(y) - cy) / max(1, ry)
                hints[y * sw + x] = u * u + v * v <= 1 ? 4 : 3
            }
        }
        var seeds: [(Int, Int)] = []
        if let face = person.face {
            let (fx0, fy0) = local(face.x + face.width / 4, face.y + face.height / 4)
            let (fx1, fy1) = local(face.x + 3 * face.width / 4, face.y + 3 * face.height / 4)
            for y in fy0...fy1 { for x in fx0...fx1 { hints[y * sw + x] = 1 } }
            seeds.append(local(face.x + face.width / 2, face.y + face.height / 2))
        }
        if let tap {
            let (tx, ty) = local(tap.0, tap.1)
            for y in max(0, ty - 2)...min(sh - 1, ty + 2) { for x in max(0, tx - 2)...min(sw - 1, tx + 2) { hints[y * sw + x] = 1 } }
            seeds.insert((tx, ty), at: 0)
        }
        guard
            let labels = OpenCVRetouch.grabCut(
                rgb: small.bytes, width: sw, height: sh, rect: PixelBox(x: 0, y: 0, width: sw, height: sh), hints: hints,
                iterations: settings.iterations)
        else { throw .engineFailure("grab-cut \(sw)×\(sh)") }
        let parts = MaskPart.parts(of: Mask(width: sw, height: sh, bytes: labels.map { $0 != 0 ? 1 : 0 }))
        let seeded = seeds.compactMap { s in parts.first { $0.pixels.contains(s.1 * sw + s.0) } }
        guard let part = seeded.first ?? (tap == nil ? parts.max { $0.pixels.count < $1.pixels.count } : nil) else { return nil }
        let boxArea = (bx1 - bx0 + 1) * (by1 - by0 + 1)
        guard Double(part.pixels.count) >= settings.minimumShare * Double(boxArea) else { return nil }
        if person.face == nil, Double(part.box.height) < settings.uprightRatio * Double(part.box.width) { return nil }
        // Back to the crop's size: the small mask resampled smoothly, so the outline does not step by `factor`.
        var region = [UInt8](repeating: 0, count: sw * sh)
        for i in part.pixels { region[i] = 1 }
        let full = Resample.enlarge(region, width: sw, height: sh, to: crop, by: factor)
        guard let outlines = OpenCVRetouch.outlines(mask: full, width: crop.width, height: crop.height, tolerance: settings.outlineTolerance),
            !outlines.isEmpty
        else { return nil }
        return outlines.map { $0.map { PixelPoint(x: Double($0.x + crop.x), y: Double($0.y + crop.y)) } }
    }
}

extension PixelBox {
    /// The smallest box holding both.
    func union(_ other: PixelBox) -> PixelBox {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelBox(
            x: x0, y: y0, width: max(x + width, other.x + other.width) - x0, height: max(y + height, other.y + other.height) - y0)
    }
}
