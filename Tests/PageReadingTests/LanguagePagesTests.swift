// Pages in other languages, rendered at test time and photographed (tilted, shaded, blurred, noisy): a Chinese page in
// a CJK serif from Debian (horizontal, and set in columns), and a German one, each scored as ocr_eval.py scores it.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct LanguagePagesTests {
    func read(_ fixture: String, truth: String, language: String) async throws -> (score: OCRScore, text: String) {
        #expect(TesseractEngine.isInstalled(language: language), "the \(language) pack must be installed (make test installs it)")
        let processor = try OCRFixtures.processor { $0.recognitionLanguages = [language] }
        let capture = try await processor.process(image: try OCRFixtures.data(fixture))
        let reference = String(decoding: try OCRFixtures.data(truth), as: UTF8.self)
        let score = OCRScorer.score(reference: reference, hypothesis: capture.text, language: language)
        print("\(fixture) (\(language)): CER \(String(format: "%.3f", score.cer)), recall \(String(format: "%.3f", score.recall))")
        return (score, capture.text)
    }

    @Test func aPhotographedChinesePageIsReadWithinFivePercent() async throws {
        let (score, text) = try await read("zh_photo.jpg", truth: "zh.txt", language: "chi_sim")
        #expect(score.cer <= 0.05)
        // Lines run on with no space between ideographs.
        #expect(!text.contains("读者 总是") && !text.contains("读者 总"))
        #expect(text.contains("图书馆每天清晨"))
    }

    @Test func aChinesePageSetInColumnsIsReadRightToLeft() async throws {
        let (score, text) = try await read("zh_vertical_photo.jpg", truth: "zh.txt", language: "chi_sim")
        #expect(score.cer <= 0.08)
        #expect(text.hasPrefix("图书馆"))
    }

    @Test func aPhotographedGermanPageIsReadWithinFivePercent() async throws {
        let (score, text) = try await read("de_photo.jpg", truth: "de.txt", language: "deu")
        #expect(score.cer <= 0.05)
        #expect(text.contains("öffnete") && text.contains("saß") && text.contains("Flüsse"))
    }
}
