// What a single reading may override: the languages, the turn, and the page outline the person corrected.
import Support

public struct ReadOptions: Sendable, Equatable {
    /// Tesseract languages for this photo, e.g. ["deu"]; nil uses the configured ones.
    public var languages: [String]?
    /// Quarter turns clockwise from the photo (after EXIF) to upright; nil lets the pipeline find them.
    public var quarterTurns: Int?
    /// Page corners TL, TR, BR, BL in the upright frame (after `quarterTurns`); nil lets the pipeline find the page.
    public var outline: [PixelPoint]?

    public init(languages: [String]? = nil, quarterTurns: Int? = nil, outline: [PixelPoint]? = nil) {
        self.languages = languages
        self.quarterTurns = quarterTurns
        self.outline = outline
    }
}
