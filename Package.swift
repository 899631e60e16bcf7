// swift-tools-version: 6.2
// SnapPost's architecture, bottom to top: C libraries, shared vocabulary, one module per capability, the use cases
// (Workflows), then the web target and the command line. Each target lists exactly what it uses, so a wrong import
// fails the build.
import PackageDescription

/// One dialect for every module.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "SnapPost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "snappost", targets: ["snappost"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "CommandLineArguments"]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Named for the modules that import their products directly (NIOCore, NIOHTTP1, HTTPTypes); Hummingbird and
        // AsyncHTTPClient bring them in anyway.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.4.0"),
    ],
    targets: [
        // MARK: C and C++ libraries: module maps only; each is wrapped by exactly one Swift file.
        .systemLibrary(name: "CLeptonica", pkgConfig: "lept", providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CMagic", pkgConfig: "libmagic", providers: [.apt(["libmagic-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CFlite", providers: [.apt(["flite1-dev"])]),
        // The one C++ target: OpenCV 4.6 (core, imgproc, photo, objdetect) behind extern "C" functions for the shelf and
        // retouch tools.
        .target(
            name: "OpenCVShim",
            // Optimised even in debug builds: the fill and line kernels are the hot loops the tests run.
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4", "-O2"])],
            linkerSettings: [
                .linkedLibrary("opencv_core"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_photo"),
                .linkedLibrary("opencv_objdetect"),
            ]
        ),

        // MARK: Shared vocabulary: errors a person can act on, the clock, boxes and points, lines read, shelf books, timings.
        // No C, no I/O.
        .target(name: "Support", swiftSettings: swiftSettings),

        // MARK: The interface's languages: one i18next JSON catalogue per language (a resource), plural rules, the
        // reader's language from Accept-Language, numbers and dates in its locale. Knows keys, not pages.
        .target(name: "Localization", dependencies: ["Support"], resources: [.copy("Locales")], swiftSettings: swiftSettings),

        // MARK: Capabilities. None of them knows HTTP.
        // The words of a language (Debian's word lists, read in one place), to tell real words from OCR slips.
        .target(name: "Words", swiftSettings: swiftSettings),
        // Photo bytes to pixels: file-type sniffing, HEIC, EXIF orientation, size limits, Leptonica images.
        .target(name: "Imaging", dependencies: ["Support", "CLeptonica", "CMagic", "CHeif"], swiftSettings: swiftSettings),
        // A page photo to clean text: the pipeline of named steps over Imaging, and the Tesseract engine.
        .target(name: "PageReading", dependencies: ["Support", "Imaging", "CTesseract", "Words"], swiftSettings: swiftSettings),
        // Any OpenAI-compatible chat-completions server: settings, the wire format, typed errors.
        .target(
            name: "AIClient",
            dependencies: [
                "Support",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Text to five LinkedIn drafts: tones, the 900-character rule, the offline writer, the model writer over AIClient.
        .target(name: "PostWriting", dependencies: ["Support", "AIClient", "Words"], swiftSettings: swiftSettings),
        // SQLite through GRDB: one AppDatabase (pool, migrations) and a repository per aggregate. Knows tables, not tools.
        .target(
            name: "Storage",
            dependencies: [
                "Support", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
                // Session ids are stored as SHA-256, the password's generation marker as PBKDF2.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The bookshelf analyser: spines, titles, the catalog, the reading (over PageReading, AIClient and OpenCVShim).
        // Shelves ships its book catalog (Catalog/, derived from goodbooks-10k, CC BY-SA 4.0) as a resource.
        .target(
            name: "Shelves", dependencies: ["Support", "Imaging", "PageReading", "AIClient", "OpenCVShim", "Words"], resources: [.copy("Catalog")],
            swiftSettings: swiftSettings),
        // Text to speech: the SpeechSynthesizer protocol and flite (the only file with its pointers) behind it.
        .target(name: "Speech", dependencies: ["CFlite"], swiftSettings: swiftSettings),
        // The retouch tool's core: edit stack, wire finder, object selection, guided exemplar fill (over OpenCVShim).
        .target(name: "Retouch", dependencies: ["Support", "Imaging", "OpenCVShim"], swiftSettings: swiftSettings),

        // MARK: The configuration tree: every key, its default and its help, read once through swift-configuration.
        .target(
            name: "Settings",
            dependencies: [
                "Support", "Imaging", "PageReading", "AIClient", "Shelves",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Use cases the web pages and the command line share (no HTTP), and the live parts made from the settings.
        .target(
            name: "Workflows",
            dependencies: [
                "Support", "Imaging", "PageReading", "AIClient", "PostWriting", "Shelves", "Retouch", "Speech", "Storage", "Settings", "Words",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The thin web layer: controllers, middleware, page view models, and buildApplication.
        .target(
            name: "SnapPostWeb",
            dependencies: [
                "Support", "Imaging", "PageReading", "AIClient", "PostWriting", "Retouch", "Storage", "Settings", "Shelves", "Speech", "Workflows",
                "Words", "Localization",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
                // HTTP parts, for the handler that times request bodies (Limits/ConnectionGuard.swift).
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: The command line (swift-argument-parser): serve (default), ocr, eval, password, posts, shelf, retouch.
        .executableTarget(
            name: "snappost",
            dependencies: [
                "Support", "Imaging", "PageReading", "AIClient", "PostWriting", "Settings", "SnapPostWeb", "Shelves", "Speech", "Storage",
                "Retouch", "Workflows", "Localization", "Words",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Tests, one target beside each module they test.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "Support"], swiftSettings: swiftSettings),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Support", "Localization"], swiftSettings: swiftSettings),
        .testTarget(name: "PageReadingTests", dependencies: ["PageReading", "Imaging", "Support", "Localization"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ShelvesTests", dependencies: ["Shelves", "Imaging", "PageReading", "AIClient", "Support", "OpenCVShim", "Words"],
            swiftSettings: swiftSettings),
        // Fakes of the outside dependencies that several test targets share (never linked into the app).
        .target(name: "TestFakes", dependencies: ["Speech"], path: "Tests/TestFakes", swiftSettings: swiftSettings),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "TestFakes"], swiftSettings: swiftSettings),
        .testTarget(
            name: "AIClientTests",
            dependencies: ["AIClient", "Support", "Localization", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            swiftSettings: swiftSettings),
        // A real chat-completions server on loopback, shared by the writer and web tests (not part of the app).
        .target(
            name: "ChatServerStub",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Tests/ChatServerStub",
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PostWritingTests", dependencies: ["PostWriting", "AIClient", "Support", "ChatServerStub", "Words", "Localization"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "StorageTests", dependencies: ["Storage", "Support", "Localization", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings),
        .testTarget(name: "RetouchTests", dependencies: ["Retouch", "Imaging", "Support"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SnapPostWebTests",
            dependencies: [
                "SnapPostWeb", "Settings", "Storage", "PageReading", "PostWriting", "AIClient", "Retouch", "Imaging", "Support", "ChatServerStub",
                "Shelves", "Speech", "Workflows", "TestFakes", "Words", "Localization",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
