// The Results page (the editable text of one scan), shown by the scan and the drafts controllers alike.
import Foundation
import HTTPTypes
import Hummingbird
import Storage

struct ResultsPage: Sendable {
    let pages: Pages
    let scans: any ScanRepository
    let generations: any GenerationRepository

    /// The page for `scan`, with a notice, or with the failure that brought the person back to it.
    func render(
        _ scan: Scan, _ context: AppRequestContext, notice: String? = nil, failure: ErrorPresentation? = nil, showLatestDrafts: Bool = true,
        rereadPhoto: Int? = nil
    ) async throws -> Response {
        let paragraphs = Paragraphs.of(scan.editedText)
        let photoCount = try await scans.photos(ofScan: scan.id).count
        let latest = showLatestDrafts ? try await generations.latestId(scanId: scan.id) : nil
        let view = ResultsView(
            id: scan.id, text: scan.editedText, book: scan.book, author: scan.author,
            confidence: Format.percent(scan.confidence), lowConfidence: scan.confidence < 0.6,
            lineCount: try await scans.lineCount(ofScan: scan.id),
            paragraphs: paragraphs.enumerated().map { ParagraphChoice(index: $0.offset, text: $0.element) },
            hasManyParagraphs: paragraphs.count > 1, error: failure?.message, errorRetryable: failure?.retryable ?? false, notice: notice,
            latestGenerationHref: latest.map { "\(pages.base)/scans/\(scan.id)/posts/\($0)" }, language: scan.language,
            photoCount: photoCount, severalPhotos: photoCount > 1,
            reread: rereadPhoto.map { RereadView(photo: $0, number: $0 + 1) })
        return pages.render(
            "results", context, title: "Your text", showWriter: true, back: ("\(pages.base)/", "Home"), content: view,
            status: failure?.status ?? .ok, headers: failure?.headers ?? [:])
    }
}

extension ScanRepository {
    /// The scan named by the route's `{id}`, or a 404.
    func required(_ context: AppRequestContext) async throws -> Scan {
        guard let id = context.parameters.get("id"), let scan = try await scan(id: id) else { throw HTTPError(.notFound) }
        return scan
    }

    /// Saves the text, book and author of a submitted form; the text field must be there.
    func saveEdits(_ form: FormBody, of scan: Scan) async throws {
        guard let text = form.text("text") else {
            throw BadFormError("The text field is missing. Reload the page; your saved text is still there.", code: "missing_text")
        }
        let book = String((form.text("book") ?? scan.book).prefix(300))
        let author = String((form.text("author") ?? scan.author).prefix(300))
        try await saveEdits(scanId: scan.id, text: text, book: book, author: author)
    }
}

/// Paragraphs are separated by a blank line.
enum Paragraphs {
    static func of(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}
