// The result of reading one photo: clean text plus the ordered lines, their boxes and the time each step took.
import Foundation
import Imaging
import Support

/// Clean text read from one photo, with what the web page needs to show how it was read.
public struct ExcerptCapture: Sendable, Codable, Equatable {
    public var id: UUID
    public var text: String
    public var createdAt: Date
    public var sourceHint: String?
    /// Mean line confidence, 0...1.
    public var confidence: Double
    /// Ordered lines as recognised (before cleaning joins them).
    public var lines: [TextLine]
    /// Tesseract language string used, e.g. "eng" or "eng+fra".
    public var language: String
    /// Each step's seconds, in pipeline order.
    public var timings: [StepTiming]
    /// The upright photo (EXIF and detected orientation applied): the frame the line boxes live in.
    public var imageSize: PixelSize
    /// Upright downscaled JPEG (long side ≤ `Config.previewMaxSide`), same aspect as `imageSize`.
    public var preview: Data?
    /// The page outline that was straightened (found, or given in `ReadOptions`): TL, TR, BR, BL in the upright frame;
    /// nil when the whole frame was read.
    public var pageOutline: [PixelPoint]?
    /// Quarter turns clockwise applied after EXIF to make the text upright.
    public var quarterTurns: Int

    public init(
        id: UUID = UUID(), text: String, createdAt: Date = Date(), sourceHint: String? = nil, confidence: Double,
        lines: [TextLine] = [], language: String = "eng", timings: [StepTiming] = [], imageSize: PixelSize,
        preview: Data? = nil, pageOutline: [PixelPoint]? = nil, quarterTurns: Int = 0
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
        self.pageOutline = pageOutline
        self.quarterTurns = quarterTurns
    }
}
