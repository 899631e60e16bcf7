// Every configuration key, read once at start from flags, then SNAPPOST_* environment variables, then `.env`, by every
// subcommand. The README's configuration table and `snappost serve --help` come from `AppSettings.keys`.
import AIClient
import Configuration
import Foundation
import Imaging
import PageReading
import Shelves

public struct AppSettings: Sendable {
    /// One documented key: its name in configuration, its environment variable and flag, and its default.
    public struct Key: Sendable {
        public let name: String
        public let defaultValue: String
        public let help: String
        /// `SNAPPOST_AI_BASE_URL` for `ai.baseUrl`.
        public var environmentVariable: String {
            "SNAPPOST_" + name.split(separator: ".").map { Self.words($0).joined(separator: "_") }.joined(separator: "_").uppercased()
        }
        /// `--ai-base-url` for `ai.baseUrl`.
        public var flag: String {
            "--" + name.split(separator: ".").map { Self.words($0).joined(separator: "-") }.joined(separator: "-").lowercased()
        }
        static func words(_ component: Substring) -> [String] {
            var words: [String] = []
            var current = ""
            for character in component {
                if character.isUppercase, let last = current.last, last.isLowercase {
                    words.append(current)
                    current = ""
                }
                current.append(character)
            }
            if !current.isEmpty { words.append(current) }
            return words
        }
    }

