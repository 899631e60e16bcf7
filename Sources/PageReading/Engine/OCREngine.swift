// The recognition engine as a dependency: the real one wraps Tesseract, tests may pass a fake.
import Imaging
import Support

/// Turns an upright grey page into lines of text, and guesses which way up a page is.
/// Implementations must be safe to call concurrently; they wait for a free worker when all are busy.
public protocol OCREngine: Sendable {
    /// Languages used when a request names none, e.g. `["eng"]`.
    var defaultLanguages: [String] { get }
    /// Languages this engine can read, for a person to choose from.
    var installedLanguages: [RecognitionLanguage] { get }
    /// Recognises the page; line boxes are in `image` pixels.
    func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult
    /// Which way the text in `image` is turned, or nil when the engine cannot tell.
    func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate?
}

/// How to recognise one image.
public struct RecognitionRequest: Sendable, Equatable {
    /// Traineddata names joined into one Tesseract language string, e.g. `["eng", "fra"]` → "eng+fra".
    public var languages: [String]
    /// The resolution to report to the engine, in pixels per inch.
    public var pixelsPerInch: Int
    /// Tesseract page segmentation mode; 3 (automatic, no OSD) measured best on photos.
    public var pageSegmentationMode: Int

    public init(languages: [String], pixelsPerInch: Int = 300, pageSegmentationMode: Int = 3) {
        self.languages = languages
        self.pixelsPerInch = pixelsPerInch
        self.pageSegmentationMode = pageSegmentationMode
    }
}

/// One line as the engine found it, in the engine's reading order.
public struct RecognizedLine: Sendable, Equatable {
    public var text: String
    public var box: PixelBox
    /// 0...1
    public var confidence: Double
    /// Index of the layout block this line belongs to.
    public var block: Int
    /// Index of the paragraph this line belongs to (counted over the whole page).
    public var paragraph: Int
    /// The line's words in reading order with their own confidences (empty when the engine does not say). While the
    /// page is being read each word also carries its box in the pixels the line was read from (`TextWord.box`).
    public var words: [TextWord]

    public init(text: String, box: PixelBox, confidence: Double, block: Int = 0, paragraph: Int = 0, words: [TextWord] = []) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.block = block
        self.paragraph = paragraph
        self.words = words
    }

    /// The line moved by (dx, dy), its words with it.
    public func moved(dx: Int, dy: Int) -> RecognizedLine {
        var line = self
        line.box.x += dx
        line.box.y += dy
        line.words = words.map { word in
            var w = word
            w.box?.x += dx
            w.box?.y += dy
            w.letters = w.letters?.map {
                var letter = $0
                letter.minX += dx
                letter.maxX += dx
                return letter
            }
            return w
        }
        return line
    }

    /// The line given the box `box`, each word still over the same columns of the page: a word's start and end are
    /// fractions of its line's box, so they are worked out again against the new one.
    public func placed(in box: PixelBox) -> RecognizedLine {
        var line = self
        line.box = box
        let old = Double(self.box.width), new = Double(max(1, box.width))
        func fraction(_ f: Double) -> Double {
            min(1, max(0, (Double(self.box.x - box.x) + f * old) / new))
        }
        line.words = words.map { word in
            var w = word
            w.start = fraction(word.start)
            w.end = max(w.start, fraction(word.end))
            return w
        }
        return line
    }

    /// The line and `other` (to its right on its row) as one line: boxed from its start to `other`'s end at its own
    /// height (`other` may sit a little higher or lower on a turned page), its text then `other`'s, each word over the
    /// same columns of the page, its confidence the mean over both lines' characters; its block and paragraph.
    public func joined(with other: RecognizedLine) -> RecognizedLine {
        let x0 = min(self.box.x, other.box.x), x1 = max(self.box.maxX, other.box.maxX)
        let box = PixelBox(x: x0, y: self.box.y, width: x1 - x0, height: self.box.height)
        var line = placed(in: box)
        line.text = text + " " + other.text
        line.words += other.placed(in: box).words
        let weights = (Double(max(1, text.count)), Double(max(1, other.text.count)))
        line.confidence = (confidence * weights.0 + other.confidence * weights.1) / (weights.0 + weights.1)
        return line
    }

    /// The line in pieces, cut before each of the word indices `cuts` (ascending, each inside the words), as
    /// `split(at:)` cuts it once.
    public func split(before cuts: [Int]) -> [RecognizedLine] {
        var pieces: [RecognizedLine] = [], rest = self, done = 0
        for k in cuts {
            let parts = rest.split(at: k - done)
            pieces.append(parts[0])
            rest = parts[1]
            done = k
        }
        return pieces + [rest]
    }

    /// The line as two: its words before `index`, then the rest, each piece boxed from its first word's start to its
    /// last word's end (the line's own edges at the outer ends), with the line's height, confidence, block and
    /// paragraph. `index` must lie inside the words (0 < index < words.count).
    public func split(at index: Int) -> [RecognizedLine] {
        precondition(index > 0 && index < words.count, "a line is split between two of its words")
        let w = Double(box.width)
        func x(_ fraction: Double) -> Int { box.x + Int((fraction * w).rounded()) }
        func piece(_ range: Range<Int>, from x0: Int, to x1: Int) -> RecognizedLine {
            var line = self
            line.text = words[range].map(\.text).joined(separator: " ")
            line.words = Array(words[range])
            return line.placed(in: PixelBox(x: x0, y: box.y, width: max(1, x1 - x0), height: box.height))
        }
        return [
            piece(0..<index, from: box.x, to: x(words[index - 1].end)), piece(index..<words.count, from: x(words[index].start), to: box.maxX),
        ]
    }
}

public struct RecognitionResult: Sendable, Equatable {
    public var lines: [RecognizedLine]
    /// Mean word confidence over the page, 0...1.
    public var meanConfidence: Double

    public init(lines: [RecognizedLine], meanConfidence: Double) {
        self.lines = lines
        self.meanConfidence = meanConfidence
    }
}

/// The engine's view of the page's orientation.
public struct OrientationEstimate: Sendable, Equatable {
    /// Quarter turns clockwise that make the text upright (0...3).
    public var quarterTurnsClockwise: Int
    /// Engine-specific confidence; for Tesseract OSD values above ~2 are reliable.
    public var confidence: Double

    public init(quarterTurnsClockwise: Int, confidence: Double) {
        self.quarterTurnsClockwise = quarterTurnsClockwise
        self.confidence = confidence
    }
}

extension OCREngine {
    /// Engines that do not say read their default languages only.
    public var installedLanguages: [RecognitionLanguage] { defaultLanguages.compactMap(RecognitionLanguage.init(code:)) }
}

extension OCREngine {
    /// Several images read at once, each with its own request, on as many workers as the engine has (it queues the
    /// rest); the results in the order of `jobs`, so what is done with them does not depend on which finished first.
    func recognizeAll(_ jobs: [(image: GrayImage, request: RecognitionRequest)]) async throws -> [RecognitionResult] {
        try await withThrowingTaskGroup(of: (Int, RecognitionResult).self) { group in
            for (i, job) in jobs.enumerated() {
                group.addTask { (i, try await self.recognize(job.image, request: job.request)) }
            }
            var results = [RecognitionResult?](repeating: nil, count: jobs.count)
            for try await (i, result) in group { results[i] = result }
            return results.compactMap { $0 }
        }
    }
}
