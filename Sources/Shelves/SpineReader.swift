// Step "read": each spine cut out, boosted, and read at 0°, 90° and 270°; the readable orientation's lines kept.
import Foundation
import SnapPostCore

public struct SpineReader: Sendable {
    public struct Config: Sendable, Equatable {
        /// Spines wider than this (pixels) are shrunk to it; titles then stand about 30–60 px tall.
        public var targetWidth = 90.0
        /// Narrower spines are enlarged to this width.
        public var minimumWidth = 40.0
        /// Tesseract page segmentation: 6 (one block) reads a spine's several lines; 7 (one line) lost most titles.
        public var pageSegmentationMode = 6
        /// Lines below this confidence are noise (wood grain, barcodes, logos).
        public var minimumLineConfidence = 0.5
        /// Lines from a second orientation are kept only when at least this sure (small print across a spine).
        public var secondOrientationConfidence = 0.8
        public init() {}
    }

    public let engine: any OCREngine
    public let finder: any SpineFinding
    public var config: Config

    public init(engine: any OCREngine, finder: any SpineFinding, config: Config = Config()) {
        self.engine = engine
        self.finder = finder
        self.config = config
    }

    /// The size the spine is cut at: its own shape, scaled so text lands at a size Tesseract reads well.
    func cutSize(for spine: SpineOutline) -> (width: Int, height: Int) {
        let w = max(1, spine.width), h = max(1, spine.length)
        let scale = w > config.targetWidth ? config.targetWidth / w : (w < config.minimumWidth ? config.minimumWidth / w : 1)
        return (max(8, Int(w * scale)), min(4000, max(8, Int(h * scale))))
    }

    /// Reads every spine; the engine's worker pool decides how many run at once.
    public func read(_ spines: [SpineOutline], in photo: GrayImage) async throws -> [SpineReading] {
        let request = RecognitionRequest(languages: engine.defaultLanguages, pixelsPerInch: 300, pageSegmentationMode: config.pageSegmentationMode)
        return try await withThrowingTaskGroup(of: SpineReading.self) { group in
            for (i, spine) in spines.enumerated() {
                group.addTask {
                    let size = cutSize(for: spine)
                    let cut = try finder.cut(spine, from: photo, width: size.width, height: size.height)
                    // Quarter turns clockwise: 3 reads text running top to bottom (most English spines), 1 bottom to top.
                    var readings: [(turns: Int, result: RecognitionResult)] = []
                    for turns in [3, 1, 0] {
                        readings.append((turns, try await engine.recognize(cut.rotatedQuarterTurns(turns), request: request)))
                    }
                    return choose(readings, index: i, outline: spine)
                }
            }
            var out: [SpineReading] = []
            for try await r in group { out.append(r) }
            return out.sorted { $0.index < $1.index }
        }
    }

    /// Letters and digits in the line's word-like tokens (three or more in a row); noise reads as scattered marks.
    static func wordLetters(_ text: String) -> Int {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).filter { $0.count >= 3 }.reduce(0) { $0 + $1.count }
    }

    /// Text worth keeping: confident, mostly letters and digits, with at least one real-looking word.
    func keep(_ line: RecognizedLine, minimum: Double) -> Bool {
        guard line.confidence >= minimum, Self.wordLetters(line.text) >= 3 else { return false }
        let chars = line.text.filter { !$0.isWhitespace }
        let alnum = chars.filter { $0.isLetter || $0.isNumber }
        return Double(alnum.count) >= Double(chars.count) * 0.6
    }

    /// The orientation with the most confident word letters wins; very sure lines from the others are added.
    func choose(_ readings: [(turns: Int, result: RecognitionResult)], index: Int, outline: SpineOutline) -> SpineReading {
        func score(_ r: RecognitionResult) -> Double {
            r.lines.filter { keep($0, minimum: config.minimumLineConfidence) }.reduce(0) { $0 + Double(Self.wordLetters($1.text)) * $1.confidence }
        }
        let ranked = readings.sorted { score($0.result) > score($1.result) }
        var lines: [RecognizedLine] = ranked[0].result.lines.filter { keep($0, minimum: config.minimumLineConfidence) }
        for other in ranked.dropFirst() {
            lines += other.result.lines.filter { keep($0, minimum: config.secondOrientationConfidence) }
        }
        let confidence = lines.isEmpty ? 0 : lines.reduce(0) { $0 + $1.confidence } / Double(lines.count)
        return SpineReading(index: index, outline: outline, lines: lines.map(\.text), confidence: confidence, quarterTurns: ranked[0].turns)
    }
}

extension GrayImage {
    /// Turned clockwise by `turns` quarter turns.
    public func rotatedQuarterTurns(_ turns: Int) -> GrayImage {
        let t = ((turns % 4) + 4) % 4
        guard t != 0 else { return self }
        let w = width, h = height
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let v = bytes[y * w + x]
                switch t {
                case 1: out[x * h + (h - 1 - y)] = v  // the new width is h
                case 2: out[(h - 1 - y) * w + (w - 1 - x)] = v
                default: out[(w - 1 - x) * h + y] = v
                }
            }
        }
        return t == 2 ? GrayImage(width: w, height: h, bytes: out) : GrayImage(width: h, height: w, bytes: out)
    }
}