    public static let keys: [Key] = [
        Key(name: "host", defaultValue: "127.0.0.1", help: "Address to listen on. 0.0.0.0 lets phones on your network connect."),
        Key(name: "port", defaultValue: "8080", help: "TCP port."),
        Key(name: "basePath", defaultValue: "", help: "Path prefix behind a reverse proxy, e.g. /snappost."),
        Key(name: "dataDir", defaultValue: "./data", help: "Folder for the SQLite database."),
        Key(
            name: "password", defaultValue: "",
            help:
                "Login password. Empty: the one chosen with `snappost password set`, else (beyond loopback) a generated one kept in the data folder and printed at each start."
        ),
        Key(name: "auth", defaultValue: "password", help: "'none' turns the login off (also --no-auth). Not recommended beyond loopback."),
        Key(name: "apiTokens", defaultValue: "", help: "Comma-separated Bearer tokens for /api/*. The password also works as a token."),
        Key(name: "sessionHours", defaultValue: "720", help: "How long a login lasts."),
        Key(
            name: "trustProxy", defaultValue: "false",
            help: "Trust X-Forwarded-Proto/-Host/-For from the reverse proxies in --trusted-proxies (Secure cookies, client address)."),
        Key(
            name: "trustedProxies", defaultValue: "127.0.0.0/8,::1",
            help: "Addresses or CIDR ranges of your reverse proxies. The client is the right-most X-Forwarded-For entry not in this list."),
        Key(
            name: "allowedHosts", defaultValue: "",
            help:
                "Names this server answers to (comma-separated; .example.com for every name under one), besides IP addresses, localhost, this machine's name and --host. Other Host headers get 400 (DNS rebinding)."
        ),
        Key(name: "ocr.languages", defaultValue: "eng", help: "Tesseract languages, e.g. eng+fra (installed traineddata only)."),
        Key(name: "ocr.maxWidth", defaultValue: "0", help: "Cap on the processing width in pixels; 0 lets the pipeline choose from the text size."),
        Key(name: "ocr.workers", defaultValue: "0", help: "OCR workers (Tesseract handles); 0 means one per core."),
        Key(name: "ocr.queueLength", defaultValue: "8", help: "Photos that may wait for a worker; more get 503 with Retry-After."),
        Key(
            name: "ocr.timeLimit", defaultValue: "60",
            help: "Seconds one photo's reading may take; past it, it stops with a message (a photo of noise or fine texture)."),
        Key(
            name: "ocr.megapixelsInFlight", defaultValue: "64",
            help: "Megapixels of photos being decoded and read at once, across all workers; other photos wait their turn (memory cap)."),
        Key(
            name: "ocr.keepOriginalDays", defaultValue: "7",
            help: "Days the uploaded photo is kept so a page can be read again (deleted with its scan); 0 keeps none."),
        Key(name: "upload.maxMegabytes", defaultValue: String(ImageLimits().maxMegabytes), help: "Largest photo upload accepted, in MB."),
        Key(name: "upload.perMinute", defaultValue: "20", help: "Uploads allowed per client per minute."),
        Key(name: "history.size", defaultValue: "20", help: "How many copied/shared/posted drafts history keeps."),
        Key(
            name: "ai.baseUrl", defaultValue: "",
            help: "OpenAI-compatible base URL (https://api.openai.com/v1, http://localhost:11434/v1, ...). Empty: offline writer."),
        Key(name: "ai.key", defaultValue: "", help: "API key for the provider; local servers need none."),
        Key(name: "ai.model", defaultValue: AIProviderSettings.defaultModel, help: "Model name sent to the provider."),
        Key(name: "ai.timeout", defaultValue: Self.plain(AIProviderSettings.defaultTimeoutSeconds), help: "Seconds to wait for the provider."),
        Key(name: "ai.temperature", defaultValue: Self.plain(AIProviderSettings.defaultTemperature), help: "Sampling temperature."),
        Key(
            name: "shelf.sendPhoto", defaultValue: "false",
            help: "Also send the shelf photo (downscaled to 1024 px) to the AI provider; vision models only. Off: spine texts only."),
        Key(
            name: "shelf.queueLength", defaultValue: "4",
            help: "Shelf photos that may wait while one is analysed (each uses every OCR worker); more get 503 with Retry-After."),
        Key(name: "offlineDelay", defaultValue: "0", help: "Seconds the offline writer waits, to try the progress UI."),
        Key(name: "idleTimeout", defaultValue: "30", help: "Seconds an idle keep-alive connection stays open."),
        Key(
            name: "requestTimeout", defaultValue: "60",
            help: "Seconds allowed to receive a whole request body, whatever its type (slow senders get 408)."),
        Key(
            name: "headerTimeout", defaultValue: "10",
            help: "Seconds allowed to receive a request's headers (a new connection's first request: from the connection)."),
        Key(
            name: "minBodyRate", defaultValue: "1024",
            help: "Slowest request body accepted, in bytes per second on average after its first 5 s; slower senders are cut off."),
        Key(name: "maxConnections", defaultValue: "256", help: "Open connections accepted at once."),
        Key(
            name: "maxConnectionsPerClient", defaultValue: "0",
            help: "Open connections one client address may hold; 0 means a quarter of --max-connections (at least 6). Trusted proxies are exempt."),
        Key(
            name: "minFreeMegabytes", defaultValue: "200",
            help: "/healthz reports low disk space ('degraded') when the data folder's disk has fewer MB free."),
        Key(
            name: "backup.dir", defaultValue: "",
            help: "Folder for scheduled backups (one .tar each, as `snappost backup` writes). Empty: no scheduled backups."),
        Key(name: "backup.keep", defaultValue: "7", help: "How many scheduled backups to keep; older ones are deleted."),
        Key(name: "backup.hours", defaultValue: "24", help: "Hours between scheduled backups (one is made at start when the newest is older)."),
        Key(name: "logLevel", defaultValue: "", help: "Log level: trace, debug, info, notice, warning, error or critical. Empty: info."),
        Key(
            name: "resourcesDir", defaultValue: "",
            help: "Folder holding Templates/ and Public/. Empty: the working folder, else the checkout the binary was built in."),
        Key(
            name: "catalogDir", defaultValue: "",
            help: "The shelf analyser's book catalog folder, to try a rebuilt catalog. Empty: the one shipped beside the binary."),
        Key(
            name: "skipSteps", defaultValue: "",
            help: "OCR pipeline steps switched off, comma-separated: \(ImageProcessor.switchableStepNames.joined(separator: ", "))."),
        Key(
            name: "tune", defaultValue: "",
            help:
                "OCR pipeline knobs for experiments, key=value,... (xheight, psm, osdconf, soft, skewrange, minconf, ...; see PipelineKnobs.swift)."
        ),
        Key(
            name: "shelf.tune", defaultValue: "",
            help: "Shelf analyser knobs for experiments, key=value,... (width, psm, precision, coverage, ...; see PipelineKnobs.swift)."),
        Key(
            name: "trace", defaultValue: "0",
            help: "Diagnostics on standard error: 1 the pipelines' steps, 2 also the C libraries' warnings. Never paths or text."),
    ]

