// One line of text read from a photo, as the page reader returns it, the store keeps it and the Lines view shows it.

/// A recognised line in reading order; `box` is in the upright photo's pixels.
public struct TextLine: Sendable, Codable, Equatable {
    public var text: String
    public var box: PixelBox
    /// 0...1
    public var confidence: Double
    /// The line's outline in the upright photo, following its tilt and curl: along the top edge left to right, then
    /// the bottom edge right to left. nil when only `box` is known (lines stored before outlines were kept).
    public var outline: [PixelPoint]?

    public init(text: String, box: PixelBox, confidence: Double, outline: [PixelPoint]? = nil) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.outline = outline
    }
}
