// TEMPORARY: the agreed shapes from the OCR and AI branches, so the web layer compiles before they merge.
// Deleted at merge time.
import Foundation

public struct PixelBox: Sendable, Codable, Equatable { public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height } }
public struct PixelSize: Sendable, Codable, Equatable { public var width, height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height } }
public struct StepTiming: Sendable, Codable, Equatable { public var step: String; public var seconds: Double
    public init(step: String, seconds: Double) { self.step = step; self.seconds = seconds } }
public struct OCRLine: Sendable, Codable, Equatable { public var text: String; public var box: PixelBox; public var confidence: Double
    public init(text: String, box: PixelBox, confidence: Double) { self.text = text; self.box = box; self.confidence = confidence } }
public struct ExcerptCapture: Sendable, Codable, Equatable {
    public var id: UUID; public var text: String; public var createdAt: Date; public var sourceHint: String?
    public var confidence: Double; public var lines: [OCRLine]; public var language: String
    public var timings: [StepTiming]; public var imageSize: PixelSize; public var preview: Data?
    public init(id: UUID = UUID(), text: String, createdAt: Date = Date(), sourceHint: String? = nil, confidence: Double,
                lines: [OCRLine], language: String, timings: [StepTiming], imageSize: PixelSize, preview: Data?) {
        self.id = id; self.text = text; self.createdAt = createdAt; self.sourceHint = sourceHint; self.confidence = confidence
        self.lines = lines; self.language = language; self.timings = timings; self.imageSize = imageSize; self.preview = preview
    }
}
