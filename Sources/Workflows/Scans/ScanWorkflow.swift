// What a person does with a scan beyond the first photo (no HTTP): save the text as typed, add the next page, read a
// photo again with a corrected outline or turn, read every photo again in another language, and take a new reading
// into the text. The person's edited text is never replaced without asking.
import Foundation
import PageReading
import Storage
import Support

public struct ScanWorkflow: Sendable {
    public let scans: any ScanRepository

    public init(scans: any ScanRepository) {
        self.scans = scans
    }

    /// Saves the text, book and author as the person has them (book and author capped at 300 characters; nil keeps
    /// the stored one) and gives the scan as saved.
    @discardableResult
    public func saveEdits(of scan: Scan, text: String, book: String?, author: String?) async throws -> Scan {
        try await scans.saveEdits(
            scanId: scan.id, text: text, book: String((book ?? scan.book).prefix(300)), author: String((author ?? scan.author).prefix(300)))
        return try await required(scan.id)
    }

    /// The next page: its text is appended to the scan's text as it is now (a word hyphenated across the break
    /// joined). `reader` reads the photo in the scan's languages. Gives how many photos the scan has now.
    public func addPage(to scan: Scan, photo: Data, original: KeptOriginal?, reader: any PageReader) async throws -> Int {
        let capture = try await reader.read(photo, options: ReadOptions(languages: Self.languages(of: scan)))
        // The texts as they are when the page is written, not as they were when the reading began: a save made while the
        // photo was read (the page saving itself as the person typed on) is appended to, not written over.
        let added = capture.text
        let count = try await scans.addPhoto(toScan: scan.id, PhotoReading(capture), original: original) { stored in
            (PageJoiner.join(stored.photos), PageJoiner.append(added, to: stored.editedText))
        }
        guard let count else { throw NotFoundError() }  // deleted meanwhile
        return count
    }

    /// Reads the kept original of photo `number` again, turned `turn` (-3 to 3) more quarter turns, or (not turned) within the
    /// page corners the person drew (`drawn`: x0 y0 … x3 y3; nil lets the pipeline find the page). An unedited text
    /// takes the new reading; an edited one is kept (`keptEdits`), and the person chooses what to do with the reading.
    public func readAgain(
        _ scan: Scan, photo number: Int, turn: Int, drawn: [Double?]?, reader: any PageReader
    ) async throws -> (keptEdits: Bool, photo: Int) {
        let photos = try await scans.photos(ofScan: scan.id)
        guard let photo = photos.first(where: { $0.position == number }) else { throw NotFoundError() }
        guard let original = try await scans.original(ofScan: scan.id, photo: number) else { throw OriginalGoneError() }
        // Both sides reduced first: the stored turn is the database's, and no sum of the two can overflow.
        var options = ReadOptions(languages: Self.languages(of: scan), quarterTurns: ((photo.quarterTurns % 4 + turn) % 4 + 4) % 4)
        if turn == 0, let drawn { options.outline = try PageOutline.corners(drawn, within: photo.imageSize) }
        let capture = try await reader.read(original, options: options)
        // Edited before or while the photo was read (the page saves itself as the person types): the edits are kept.
        let keptEdits = try await scans.replaceReadings(ofScan: scan.id, [(number, PhotoReading(capture))], join: PageJoiner.join)
        guard let keptEdits else { throw NotFoundError() }
        return (keptEdits, number)
    }

    /// Reads every kept photo again in `languages` (their outlines and turns kept). As with reading again, an edited
    /// text is kept and the person chooses. Gives whether the edited text was kept.
    public func readAll(_ scan: Scan, languages: [String], reader: any PageReader) async throws -> Bool {
        let photos = try await scans.photos(ofScan: scan.id)
        var readings: [(photo: Int, reading: PhotoReading)] = []
        for photo in photos {
            guard let original = try await scans.original(ofScan: scan.id, photo: photo.position) else { continue }
            let capture = try await reader.read(
                original, options: ReadOptions(languages: languages, quarterTurns: photo.quarterTurns, outline: photo.outline))
            readings.append((photo.position, PhotoReading(capture)))
        }
        guard !readings.isEmpty else { throw OriginalGoneError() }
        // Edited before or while the photos were read: the edits are kept. All of them are written at once.
        let keptEdits = try await scans.replaceReadings(ofScan: scan.id, readings, join: PageJoiner.join)
        guard let keptEdits else { throw NotFoundError() }
        return keptEdits
    }

