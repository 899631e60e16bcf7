// Page view models. Mustache reads stored properties only, so every value a template shows is stored here.
import Foundation
import Hummingbird
import Localization
import PostWriting
import Storage
import Support
import Workflows

struct ScanSummaryView {
    let href: String
    let snippet: String
    let when: String
    let iso: String
    let confidence: String

    init(_ scan: Scan, base: String, localizer: Localizer) {
        href = "\(base)/scans/\(scan.id)"
        snippet = scan.editedText.isEmpty ? localizer("home.noText") : Format.snippet(scan.editedText)
        when = localizer.timestamp(scan.createdAt)
        iso = Format.iso(scan.createdAt)
        confidence = localizer.percent(scan.confidence)
    }
}

/// One option of a page-language select, named in the reader's language.
struct LanguageChoice: Sendable {
    let code: String
    let name: String
    let selected: Bool

    /// The configured default first ("English (default)", or "English + French (default)"), then every other
    /// installed language in the reader's alphabetical order.
    static func list(_ languages: OCRLanguages, selected: String, localizer: Localizer) -> [LanguageChoice] {
        let others = languages.options.dropFirst().map { LanguageChoice(code: $0, name: localizer.languageNames($0), selected: $0 == selected) }
        let first = LanguageChoice(
            code: languages.defaultCode,
            name: localizer("language.default", ["name": .text(localizer.languageNames(languages.defaultCode))]),
            selected: languages.defaultCode == selected)
        return [first] + others.sorted { $0.name.compare($1.name, locale: localizer.locale) == .orderedAscending }
    }
}

extension Localizer {
    /// The `lang` attribute of a draft: the language its words are in.
    func htmlLang(ofDraft text: String) -> String {
        switch PassageLanguage.of(text) {
        case .chinese: "zh-Hans"
        case .english: "en"
        case .french: "fr"
        case .german: "de"
        case .spanish: "es"
        }
    }

    /// The `lang` attribute for text read in these Tesseract languages (the first one decides): "zh-Hans", "de", …
    func htmlLang(ofReading codes: String) -> String {
        switch codes.split(separator: "+").first.map(String.init) ?? "" {
        case "chi_sim", "chi_sim_vert": "zh-Hans"
        case "chi_tra", "chi_tra_vert": "zh-Hant"
        case let code: Locale.Language(identifier: code).languageCode?.identifier ?? ""
        }
    }
}

struct HomeView {
    let languageChoices: [LanguageChoice]
    let scans: [ScanSummaryView]
    let hasScans: Bool
    let query: String
    let searched: Bool
    let scanMode: Bool
}

struct ParagraphChoice {
    let index: Int
    let text: String
}

struct ResultsView {
    let id: String
    let text: String
    /// The stored text's revision: the page's script names it when it saves, so a stale tab cannot overwrite newer text.
    let revision: Int
    let book: String
    let author: String
    /// The book and author fields start open only when one of them holds something.
    var showsBookFields: Bool { !book.isEmpty || !author.isEmpty }
    let confidence: String
    let lowConfidence: Bool
    let lineCount: Int
    let paragraphs: [ParagraphChoice]
    let hasManyParagraphs: Bool
    /// How many paragraphs the page showed, so a no-JS pick can tell whether the text's paragraphs still match.
    let paragraphCount: Int
    let error: String?
    let errorDetail: String?
    let errorRetryable: Bool
    /// The AI writer failed: offer the offline writer for this one time.
    let offerOffline: Bool
    let notice: String?
    let latestGenerationHref: String?
    let language: String
    /// How many photos the text was read from.
    let photoCount: Int
    let severalPhotos: Bool
    /// Set after a photo was read again while the text had edits: the person chooses what to do with the new reading.
    let reread: RereadView?
    /// "English", "German + English": what the text was read as.
    let languageName: String
    let languageChoices: [LanguageChoice]
    /// Whether an original is still kept, so the page can be read again in another language.
    let canReadAgain: Bool
    /// Words the camera may have misread, for the page's script to underline; each with its line's box on its photo.
    let unsure: [UnsureWordView]
    let hasUnsure: Bool
    /// "2 words may be misread: …", shown by the page's script above the text.
    let unsureNote: String
    /// "Lines (12)", "Lines (20) from 2 photos".
    let linesLink: String
    /// The text's own language, for the textarea's `lang` (spelling, and a CJK face for Chinese).
    let textLang: String
}

/// The new reading that waits for the person's choice: of one photo, or of every photo ("all").
struct RereadView {
    /// The photo's position (0-based) or "all", for the form's URL.
    let photo: String
    /// "Add the new reading of photo 2 below", "… of the page …".
    let append: String

    init(_ photo: String, localizer: Localizer) {
        self.photo = photo
        append =
            Int(photo).flatMap { $0 >= 0 && $0 < Int.max ? $0 : nil }.map { localizer("results.rereadAppendPhoto", ["number": .number($0 + 1)]) }
            ?? localizer("results.rereadAppendPage")
    }
}

/// One unsure word: which occurrence of it in the text, and the box of the line it was read from (upright photo
/// pixels), on which photo.
struct UnsureWordView {
    let word: String
    let occurrence: Int
    let confidence: String
    let hasBox: Bool
    /// The word's box in the photo, and the height of its printed line there (the crop is a few lines tall).
    let x: Int, y: Int, width: Int, height: Int
    let lineHeight: Int
    /// The word's index among the OCR text's words, for "It is right" (-1 when it has none).
    let cameraIndex: Int
    /// The photo's preview and size, the frame of the box; nil when no preview is kept.
    let previewHref: String?
    let imageWidth: Int
    let imageHeight: Int
}

