// Renders the Mustache templates in Templates/ inside the shared layout, and builds HTML responses.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Mustache
import Support

/// What every page needs besides its own content.
struct PageChrome: Sendable {
    /// "" or "/snappost": prefix for every link, form action and asset.
    var base: String
    var title: String
    /// "Offline writer" or "host · model"; shown on pages that generate.
    var writer: String
    var showWriter: Bool = false
    var loggedIn: Bool = false
    var authEnabled: Bool = false
    /// Which header link is current: "home", "shelf", "history".
    var section: String = ""
    var backHref: String? = nil
    /// The back link's words; nil says "Home" in the reader's language.
    var backLabel: String? = nil
    /// What the writer badge shows about the writer's last answer.
    var writerState: WriterBadgeState = .offline
    /// Extra behaviour of this page: for each name, Public/static/NAME.js and NAME.css (no inline code).
    var scripts: [String] = []
    /// No navigation: for pages a visitor sees before logging in or while offline, where the links would lead nowhere.
    var bare: Bool = false
    /// The reader's language: every word of the page, its dates and numbers.
    var localizer: Localizer
    /// The page's own path and query, where the footer's language switch comes back to.
    var pagePath: String = "/"
    /// A page whose form holds typed text (Results): without the script, the footer's switch sends that form to
    /// `action`, which saves the text before the language changes.
    var textForm: TextFormSwitch? = nil
}

/// The form of typed text the footer's language switch belongs to without the script (see `PageChrome.textForm`).
struct TextFormSwitch: Sendable {
    let formId: String
    let action: String
}

enum WriterBadgeState: Equatable, Sendable {
    case offline
    case provider(WriterHealth.State)
}

struct PageRenderer: Sendable {
    let library: MustacheLibrary

    /// Loads every `*.mustache` in `directory`; a missing or broken template stops the server at start.
    static func load(from directory: String) async throws -> PageRenderer {
        let library = try await MustacheLibrary(directory: directory)
        for name in [
            "layout", "home", "results", "variants", "lines", "outline", "history", "login", "error", "offline", "shelf", "shelf-result", "retouch",
            "retouch-editor",
        ]
        where library.getTemplate(named: name) == nil {
            throw TemplateMissing(name: name, directory: directory)
        }
        return PageRenderer(library: library)
    }

    struct TemplateMissing: Error, CustomStringConvertible {
        let name: String, directory: String
        var description: String { "Template \(name).mustache not found in \(directory)" }
    }

    /// Renders `template` (which extends `layout` through `{{<layout}}`) with the chrome and the page's own `content`.
    func render(_ template: String, chrome: PageChrome, content: Any, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let page = library.render(PageModel(chrome: chrome, content: content), withTemplate: template) ?? ""
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: page)))
    }
}

/// What every template sees at the top level; the page's own fields are inside `content`.
/// Mustache reads stored properties only (through Mirror), so nothing here is computed.
struct PageModel {
    /// `{{#t}}key{{/t}}`: the catalogue's message for `key` in the reader's language, its `{{name}}` placeholders filled
    /// from the template's context (and escaped like any value).
    let t: MustacheLambda
    /// `<html lang>`.
    let lang: String
    /// The `js.*` messages for the page's scripts, as JSON; the layout puts it in an attribute, escaped like any value.
    let scriptMessages: String
    /// The footer's switch: every interface language by its own name.
    let interfaceLanguages: [InterfaceLanguageChoice]
    let here: String
    /// Set on pages whose form holds typed text (see `PageChrome.textForm`).
    let textForm: TextFormSwitch?
    let base: String
    let title: String
    let writer: String
    let showWriter: Bool
    let isOffline: Bool
    let loggedIn: Bool
    let isHome: Bool
    let isShelf: Bool
    let isHistory: Bool
    let isRetouch: Bool
    let backHref: String?
    let backLabel: String
    /// "offline", "ok", "failed" or "unknown": the badge's colour.
    let writerStatus: String
    /// Said after the writer's name: "last answer failed at 14:02 UTC", "answered at 14:05 UTC", "not asked yet".
    let writerNote: String?
    let scripts: [String]
    let showNav: Bool
    let content: Any

    init(chrome: PageChrome, content: Any) {
        let localizer = chrome.localizer
        t = MustacheLambda { key in localizer.template(key.trimmingCharacters(in: .whitespacesAndNewlines)) }
        lang = localizer.language.tag
        scriptMessages = Self.json(localizer.messages(under: "js"))
        interfaceLanguages = InterfaceLanguage.allCases.map {
            InterfaceLanguageChoice(tag: $0.tag, name: $0.nativeName, selected: $0 == localizer.language)
        }
        here = chrome.pagePath
        textForm = chrome.textForm
        base = chrome.base
        title = chrome.title
        isOffline = chrome.writerState == .offline
        writer = isOffline ? localizer("writer.offline") : chrome.writer
        showWriter = chrome.showWriter
        loggedIn = chrome.loggedIn && chrome.authEnabled
        isHome = chrome.section == "home"
        isShelf = chrome.section == "shelf"
        isHistory = chrome.section == "history"
        isRetouch = chrome.section == "retouch"
        backHref = chrome.backHref
        backLabel = chrome.backLabel ?? localizer("layout.home")
        switch chrome.writerState {
        case .offline:
            writerStatus = "offline"
            writerNote = nil
        case .provider(.unknown):
            writerStatus = "unknown"
            writerNote = localizer("writer.notAsked")
        case .provider(.answered(let date)):
            writerStatus = "ok"
            writerNote = localizer("writer.answered", ["time": .text(localizer.clock(date))])
        case .provider(.failed(_, let date)):
            writerStatus = "failed"
            writerNote = localizer("writer.failed", ["time": .text(localizer.clock(date))])
        }
        scripts = chrome.scripts
        showNav = !chrome.bare
        self.content = content
    }

    /// JSON without `<`, `>` or `&` as they are (JSON escapes instead): it cannot end an element, whatever escaping
    /// the place it is written into does.
    static func json(_ messages: [String: String]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: messages, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }
}

/// One option of the footer's language switch.
struct InterfaceLanguageChoice {
    let tag: String
    let name: String
    let selected: Bool
}
