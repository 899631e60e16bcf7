// swift-tools-version: 6.2
import PackageDescription

/// One dialect for every module.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "SnapPost",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "snappost", targets: ["snappost"]),
        .library(name: "SnapPostCore", targets: ["SnapPostCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "CommandLineArguments"]),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    ],
    targets: [
        // C libraries, one module map each; Swift wrappers live in SnapPostCore, one file per library.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CMagic", pkgConfig: "libmagic", providers: [.apt(["libmagic-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CFlite", providers: [.apt(["flite1-dev"])]),
        // The one C++ target: OpenCV 4.6 (core, imgproc, photo) behind extern "C" functions for the shelf and retouch tools.
        .target(
            name: "OpenCVShim",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [.linkedLibrary("opencv_core"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_photo")]
        ),

        // Image to text, text to posts, storage. Knows nothing of HTTP serving.
        .target(
            name: "SnapPostCore",
            dependencies: [
                "CTesseract", "CMagic", "CHeif",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // The retouch tool's core: edit stack, wire finder, object selection, guided exemplar fill. No HTTP.
        .target(
            name: "Retouch",
            dependencies: ["SnapPostCore", "OpenCVShim"],
            swiftSettings: swiftSettings
        ),
        // The thin web layer: controllers, middleware, page view models, and buildApplication.
        .target(
            name: "SnapPostWeb",
            dependencies: [
                "SnapPostCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "snappost",
            dependencies: [
                "SnapPostCore", "SnapPostWeb", "Retouch",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SnapPostCoreTests",
            dependencies: ["SnapPostCore", .product(name: "Hummingbird", package: "hummingbird")],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RetouchTests",
            dependencies: ["Retouch", "SnapPostCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SnapPostWebTests",
            dependencies: [
                "SnapPostWeb", "SnapPostCore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
