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
    /// The line's words as the engine read them, in order; nil for lines read or stored before words were kept.
    public var words: [TextWord]?

    public init(text: String, box: PixelBox, confidence: Double, outline: [PixelPoint]? = nil, words: [TextWord]? = nil) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.outline = outline
        self.words = words
    }
}

/// One word of a recognised line: how sure the engine was of it, and how close another reading of it came.
public struct TextWord: Sendable, Codable, Equatable {
    /// The word as read, punctuation included ("roasted.").
    public var text: String
    /// Where the word starts and ends across its line's box, as fractions (0...1) of the box's width: they hold
    /// whatever the box is later moved or scaled to.
    public var start: Double
    public var end: Double
    /// 0...1: the engine's confidence in the word.
    public var confidence: Double
    /// 0...1: the best confidence any runner-up reading of one of its letters reached (0 when no letter had one).
    /// A rival close to the word's own confidence means the engine nearly read something else.
    public var rival: Double
    /// Whether the engine found the word in its own dictionary.
    public var inDictionary: Bool
    /// The word's box in the pixels its line was read from, while the page is being read (the page reader's steps
    /// judge a word by where its ink lies); nil once the line leaves the reader, and never stored or sent: `start`
    /// and `end` say where it lies across its line.
    public var box: PixelBox?
    /// The word's pieces that count as words of their own (runs of letters and digits between its punctuation:
    /// "rect(100,70);" holds rect, 100 and 70), each with the confidence and runner-up of its own letters; nil when
    /// the word is one such piece and nothing else. The engine's word confidence is that of its least sure symbol, so
    /// a bracket or comma read unsurely would otherwise make every piece of the word look unsure.
    public var parts: [WordPart]?
    /// The word's letters as the engine read them, with where each lies across the page being read, while the page
    /// is being read (the fixed-pitch step re-spaces a line by them); never stored or sent.
    public var letters: [ReadLetter]?

    public init(
        text: String, start: Double, end: Double, confidence: Double, rival: Double = 0, inDictionary: Bool = false, box: PixelBox? = nil
    ) {
        self.text = text
        self.start = start
        self.end = end
        self.confidence = confidence
        self.rival = rival
        self.inDictionary = inDictionary
        self.box = box
    }

    /// The word spanning `box` of a line whose box is `line`: its start and end are worked out from the two.
    public init(text: String, box: PixelBox, line: PixelBox, confidence: Double, rival: Double = 0, inDictionary: Bool = false) {
        let width = Double(max(1, line.width))
        self.init(
            text: text, start: min(1, max(0, Double(box.x - line.x) / width)), end: min(1, max(0, Double(box.maxX - line.x) / width)),
            confidence: confidence, rival: rival, inDictionary: inDictionary, box: box)
    }

    /// The word as it leaves the page reader: its box and letters in the reader's pixels dropped.
    public var withoutBox: TextWord {
        var word = self
        word.box = nil
        word.letters = nil
        return word
    }

    // The box is the reader's working data: stored and sent words keep the fields above only.
    private enum CodingKeys: String, CodingKey {
        case text, start, end, confidence, rival, inDictionary, parts
    }
}

/// One symbol of a word as the engine read it: its text (a letter, a digit, a ligature or punctuation), its confidence
/// and its strongest runner-up reading (0...1), and the columns its ink spans in the pixels it was read from.
public struct ReadLetter: Sendable, Equatable {
    public var text: String
    public var confidence: Double
    public var rival: Double
    public var minX: Int
    public var maxX: Int
    /// The reading whose confidence `rival` is ("" when none).
    public var runnerUp: String

    public init(text: String, confidence: Double, rival: Double, minX: Int = 0, maxX: Int = 0, runnerUp: String = "") {
        self.text = text
        self.confidence = confidence
        self.rival = rival
        self.minX = minX
        self.maxX = maxX
        self.runnerUp = runnerUp
    }

    /// The middle of its ink across the line.
    public var centre: Double { Double(minX + maxX) / 2 }
}

/// A piece of an engine word that is a word of its own (letters and digits), with how surely its letters were read.
public struct WordPart: Sendable, Codable, Equatable {
    public var text: String
    /// 0...1: the confidence of its least sure letter.
    public var confidence: Double
    /// 0...1: the best runner-up reading of one of its letters (0 when none had one).
    public var rival: Double

    public init(text: String, confidence: Double, rival: Double) {
        self.text = text
        self.confidence = confidence
        self.rival = rival
    }
}