    public var host: String
    public var port: Int
    /// "" or a path starting with "/" and not ending with one.
    public var basePath: String
    public var dataDirectory: String
    public var password: String?
    public var authDisabled: Bool
    public var apiTokens: [String]
    public var sessionLifetime: TimeInterval
    public var trustProxy: Bool
    /// Comma-separated addresses or CIDR ranges, parsed by the web target.
    public var trustedProxies: String
    /// Host names the server answers to besides addresses, localhost and its own (`allowedHosts`).
    public var allowedHosts: [String]
    public var ocrLanguages: [String]
    public var ocrMaxWidth: Int
    public var ocrWorkers: Int
    /// Seconds one reading may take.
    public var ocrTimeLimit: Double
    public var ocrQueueLength: Int
    public var ocrPixelsInFlight: Int
    /// How long an uploaded photo is kept for reading again; zero keeps none.
    public var keepOriginalSeconds: TimeInterval
    public var uploadMaxBytes: Int
    public var uploadsPerMinute: Int
    public var historySize: Int
    public var aiBaseURL: String?
    public var aiKey: String?
    public var aiModel: String
    public var aiTimeoutSeconds: Double
    public var aiTemperature: Double
    public var offlineDelaySeconds: Double
    /// Whether the shelf analyser sends the photo itself to the model (`shelf.sendPhoto`).
    public var shelfSendsPhoto: Bool
    /// How many shelf analyses may wait for the one running (`shelf.queueLength`).
    public var shelfQueueLength: Int
    public var idleTimeoutSeconds: Double
    public var requestTimeoutSeconds: Double
    public var headerTimeoutSeconds: Double
    public var minBodyBytesPerSecond: Int
    public var maxConnections: Int
    public var maxConnectionsPerClient: Int
    public var minFreeBytes: Int64
    /// Where scheduled backups go; nil: none are made.
    public var backupDirectory: String?
    public var backupKeep: Int
    public var backupInterval: TimeInterval
    /// nil: the logger's own level (info).
    public var logLevel: String?
    /// Where `Templates/` and `Public/` are; nil: looked for (see the web target's ResourceLocator).
    public var resourcesDirectory: String?
    /// The shelf analyser's catalog folder; nil: the one shipped beside the binary.
    public var catalogDirectory: String?
    /// OCR pipeline steps switched off by name (`skipSteps`).
    public var skippedSteps: [String]
    /// `tune`: OCR pipeline knobs, `key=value,...`.
    public var pipelineTuning: String
    /// `shelf.tune`: shelf analyser knobs, `key=value,...`.
    public var shelfTuning: String
    /// `trace`: 0 off, 1 the pipelines' steps, 2 also the C libraries' warnings.
    public var traceLevel: Int