    /// Which new reading the person takes into the text: one photo's, or (after reading all again) the whole OCR text.
    public enum NewReading: Sendable {
        case photo(Int)
        case all
    }

    /// How: the new reading replaces the person's text, or is added below the text as typed.
    public enum Adoption: String, Sendable {
        case replace, append
    }

    /// After reading again, the person replaced their edited text with the new reading, or added it below `typed`
    /// (the text as it is on screen; nil: as saved).
    public func adopt(_ scan: Scan, reading: NewReading, how: Adoption, typed: String?, book: String?, author: String?) async throws {
        let newReading: String
        switch reading {
        case .all:
            newReading = scan.ocrText
        case .photo(let number):
            guard let photo = try await scans.photos(ofScan: scan.id).first(where: { $0.position == number }) else { throw NotFoundError() }
            newReading = photo.text
        }
        let text: String
        switch how {
        case .replace: text = scan.ocrText
        case .append: text = (typed ?? scan.editedText).trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n" + newReading
        }
        try await saveEdits(of: scan, text: text, book: book, author: author)
    }

    /// Keeps the ticked paragraphs of the scan's text as just saved from the form (the person's current edit, never an
    /// older copy) and stores them when the paragraphs are still the ones the page showed.
    public func pickParagraphs(of saved: Scan, shown: Int?, keep: [Int]) async throws -> ParagraphPicker.Outcome {
        let outcome = ParagraphPicker.pick(from: saved.editedText, shown: shown, keep: keep)
        if case .kept(let text) = outcome {
            try await scans.saveEdits(scanId: saved.id, text: text, book: saved.book, author: saved.author)
        }
        return outcome
    }

    /// The scan, or `NotFoundError`.
    public func required(_ id: String) async throws -> Scan {
        guard let scan = try await scans.scan(id: id) else { throw NotFoundError() }
        return scan
    }

    /// The scan was read in these languages; its other photos are read in the same ones.
    static func languages(of scan: Scan) -> [String] {
        scan.language.split(separator: "+").map(String.init)
    }
}

/// A page outline drawn by the person: four corners, inside the photo, covering a real part of it in order.
public enum PageOutline {
    /// The four corners `x0 y0 … x3 y3`, clamped inside the photo; a clear refusal when they are missing or absurd.
    public static func corners(_ values: [Double?], within size: PixelSize) throws -> [PixelPoint] {
        var points: [PixelPoint] = []
        for index in 0..<4 {
            guard values.count == 8, let x = values[2 * index], let y = values[2 * index + 1], x.isFinite, y.isFinite else {
                throw InvalidInputError(code: "bad_outline", message: LocalizedMessage("error.bad_outline_corners"))
            }
            points.append(PixelPoint(x: min(max(0, x), Double(size.width)), y: min(max(0, y), Double(size.height))))
        }
        // Twice the signed area of the polygon: a page must cover a real part of the photo and keep its corner order.
        var area = 0.0
        for index in 0..<4 {
            let a = points[index], b = points[(index + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        guard area / 2 >= 0.02 * Double(size.width * size.height) else {
            throw InvalidInputError(code: "bad_outline", message: LocalizedMessage("error.bad_outline_area"))
        }
        return points
    }
}

/// Reading again needs the original upload, which is kept only for a while.
public struct OriginalGoneError: UserFacingError {
    public var code: String { "original_gone" }
    public var category: ErrorCategory { .nothingFound }
    public init() {}
}

extension PhotoReading {
    /// What the store keeps of a reading.
    public init(_ capture: ExcerptCapture) {
        self.init(
            text: capture.text, confidence: capture.confidence, language: capture.language, imageSize: capture.imageSize,
            lines: capture.lines, timings: capture.timings, preview: capture.preview, outline: capture.pageOutline,
            quarterTurns: capture.quarterTurns)
    }
}
