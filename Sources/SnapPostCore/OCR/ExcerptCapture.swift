// The result of reading one photo: clean text plus the ordered lines, their boxes and the time each step took.
import Foundation

/// A rectangle in pixels, origin top-left.
public struct PixelBox: Sendable, Codable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midY: Double { Double(y) + Double(height) / 2 }
}

public struct PixelSize: Sendable, Codable, Equatable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// How long one pipeline step took.
public struct StepTiming: Sendable, Codable, Equatable {
    public var step: String
    public var seconds: Double

    public init(step: String, seconds: Double) {
        self.step = step
        self.seconds = seconds
    }
}

/// One recognised line in reading order; `box` is in the upright photo (`ExcerptCapture.imageSize`).
public struct OCRLine: Sendable, Codable, Equatable {
    public var text: String
    public var box: PixelBox
    /// 0...1
    public var confidence: Double

    public init(text: String, box: PixelBox, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

/// Clean text read from one photo, with what the web page needs to show how it was read.
public struct ExcerptCapture: Sendable, Codable, Equatable {
    public var id: UUID
    public var text: String
    public var createdAt: Date
    public var sourceHint: String?
    /// Mean line confidence, 0...1.
    public var confidence: Double
    /// Ordered lines as recognised (before cleaning joins them).
    public var lines: [OCRLine]
    /// Tesseract language string used, e.g. "eng" or "eng+fra".
    public var language: String
    /// Each step's seconds, in pipeline order.
    public var timings: [StepTiming]
    /// The upright photo (EXIF and detected orientation applied): the frame the line boxes live in.
    public var imageSize: PixelSize
    /// Upright downscaled JPEG (long side ≤ `Config.previewMaxSide`), same aspect as `imageSize`.
    public var preview: Data?

    public init(
        id: UUID = UUID(), text: String, createdAt: Date = Date(), sourceHint: String? = nil, confidence: Double,
        lines: [OCRLine] = [], language: String = "eng", timings: [StepTiming] = [], imageSize: PixelSize,
        preview: Data? = nil
    ) {
        self.id = id
        self.text = text
        self.createdAt = createdAt
        self.sourceHint = sourceHint
        self.confidence = confidence
        self.lines = lines
        self.language = language
        self.timings = timings
        self.imageSize = imageSize
        self.preview = preview
    }
}
