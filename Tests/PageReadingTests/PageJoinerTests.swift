// Joining the next page's text: hyphenated words, sentences over the break, new paragraphs.
import Testing

@testable import PageReading

@Suite struct PageJoinerTests {
    @Test func hyphenatedWordAcrossTheBreakIsOneWord() {
        #expect(PageJoiner.append("tinued on the next page.", to: "The story con-") == "The story continued on the next page.")
    }

    @Test func realHyphenBeforeACapitalStays() {
        #expect(PageJoiner.append("Paris is next.", to: "From London-") == "From London-\n\nParis is next.")
    }

    @Test func sentenceOverTheBreakStaysOneParagraph() {
        #expect(PageJoiner.append("  and then it rained.", to: "We walked all day\n") == "We walked all day and then it rained.")
    }

    @Test func finishedSentenceStartsANewParagraph() {
        #expect(PageJoiner.append("Next chapter.", to: "The end.") == "The end.\n\nNext chapter.")
        #expect(PageJoiner.append("lower case after a full stop.", to: "The end.") == "The end.\n\nlower case after a full stop.")
    }

    @Test func emptySidesAreLeftOut() {
        #expect(PageJoiner.join(["", "First.", "  ", "Second."]) == "First.\n\nSecond.")
        #expect(PageJoiner.append("", to: "Only this.") == "Only this.")
    }

    @Test func thePageNumberAndRunningHeadBetweenThePagesAreLeftOut() {
        let first = "248 BOSTON COOKING-SCHOOL COOK BOOK\n\nAdd two table-"
        let second = "249 POULTRY AND GAME\n\nspoons of butter and stir.\n\n- 249 -"
        // The first page's head stays (it names the book); the second page's head does not split the word.
        #expect(PageJoiner.append(second, to: first) == "248 BOSTON COOKING-SCHOOL COOK BOOK\n\nAdd two tablespoons of butter and stir.\n\n- 249 -")
        #expect(PageJoiner.append("and then it rained.", to: "We walked all day\n\n17") == "We walked all day and then it rained.")
    }
}
