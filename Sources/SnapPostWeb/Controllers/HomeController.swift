// Home: the two photo buttons and recent scans (with search). `/scan` is the "Scan to Draft" deep link.
import Hummingbird
import SnapPostCore

struct HomeController {
    let services: AppServices

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
        let scans = query.isEmpty
            ? try await services.store.recentScans(limit: 10)
            : try await services.store.searchScans(query, limit: 20)
        let view = HomeView(
            scans: scans.map { ScanSummaryView($0, base: services.base) }, hasScans: !scans.isEmpty, query: query,
            searched: !query.isEmpty, scanMode: scanMode)
        return services.renderer.render(
            "home", chrome: services.chrome(context, title: scanMode ? "Scan to Draft" : "SnapPost", section: "home"), content: view)
    }
}
