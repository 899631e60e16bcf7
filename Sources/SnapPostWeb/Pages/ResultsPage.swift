// The Results page (the editable text of one scan), shown by the scan and the drafts controllers alike.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import PostWriting
import Storage
import Support
import Words
import Workflows

struct ResultsPage: Sendable {
    let pages: Pages
    let scans: any ScanRepository
    let generations: any GenerationRepository
    /// The OCR languages' word list, to find words the camera may have misread; nil when none is installed.
    let words: (any WordList)?
    /// Whether the configured writer is the offline one (then there is nothing to fall back to).
    let writerIsOffline: Bool
    /// What "Read again as …" offers.
    let languages: OCRLanguages

    /// The page for `scan`, with a notice, or with the failure that brought the person back to it. `remembered` is
    /// the page language the person last chose (its cookie), for the "read again" select.
    func render(
        _ scan: Scan, _ context: AppRequestContext, notice: LocalizedMessage? = nil, failure: ErrorPresentation? = nil,
        showLatestDrafts: Bool = true, reread: String? = nil
    ) async throws -> Response {
        let localizer = pages.localizer(context)
        let paragraphs = Paragraphs.of(scan.editedText)
        let photos = try await scans.photos(ofScan: scan.id)
        let latest = showLatestDrafts ? try await generations.latestId(scanId: scan.id) : nil
        // Every photo's lines in reading order, each remembering its photo, so a tap shows the right crop.
        var lines: [TextLine] = []
        var lineSource: [ScanPhoto] = []
        for photo in photos {
            let read = (try? await scans.lines(ofScan: scan.id, photo: photo.position)) ?? []
            lines += read
            lineSource += Array(repeating: photo, count: read.count)
        }
        // Only words as the camera read them can be unsure: the text is compared with the OCR text, and words the
        // person confirmed stay confirmed.
        let confirmed = (try? await scans.confirmedWords(ofScan: scan.id)) ?? []
        let evidence = ReadingEvidence(lines: lines, words: words, cameraText: scan.ocrText, confirmed: confirmed)
        let unsure = UnsureWords.unsure(in: scan.editedText, evidence: evidence).map { word in
            let line = word.line.map { lines[$0] }
            let photo = word.line.map { lineSource[$0] }
            let box = line.map { UnsureCrop.wordBox(in: $0, span: word.span) }
            return UnsureWordView(
                word: word.text, occurrence: word.occurrence, confidence: localizer.percent(word.confidence), hasBox: box != nil,
                x: box?.x ?? 0, y: box?.y ?? 0, width: box?.width ?? 0, height: box?.height ?? 0,
                lineHeight: line.map { UnsureCrop.lineHeight(of: $0) } ?? 0,
                cameraIndex: word.cameraIndex ?? -1,
                previewHref: photo.flatMap { $0.hasPreview ? "\(pages.base)/scans/\(scan.id)/photos/\($0.position)/preview.jpg" : nil },
                imageWidth: max(1, photo?.imageSize.width ?? 1), imageHeight: max(1, photo?.imageSize.height ?? 1))
        }
        let view = ResultsView(
            id: scan.id, text: scan.editedText, revision: scan.revision, book: scan.book, author: scan.author,
            confidence: localizer.percent(scan.confidence), lowConfidence: scan.confidence < 0.6,
            lineCount: lines.count,
            paragraphs: paragraphs.enumerated().map { ParagraphChoice(index: $0.offset, text: $0.element) },
            hasManyParagraphs: paragraphs.count > 1, paragraphCount: paragraphs.count, error: failure.map { localizer($0.message) },
            errorDetail: failure?.detail.map { localizer($0) },
            errorRetryable: failure?.retryable ?? false, offerOffline: (failure?.isWriterFailure ?? false) && !writerIsOffline,
            notice: notice.map { localizer($0) },
            latestGenerationHref: latest.map { "\(pages.base)/scans/\(scan.id)/posts/\($0)" }, language: scan.language,
            photoCount: photos.count, severalPhotos: photos.count > 1, reread: reread.map { RereadView($0, localizer: localizer) },
            languageName: localizer.languageNames(scan.language, capitalized: false),
            languageChoices: LanguageChoice.list(languages, selected: scan.language, localizer: localizer),
            canReadAgain: photos.contains { $0.originalKeptUntil != nil },
            unsure: unsure, hasUnsure: !unsure.isEmpty,
            unsureNote: localizer.plural("results.unsure", count: unsure.count),
            linesLink: photos.count > 1
                ? localizer.plural("results.linesFromPhotos", count: lines.count, ["photos": .number(photos.count)])
                : localizer.plural("results.lines", count: lines.count),
            textLang: localizer.htmlLang(ofReading: scan.language))
        // Results is the page Home leads to: the header's Home link is the way back, so there is no second one.
        return pages.render(
            "results", context, title: LocalizedMessage("title.results"), showWriter: true, content: view, status: failure?.status ?? .ok,
            headers: failure?.headers ?? [:],
            textForm: TextFormSwitch(formId: "results-form", action: "\(pages.base)/scans/\(scan.id)/interface-language"))
    }
}

