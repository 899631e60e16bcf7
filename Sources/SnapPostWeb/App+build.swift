// The one composition root: reads settings, builds every service, mounts the controllers, returns the app.
import Configuration
import Foundation
import Hummingbird
import HummingbirdCore
import Localization
import Logging
import NIOCore
import PostWriting
import Retouch
import ServiceLifecycle
import Settings
import Storage
import Support
import Workflows

/// Builds the app. `dependencies` is nil in production (the real OCR engine, writer and SQLite store are made
/// from the settings); tests pass fakes or in-memory ones with an `InMemoryProvider` reader.
public func buildApplication(
    reader: ConfigReader,
    dependencies: AppDependencies? = nil,
    logger: Logger = Logger(label: "snappost")
) async throws -> some ApplicationProtocol {
    var settings = AppSettings(reader: reader)
    var logger = logger
    if let level = settings.logLevel.flatMap(Logger.Level.init(rawValue:)) { logger.logLevel = level }

    // Secure by default: beyond loopback, a password is required; the data folder keeps one chosen with `snappost
    // password set` (always applies) or one generated once, the same at every start so phones stay logged in.
    let login = try LoginPassword.inEffect(settings)
    let password = login?.password
    if !settings.authDisabled { settings.password = password }
    if settings.authDisabled {
        logger.warning(
            "Login is OFF (--no-auth / SNAPPOST_AUTH=none): anyone who can reach \(settings.host):\(settings.port) can use this server and its AI key."
        )
    } else if let login, login.origin == .chosen {
        logger.info("Login password: the one chosen with `snappost password set` (kept in \(LoginPassword.file(settings).path)).")
    } else if let login, login.origin == .generated {
        logger.notice(
            "No password chosen and listening on \(settings.host), so SnapPost uses its generated password, the same at every start (kept in \(LoginPassword.file(settings).path)): \(login.password)  Choose your own with `snappost password set`."
        )
    }

    let dependencies = if let dependencies { dependencies } else { try await AppDependencies.live(settings: settings, logger: logger) }
    let settingsInUse = settings
    let startupLogger = logger
    let resources = ResourceLocator.directory(configured: settings.resourcesDirectory)
    let renderer = try await PageRenderer.load(from: resources.appendingPathComponent("Templates").path)

    // Shared pieces, each built once and handed only to the controllers that use them.
    let base = settings.basePath
    let (proxies, invalidProxy) = IPAddressRange.list(settings.trustedProxies)
    if let invalidProxy { throw InvalidSettingError(key: "SNAPPOST_TRUSTED_PROXIES", value: invalidProxy, expected: "an IP address or a CIDR range") }
    let clientAddress = ClientAddress(trustProxy: settings.trustProxy, proxies: proxies)
    let allowList = HostAllowList(configured: settings.allowedHosts, listenHost: settings.host)
    if settings.trustProxy && settings.allowedHosts.isEmpty {
        logger.notice(
            "Behind a proxy with no SNAPPOST_ALLOWED_HOSTS: requests forwarded for a public name get 400 until that name is listed there."
        )
    }
    var policy = AccessPolicy(
        password: password, apiTokens: settings.apiTokens, sessionLifetime: settings.sessionLifetime,
        basePath: base, clientAddress: clientAddress)
    // Sessions made under another password are void: a changed password logs every browser out.
    if let password { policy.generation = try await dependencies.sessions.generation(ofPassword: password) }
    let throttle = CredentialThrottle(clock: dependencies.clock)
    let writerHealth = WriterHealth()
    let pages = Pages(
        renderer: renderer, base: base, writerName: dependencies.generator.displayName, authEnabled: policy.enabled, writerHealth: writerHealth,
        localizations: try Localizations.shipped())
    let metrics = AppMetrics(registry: dependencies.metricsRegistry)
    let languages = OCRLanguages(installed: dependencies.installedLanguages, defaults: settings.ocrLanguages)
    let ocrQueue = BoundedWorkQueue(workers: settings.ocrWorkers, maxWaiting: settings.ocrQueueLength, pixelBudget: settings.ocrPixelsInFlight)
    // One upload allowance per client for page and shelf photos alike.
    let uploadLimiter = RateLimiter(capacity: settings.uploadsPerMinute, window: 60, clock: dependencies.clock)
    let uploads = UploadReader(maxBytes: settings.uploadMaxBytes)
    let intake = PhotoIntake(
        limiter: uploadLimiter, clientAddress: clientAddress, uploads: uploads, reader: dependencies.reader, queue: ocrQueue, metrics: metrics,
        keepOriginal: settings.keepOriginalSeconds, languages: languages, clock: dependencies.clock)
    // A shelf analysis keeps every OCR worker busy by itself: one runs at a time, a few wait, the rest get 503.
    let shelfQueue = BoundedWorkQueue(
        workers: 1, maxWaiting: settings.shelfQueueLength,
        busy: QueueFullError(retryAfterSeconds: 10, message: LocalizedMessage("error.queue_full_shelves")))
    let shelfWorkflow = ShelfWorkflow(
        analyser: dependencies.shelfAnalyser, queue: shelfQueue, shelves: dependencies.shelves, speech: dependencies.speech)
    let shelfIntake = ShelfIntake(limiter: uploadLimiter, clientAddress: clientAddress, uploads: uploads, workflow: shelfWorkflow, metrics: metrics)
    let writerIsOffline = dependencies.generator.displayName == OfflineWriter().displayName
    let writer = DraftWriter(
        generator: dependencies.generator, metrics: metrics, label: writerIsOffline ? "offline" : "provider", health: writerHealth,
        words: dependencies.words)
    // Offered for one time when the configured AI writer fails.
    let offlineWriter =
        writerIsOffline
        ? writer
        : DraftWriter(
            generator: LiveParts.offlineWriter(settings: settings), metrics: metrics, label: "offline",
            health: writerHealth)
    let results = ResultsPage(
        pages: pages, scans: dependencies.scans, generations: dependencies.generations, words: dependencies.words, writerIsOffline: writerIsOffline,
        languages: languages)
    let limits = settings.imageLimits
    // Retouch takes photos as pages do (same decoder, same limits); one fill at a time, a few waiting.
    var retouchLimits = RetouchLimits()
    retouchLimits.image = limits
    let studio = RetouchStudio(projects: dependencies.retouch, limits: retouchLimits, queue: BoundedWorkQueue(workers: 1, maxWaiting: 4))

    // HEAD answers on every GET route (monitors use `curl -I /healthz`): the GET's headers, no body.
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.addMiddleware {
        RequestLogMiddleware(metrics: metrics)
        CompressionMiddleware<AppRequestContext>()
        SecurityHeadersMiddleware<AppRequestContext>()
        LanguageMiddleware()
        ErrorPageMiddleware(pages: pages, limits: limits)
        HostGuardMiddleware(allowList: allowList, clientAddress: clientAddress)
        PathGuardMiddleware<AppRequestContext>()
        WholeStaticFilesMiddleware<AppRequestContext>(prefix: base + "/static/")
        FileMiddleware<AppRequestContext, LocalFileSystem>(
            resources.appendingPathComponent("Public").path, urlBasePath: base.isEmpty ? nil : base,
            searchForIndexHtml: false, logger: logger)
        SameOriginMiddleware(clientAddress: clientAddress, allowList: allowList)
        AuthMiddleware(
            policy: policy, sessions: dependencies.sessions, throttle: throttle, clientAddress: clientAddress, localizations: pages.localizations)
    }
    let mount = RouterPath(base.isEmpty ? "/" : base)
    router.addRoutes(HomeController(scans: dependencies.scans, pages: pages, languages: languages).endpoints, atPath: mount)
    let scanWorkflow = ScanWorkflow(scans: dependencies.scans)
    let draftWorkflow = DraftWorkflow(scans: dependencies.scans, generations: dependencies.generations, words: dependencies.words)
    router.addRoutes(
        ScanController(intake: intake, scans: dependencies.scans, workflow: scanWorkflow, results: results, pages: pages).endpoints, atPath: mount)
    router.addRoutes(
        PhotosController(
            intake: intake, scans: dependencies.scans, workflow: scanWorkflow, results: results, pages: pages, languages: languages
        ).endpoints, atPath: mount)
    router.addRoutes(
        PostsController(
            scans: dependencies.scans, generations: dependencies.generations, history: dependencies.history, writer: writer,
            offlineWriter: offlineWriter, workflow: draftWorkflow, results: results, pages: pages
        ).endpoints,
        atPath: mount)
    router.addRoutes(
        HistoryController(
            history: dependencies.history, scans: dependencies.scans, pages: pages, size: settings.historySize, exportData: dependencies.exportData
        ).endpoints,
        atPath: mount)
    router.addRoutes(
        AuthController(
            policy: policy, sessions: dependencies.sessions, throttle: throttle,
            clientAddress: clientAddress, pages: pages
        ).endpoints,
        atPath: mount)
    router.addRoutes(LanguageController(base: base, policy: policy, scans: dependencies.scans).endpoints, atPath: mount)
    router.addRoutes(RetouchController(studio: studio, intake: intake, pages: pages).endpoints, atPath: mount)
    router.addRoutes(APIController(intake: intake, scans: dependencies.scans, writer: writer, base: base).endpoints, atPath: mount)
    router.addRoutes(
        ShelfController(intake: shelfIntake, workflow: shelfWorkflow, shelves: dependencies.shelves, pages: pages).endpoints,
        atPath: mount)
    router.addRoutes(
        ShelfAPIController(
            intake: shelfIntake, checkStoreWritable: dependencies.checkStoreWritable, isOCRReady: dependencies.isOCRReady,
            offline: settings.aiBaseURL == nil, base: base
        ).endpoints,
        atPath: mount)
    router.addRoutes(
        OpsController(
            store: StoreHealth(
                checkWritable: dependencies.checkStoreWritable, freeBytes: dependencies.freeDiskBytes, minFreeBytes: settings.minFreeBytes),
            isOCRReady: dependencies.isOCRReady, queue: ocrQueue, metrics: metrics, base: base, pages: pages,
            serviceWorkerScript: try String(contentsOf: resources.appendingPathComponent("Public/static/sw.js"), encoding: .utf8)
        ).endpoints,
        atPath: mount)
    if !base.isEmpty {
        router.get("/") { _, _ in Response.redirect(to: base + "/", type: .normal) }
    }

    // Every request gets a deadline for its head and its body; one address may hold only its share of the connections.
    let deadlines = RequestDeadlines(
        header: .milliseconds(Int64(settings.headerTimeoutSeconds * 1000)), body: .milliseconds(Int64(settings.requestTimeoutSeconds * 1000)),
        minBytesPerSecond: settings.minBodyBytesPerSecond)
    let slots = ConnectionSlots(perClient: settings.maxConnectionsPerClient, exempt: settings.trustProxy ? proxies : [])
    let server = HTTPServerBuilder.guardedHTTP1(
        configuration: .init(idleTimeout: .milliseconds(Int64(settings.idleTimeoutSeconds * 1000))), deadlines: deadlines, slots: slots)
    var services: [any Service] = [OriginalRetention(scans: dependencies.scans, clock: dependencies.clock, logger: logger)]
    if let folder = settings.backupDirectory {
        if let backup = dependencies.backup {
            services.append(
                BackupSchedule(
                    backup: backup, folder: URL(fileURLWithPath: folder), keep: settings.backupKeep, interval: settings.backupInterval,
                    clock: dependencies.clock, logger: logger))
        } else {
            logger.warning("SNAPPOST_BACKUP_DIR is set but the store is in memory: no scheduled backups.")
        }
    }
    let app = Application(
        router: router,
        server: server,
        configuration: .init(
            address: .hostname(settings.host, port: settings.port), serverName: "SnapPost",
            availableConnectionsDelegate: MaximumAvailableConnections(settings.maxConnections)),
        services: services,
        onServerRunning: { channel in
            startupLogger.notice(
                "SnapPost is serving on http://\(settingsInUse.host):\(channel.localAddress?.port ?? settingsInUse.port)\(settingsInUse.basePath)/ with \(writer.displayName)"
            )
        },
        logger: logger)
    return app
}

/// A configuration value that cannot be used; the server refuses to start rather than guess.
struct InvalidSettingError: Error, CustomStringConvertible {
    let key: String
    let value: String
    let expected: String
    var description: String { "\(key): '\(value)' is not \(expected)." }
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
