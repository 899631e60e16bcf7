// TextCleaner on example OCR output: hyphenation, paragraphs, page furniture and stray marks.
import Imaging
import Support
import Testing
import Words

@testable import PageReading

@Suite struct TextCleanerTests {
    @Test func joinsLineEndHyphenationButKeepsRealHyphens() {
        let raw = "A well-known author wrote an exam-\nple of careful type-\nsetting for Jean-\nPaul."
        #expect(TextCleaner.clean(raw) == "A well-known author wrote an example of careful typesetting for Jean-Paul.")
    }

    @Test func joinsHyphenWithTrailingSpaceAsTesseractEmitsIt() {
        #expect(TextCleaner.clean("the begin- \nning of it") == "the beginning of it")
    }

    @Test("A line-end hyphen read as a full stop, a quote or nothing is joined when the list knows the word, and only then")
    func joinsAMisreadHyphenTheWordListConfirms() {
        let list = WordSet(["encargada", "administración", "something", "some", "thing", "de", "and", "Los", "hizo", "etc"])
        let clean = { (raw: String) in TextCleaner.clean(raw, words: [list]) }
        #expect(clean("la Hacienda, encar.\ngada de llevar") == "la Hacienda, encargada de llevar")
        #expect(clean("de la Admi”\nnistración general") == "de la Administración general")
        #expect(clean("de la Admi\nnistración general") == "de la Administración general", "a hyphen lost altogether")
        // Two words each known on its own stay two words when nothing stood between them.
        #expect(clean("some\nthing") == "some thing")
        // A sentence's end, an abbreviation, a capital after the stop: no join.
        #expect(clean("lo hizo.\nLos dos") == "lo hizo. Los dos")
        #expect(clean("pans, pots etc.\nand more") == "pans, pots etc. and more")
        #expect(clean("encar.\nGada") == "encar. Gada")
        // Without a list, nothing is guessed.
        #expect(TextCleaner.clean("encar.\ngada de llevar") == "encar. gada de llevar")
    }

    @Test func reflowsSingleNewlinesAndKeepsParagraphBreaks() {
        let raw = "First line of the\nfirst paragraph.\n\n\nSecond   paragraph\tstarts here.\n"
        #expect(TextCleaner.clean(raw) == "First line of the first paragraph.\n\nSecond paragraph starts here.")
    }

    @Test func dropsLoneSpineMarks() {
        let raw = "|\nThe text on the page\n| continues here |\n||\n—\nand ends."
        #expect(TextCleaner.clean(raw) == "The text on the page continues here and ends.")
    }

    @Test func keepsDashJoinsWithoutSpaces() {
        #expect(TextCleaner.clean("so keep on—\nfighting") == "so keep on—fighting")
    }

    @Test func removesPageNumbersAndRunningHeaders() {
        let lines = ["12 THE BOSTON COOKING-SCHOOL COOK BOOK", "Water is the most", "important thing.", "- 13 -"]
        #expect(TextCleaner.removePageNumbers(lines) == ["Water is the most", "important thing."])
        #expect(TextCleaner.removePageNumbers(["CHAPTER ONE 7", "Text", "xiv"]) == ["Text"])
        // A sentence that happens to end in a number stays.
        #expect(TextCleaner.removePageNumbers(["They counted to 12", "and stopped."]) == ["They counted to 12", "and stopped."])
    }

    @Test func pageFurnitureMaskUsesPosition() {
        func line(_ t: String, y: Int) -> RecognizedLine {
            RecognizedLine(text: t, box: PixelBox(x: 100, y: y, width: 800, height: 30), confidence: 0.9)
        }
        let lines = [
            line("27", y: 10), line("Body text begins here", y: 100), line("27 apples were sold", y: 140), line("and more text", y: 180),
            line("28", y: 400),
        ]
        #expect(TextCleaner.pageFurnitureMask(lines) == [false, true, true, true, false])
    }

    @Test func emptyAndWhitespaceOnlyGiveEmpty() {
        #expect(TextCleaner.clean("") == "")
        #expect(TextCleaner.clean(" \n \n| \n") == "")
    }

    @Test func aLoneBarBeforeALowerCaseWordIsThePronoun() {
        #expect(TextCleaner.barsReadAsI("again. 1858 | went home and passed") == "again. 1858 I went home and passed")
        #expect(TextCleaner.barsReadAsI("| think so, and |'m sure") == "I think so, and I'm sure")
        #expect(TextCleaner.barsReadAsI("of this life. / would like to") == "of this life. I would like to")
        // Left alone: an edge mark before a capital, a slash between words, a table row, a code line.
        #expect(TextCleaner.barsReadAsI("| The text goes on here") == "| The text goes on here")
        #expect(TextCleaner.barsReadAsI("and there / met my friend") == "and there / met my friend")
        #expect(TextCleaner.barsReadAsI("name | apples | pears | plums") == "name | apples | pears | plums")
        #expect(
            TextCleaner.barsReadAsI("No. 9. Come, | said, we will go. When | arrived there, | unlocked the door")
                == "No. 9. Come, I said, we will go. When I arrived there, I unlocked the door")
        #expect(TextCleaner.barsReadAsI("x = a | b") == "x = a | b")
    }
}

@Suite struct CJKCleaningTests {
    @Test func chineseLinesJoinWithoutSpacesAndKeepTheirPunctuation() {
        let raw = "春天来了，公园里的\n花都开了。孩子们在\n草地上 奔 跑\n。\n\n第二段从这里开始。"
        #expect(TextCleaner.clean(raw) == "春天来了，公园里的花都开了。孩子们在草地上奔跑。\n\n第二段从这里开始。")
    }

    @Test func spacesBetweenIdeographsGoButLatinWordsKeepTheirs() {
        #expect(CJKText.closingSpaces("积 分 兑 换 (CARD NUMBER) : 卡号") == "积分兑换(CARD NUMBER) :卡号")
        #expect(CJKText.closingSpaces("信用卡 积分 : 50000") == "信用卡积分: 50000")
        #expect(CJKText.closingSpaces("plain English words") == "plain English words")
        #expect(CJKText.closingSpaces("한국어 문장") == "한국어 문장")
    }

    @Test("Unspaced ideographs count a word for every two characters, spaced words one each")
    func wordsOfUnspacedText() {
        #expect(CJKText.wordCount("许多歌曲从来没有被写下来，只是") == 7)
        #expect(CJKText.wordCount("价格") == 1)
        #expect(CJKText.wordCount("型号 A-1") == 2)
        #expect(CJKText.wordCount("rivers carve their valleys") == 4)
        #expect(CJKText.wordCount("") == 0)
    }

    @Test func aChineseLineEndingInAHyphenIsNotDehyphenated() {
        #expect(TextCleaner.clean("型号 A-\n1 和 B-\n2") == "型号A-1和B-2")
        #expect(TextCleaner.clean("中文-\n句子") == "中文-句子")
    }

    @Test func mixedLinesJoinWithASpaceOnlyBetweenLatinWords() {
        #expect(TextCleaner.clean("版本 2.0 支持\nPython and\nJava 语言") == "版本2.0支持Python and Java语言")
    }
}
