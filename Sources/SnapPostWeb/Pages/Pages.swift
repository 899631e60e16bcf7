// What every controller uses to show HTML: a template rendered inside the site's layout, with its chrome filled in.
import HTTPTypes
import Hummingbird
import Localization
import Support

struct Pages: Sendable {
    let renderer: PageRenderer
    /// "" or "/snappost": prefix for every link, form action and asset.
    let base: String
    /// "Offline writer" or "host · model", shown on pages that write drafts.
    let writerName: String
    let authEnabled: Bool
    /// The configured provider's last answer, for the writer badge.
    var writerHealth = WriterHealth()
    /// Whether drafts come from the built-in offline writer (the badge then says so in the reader's language).
    var writerIsOffline: Bool { writerName == "Offline writer" }
    /// Every interface language's catalogue.
    var localizations: Localizations

    /// The words, numbers and dates of the request's language.
    func localizer(_ context: AppRequestContext) -> Localizer { localizations.localizer(context.language) }

    /// `title` and the back link's label are catalogue messages, said in the request's language.
    func chrome(
        _ context: AppRequestContext, title: LocalizedMessage, section: String = "", showWriter: Bool = false,
        back: (href: String, label: LocalizedMessage)? = nil, scripts: [String] = [], bare: Bool = false, textForm: TextFormSwitch? = nil
    ) -> PageChrome {
        let localizer = localizer(context)
        return PageChrome(
            base: base, title: localizer(title), writer: writerName, showWriter: showWriter, loggedIn: context.sessionId != nil,
            authEnabled: authEnabled, section: section, backHref: back?.href, backLabel: back.map { localizer($0.label) },
            writerState: writerIsOffline ? .offline : .provider(writerHealth.current), scripts: scripts, bare: bare,
            localizer: localizer, pagePath: context.pagePath, textForm: textForm)
    }

    func render(
        _ template: String, _ context: AppRequestContext, title: LocalizedMessage, section: String = "", showWriter: Bool = false,
        back: (href: String, label: LocalizedMessage)? = nil, content: Any, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:],
        scripts: [String] = [], bare: Bool = false, textForm: TextFormSwitch? = nil
    ) -> Response {
        renderer.render(
            template,
            chrome: chrome(
                context, title: title, section: section, showWriter: showWriter, back: back, scripts: scripts, bare: bare, textForm: textForm),
            content: content, status: status, headers: headers)
    }
}
