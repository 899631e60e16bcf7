// Home: the two photo buttons and recent scans (with search). `/scan` is the "Scan to Draft" deep link.
import Foundation
import Hummingbird
import Storage
import Workflows

struct HomeController {
    let scans: any ScanRepository
    let pages: Pages
    let languages: OCRLanguages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/", use: home)
        routes.get("/scan", use: scan)
        return routes
    }

    @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await page(request, context: context, scanMode: false)
    }

    @Sendable func scan(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await page(request, context: context, scanMode: true)
    }

    private func page(_ request: Request, context: AppRequestContext, scanMode: Bool) async throws -> Response {
        let query = String((request.uri.queryParameters.get("q") ?? "").prefix(200)).trimmingCharacters(in: .whitespaces)
        let found = query.isEmpty ? try await scans.recent(limit: 10) : try await scans.search(query, limit: 20)
        let view = HomeView(
            languageChoices: languages.choices(), scans: found.map { ScanSummaryView($0, base: pages.base) }, hasScans: !found.isEmpty, query: query,
            searched: !query.isEmpty, scanMode: scanMode)
        return pages.render("home", context, title: scanMode ? "Scan to Draft" : "SnapPost", section: "home", content: view)
    }
}
