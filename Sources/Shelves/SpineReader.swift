// Step "read": each spine cut out, boosted, and read at 0°, 90° and 270°; the readable orientation's lines kept.
import Foundation
import Imaging
import PageReading
import Support
import Words

public struct SpineReader: Sendable {
    public struct Config: Sendable, Equatable {
        /// Spines wider than this (pixels) are shrunk to it; titles then stand about 30–60 px tall.
        public var targetWidth = 90.0
        /// Narrower spines are enlarged to this width.
        public var minimumWidth = 40.0
        /// Tesseract page segmentation: 6 (one block) reads a spine's several lines; 7 (one line) lost most titles.
        public var pageSegmentationMode = 6
        /// Lines below this confidence are noise (wood grain, barcodes, logos).
        public var minimumLineConfidence = 0.15
        /// Lines from the other orientation are kept when mostly real words and at least this sure.
        public var secondOrientationConfidence = 0.3
        /// Spines narrower than this (width / length) are not read upright.
        public var uprightMinimumAspect = 0.12
        /// A reading top to bottom with at least this many confident real-word letters (``wordScore``) is plainly the
        /// right way up: the readings bottom to top and upright are skipped. An upside-down reading yields marks and
        /// misreads, not dictionary words read with confidence (on the shared shelf the best such reading scores under 5).
        public var plainlyReadScore = 8.0
        /// Read each spine a second time, narrower and smaller, in the direction that won.
        public var secondLook = true
        /// Skip the second look on a spine whose first reading already names its book and says nothing else.
        public var secondLookSkipsSettled = true
        public var secondLookInset = 0.05
        public var secondLookWidth = 72.0
        /// When set, each cut spine is written here as a PGM (for looking at what Tesseract was given).
        public var debugDirectory: URL?
        public init() {}
    }

    public let engine: any OCREngine
    public let finder: any SpineFinding
    public var config: Config
    /// Words that exist (the catalog's title and author words): tells a real reading from one of the wrong way up.
    public let lexicon: Set<String>

    public init(engine: any OCREngine, finder: any SpineFinding, lexicon: Set<String> = [], config: Config = Config()) {
        self.engine = engine
        self.finder = finder
        self.lexicon = lexicon
        self.config = config
    }

    /// The size the spine is cut at: its own shape, scaled so text lands at a size Tesseract reads well.
    func cutSize(for spine: SpineOutline) -> (width: Int, height: Int) {
        let w = max(1, spine.width), h = max(1, spine.length)
        let scale = w > config.targetWidth ? config.targetWidth / w : (w < config.minimumWidth ? config.minimumWidth / w : 1)
        return (max(8, Int(w * scale)), min(4000, max(8, Int(h * scale))))
    }

