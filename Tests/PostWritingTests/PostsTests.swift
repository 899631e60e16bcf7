// The pieces of post writing: tone names, reply parsing, the 900-character rule.
import Foundation
import Support
import Testing

@testable import AIClient
@testable import PostWriting

@Suite("Posts: tones, parsing, length")
struct PostsTests {
    @Test(arguments: ["openQuestion", "open-question", "open_question", "Open question", "OPEN QUESTION"])
    func openQuestionSpellings(_ text: String) {
        #expect(Tone(lenient: text) == .openQuestion)
    }

    @Test func toneNamesAndOrder() {
        #expect(Tone.allCases.map(\.displayName) == ["Punchy", "Contrarian", "Personal", "Analytical", "Open question"])
        #expect(Tone(lenient: "sarcastic") == nil)
    }

    @Test func parserFindsPostsInAnyWrapping() throws {
        let object = #"{"posts":[{"tone":"punchy","text":"A"}]}"#
        #expect(try ReplyParser.drafts(from: object) == [RawDraft(tone: .punchy, text: "A")])
        #expect(try ReplyParser.drafts(from: #"[{"tone":"open-question","post":"B"}]"#) == [RawDraft(tone: .openQuestion, text: "B")])
        #expect(try ReplyParser.drafts(from: "Sure!\n```json\n\(object)\n```") == [RawDraft(tone: .punchy, text: "A")])
        #expect(try ReplyParser.drafts(from: "<think>{not json}</think>\(object)") == [RawDraft(tone: .punchy, text: "A")])
        #expect(try ReplyParser.drafts(from: "Here they are: \(object) Enjoy.") == [RawDraft(tone: .punchy, text: "A")])
        #expect(
            try ReplyParser.drafts(from: #"{"punchy":"A","analytical":"B"}"#) == [
                RawDraft(tone: .punchy, text: "A"), RawDraft(tone: .analytical, text: "B"),
            ])
    }

    @Test func parserRejectsProse() {
        #expect(throws: AIError(.badResponse(.noJSON))) { try ReplyParser.drafts(from: "I cannot help with that.") }
    }

    @Test func unlabeledDraftsFillTonesInOrder() throws {
        let drafts = (1...5).map { RawDraft(tone: nil, text: "Post \($0)") }
        let variants = try VariantAssembler.variants(from: drafts)
        #expect(variants.map(\.tone) == Tone.allCases)
        #expect(variants.map(\.text) == ["Post 1", "Post 2", "Post 3", "Post 4", "Post 5"])
    }

    @Test func shortTextIsUntouched() {
        let fitted = LinkedInLength.fit("  Short post.  ")
        #expect(fitted.text == "Short post.")
        #expect(!fitted.trimmed)
    }

    @Test func trimsAtASentenceWhenOneIsNearTheLimit() {
        let text = String(repeating: "This sentence is fine. ", count: 60)
        let fitted = LinkedInLength.fit(text)
        #expect(fitted.trimmed)
        #expect(fitted.text.count <= 900)
        #expect(fitted.text.hasSuffix("fine."))
    }

    @Test func trimsAtAWordWithAnEllipsisOtherwise() {
        let text = String(repeating: "abcdefgh ", count: 250) + "end"
        let fitted = LinkedInLength.fit(text)
        #expect(fitted.text.count <= 900)
        #expect(fitted.text.hasSuffix("abcdefgh…"))
    }

    @Test func countsCharactersNotBytes() {
        let text = String(repeating: "é🙂 ", count: 300)  // 900 characters before trimming spaces, ~2,700 bytes
        #expect(LinkedInLength.fit(text).text.count <= 900)
        #expect(!LinkedInLength.fit(String(repeating: "é", count: 900)).trimmed)
    }
}

@Suite struct ChineseLengthTests {
    @Test func aChineseDraftIsCutAtASentenceEndWithNoSpaceAfterIt() {
        let sentence = "春天来了，公园里的花都开了，孩子们在草地上奔跑，老人们在树下下棋聊天。"
        let text = String(repeating: sentence, count: 40)
        let fitted = LinkedInLength.fit(text)
        #expect(fitted.trimmed)
        #expect(fitted.text.count <= LinkedInLength.limit)
        #expect(fitted.text.hasSuffix("。"))
        #expect(fitted.text.count > LinkedInLength.limit * 6 / 10)
    }

    @Test func withoutASentenceEndItIsCutBetweenIdeographsNotInsideALatinWord() {
        let text = String(repeating: "汉字", count: 448) + " Internationalization"
        let fitted = LinkedInLength.fit(text)
        #expect(fitted.text.count <= LinkedInLength.limit)
        #expect(fitted.text.hasSuffix("字…"))
    }

    @Test func ideographsCountOneEachButFoldAtHalfTheCharacters() {
        #expect("春天来了".count == 4)
        #expect(LinkedInLength.seeMoreCharacters(in: "春天来了，公园里的花都开了。") == 105)
        #expect(LinkedInLength.seeMoreCharacters(in: "Spring came, and the park was full of flowers.") == 210)
        #expect(LinkedInLength.seeMoreCharacters(in: String(repeating: "a", count: 100) + String(repeating: "字", count: 200)) == 155)
    }
}