/// An earlier version of one tone's draft, kept reachable under the card.
struct EarlierDraftView {
    let version: Int
    let text: String
    let isEdited: Bool
    let restoreAction: String
}

struct DraftView {
    /// The draft's language (`lang` of its text box).
    var textLang = ""
    /// How many of this draft's characters show before "see more" (about half as many for Chinese).
    var seeMoreCharacters = LinkedInLength.seeMoreAfter
    /// 0-based position of the tone on the page; `number` is 1-based, for ids and labels.
    let position: Int
    let number: Int
    let tone: String
    let toneLabel: String
    let text: String
    let count: Int
    let over: Bool
    let note: String?
    /// Rows for the textarea without script (with script it grows with its text).
    let rows: Int
    let version: Int
    /// The revision of this version's edit, named by the page's script when it saves (see `ResultsView.revision`).
    let revision: Int
    let isEdited: Bool
    let earlier: [EarlierDraftView]
    let hasEarlier: Bool
    let earlierCount: Int
    let saveAction: String
    let anotherAction: String
    let linkedInHref: String
    /// This card's edit was just saved (no-JS form) or its new version just written.
    let notice: String?
    let error: String?
    let errorDetail: String?
    let offerOffline: Bool
}

struct JumpView {
    let number: Int
    let tone: String
    let label: String
}

struct VariantsView {
    let scanId: String
    let generationId: String
    let drafts: [DraftView]
    let jumps: [JumpView]
    let writer: String
    let when: String
    /// The same moment for <time datetime>: the page's script shows it in the reader's time zone.
    let iso: String
    /// The most a draft should have, from `LinkedInLength.limit`.
    let limit: Int
    /// About where LinkedIn's feed folds a post behind "see more".
    let seeMore: Int
}

struct LineView {
    let number: Int
    let text: String
    let confidence: String
    let low: Bool
    let x: Int, y: Int, width: Int, height: Int
    /// The line's outline (SVG polygon points, following its tilt and curl); nil draws the box.
    let points: String?
}

/// One photo of a scan in the Lines view.
struct PhotoLinesView {
    let position: Int
    let label: String
    let width: Int
    let height: Int
    let hasPreview: Bool
    let previewHref: String
    let outlineHref: String
    /// Whether the original upload is still kept, so the photo can be read again.
    let canReadAgain: Bool
    let keptUntil: String?
    let lines: [LineView]
    let hasLines: Bool
    let timings: [TimingView]
}

struct LinesView {
    let id: String
    let photos: [PhotoLinesView]
    let several: Bool
}

/// One draggable corner of the page outline.
struct CornerView {
    /// The corners' catalogue keys, in the outline's order.
    static let names = ["outline.topLeft", "outline.topRight", "outline.bottomRight", "outline.bottomLeft"]
    let index: Int
    let name: String
    let x: Int
    let y: Int
}

struct OutlineView {
    let id: String
    let position: Int
    let width: Int
    let height: Int
    /// The photo with a margin around it, so corners on the photo's edge can still be grabbed.
    let viewBox: String
    let previewHref: String
    let corners: [CornerView]
    /// The SVG polygon's points, "x,y x,y …".
    let points: String
    /// Whether the pipeline found a page (otherwise the corners start at the photo's corners).
    let found: Bool
    let canReadAgain: Bool
    /// Whether the person has edited the text (reading again will ask before replacing it).
    let edited: Bool
    let keptUntil: String?
}

struct TimingView {
    let step: String
    let ms: String

    /// A pipeline step's time, the step named in the reader's language (`step.<name>`, else as the pipeline names it).
    init(_ timing: StepTiming, _ localizer: Localizer) {
        step = localizer.has("step.\(timing.step)") ? localizer("step.\(timing.step)") : timing.step
        ms = localizer.number(Int((timing.seconds * 1000).rounded()))
    }
}

struct HistoryItemView {
    let id: String
    let tone: String
    let toneLabel: String
    let action: String
    let text: String
    let when: String
    let iso: String
    let scanHref: String?
}

struct HistoryView {
    /// "The last 20 drafts you copied, shared or marked as posted."
    var intro = ""
    /// The item just deleted without script: the page offers to bring it back.
    let deleted: DeletedHistoryView?
    let items: [HistoryItemView]
    let hasItems: Bool
    let query: String
    let searched: Bool
    let limit: Int
    /// Whether the "Download everything" export is offered.
    var canExport = false
}

struct DeletedHistoryView {
    let id: String
}

struct LoginView {
    let next: String
    let error: String?
}

extension Tone {
    /// Matches a stored raw value back to a tone's label in the reader's language; unknown values show as they are.
    static func label(for raw: String, _ localizer: Localizer) -> String { Tone(rawValue: raw) != nil ? localizer("tone.\(raw)") : raw }
}

/// The page language a person chose on Home, remembered in a cookie (no script needed) so the select starts on it.
enum PageLanguage {
    static let cookieName = "snappost_page_lang"

    /// The cookie remembering `code` for a year, for every page under `base`.
    static func cookie(_ code: String, base: String) -> Cookie {
        Cookie(name: cookieName, value: code, maxAge: 365 * 24 * 3600, path: base.isEmpty ? "/" : base, httpOnly: true, sameSite: .lax)
    }
}