    public init(reader: ConfigReader) {
        func string(_ key: String) -> String {
            reader.string(forKey: ConfigKey(key), default: Self.keys.first { $0.name == key }?.defaultValue ?? "")
        }
        // Numbers are held to what can mean something (a typo of extra digits, "inf" or "nan" must not overflow a
        // multiplication or trap in a Duration): out of range is clamped; what is no number is the default.
        func int(_ key: String, _ range: ClosedRange<Int>) -> Int {
            let value = Int(string(key).trimmingCharacters(in: .whitespaces)) ?? Int(Self.defaultOf(key)) ?? 0
            return min(max(value, range.lowerBound), range.upperBound)
        }
        func double(_ key: String, _ range: ClosedRange<Double>) -> Double {
            let parsed = Double(string(key).trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
            return min(max(parsed ?? Double(Self.defaultOf(key)) ?? range.lowerBound, range.lowerBound), range.upperBound)
        }
        func optional(_ key: String) -> String? {
            let value = string(key).trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }

        host = string("host")
        port = int("port", 0...65_535)
        basePath = Self.normalisedBasePath(string("basePath"))
        dataDirectory = string("dataDir")
        password = optional("password")
        authDisabled = string("auth").lowercased() == "none" || reader.bool(forKey: "noAuth", default: false)
        apiTokens = Self.list(reader, "apiTokens")
        sessionLifetime = double("sessionHours", 0.01...(24 * 3660)) * 3600
        trustProxy = ["1", "true", "yes"].contains(string("trustProxy").lowercased())
        let proxies = Self.list(reader, "trustedProxies")
        trustedProxies = proxies.isEmpty ? Self.defaultOf("trustedProxies") : proxies.joined(separator: ",")
        allowedHosts = Self.list(reader, "allowedHosts")
        ocrLanguages = string("ocr.languages").split(separator: "+").map(String.init).filter { !$0.isEmpty }
        if ocrLanguages.isEmpty { ocrLanguages = ["eng"] }
        ocrMaxWidth = int("ocr.maxWidth", 0...100_000)
        let workers = int("ocr.workers", 0...256)
        ocrWorkers = workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount
        ocrQueueLength = int("ocr.queueLength", 0...100_000)
        ocrTimeLimit = double("ocr.timeLimit", 1...3600)
        ocrPixelsInFlight = int("ocr.megapixelsInFlight", 1...1_000_000) * 1_000_000
        keepOriginalSeconds = double("ocr.keepOriginalDays", 0...36_600) * 86_400
        uploadMaxBytes = int("upload.maxMegabytes", 1...100_000) * 1024 * 1024
        uploadsPerMinute = int("upload.perMinute", 1...1_000_000)
        historySize = int("history.size", 1...1_000_000)
        aiBaseURL = optional("ai.baseUrl")
        aiKey = optional("ai.key")
        aiModel = string("ai.model")
        aiTimeoutSeconds = double("ai.timeout", 1...86_400)
        aiTemperature = double("ai.temperature", 0...2)
        offlineDelaySeconds = double("offlineDelay", 0...3600)
        shelfSendsPhoto = ["1", "true", "yes", "on"].contains(string("shelf.sendPhoto").lowercased())
        shelfQueueLength = int("shelf.queueLength", 0...100_000)
        idleTimeoutSeconds = double("idleTimeout", 1...86_400)
        requestTimeoutSeconds = double("requestTimeout", 1...86_400)
        headerTimeoutSeconds = double("headerTimeout", 1...86_400)
        minBodyBytesPerSecond = int("minBodyRate", 0...1_000_000_000)
        maxConnections = int("maxConnections", 4...1_000_000)
        let perClient = int("maxConnectionsPerClient", 0...1_000_000)
        maxConnectionsPerClient = perClient > 0 ? min(perClient, maxConnections) : Self.defaultConnectionsPerClient(maxConnections)
        minFreeBytes = Int64(int("minFreeMegabytes", 0...1_000_000_000)) * 1024 * 1024
        backupDirectory = optional("backup.dir")
        backupKeep = int("backup.keep", 1...100_000)
        // At least a minute apart; at most a year (a larger number is a typo, not a wish).
        backupInterval = double("backup.hours", (1.0 / 60)...(24 * 366)) * 3600
        logLevel = optional("logLevel")
        resourcesDirectory = optional("resourcesDir")
        catalogDirectory = optional("catalogDir")
        skippedSteps = Self.list(reader, "skipSteps")
        pipelineTuning = Self.list(reader, "tune").joined(separator: ",")
        shelfTuning = Self.list(reader, "shelf.tune").joined(separator: ",")
        traceLevel = int("trace", 0...3)
    }

    /// A quarter of all connections, at least 6 (a browser opens about that many), always leaving 2 for everyone else.
    static func defaultConnectionsPerClient(_ maxConnections: Int) -> Int {
        max(1, min(max(6, maxConnections / 4), maxConnections - 2))
    }

    /// A comma-separated list: flags give it split already, the environment and `.env` as one string.
    public static func list(_ reader: ConfigReader, _ key: String) -> [String] {
        let values = reader.stringArray(forKey: ConfigKey(key)) ?? [reader.string(forKey: ConfigKey(key)) ?? ""]
        return values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// "60" for 60.0, "0.8" for 0.8: defaults shown as people type them.
    static func plain(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The provider settings when a base URL is configured; nil means the offline writer.
    public var aiProvider: AIProviderSettings? {
        guard let aiBaseURL else { return nil }
        return AIProviderSettings(
            baseURL: aiBaseURL, apiKey: aiKey, model: aiModel, temperature: aiTemperature,
            timeout: .milliseconds(Int64(aiTimeoutSeconds * 1000)))
    }

    /// The largest photo accepted, for the decoder and for every message that mentions the limit.
    public var imageLimits: ImageLimits {
        var limits = ImageLimits()
        limits.maxBytes = uploadMaxBytes
        return limits
    }

    /// The page pipeline's configuration from the `ocr.*`, upload, `skipSteps` and `tune` keys.
    public var pageReaderConfig: ImageProcessor.Config {
        var config = ImageProcessor.Config()
        config.recognitionLanguages = ocrLanguages
        if ocrMaxWidth > 0 { config.maxImageWidthForProcessing = ocrMaxWidth }
        config.readingTimeLimit = ocrTimeLimit
        config.limits = imageLimits
        config.skipSteps(skippedSteps)
        config.applyTuning(pipelineTuning)
        return config
    }

    /// The shelf analyser's configuration from the `shelf.*` and upload keys.
    public var shelfAnalyserConfig: ShelfAnalyser.Config {
        var config = ShelfAnalyser.Config()
        config.sendsPhotoToModel = shelfSendsPhoto
        config.limits = imageLimits
        config.applyTuning(shelfTuning)
        return config
    }

    static func defaultOf(_ key: String) -> String { keys.first { $0.name == key }?.defaultValue ?? "" }

    static func normalisedBasePath(_ raw: String) -> String {
        let trimmed = raw.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        return trimmed.isEmpty ? "" : "/" + trimmed
    }

    /// Loopback-only servers can run without a password; anything else needs one.
    public var listensBeyondLoopback: Bool {
        !(host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127."))
    }

    /// The keys' part of `snappost serve --help`: every key with its flag, environment variable and default.
    public static var helpText: String {
        var lines = ["Every key is a flag, an environment variable and a line in ./.env (in that order of precedence):", ""]
        for key in keys {
            lines.append("  \(key.flag)  \(key.environmentVariable)  (default: \(key.defaultValue.isEmpty ? "empty" : key.defaultValue))")
            lines.append("      \(key.help)")
        }
        lines.append("  --no-auth  SNAPPOST_AUTH=none")
        lines.append("      Turn the login off (a warning is logged).")
        return lines.joined(separator: "\n")
    }
}