extension ScanRepository {
    /// The scan named by the route's `{id}`, or a 404.
    func required(_ context: AppRequestContext) async throws -> Scan {
        guard let id = context.parameters.get("id"), let scan = try await scan(id: id) else { throw HTTPError(.notFound) }
        return scan
    }

    /// Saves the text, book and author of a submitted form; the text field must be there. The page's script names its
    /// tab (`editor`); when `conditional`, the form's `base` (the revision the text was typed over) is checked too.
    /// A plain form (no script) names the revision the page showed as `seen`: typed over a text that another tab or
    /// device has since changed, it is not saved, and `ChangedElsewhereError` shows both texts to choose from.
    @discardableResult
    func saveEdits(_ form: FormBody, of scan: Scan, conditional: Bool = false) async throws -> EditOutcome<Scan> {
        guard let text = form.text("text") else {
            throw BadFormError("noTextField", code: "missing_text")
        }
        let book = String((form.text("book") ?? scan.book).prefix(300))
        let author = String((form.text("author") ?? scan.author).prefix(300))
        let seen = form["seen"].flatMap { Int($0) }
        let base = conditional ? form["base"].flatMap { Int($0) } : seen
        guard
            let outcome = try await saveEdits(scanId: scan.id, text: text, book: book, author: author, editor: form["editor"] ?? "", base: base)
        else { throw HTTPError(.notFound) }
        if case .conflict(let stored) = outcome, !conditional {
            throw ChangedElsewhereError.between(typed: text, book: book, author: author, stored: stored)
        }
        // Words the person retyped as they were, or said are right (the page's script lists them): trusted from now on.
        if case .saved = outcome, let confirm = form["confirm"], confirm.utf8.count <= 20_000 {
            try await confirmWords(ofScan: scan.id, Set(confirm.split(separator: ",").prefix(2000).compactMap { Int($0) }))
        }
        return outcome
    }
}

/// Where an unsure word lies in the photo, for the crop the page shows when it is tapped.
enum UnsureCrop {
    /// The word's box in the upright photo: its span across the line, carried along the line's outline (so it follows
    /// a tilted or curled line), or the whole line's box when the span is not known.
    static func wordBox(in line: TextLine, span: ClosedRange<Double>?) -> PixelBox {
        guard let span else { return line.box }
        if let outline = line.outline, outline.count >= 4, outline.count % 2 == 0 {
            let half = outline.count / 2
            let top = Array(outline[..<half]), bottom = Array(outline[half...].reversed())
            let points = [span.lowerBound, span.upperBound].flatMap { [point(along: top, at: $0), point(along: bottom, at: $0)] }
            let xs = points.map(\.x), ys = points.map(\.y)
            let x = Int(xs.min()!.rounded(.down)), y = Int(ys.min()!.rounded(.down))
            return PixelBox(x: x, y: y, width: max(1, Int(xs.max()!.rounded(.up)) - x), height: max(1, Int(ys.max()!.rounded(.up)) - y))
        }
        let x = line.box.x + Int(Double(line.box.width) * span.lowerBound)
        return PixelBox(
            x: x, y: line.box.y, width: max(1, Int(Double(line.box.width) * (span.upperBound - span.lowerBound))), height: line.box.height)
    }

    /// The height of the printed line: its box, or across its outline's middle for a tilted line.
    static func lineHeight(of line: TextLine) -> Int {
        guard let outline = line.outline, outline.count >= 4, outline.count % 2 == 0 else { return line.box.height }
        let half = outline.count / 2
        let top = point(along: Array(outline[..<half]), at: 0.5), bottom = point(along: Array(outline[half...].reversed()), at: 0.5)
        return max(1, Int(((top.x - bottom.x) * (top.x - bottom.x) + (top.y - bottom.y) * (top.y - bottom.y)).squareRoot().rounded()))
    }

    /// The point a fraction of the way along a polyline, by its length.
    static func point(along points: [PixelPoint], at fraction: Double) -> PixelPoint {
        guard points.count > 1 else { return points.first ?? PixelPoint(x: 0, y: 0) }
        let lengths = zip(points, points.dropFirst()).map { a, b in ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        var left = min(1, max(0, fraction)) * lengths.reduce(0, +)
        for (i, length) in lengths.enumerated() {
            if left <= length || i == lengths.count - 1 {
                let t = length > 0 ? min(1, left / length) : 0
                return PixelPoint(x: points[i].x + (points[i + 1].x - points[i].x) * t, y: points[i].y + (points[i + 1].y - points[i].y) * t)
            }
            left -= length
        }
        return points[points.count - 1]
    }
}
