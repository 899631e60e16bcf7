// The matcher's guards, each from a false match seen on a real shelf, and the matches it must still make.
import Testing
import Words

@testable import Shelves

@Suite struct CatalogMatcherTests {
    let matcher = CatalogMatcher(
        catalog: ShelfFixtures.smallCatalog([
            ("The Shining (The Shining #1)", "Stephen King", ["horror": 1], 4.2, 800_000),
            ("Nudge: Improving Decisions About Health, Wealth, and Happiness", "Richard H. Thaler, Cass R. Sunstein", ["economics": 1], 3.8, 30_000),
            ("Misbehaving: The Making of Behavioral Economics", "Richard H. Thaler", ["economics": 1], 4.1, 10_000),
            ("Thinking, Fast and Slow", "Daniel Kahneman", ["psychology": 1], 4.1, 137_000),
            ("The House of the Seven Gables", "Nathaniel Hawthorne", ["classics": 1], 3.4, 60_000),
            ("Moneyball: The Art of Winning an Unfair Game", "Michael Lewis", ["sports": 1], 4.2, 66_000),
            ("Brave New World", "Aldous Huxley", ["classics": 1], 4.0, 1_000_000),
            ("Brave New World / Brave New World Revisited", "Aldous Huxley, Christopher Hitchens", ["classics": 1], 4.2, 100_000),
            ("It", "Stephen King", ["horror": 1], 4.2, 600_000),
            ("Getting to Yes: Negotiating Agreement Without Giving In", "Roger Fisher, William Ury, Bruce Patton", ["business": 1], 3.9, 37_000),
            ("Free to Choose: A Personal Statement", "Milton Friedman, Rose Friedman", ["economics": 1], 4.2, 5_000),
        ]), extraWords: SpineVocabulary.systemWords)

    @Test func theSystemWordListIsInstalled() {
        // Debian's wamerican (make installs it): without it the matcher knows fewer real words.
        #expect(SpineVocabulary.systemWords.contains("inside"))
    }

    func titles(_ lines: [String], confidence: Double = 0.8) -> [String] {
        matcher.matches(spineIndex: 0, lines: lines, ocrConfidence: confidence).compactMap { matcher.catalog.book(id: $0.bookID)?.spineTitle }
    }

    @Test func wordInsideAnotherWordIsNotATitle() {
        // "thinKING": neither "The Shining" nor anything by King.
        #expect(titles(["THINKING, FAST", "AND SLOW thinKING"]).allSatisfy { $0 != "The Shining" && $0 != "It" })
        #expect(titles(["thinKING about shining things"]).isEmpty)
    }

    @Test func titleWordInsideALongerTitleIsNotThatBook() {
        #expect(titles(["INSIDE THE NUDGE UNIT", "David Halpern"]).isEmpty)
    }

    @Test func twoMergedSpinesDoNotLendEachOtherWords() {
        // Thaler's name from one spine and "Nudge" from the next.
        let found = titles(["MISBEHAVING Richard H. Thaler", "INSIDE THE NUDGE UNIT David Halpern"])
        #expect(!found.contains("Nudge"))
        #expect(found.contains("Misbehaving"))
    }

    @Test func oneWordTitleNeedsItsAuthor() {
        #expect(titles(["MONEYBALL"]).isEmpty)
        #expect(titles(["MONEYBALL", "MICHAEL LEWIS"]) == ["Moneyball"])
    }

    @Test func misreadAndGluedWordsStillMatch() {
        #expect(titles(["THEHOUSE OFTHE", "SEVEN CABLES HAWTHORNE"]) == ["The House of the Seven Gables"])
        #expect(titles(["Thinking, Fast and Slovv", "KAHNEMAN"]) == ["Thinking, Fast and Slow"])
    }

    @Test func theEditionMostReadersOwnWins() {
        #expect(titles(["BRAVE NEW WORLD aldous huxley"]) == ["Brave New World"])
    }

    @Test func aTwoWordTitleMayLoseAWordOnlyWhenTwoOfItsAuthorsAreNamed() {
        // "GETTING" misread as a real word: "YES" and three co-authors' names still say which book it is.
        #expect(titles(["FISHER, URY and PATTON", "BELLING ot) YES"]) == ["Getting to Yes"])
        // One author's name is not enough for half a title, nor a couple's one surname read once.
        #expect(titles(["FISHER", "BELLING ot) YES"]).isEmpty)
        #expect(titles(["Milton and Rose FRIEDMAN", "FREE to CHASE"]).isEmpty)
        // Whole, it needs no author.
        #expect(titles(["GETTING TO YES"]) == ["Getting to Yes"])
    }

    @Test func aRealWordIsNotSplitAsTwoGluedWords() {
        // Authors named Bel and Ling make both halves of "belling" catalog words; it is still one word.
        let names = CatalogMatcher(
            catalog: ShelfFixtures.smallCatalog([
                ("Up the Down Staircase", "Bel Kaufman", ["fiction": 1], 4.0, 20_000),
                ("Severance", "Ling Ma", ["fiction": 1], 3.7, 20_000),
                ("The House of the Seven Gables", "Nathaniel Hawthorne", ["classics": 1], 3.4, 60_000),
            ]), extraWords: SpineVocabulary.systemWords)
        #expect(names.splitGlued("belling") == ["belling"])
        #expect(names.splitGlued("thehouse") == ["the", "house"])
    }

    @Test func withoutItsAuthorATitleMustStandAlone() {
        let m = CatalogMatcher(
            catalog: ShelfFixtures.smallCatalog([
                ("Winter Garden", "Kristin Hannah", ["fiction": 1], 4.1, 90_000),
                ("A Bend in the River", "V.S. Naipaul", ["fiction": 1], 3.8, 20_000),
            ]), extraWords: SpineVocabulary.systemWords, commonWords: SpineVocabulary.commonWords)
        func found(_ lines: [String]) -> [Int] { m.matches(spineIndex: 0, lines: lines, ocrConfidence: 0.9).map(\.bookID) }
        // Read whole and alone, a long title is the catalog's; with someone else's name, or a name nobody knows, beside it, or
        // a word more, it is another book.
        #expect(found(["THE WINTER GARDEN"]) == [1])
        #expect(found(["THE WINTER GARDEN", "ANNA HARTLEY"]).isEmpty)
        #expect(found(["The Winter Garden JOITISTER"]).isEmpty)
        #expect(found(["A BEND IN THE RIVER ROAD"]).isEmpty)
        #expect(found(["WINTER GARDEN KRISTIN HANNAH"]) == [1])
    }

    @Test func titleWordsMustBeInOrderAndClose() {
        #expect(titles(["SLOW cooking", "THINKING about stuff FAST"]).isEmpty)
    }
}
