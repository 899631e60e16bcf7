// A scripted OCREngine for step tests: canned lines and orientation, and a record of every request.
import Foundation
import Imaging
import Support
import Synchronization

@testable import PageReading

final class FakeOCREngine: OCREngine {
    let defaultLanguages: [String]
    let installedLanguages: [RecognitionLanguage]
    /// Lines returned for an image of this size (width, height); `lines` otherwise.
    private let bySize: [String: [RecognizedLine]]
    private let lines: [RecognizedLine]
    private let orientation: OrientationEstimate?
    private let log = Mutex<[(size: PixelSize, request: RecognitionRequest)]>([])

    init(
        lines: [RecognizedLine] = [], bySize: [PixelSize: [RecognizedLine]] = [:], orientation: OrientationEstimate? = nil,
        languages: [String] = ["eng"], installed: [String] = ["eng", "fra"]
    ) {
        self.lines = lines
        self.bySize = Dictionary(uniqueKeysWithValues: bySize.map { ("\($0.key.width)x\($0.key.height)", $0.value) })
        self.orientation = orientation
        self.defaultLanguages = languages
        self.installedLanguages = installed.compactMap(RecognitionLanguage.init(code:))
    }

    /// Every recognise call so far: the image size and the request.
    var requests: [(size: PixelSize, request: RecognitionRequest)] { log.withLock { $0 } }

    func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
        log.withLock { $0.append((PixelSize(width: image.width, height: image.height), request)) }
        let found = bySize["\(image.width)x\(image.height)"] ?? lines
        return RecognitionResult(lines: found, meanConfidence: found.isEmpty ? 0 : 0.9)
    }

    func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? { orientation }
}
