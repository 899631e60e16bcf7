// The shelf analysis said again in the reader's language: genres, levels, the offline summary and the recommender's
// reasons from their parts; a model's words as written.
import Foundation
import Localization
import Shelves
import Storage
import Support
import Testing

@testable import SnapPostWeb

@Suite struct ShelfWordingTests {
    let localizations = try! Localizations.shipped()
    func words(_ language: InterfaceLanguage) -> ShelfWording { ShelfWording(localizer: localizations.localizer(language)) }
    /// The locale data puts no-break spaces in numbers ("45 k", "1,2 Mio."); compared as plain spaces.
    func plain(_ text: String) -> String { text.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") }

    @Test func theRecommendersReasonsAreSaidFromTheirParts() {
        let reason = "Readers of Dune shelve it alike (science fiction, classics); rated 4.2 by 45k readers."
        #expect(words(.english).reason(reason) == reason)
        #expect(
            plain(words(.french).reason(reason))
                == "Les lecteurs de Dune le rangent à côté (science-fiction, classiques) ; noté 4,2 par 45 k lecteurs.")
        #expect(words(.simplifiedChinese).reason(reason) == "喜欢《Dune》的读者也常把它放在一起（科幻、经典）；4.5万 位读者评分 4.2。")
        let through = "Readers of Ann Smith, whose The Long Road is on your shelf, shelve it alike; rated 3.9 by 1.2M readers."
        #expect(words(.german).reason(through).hasPrefix("Leser von Ann Smith, dessen Buch The Long Road in deinem Regal steht"))
        #expect(plain(words(.german).reason(through)).hasSuffix("bewertet mit 3,9 von 1,2 Mio. Lesern."))
        // A model's reason is shown as it wrote it.
        #expect(words(.spanish).reason("A gentle classic you will love.") == "A gentle classic you will love.")
        // Two tags that are one word in French are said once.
        let sports = "Readers of Moneyball shelve it alike (non-fiction, sport, sports); rated 4.3 by 8k readers."
        #expect(plain(words(.french).reason(sports)).contains("(non-fiction, sport) ;"), "\(plain(words(.french).reason(sports)))")
    }

    @Test func genresAndLevelsAreNamedAndUnknownOnesStay() {
        #expect(words(.simplifiedChinese).genre("Science fiction") == "科幻")
        #expect(words(.french).genre("Children's") == "Jeunesse")
        #expect(words(.german).genre("Middle Grade") == "Middle Grade")
        #expect(words(.spanish).level("Young reader") == "Lector joven")
        #expect(words(.spanish).level("Eclectic and curious") == "Eclectic and curious")
        #expect(words(.german).analysedBy("Offline (catalog)") == "Offline (Katalog)")
        #expect(words(.german).analysedBy("api.example.com · gpt") == "api.example.com · gpt")
    }

    @Test func theOfflineSummaryIsSaidFromWhatItCounts() {
        let book = DetectedBook(
            title: "Dune", author: "Frank Herbert", genre: "Science fiction", confidence: 0.9, identified: true, spineIndex: 0, catalogID: 1,
            spineText: "DUNE", correctedByHand: false, source: .catalog)
        var unread = book
        unread.identified = false
        let spine = ShelfReading.Spine(index: 0, row: 0, corners: [], lines: ["DUNE"], confidence: 0.9, quarterTurns: 1)
        let reading = ShelfReading(
            imageSize: PixelSize(width: 10, height: 10), spines: [spine, spine, spine], books: [book, book, unread],
            favoriteGenres: ["Science fiction", "Classics"], readingLevel: "Advanced", interests: [], authorPreferences: ["Frank Herbert"],
            recommendations: [], summary: "English summary.", confidence: 0.8, analysedBy: ShelfAnalyser.offlineName, notes: [], timings: [])
        #expect(words(.english).summary(reading) == "English summary.")
        #expect(
            words(.french).summary(reading)
                == "3 dos trouvés ; 2 livres identifiés. L’étagère penche vers : science-fiction et classiques. Frank Herbert apparaît 2 fois. 1 dos n’a pas pu être lu. Aucun des livres nommés n’est dans le catalogue ni d’un auteur qu’il connaît : pas encore de suggestions."
        )
        #expect(words(.simplifiedChinese).summary(reading).hasPrefix("找到 3 个书脊，认出 2 本书。这个书架偏爱科幻和经典。"))
        var modelWritten = reading
        modelWritten.analysedBy = "api.example.com · gpt"
        #expect(words(.german).summary(modelWritten) == "English summary.")
        // A book corrected by hand is counted as the person's, not the catalog's, in the analyser's words and ours.
        var fromSpine = book
        fromSpine.source = .spine
        var byHand = book
        byHand.source = .hand
        byHand.correctedByHand = true
        var mixed = reading
        mixed.books = [book, fromSpine, byHand, unread]
        let german = words(.german).summary(mixed)
        #expect(german.contains("3 Bücher erkannt (1 vom Katalog bestätigt, 1 vom Rücken gelesen, 1 von Hand korrigiert)."), "\(german)")
    }
}
