// The reader's language from Accept-Language, plural forms, placeholders, and numbers and dates in each locale.
import Foundation
import Support
import Testing

@testable import Localization

@Suite struct LocalizerTests {
    let localizations = try! Localizations.shipped()

    @Test func acceptLanguageHonoursQValues() {
        #expect(LanguageNegotiation.best("fr-FR,fr;q=0.9,en;q=0.8") == .french)
        #expect(LanguageNegotiation.best("en;q=0.5, de-DE;q=0.9") == .german)
        #expect(LanguageNegotiation.best("ja, zh-TW;q=0.7, es;q=0.6") == .simplifiedChinese)
        #expect(LanguageNegotiation.best("zh-CN") == .simplifiedChinese)
        #expect(LanguageNegotiation.best("es-419, en;q=0.1") == .spanish)
        #expect(LanguageNegotiation.best("de;q=0, fr;q=0.2") == .french)
        #expect(LanguageNegotiation.best("ja, ko") == nil)
        #expect(LanguageNegotiation.best("*;q=0.5, ja") == .english)
        #expect(LanguageNegotiation.best("fr;q=abc, de") == .german)
        #expect(LanguageNegotiation.best("") == nil)
        // Equal weights keep the header's order.
        #expect(LanguageNegotiation.best("de, fr") == .german)
    }

    @Test func theFootersChoiceWinsOverTheBrowser() {
        #expect(LanguageNegotiation.language(chosen: "es", acceptLanguage: "fr") == .spanish)
        #expect(LanguageNegotiation.language(chosen: "xx", acceptLanguage: "de") == .german)
        #expect(LanguageNegotiation.language(chosen: nil, acceptLanguage: nil) == .english)
    }

    @Test func pluralCategoriesFollowCLDR() {
        #expect(InterfaceLanguage.english.pluralCategory(1) == .one)
        #expect(InterfaceLanguage.english.pluralCategory(0) == .other)
        #expect(InterfaceLanguage.french.pluralCategory(0) == .one)
        #expect(InterfaceLanguage.french.pluralCategory(1) == .one)
        #expect(InterfaceLanguage.french.pluralCategory(2) == .other)
        #expect(InterfaceLanguage.french.pluralCategory(1_000_000) == .many)
        #expect(InterfaceLanguage.spanish.pluralCategory(0) == .other)
        #expect(InterfaceLanguage.spanish.pluralCategory(2_000_000) == .many)
        #expect(InterfaceLanguage.simplifiedChinese.pluralCategory(1) == .other)
        #expect(InterfaceLanguage.german.pluralCategory(1) == .one)
    }

    @Test func placeholdersAreFilledAndTemplatesEscapeTheirText() {
        let catalogue = MessageCatalogue(
            language: .english, messages: ["a.b": "Say <{{name}}> & go", "n_one": "{{count}} book", "n_other": "{{count}} books"])
        let localizer = Localizer(language: .english, catalogue: catalogue, fallback: catalogue)
        #expect(localizer("a.b", ["name": "Ann"]) == "Say <Ann> & go")
        #expect(localizer.template("a.b") == "Say &lt;{{name}}&gt; &amp; go")
        #expect(localizer.plural("n", count: 1) == "1 book")
        #expect(localizer.plural("n", count: 1200) == "1,200 books")
        #expect(localizer("missing.key") == "missing.key")
    }

    @Test func aKeyMissingInALanguageFallsBackToEnglish() {
        let english = MessageCatalogue(language: .english, messages: ["only.english": "Hello"])
        let french = MessageCatalogue(language: .french, messages: [:])
        #expect(Localizer(language: .french, catalogue: french, fallback: english)("only.english") == "Hello")
    }

    @Test func numbersAndDatesFollowTheLocale() {
        let date = Date(timeIntervalSince1970: 1_764_079_320)  // 2025-11-25 14:02 UTC
        let english = localizations.localizer(.english), french = localizations.localizer(.french)
        let german = localizations.localizer(.german), chinese = localizations.localizer(.simplifiedChinese)
        #expect(english.timestamp(date) == "25 Nov 2025 at 14:02 UTC")
        #expect(french.timestamp(date) == "25 nov. 2025 à 14:02 UTC")
        #expect(german.timestamp(date) == "25. Nov. 2025, 14:02 UTC")
        #expect(chinese.timestamp(date) == "2025年11月25日 14:02 UTC")
        #expect(english.percent(0.93) == "93%")
        #expect(french.percent(0.93) == "93\u{202F}%" || french.percent(0.93) == "93\u{A0}%")
        #expect(german.number(12345) == "12.345")
        #expect(french.decimal(2.5) == "2,5")
        #expect(chinese.list(["甲", "乙", "丙"]) == "甲、乙和丙")
    }

    @Test func languageNamesComeFromTheLocaleData() {
        #expect(localizations.localizer(.english).languageName(ocrCode: "fra") == "French")
        #expect(localizations.localizer(.simplifiedChinese).languageName(ocrCode: "fra") == "法语")
        #expect(localizations.localizer(.french).languageName(ocrCode: "deu") == "Allemand")
        #expect(localizations.localizer(.english).languageName(ocrCode: "chi_sim") == "Chinese, Simplified")
        #expect(localizations.localizer(.simplifiedChinese).languageName(ocrCode: "chi_sim_vert") == "简体中文（竖排）")
        #expect(localizations.localizer(.english).languageName(ocrCode: "zz_qq") == nil)
    }
}
