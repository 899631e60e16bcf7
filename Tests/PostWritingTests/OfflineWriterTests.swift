// The offline writer: five different, deterministic drafts within the limit, in English and in French.
import Foundation
import Support
import Testing

@testable import AIClient
@testable import PostWriting

@Suite("OfflineWriter")
struct OfflineWriterTests {
    static let boston = """
        248 BOSTON COOKING-SCHOOL COOK BOOK
        Gravy
        Pour off liquid in pan in which chicken has been roasted.
        From liquid skim off four tablespoons fat; return fat to pan,
        and brown with four tablespoons flour; add two cups stock
        in which giblets, neck, and tips of wings have been cooked.
        Cook five minutes, season with salt and pepper, then strain.
        The remaining fat may be used, in place of butter, for fry-
        ing potatoes, or for basting when roasting another chicken.
        Braised Chicken
        Dress, clean, and truss a four-pound fowl. Cover, and
        bake in slow oven until tender, basting often, and adding
        more water if needed. Serve with a sauce made from stock
        in pan, first straining and removing the fat.
        """

    static let french = """
        La Grèce Antique
        I. Le théâtre grec
        Les pièces de théâtre grecque étaient très appréciées dans l’Antiquité. Les
        Grecs des Temps Anciens appréciaient tout particulièrement les tragédies et le récit des
        épopées des héros. Les théâtres, où se déroulaient les représentations, avaient une
        forme particulière en demi-cercle: ce sont les amphithéâtres.
        II. La société grecque
        Les Grecs ont inventé la démocratie. Chacun est citoyen à partir de sa majorité et
        peut faire valoir son opinion sur la façon de diriger la cité.
        """

    let writer = OfflineWriter()

    func expectGood(_ variants: [Variant]) {
        #expect(variants.map(\.tone) == Tone.allCases)
        #expect(variants.allSatisfy { !$0.text.isEmpty && $0.text.count <= LinkedInLength.limit })
        #expect(Set(variants.map(\.text)).count == 5, "all five drafts differ")
        // Not one template with the tone swapped: no two drafts share their first line.
        #expect(Set(variants.map { $0.text.split(separator: "\n").first.map(String.init) ?? "" }).count == 5)
        #expect(!variants.contains { $0.text.contains("#") })
    }

    @Test func fiveDifferentDraftsWithinTheLimit() throws {
        let variants = try writer.variants(from: Self.boston, bookTitle: "Boston Cooking-School Cook Book", author: "Fannie Merritt Farmer")
        expectGood(variants)
        #expect(variants.allSatisfy { $0.note == nil })
    }

    @Test func buildsFromTheExcerptItself() throws {
        let variants = try writer.variants(from: Self.boston, bookTitle: nil, author: nil)
        // Each draft quotes the page, the hyphenated line end is mended, and the running head is gone.
        #expect(variants.allSatisfy { $0.text.contains("“") })
        #expect(variants.contains { $0.text.contains("frying potatoes") })
        #expect(!variants.contains { $0.text.contains("fry- ing") || $0.text.contains("BOSTON COOKING") })
        #expect(variants.map(\.text).joined().contains("Gravy and Braised Chicken"))
    }

    @Test func sameInputSameOutput() async throws {
        let first = try await writer.generateVariants(from: Self.boston, bookTitle: "B", author: "A")
        let second = try await writer.generateVariants(from: Self.boston, bookTitle: "B", author: "A")
        #expect(first.map(\.text) == second.map(\.text))
        #expect(first.map(\.note) == second.map(\.note))
        #expect(first.map(\.tone) == second.map(\.tone))
    }

    @Test func closingQuestionsWhereTheToneCallsForOne() throws {
        let variants = try writer.variants(from: Self.boston, bookTitle: nil, author: nil)
        for tone in [Tone.contrarian, .personal, .analytical, .openQuestion] {
            #expect(variants.first { $0.tone == tone }!.text.hasSuffix("?"), "\(tone)")
        }
        #expect(!variants[0].text.hasSuffix("?"))
    }

    @Test func oneSentence() throws {
        let variants = try writer.variants(from: "Simplicity is the ultimate sophistication.", bookTitle: nil, author: nil)
        expectGood(variants)
        #expect(variants.allSatisfy { $0.text.contains("Simplicity is the ultimate sophistication.") })
    }

    @Test func fiveThousandCharacters() throws {
        let paragraph = """
            Habits are the compound interest of self-improvement. The same way that money multiplies through compound \
            interest, the effects of your habits multiply as you repeat them. They seem to make little difference on \
            any given day, and yet the impact they deliver over months and years can be enormous. Success is the \
            product of daily habits, not once-in-a-lifetime transformations. You should be far more concerned with \
            your current trajectory than with your current results.

            """
        var text = ""
        var n = 0
        while text.count < 5_000 {
            n += 1
            text += paragraph.replacingOccurrences(of: "Habits are", with: "Habits, in chapter \(n), are")
        }
        let variants = try writer.variants(from: text, bookTitle: "Atomic Habits", author: "James Clear")
        expectGood(variants)
    }

    @Test func frenchExcerptGetsFrenchFraming() throws {
        let variants = try writer.variants(from: Self.french, bookTitle: nil, author: nil)
        expectGood(variants)
        #expect(variants.allSatisfy { $0.text.contains("«\u{00A0}") })
        let framing = variants.map(\.text).joined(separator: " ")
        #expect(framing.contains("Avis impopulaire"))
        #expect(!framing.contains("Unpopular opinion"))
        #expect(!framing.contains(" ?") && !framing.contains(" :"), "no-break space before ? and :")
    }

    @Test func emptyExcerptIsAnError() {
        #expect(throws: AIError(.emptyInput)) { try writer.variants(from: " \n ", bookTitle: nil, author: nil) }
    }

    @Test func readsHeadingsAndMendsHyphens() {
        let analysis = ExcerptAnalysis(Self.boston)
        #expect(analysis.headings == ["Gravy", "Braised Chicken"])
        #expect(analysis.sentences.contains { $0.text.contains("for frying potatoes") })
        #expect(ExcerptAnalysis.join("one-", "half cup") == "one-half cup")
        #expect(analysis.language == .english)
        #expect(ExcerptAnalysis(Self.french).language == .french)
        #expect(analysis.ranked.first?.text.hasPrefix("The remaining fat") == true)
    }

    @Test func displayName() {
        #expect(writer.displayName == "Offline writer")
    }
}
