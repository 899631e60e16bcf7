// Recommendations: every shelf book gets a say, other editions and shelf books are never suggested.
import Support
import Testing

@testable import Shelves

@Suite struct RecommenderTests {
    // Two fantasy bestsellers would win a "sum the tags" ranking; the shelf also holds economics and history.
    let catalog = ShelfFixtures.smallCatalog([
        ("The Hobbit", "J.R.R. Tolkien", ["fantasy": 1, "classics": 0.5], 4.3, 2_000_000),  // 1 shelf
        ("Freakonomics", "Steven D. Levitt", ["economics": 1, "non-fiction": 0.6], 4.0, 500_000),  // 2 shelf
        ("Band of Brothers", "Stephen E. Ambrose", ["history": 1, "war": 0.7, "non-fiction": 0.5], 4.4, 90_000),  // 3 shelf
        ("The Fellowship of the Ring", "J.R.R. Tolkien", ["fantasy": 1, "classics": 0.4], 4.4, 2_000_000),
        ("The Name of the Wind", "Patrick Rothfuss", ["fantasy": 1], 4.5, 1_000_000),
        ("Mistborn", "Brandon Sanderson", ["fantasy": 1], 4.4, 900_000),
        ("Nudge", "Richard H. Thaler", ["economics": 1, "non-fiction": 0.5], 3.9, 30_000),
        ("Predictably Irrational", "Dan Ariely", ["economics": 0.9, "psychology": 0.6, "non-fiction": 0.5], 4.1, 100_000),
        ("The Rise and Fall of the Third Reich", "William L. Shirer", ["history": 1, "war": 0.8, "non-fiction": 0.4], 4.2, 80_000),
        ("The Hobbit: Graphic Novel", "J.R.R. Tolkien, Chuck Dixon", ["fantasy": 1, "classics": 0.5], 4.5, 40_000),
        ("Freakonomics / SuperFreakonomics", "Steven D. Levitt", ["economics": 1, "non-fiction": 0.6], 4.3, 5_000),
        ("A Weak Fantasy", "Nobody", ["fantasy": 1], 3.1, 10_000),
    ])

    func recommend() -> [Recommendation] {
        let shelf = [1, 2, 3].map { (book: catalog.book(id: $0)!, weight: 0.9) }
        return Recommender(catalog: catalog).recommend(for: shelf, spineWords: [])
    }

    @Test func everyShelfBookGetsASay() {
        let titles = recommend().map(\.title)
        #expect(titles.contains { ["Nudge", "Predictably Irrational"].contains($0) })
        #expect(titles.contains("The Rise and Fall of the Third Reich"))
        #expect(titles.contains { ["The Fellowship of the Ring", "The Name of the Wind", "Mistborn"].contains($0) })
    }

    @Test func otherEditionsShelfBooksAndPoorlyRatedBooksAreNeverSuggested() {
        let titles = recommend().map(\.title)
        for banned in ["The Hobbit", "Freakonomics", "Band of Brothers", "A Weak Fantasy"] { #expect(!titles.contains(banned)) }
        #expect(!titles.contains { $0.hasPrefix("The Hobbit") || $0.hasPrefix("Freakonomics") })
    }

    @Test func eachRecommendationHasAReasonAndAScore() {
        let recs = recommend()
        #expect(!recs.isEmpty)
        for r in recs {
            #expect(r.reason.contains("Readers of"))
            #expect(r.matchScore > 0 && r.matchScore <= 1)
        }
    }

    @Test func aTitleAlreadyReadOnASpineIsNotSuggested() {
        let shelf = [(book: catalog.book(id: 2)!, weight: 0.9)]
        let titles = Recommender(catalog: catalog).recommend(for: shelf, spineWords: ["predictably", "irrational"]).map(\.title)
        #expect(!titles.contains("Predictably Irrational"))
        #expect(titles.contains("Nudge"))
    }

    @Test("A book written about another catalog book (a critical reader, a study guide) is never suggested; the author's own possessive titles are")
    func booksAboutOtherBooksAreNotSuggested() {
        let catalog = ShelfFixtures.smallCatalog([
            ("Slaughterhouse-Five", "Kurt Vonnegut Jr.", ["classics": 1, "fiction": 0.8], 4.1, 900_000),  // 1 shelf
            (
                "Kurt Vonnegut's Cat's Cradle (Modern Critical Interpretations)", "Harold Bloom, Terry Southern", ["classics": 1, "fiction": 0.8],
                4.5, 2_000
            ),
            ("Cat's Cradle", "Kurt Vonnegut Jr.", ["classics": 1, "fiction": 0.7], 4.2, 300_000),
            ("Dr. Seuss's Breakfast of Champions", "Dr. Seuss", ["classics": 1, "fiction": 0.8], 4.4, 50_000),
            ("Breakfast of Champions", "Dr. Seuss", ["classics": 0.2], 3.0, 1_000),  // the same author's title: 4 stays
            ("William Shakespeare's Breakfast Tale", "Ian Doescher", ["classics": 1, "fiction": 0.8], 4.3, 40_000),
            ("The Odyssey", "Homer, Robert Fagles", ["classics": 1, "poetry": 0.8, "fiction": 0.5], 3.8, 700_000),  // 7
            ("Homer's Odyssey", "Gwen Cooper", ["memoir": 1, "animals": 0.9, "non-fiction": 0.6], 4.1, 20_000),  // 8: a cat
        ])
        let recommender = Recommender(catalog: catalog)
        #expect(recommender.isWrittenAboutAnotherBook(catalog.book(id: 2)!))
        for id in [1, 3, 4, 5, 6, 7, 8] { #expect(!recommender.isWrittenAboutAnotherBook(catalog.book(id: id)!), "\(id)") }
        let titles = recommender.recommend(for: [(book: catalog.book(id: 1)!, weight: 1)], spineWords: []).map(\.title)
        #expect(!titles.contains { $0.hasPrefix("Kurt Vonnegut's") }, "\(titles)")
        #expect(titles.contains("Cat's Cradle"))
        #expect(titles.contains("Dr. Seuss's Breakfast of Champions"))
    }

    @Test func preferencesComeFromTheShelfBooksTags() {
        let p = ReadingProfiler(catalog: catalog).preferences(for: [1, 2, 3].map { (book: catalog.book(id: $0)!, weight: 1) })
        #expect(p.favoriteGenres.contains("Fantasy"))
        #expect(p.favoriteGenres.contains("Economics"))
        #expect(p.authorPreferences.contains("J.R.R. Tolkien"))
        #expect(ReadingProfiler(catalog: catalog).preferences(for: []) == .unknown)
    }
}
