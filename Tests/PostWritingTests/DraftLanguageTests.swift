// The offline writer writes German, Spanish and Chinese pages' drafts in the page's language, from its own tables.
import Foundation
import Support
import Testing

@testable import PostWriting

@Suite("Drafts in the page's language")
struct DraftLanguageTests {
    static let german = """
        Die stille Bibliothek öffnete am Montag früh, und die ersten Leser fanden die langen Tische schon warm vom Sonnenlicht.
        Ein bekannter Autor saß still am Fenster und blätterte in einem alten Atlas. Die Studenten schrieben ihre Notizen über
        Flüsse und Berge ab. Niemand sprach, doch jeder wusste, warum er gekommen war. Am Abend war der Saal leer, aber die
        Bücher lagen noch offen auf den Tischen.
        """

    static let spanish = """
        La biblioteca silenciosa abría el lunes temprano, y los primeros lectores encontraban las mesas largas ya tibias por el sol.
        Un autor muy conocido leía tranquilo junto a la ventana. Los estudiantes copiaban sus notas sobre ríos y montañas.
        Nadie hablaba, pero todos sabían por qué habían venido. Por la tarde la sala quedaba vacía, y los libros seguían abiertos.
        """

    static let chinese = """
        图书馆每天清晨七点开门，第一批读者总是在长桌旁找到温暖的阳光。一位著名的作家坐在窗边，慢慢翻着一本旧地图集。\
        学生们抄写着关于河流和山脉的笔记。没有人说话，但每个人都知道自己为什么而来。到了傍晚，大厅空了，书还摊开在桌上。
        """

    /// A draft without its quotes and signature: the writer's own words.
    static func ownWords(_ draft: String) -> String {
        draft.replacingOccurrences(of: #"[„“«][^„“”«»]*[“”»]"#, with: " ", options: .regularExpression)
            .split(separator: "\n").filter { !$0.hasPrefix("—") }.joined(separator: "\n")
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "'" && $0 != "’" }.map(String.init)
    }

    @Test(arguments: [(PassageLanguage.german, german), (.spanish, spanish)])
    func fiveDraftsInGermanAndSpanish(language: PassageLanguage, page: String) throws {
        let drafts = try OfflineWriter().variants(for: DraftRequest(excerpt: page))
        #expect(drafts.count == 5)
        // "was" is German too.
        let english = PassageLanguage.english.commonWords.union(["what", "would", "this", "sentence", "one", "page", "words", "why", "how"])
            .subtracting(language.commonWords).subtracting(["was"])
        for draft in drafts {
            let own = Self.words(Self.ownWords(draft.text))
            #expect(!own.isEmpty, "\(draft.text)")
            // None of English's common words, and the page's language's own words or letters.
            #expect(Set(own).isDisjoint(with: english), "\(draft.tone): \(draft.text)")
            let marks: Set<Character> = language == .german ? ["ä", "ö", "ü", "ß"] : ["á", "é", "í", "ó", "ú", "ñ", "¿", "¡"]
            #expect(
                own.contains { language.commonWords.contains($0) } || draft.text.lowercased().contains { marks.contains($0) },
                "\(draft.tone): \(draft.text)")
        }
        #expect(Set(drafts.map(\.text)).count == 5)
    }

    @Test func fiveDraftsInChinese() throws {
        let drafts = try OfflineWriter().variants(for: DraftRequest(excerpt: Self.chinese))
        #expect(drafts.count == 5)
        for draft in drafts {
            let own = Self.ownWords(draft.text)
            // The writer's own lines are Chinese: ideographs, and no Latin word at all.
            let hasIdeographs = own.contains { $0.isIdeograph }
            #expect(hasIdeographs, "\(draft.tone): \(draft.text)")
            let hasLatin = own.contains { $0.isASCII && $0.isLetter }
            #expect(!hasLatin, "\(draft.tone): \(draft.text)")
            // The quote is a sentence of the page.
            #expect(draft.text.contains("“") && draft.text.contains("。”"), "\(draft.text)")
        }
        #expect(Set(drafts.map(\.text)).count == 5)
    }

    @Test func chineseSentencesEndAtIdeographicFullStops() {
        let sentences = ExcerptAnalysis.splitSentences("第一句话在这里。第二句话也在这里！第三句呢？")
        #expect(sentences == ["第一句话在这里。", "第二句话也在这里！", "第三句呢？"])
    }
}
