// Where the rendered fixtures live (tools/make_fixtures.py, run by `make test`), and one shared engine.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

enum OCRFixtures {
    /// `SNAPPOST_FIXTURES`, or `.build/fixtures/ocr` in the package.
    static let directory: URL = {
        if let dir = ProcessInfo.processInfo.environment["SNAPPOST_FIXTURES"] { return URL(fileURLWithPath: dir) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/fixtures/ocr")
    }()

    /// The bytes of a fixture; a missing one fails the test (run `make test`, or tools/make_fixtures.py).
    static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = directory.appendingPathComponent(name)
        let data = FileManager.default.contents(atPath: url.path)
        return try #require(
            data, "fixture \(name) is missing: run `python3 tools/make_fixtures.py .build/fixtures/ocr`", sourceLocation: sourceLocation)
    }

    static func truth() throws -> String {
        String(decoding: try data("text.txt"), as: UTF8.self)
    }

    /// One engine for every test, two workers; built lazily.
    static let engine: TesseractEngine? = try? TesseractEngine(languages: ["eng"], workers: 2)

    static func processor(_ configure: (inout ImageProcessor.Config) -> Void = { _ in }) throws -> ImageProcessor {
        var config = ImageProcessor.Config()
        configure(&config)
        let engine = try #require(engine, "Tesseract with eng traineddata must be installed")
        return ImageProcessor(config: config, engine: engine)
    }
}
