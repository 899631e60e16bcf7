// The one composition root: reads settings, builds every service, mounts the controllers, returns the app.
import Configuration
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import PostWriting
import Retouch
import Settings
import Support

/// Builds the app. `dependencies` is nil in production (the real OCR engine, writer and SQLite store are made
/// from the settings); tests pass fakes or in-memory ones with an `InMemoryProvider` reader.
public func buildApplication(
    reader: ConfigReader,
    dependencies: AppDependencies? = nil,
    logger: Logger = Logger(label: "snappost")
) async throws -> some ApplicationProtocol {
    var settings = AppSettings(reader: reader)
    var logger = logger
    if let level = reader.string(forKey: "logLevel").flatMap(Logger.Level.init(rawValue:)) { logger.logLevel = level }

    // Secure by default: beyond loopback, a password is required; make one if none was given.
    var password = settings.authDisabled ? nil : settings.password
    if settings.authDisabled {
        logger.warning(
            "Login is OFF (--no-auth / SNAPPOST_AUTH=none): anyone who can reach \(settings.host):\(settings.port) can use this server and its AI key."
        )
    } else if password == nil, settings.listensBeyondLoopback {
        let generated = RandomID.make()
        password = generated
        settings.password = generated
        logger.notice("No SNAPPOST_PASSWORD set and listening on \(settings.host), so a password was generated for this run: \(generated)")
    }

    let dependencies = if let dependencies { dependencies } else { try await AppDependencies.live(settings: settings, logger: logger) }
    let settingsInUse = settings
    let startupLogger = logger
    let resources = ResourceLocator.directory(configured: reader.string(forKey: "resourcesDir"))
    let renderer = try await PageRenderer.load(from: resources.appendingPathComponent("Templates").path)

    // Shared pieces, each built once and handed only to the controllers that use them.
    let base = settings.basePath
    let policy = AccessPolicy(
        password: password, apiTokens: settings.apiTokens, sessionLifetime: settings.sessionLifetime,
        basePath: base, trustProxy: settings.trustProxy)
    let pages = Pages(renderer: renderer, base: base, writerName: dependencies.generator.displayName, authEnabled: policy.enabled)
    let metrics = AppMetrics(registry: dependencies.metricsRegistry)
    let clientAddress = ClientAddress(trustProxy: settings.trustProxy)
    let ocrQueue = BoundedWorkQueue(workers: settings.ocrWorkers, maxWaiting: settings.ocrQueueLength)
    let intake = PhotoIntake(
        limiter: RateLimiter(capacity: settings.uploadsPerMinute, window: 60, clock: dependencies.clock), clientAddress: clientAddress,
        uploads: UploadReader(maxBytes: settings.uploadMaxBytes, timeout: .seconds(settings.requestTimeoutSeconds)),
        reader: dependencies.reader, queue: ocrQueue, metrics: metrics, keepOriginal: settings.keepOriginalSeconds, clock: dependencies.clock)
    let writer = DraftWriter(generator: dependencies.generator, metrics: metrics, label: settings.aiBaseURL == nil ? "offline" : "provider")
    let results = ResultsPage(pages: pages, scans: dependencies.scans, generations: dependencies.generations)
    let limits = settings.imageLimits
    // Retouch takes photos as pages do (same decoder, same limits); one fill at a time, a few waiting.
    var retouchLimits = RetouchLimits()
    retouchLimits.image = limits
    let studio = RetouchStudio(projects: dependencies.retouch, limits: retouchLimits, queue: BoundedWorkQueue(workers: 1, maxWaiting: 4))

    let router = Router(context: AppRequestContext.self)
    router.addMiddleware {
        RequestLogMiddleware(metrics: metrics)
        CompressionMiddleware<AppRequestContext>()
        SecurityHeadersMiddleware<AppRequestContext>()
        ErrorPageMiddleware(pages: pages, limits: limits)
        FileMiddleware<AppRequestContext, LocalFileSystem>(
            resources.appendingPathComponent("Public").path, urlBasePath: base.isEmpty ? nil : base,
            searchForIndexHtml: false, logger: logger)
        SameOriginMiddleware<AppRequestContext>(trustProxy: settings.trustProxy)
        AuthMiddleware(policy: policy, sessions: dependencies.sessions)
    }
    let mount = RouterPath(base.isEmpty ? "/" : base)
    router.addRoutes(HomeController(scans: dependencies.scans, pages: pages).endpoints, atPath: mount)
    router.addRoutes(ScanController(intake: intake, scans: dependencies.scans, results: results, pages: pages).endpoints, atPath: mount)
    router.addRoutes(PhotosController(intake: intake, scans: dependencies.scans, results: results, pages: pages).endpoints, atPath: mount)
    router.addRoutes(
        PostsController(scans: dependencies.scans, generations: dependencies.generations, writer: writer, results: results, pages: pages).endpoints,
        atPath: mount)
    router.addRoutes(
        HistoryController(history: dependencies.history, scans: dependencies.scans, pages: pages, size: settings.historySize).endpoints,
        atPath: mount)
    router.addRoutes(
        AuthController(
            policy: policy, sessions: dependencies.sessions, throttle: LoginThrottle(clock: dependencies.clock),
            clientAddress: clientAddress, pages: pages
        ).endpoints,
        atPath: mount)
    router.addRoutes(RetouchController(studio: studio, intake: intake, pages: pages).endpoints, atPath: mount)
    router.addRoutes(APIController(intake: intake, scans: dependencies.scans, writer: writer, base: base).endpoints, atPath: mount)
    router.addRoutes(
        OpsController(
            checkStoreWritable: dependencies.checkStoreWritable, isOCRReady: dependencies.isOCRReady, queue: ocrQueue,
            metrics: metrics, base: base, pages: pages,
            serviceWorkerScript: try String(contentsOf: resources.appendingPathComponent("Public/static/sw.js"), encoding: .utf8)
        ).endpoints,
        atPath: mount)
    if !base.isEmpty {
        router.get("/") { _, _ in Response.redirect(to: base + "/", type: .normal) }
    }

    let server = HTTPServerBuilder.http1(
        configuration: .init(idleTimeout: .milliseconds(Int64(settings.idleTimeoutSeconds * 1000))))
    let app = Application(
        router: router,
        server: server,
        configuration: .init(
            address: .hostname(settings.host, port: settings.port), serverName: "SnapPost",
            availableConnectionsDelegate: MaximumAvailableConnections(settings.maxConnections)),
        services: [OriginalRetention(scans: dependencies.scans, clock: dependencies.clock, logger: logger)],
        onServerRunning: { channel in
            startupLogger.notice(
                "SnapPost is serving on http://\(settingsInUse.host):\(channel.localAddress?.port ?? settingsInUse.port)\(settingsInUse.basePath)/ with \(writer.displayName)"
            )
        },
        logger: logger)
    return app
}

/// Finds `Templates/` and `Public/`: a configured folder, the working directory, or next to the checkout the binary was built in.
enum ResourceLocator {
    static func directory(configured: String?) -> URL {
        var candidates: [URL] = []
        if let configured, !configured.isEmpty { candidates.append(URL(fileURLWithPath: configured)) }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
            for _ in 0..<4 {
                url = url.deletingLastPathComponent()
                candidates.append(url)
            }
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Templates/layout.mustache").path) }
            ?? candidates[0]
    }
}
