// Every documented key really is read from its environment variable, its flag and `.env`, with the stated default.
import AIClient
import Configuration
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PageReading
import PostWriting
import Prometheus
import Storage
import Support
import Synchronization
import SystemPackage
import Testing

@testable import Settings
@testable import SnapPostWeb

@Suite("Settings")
struct SettingsTests {
    @Test("Each key's SNAPPOST_* variable and --flag reach the same setting")
    func everyKeyIsReachable() async throws {
        for key in AppSettings.keys {
            let environment = EnvironmentVariablesProvider(environmentVariables: [key.environmentVariable: "probe-value"]).prefixKeys(
                with: "snappost")
            let fromEnvironment = ConfigReader(provider: environment).string(forKey: ConfigKey(key.name))
            #expect(fromEnvironment == "probe-value", "\(key.environmentVariable)")
            let flags = CommandLineArgumentsProvider(arguments: ["snappost", key.flag, "probe-value"])
            #expect(ConfigReader(provider: flags).string(forKey: ConfigKey(key.name)) == "probe-value", "\(key.flag)")
        }
        #expect(AppSettings.keys.first { $0.name == "ai.baseUrl" }?.environmentVariable == "SNAPPOST_AI_BASE_URL")
        #expect(AppSettings.keys.first { $0.name == "dataDir" }?.flag == "--data-dir")
    }

    @Test("The skipSteps key's help names every step that can be switched off")
    func skipStepsHelpNamesEveryStep() throws {
        let help = try #require(AppSettings.keys.first { $0.name == "skipSteps" }?.help)
        let listed = Set(help.split(separator: ":").last!.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(["."])) })
        // The steps that always run (and the given turn, set by the caller) have no switch of their own to name.
        let essential: Set = ["decode", "scale", "preview", "recognise", "filter", "clean", "turn"]
        let switchable = Set(ImageProcessor.stepNames).subtracting(essential)
        let missing = switchable.subtracting(listed).sorted(), extra = listed.subtracting(switchable).sorted()
        #expect(listed == switchable, "missing: \(missing), not switchable: \(extra)")
    }

    @Test("Numbers that mean nothing (inf, nan, 1e300, extra digits) are clamped or the default: nothing overflows or traps")
    func absurdNumbersAreHeldInRange() {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        let absurd = ["inf", "nan", "1e300", "-1e300", "9223372036854775807", "-9223372036854775808"]
        for (n, key) in AppSettings.keys.map(\.name).enumerated() where !["host", "password", "auth"].contains(key) {
            values[AbsoluteConfigKey(key.split(separator: ".").map(String.init))] = .init(.string(absurd[n % absurd.count]), isSecret: false)
        }
        let settings = AppSettings(reader: ConfigReader(provider: InMemoryProvider(values: values)))
        for seconds in [settings.aiTimeoutSeconds, settings.idleTimeoutSeconds, settings.requestTimeoutSeconds, settings.headerTimeoutSeconds] {
            #expect(seconds.isFinite && seconds >= 1 && seconds <= 86_400)
            _ = Duration.seconds(seconds)
        }
        #expect(settings.sessionLifetime.isFinite && settings.keepOriginalSeconds.isFinite && settings.backupInterval.isFinite)
        #expect(settings.uploadMaxBytes > 0 && settings.ocrPixelsInFlight > 0 && settings.minFreeBytes >= 0)
        #expect((0...65_535).contains(settings.port) && (0...3).contains(settings.traceLevel))
        let huge = AppSettings(
            reader: TestApp.configuration(
                ["ai.timeout": "1e300", "upload.maxMegabytes": "99999999999999"], dataDirectory: URL(fileURLWithPath: "/tmp")))
        #expect(huge.aiTimeoutSeconds == 86_400 && huge.uploadMaxBytes == 100_000 * 1024 * 1024)
    }

    @Test("Tuning values that are no sane number are skipped, not turned into a count of pixels that traps")
    func absurdTuningValuesAreSkipped() {
        let pairs = PipelineKnobs.pairs("maxside=1e300,upscale=inf,xheight=nan,minlines=-1e20,psm=6")
        #expect(pairs.map(\.key) == ["psm"] && pairs.first?.value == 6)
    }

    @Test("Defaults: 127.0.0.1:8080, ./data, eng, 25 MB, history 20, offline writer, 60 s AI timeout")
    func defaults() {
        let settings = AppSettings(reader: ConfigReader(provider: InMemoryProvider(values: [:])))
        #expect(settings.host == "127.0.0.1" && settings.port == 8080 && settings.dataDirectory == "./data")
        #expect(settings.ocrLanguages == ["eng"] && settings.uploadMaxBytes == 25 * 1024 * 1024 && settings.historySize == 20)
        #expect(settings.aiBaseURL == nil && settings.aiTimeoutSeconds == 60 && !settings.listensBeyondLoopback)
        #expect(settings.ocrWorkers == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test("Flags win over the environment, which wins over .env; --no-auth and base paths are normalised")
    func precedence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snappost-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".env")
        try "SNAPPOST_PORT=7000\nSNAPPOST_HISTORY_SIZE=7\nSNAPPOST_BASE_PATH=snappost/\n".write(to: file, atomically: true, encoding: .utf8)
        let reader = ConfigReader(providers: [
            CommandLineArgumentsProvider(arguments: ["snappost", "--port", "9000", "--no-auth"]),
            EnvironmentVariablesProvider(environmentVariables: ["SNAPPOST_PORT": "8000", "SNAPPOST_HISTORY_SIZE": "9"]).prefixKeys(with: "snappost"),
            try await EnvironmentVariablesProvider(environmentFilePath: .init(file.path), allowMissing: false).prefixKeys(with: "snappost"),
        ])
        let settings = AppSettings(reader: reader)
        #expect(settings.port == 9000 && settings.historySize == 9 && settings.basePath == "/snappost" && settings.authDisabled)
        #expect(AppSettings.helpText.contains("SNAPPOST_UPLOAD_MAX_MEGABYTES"))
    }
}
