// The rows SnapPost keeps: scans, generations, history items and login sessions. One Codable type per table.
import Foundation
import GRDB

/// One photo read into text. The original photo bytes are not kept; `preview` is an upright, downscaled JPEG.
public struct ScanRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "scan"
    public var id: String
    public var createdAt: Date
    /// The text exactly as OCR returned it.
    public var ocrText: String
    /// The text as the person last saved it; starts as `ocrText`.
    public var editedText: String
    public var book: String
    public var author: String
    public var confidence: Double
    public var language: String
    public var imageWidth: Int
    public var imageHeight: Int
    /// JSON of `[StoredLine]`: every recognised line with its box in the upright photo's frame.
    public var linesJSON: String
    /// JSON of `[StoredTiming]`.
    public var timingsJSON: String
    public var preview: Data?

    public var lines: [StoredLine] { (try? JSONDecoder().decode([StoredLine].self, from: Data(linesJSON.utf8))) ?? [] }
    public var timings: [StoredTiming] { (try? JSONDecoder().decode([StoredTiming].self, from: Data(timingsJSON.utf8))) ?? [] }
}

/// A recognised line as stored with a scan.
public struct StoredLine: Codable, Sendable, Equatable {
    public var text: String
    public var x: Int, y: Int, width: Int, height: Int
    public var confidence: Double
    public init(text: String, x: Int, y: Int, width: Int, height: Int, confidence: Double) {
        self.text = text; self.x = x; self.y = y; self.width = width; self.height = height; self.confidence = confidence
    }
}

/// How long one pipeline step took.
public struct StoredTiming: Codable, Sendable, Equatable {
    public var step: String
    public var seconds: Double
    public init(step: String, seconds: Double) { self.step = step; self.seconds = seconds }
}

/// What the OCR side hands the store; the store assigns the id and time.
public struct NewScan: Sendable {
    public var text: String
    public var confidence: Double
    public var language: String
    public var imageWidth: Int
    public var imageHeight: Int
    public var lines: [StoredLine]
    public var timings: [StoredTiming]
    public var preview: Data?
    public init(
        text: String, confidence: Double, language: String, imageWidth: Int, imageHeight: Int,
        lines: [StoredLine], timings: [StoredTiming], preview: Data?
    ) {
        self.text = text; self.confidence = confidence; self.language = language
        self.imageWidth = imageWidth; self.imageHeight = imageHeight
        self.lines = lines; self.timings = timings; self.preview = preview
    }
}

/// One draft as stored: the tone's raw value, the text and the optional note.
public struct StoredDraft: Codable, Sendable, Equatable {
    public var tone: String
    public var text: String
    public var note: String?
    public init(tone: String, text: String, note: String?) { self.tone = tone; self.text = text; self.note = note }
}

/// Five drafts written from one version of a scan's text.
public struct GenerationRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "generation"
    public var id: String
    public var scanId: String
    public var createdAt: Date
    /// Which writer produced them: "Offline writer" or "host · model".
    public var writer: String
    /// The exact text the drafts were written from.
    public var sourceText: String
    public var draftsJSON: String

    public var drafts: [StoredDraft] { (try? JSONDecoder().decode([StoredDraft].self, from: Data(draftsJSON.utf8))) ?? [] }
}

/// Why a draft entered history.
public enum HistoryAction: String, Codable, Sendable, CaseIterable {
    case copied, shared, posted
}

/// A draft the person copied, shared or marked as posted. Only the newest N are kept.
public struct HistoryRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "history"
    public var id: String
    public var postedAt: Date
    public var action: HistoryAction
    public var tone: String
    public var text: String
    public var scanId: String?
}

/// A logged-in browser. The cookie holds only this random id.
public struct SessionRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "session"
    public var id: String
    public var createdAt: Date
    public var expiresAt: Date
}
