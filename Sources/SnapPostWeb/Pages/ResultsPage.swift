// The Results page (the editable text of one scan), shown by the scan and the drafts controllers alike.
import Foundation
import HTTPTypes
import Hummingbird
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

    /// The page for `scan`, with a notice, or with the failure that brought the person back to it.
    func render(
        _ scan: Scan, _ context: AppRequestContext, notice: String? = nil, failure: ErrorPresentation? = nil, showLatestDrafts: Bool = true,
        reread: String? = nil
    ) async throws -> Response {
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
        let unsure = UnsureWords.unsure(in: scan.editedText, evidence: ReadingEvidence(lines: lines, words: words)).map { word in
            let box = word.line.map { lines[$0].box }
            let photo = word.line.map { lineSource[$0] }
            return UnsureWordView(
                word: word.text, occurrence: word.occurrence, confidence: Format.percent(word.confidence), hasBox: box != nil,
                x: box?.x ?? 0, y: box?.y ?? 0, width: box?.width ?? 0, height: box?.height ?? 0,
                previewHref: photo.flatMap { $0.hasPreview ? "\(pages.base)/scans/\(scan.id)/photos/\($0.position)/preview.jpg" : nil },
                imageWidth: max(1, photo?.imageSize.width ?? 1), imageHeight: max(1, photo?.imageSize.height ?? 1))
        }
        let view = ResultsView(
            id: scan.id, text: scan.editedText, revision: scan.revision, book: scan.book, author: scan.author,
            confidence: Format.percent(scan.confidence), lowConfidence: scan.confidence < 0.6,
            lineCount: lines.count,
            paragraphs: paragraphs.enumerated().map { ParagraphChoice(index: $0.offset, text: $0.element) },
            hasManyParagraphs: paragraphs.count > 1, paragraphCount: paragraphs.count, error: failure?.message, errorDetail: failure?.detail,
            errorRetryable: failure?.retryable ?? false, offerOffline: (failure?.isWriterFailure ?? false) && !writerIsOffline, notice: notice,
            latestGenerationHref: latest.map { "\(pages.base)/scans/\(scan.id)/posts/\($0)" }, language: scan.language,
            photoCount: photos.count, severalPhotos: photos.count > 1, reread: reread.map(RereadView.init),
            languageName: OCRLanguages.name(of: scan.language), languageChoices: languages.choices(selected: scan.language),
            canReadAgain: photos.contains { $0.originalKeptUntil != nil },
            unsure: unsure, hasUnsure: !unsure.isEmpty,
            unsureNote: unsure.count == 1
                ? "1 word may be misread: it is underlined. Tap it to see that line of the photo."
                : "\(unsure.count) words may be misread: they are underlined. Tap one to see that line of the photo.")
        // Results is the page Home leads to: the header's Home link is the way back, so there is no second one.
        return pages.render(
            "results", context, title: "Your text", showWriter: true, content: view, status: failure?.status ?? .ok,
            headers: failure?.headers ?? [:])
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
    @discardableResult
    func saveEdits(_ form: FormBody, of scan: Scan, conditional: Bool = false) async throws -> EditOutcome<Scan> {
        guard let text = form.text("text") else {
            throw BadFormError("The text field is missing. Reload the page; your saved text is still there.", code: "missing_text")
        }
        let book = String((form.text("book") ?? scan.book).prefix(300))
        let author = String((form.text("author") ?? scan.author).prefix(300))
        let base = conditional ? form["base"].flatMap { Int($0) } : nil
        guard
            let outcome = try await saveEdits(scanId: scan.id, text: text, book: book, author: author, editor: form["editor"] ?? "", base: base)
        else { throw HTTPError(.notFound) }
        return outcome
    }
}
