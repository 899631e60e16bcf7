// The Swift scorer must agree with ../shared/tools/ocr_eval.py: same normalisation, same distances.
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct EvalScorerTests {
    @Test func normalisesLikeTheReferenceScorer() {
        #expect(OCRScorer.normalize("  “Curly” ‘quotes’ — and\u{00A0}dashes –  ") == "\"Curly\" 'quotes' - and dashes -")
        #expect(OCRScorer.normalize("ﬁne ﬂour…") == "fine flour...")
        #expect(OCRScorer.normalize("exam-\nple and well-known") == "example and well-known")
        // Python's re.sub does not overlap matches: "a- b- c" → "ab- c".
        #expect(OCRScorer.normalize("a- b- c") == "ab- c")
        #expect(OCRScorer.normalize("soft\u{00AD}ware") == "software")
    }

    @Test func characterErrorRates() {
        let s = OCRScorer.score(reference: "kitten", hypothesis: "sitting")
        #expect(s.edits == 3)
        #expect(s.referenceLength == 6)
        // Anchored: the reference matched against the best span of a longer hypothesis.
        let a = OCRScorer.score(reference: "page text", hypothesis: "noise noise page text noise")
        #expect(a.anchoredEdits == 0)
        #expect(a.edits > 0)
    }

    @Test func wordRecallCountsMultisetsAndStripsPunctuation() {
        let s = OCRScorer.score(reference: "The cat, the cat (and) THE dog.", hypothesis: "the cat and dog dog")
        // Reference words: The, cat, the, cat, and, THE, dog → found: cat, the, and, dog = 4 of 7.
        #expect(s.referenceWords == 7)
        #expect(s.wordsFound == 4)
    }

    @Test func emptyHypothesisIsAllErrors() {
        let s = OCRScorer.score(reference: "abc", hypothesis: "")
        #expect(s.cer == 1)
        #expect(s.anchoredCER == 1)
        #expect(s.recall == 0)
    }

    /// Figures from ocr_eval.py on the same strings: for Chinese, whitespace is ignored and each character is a word.
    @Test func chineseIsScoredByCharactersWithoutWhitespace() {
        let s = OCRScorer.score(reference: "中国工商银行\n持卡人 存根：(CARD NO.)", hypothesis: "中国 工商银行 持卡入存根: (CARD N0.) 多", language: "chi_sim")
        #expect(s.edits == 3)
        #expect(s.referenceLength == 21)
        #expect(s.anchoredEdits == 2)
        #expect(s.referenceWords == 17)
        #expect(s.wordsFound == 15)
        // Only the first code decides, as in ocr_eval.py.
        #expect(OCRScorer.score(reference: "中 国", hypothesis: "中国", language: "eng+chi_sim").edits == 1)
        #expect(OCRScorer.score(reference: "中 国", hypothesis: "中国", language: "chi_tra+eng").edits == 0)
    }
}