    /// Reads every spine; the engine's worker pool decides how many run at once. `settled` says whether a first
    /// reading already names its book (then no second look is spent on it).
    public func read(
        _ spines: [SpineOutline], in photo: GrayImage, settled: @escaping @Sendable (SpineReading) -> Bool = { _ in false }
    ) async throws -> [SpineReading] {
        let request = RecognitionRequest(languages: engine.defaultLanguages, pixelsPerInch: 300, pageSegmentationMode: config.pageSegmentationMode)
        return try await withThrowingTaskGroup(of: SpineReading.self) { group in
            for (i, spine) in spines.enumerated() {
                group.addTask {
                    let size = cutSize(for: spine)
                    let cut = try finder.cut(spine, from: photo, width: size.width, height: size.height)
                    if let dir = config.debugDirectory { Self.writePGM(cut, to: dir.appendingPathComponent("spine\(i).pgm")) }
                    // Quarter turns clockwise: 3 reads text running top to bottom (most English spines), 1 bottom to top.
                    var readings: [(turns: Int, result: RecognitionResult)] = []
                    // Words laid across a spine need room: on a very narrow spine the upright reading only finds noise.
                    let turnsToRead = Double(cut.width) / Double(cut.height) >= config.uprightMinimumAspect ? [3, 1, 0] : [3, 1]
                    for turns in turnsToRead {
                        // Most English spines read top to bottom (3 turns, read first). When that reading is plainly
                        // right, the other way round can only be mirror noise, and the title runs along the spine, not
                        // stacked across it: neither is read.
                        if turns != 3, let first = readings.first, score(first.result) >= config.plainlyReadScore { continue }
                        readings.append((turns, try await engine.recognize(cut.rotatedQuarterTurns(turns), request: request)))
                    }
                    var reading = choose(readings, index: i, outline: spine, cut: (cut.width, cut.height))
                    // A second look, cut a little narrower and smaller, in the sideways direction that won: Tesseract's
                    // slips change with the crop, so the two readings together miss fewer words. Not spent on a spine
                    // whose book is already known, nor on one where neither direction read a single real word.
                    if config.secondLook, !(config.secondLookSkipsSettled && settled(reading)),
                        let sideways = readings.filter({ $0.turns != 0 }).max(by: { score($0.result) < score($1.result) }),
                        hasRealWord(sideways.result)
                    {
                        let narrow = spine.narrowed(by: config.secondLookInset)
                        var size = cutSize(for: narrow)
                        let factor = min(1, config.secondLookWidth / Double(size.width))
                        size = (max(8, Int(Double(size.width) * factor)), max(8, Int(Double(size.height) * factor)))
                        let cut2 = try finder.cut(narrow, from: photo, width: size.width, height: size.height)
                        let again = try await engine.recognize(cut2.rotatedQuarterTurns(sideways.turns), request: request)
                        reading = merged(
                            reading, adding: again.lines.filter { keep($0, minimum: config.minimumLineConfidence) && isLexical($0) },
                            placed: { Self.placed($0, turns: sideways.turns, cut: (cut2.width, cut2.height)) })
                    }
                    if let dir = config.debugDirectory {
                        let text = reading.placedLines.map {
                            String(
                                format: "size %.2f  along %.2f-%.2f  conf %.2f%@%@  ", $0.size, $0.from, $0.to, $0.confidence,
                                $0.across ? " across" : "", $0.secondLook ? " second" : "") + $0.text
                        }.joined(separator: "\n")
                        try? Data("turns \(reading.quarterTurns)\n\(text)\n".utf8).write(to: dir.appendingPathComponent("spine\(i).txt"))
                    }
                    return reading
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

    static func writePGM(_ image: GrayImage, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? (Data("P5\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.bytes)).write(to: url)
    }

    /// Letters in the line's words that are real words; unknown words count a tenth (names, misreads, noise).
    func wordScore(_ line: RecognizedLine) -> Double {
        let words = ShelfText.tokens(line.text).filter { $0.count >= 3 }
        return words.reduce(0) { $0 + Double($1.count) * (lexicon.contains($1) ? 1 : 0.1) } * line.confidence
    }

    /// Whether most of the line's letters are in real words.
    func isLexical(_ line: RecognizedLine) -> Bool {
        let words = ShelfText.tokens(line.text).filter { $0.count >= 3 }
        let known = words.filter { lexicon.contains($0) }
        return known.count >= 1 && known.reduce(0) { $0 + $1.count } * 10 >= words.reduce(0) { $0 + $1.count } * 5
    }

    /// Adds lines that bring words the reading does not have yet.
    func merged(_ reading: SpineReading, adding lines: [RecognizedLine], placed: (RecognizedLine) -> SpineLine? = { _ in nil }) -> SpineReading {
        var known = Set(reading.lines.flatMap { ShelfText.tokens($0) })
        var out = reading.lines, details = reading.placedLines
        for line in lines {
            let words = ShelfText.tokens(line.text).filter { $0.count >= 3 }
            guard words.contains(where: { !known.contains($0) && lexicon.contains($0) }) else { continue }
            out.append(line.text)
            if var p = placed(line) {
                p.secondLook = true
                details.append(p)
            }
            known.formUnion(words)
        }
        return SpineReading(
            index: reading.index, outline: reading.outline, lines: out, confidence: reading.confidence, quarterTurns: reading.quarterTurns,
            placedLines: details)
    }

    /// A line's place on the spine and its letter size, from its box in the cut turned `turns` quarter turns clockwise
    /// (`cut` is the upright cut's width across the spine and length along it).
    static func placed(_ line: RecognizedLine, turns: Int, cut: (width: Int, height: Int)) -> SpineLine {
        let across = Double(max(1, cut.width)), along = Double(max(1, cut.height))
        let b = line.box
        let from: Double, to: Double, size: Double
        switch ((turns % 4) + 4) % 4 {
        case 3:  // the spine's top is on the left: read top to bottom
            (from, to, size) = (Double(b.x) / along, Double(b.x + b.width) / along, Double(b.height) / across)
        case 1:  // the spine's top is on the right: read from the foot up
            (from, to, size) = (1 - Double(b.x + b.width) / along, 1 - Double(b.x) / along, Double(b.height) / across)
        default:  // upright: words stacked across the spine
            (from, to, size) = (Double(b.y) / along, Double(b.y + b.height) / along, Double(b.height) / across)
        }
        return SpineLine(
            text: line.text, size: size, from: min(1, max(0, from)), to: min(1, max(0, to)), confidence: line.confidence,
            across: turns % 4 == 0)
    }

    /// Whether any line worth keeping holds a real word (three letters or more).
    func hasRealWord(_ r: RecognitionResult) -> Bool {
        r.lines.contains { line in
            keep(line, minimum: config.minimumLineConfidence) && ShelfText.tokens(line.text).contains { $0.count >= 3 && lexicon.contains($0) }
        }
    }

    func score(_ r: RecognitionResult) -> Double {
        r.lines.filter { keep($0, minimum: config.minimumLineConfidence) }.reduce(0) { $0 + wordScore($1) }
    }

    /// Of the two sideways readings (90° and 270°) the one with more confident real words is the right way up; the
    /// other is mirror noise. The upright reading (0°) is a different text (words stacked across the spine, a
    /// publisher's logo), so the winner of the two keeps all its lines and the other its clearly worded ones.
    func choose(
        _ readings: [(turns: Int, result: RecognitionResult)], index: Int, outline: SpineOutline, cut: (width: Int, height: Int) = (1, 1)
    ) -> SpineReading {
        let sideways = readings.filter { $0.turns != 0 }.sorted { score($0.result) > score($1.result) }
        let upright = readings.filter { $0.turns == 0 }
        let pair = (sideways.prefix(1) + upright).sorted { score($0.result) > score($1.result) }
        guard let first = pair.first else { return SpineReading(index: index, outline: outline, lines: [], confidence: 0, quarterTurns: 0) }
        var lines: [RecognizedLine] = first.result.lines.filter { keep($0, minimum: config.minimumLineConfidence) }
        var placed = lines.map { Self.placed($0, turns: first.turns, cut: cut) }
        for other in pair.dropFirst() {
            let kept = other.result.lines.filter { keep($0, minimum: config.secondOrientationConfidence) && isLexical($0) }
            lines += kept
            placed += kept.map { Self.placed($0, turns: other.turns, cut: cut) }
        }
        let ranked = pair
        let confidence = lines.isEmpty ? 0 : lines.reduce(0) { $0 + $1.confidence } / Double(lines.count)
        return SpineReading(
            index: index, outline: outline, lines: lines.map(\.text), confidence: confidence, quarterTurns: ranked[0].turns, placedLines: placed)
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

/// English words for telling text from noise on spines (the catalog's own title and author words are added where they
/// are used), from the system word lists (Debian's wamerican, and wbritish for common words) when installed.
public enum SpineVocabulary {
    /// Every entry of the system word list of three letters or more, lower-cased.
    public static var systemWords: Set<String> { system.all }
    /// Entries the list writes in lower case: common words.
    public static var commonWords: Set<String> { system.common }
    /// Entries the list writes only capitalised (names of people and places), lower-cased.
    public static var properNames: Set<String> { system.proper }

    static let system: (all: Set<String>, common: Set<String>, proper: Set<String>) = {
        var all = Set<String>(), common = Set<String>(), capitalised = Set<String>()
        for line in SystemWordLists.lines(of: ["american-english"]) where !line.contains("'") {
            let lower = line.lowercased()
            if line.first?.isUppercase == true { capitalised.insert(lower) } else { common.insert(lower) }
            if line.count >= 3 { all.insert(lower) }
        }
        // British spellings ("harbour", "colour") are common words too (Debian's wbritish, when installed).
        for line in SystemWordLists.lines(of: ["british-english"]) where !line.contains("'") && line.first?.isLowercase == true {
            common.insert(line)
        }
        return (all, common, capitalised.subtracting(common))
    }()
}
