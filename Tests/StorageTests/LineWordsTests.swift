// Each line's words are kept with the scan, and the words a person confirmed as read outlive reloads, not a new reading.
import Foundation
import GRDB
import Support
import Testing

@testable import Storage

@Suite("Line words and confirmed words")
struct LineWordsTests {
    @Test("A line's words come back as stored; lines stored without words have none")
    func wordsRoundTrip() async throws {
        let scans = SQLiteScanRepository(database: try .inMemory())
        var reading = StorageTests.sampleScan("Add the Hour")
        reading.lines[0].words = [
            TextWord(text: "Add", start: 0, end: 0.2, confidence: 0.96, rival: 0),
            TextWord(text: "the", start: 0.25, end: 0.45, confidence: 0.95, rival: 0.1, inDictionary: true),
            TextWord(text: "Hour", start: 0.5, end: 0.98, confidence: 0.8812345, rival: 0.7412345, inDictionary: true),
        ]
        reading.lines[0].words?[0].parts = [WordPart(text: "Add", confidence: 0.9612345, rival: 0.1)]
        let scan = try await scans.insert(reading, original: nil)
        let lines = try await scans.lines(ofScan: scan.id)
        #expect(lines[0].words?.map(\.text) == ["Add", "the", "Hour"])
        #expect(lines[0].words?[2].confidence == 0.881 && lines[0].words?[2].rival == 0.741 && lines[0].words?[2].inDictionary == true)
        #expect(lines[0].words?[0].parts == [WordPart(text: "Add", confidence: 0.961, rival: 0.1)], "pieces are kept, rounded like words")
        #expect(lines[0].words?[1].parts == nil)
        #expect(lines[1].words == nil)
    }

    @Test("Confirmed words add up, ignore nonsense indices, and are forgotten when the photo is read again")
    func confirmations() async throws {
        let scans = SQLiteScanRepository(database: try .inMemory())
        let scan = try await scans.insert(StorageTests.sampleScan("Add the Hour and stir."), original: nil)
        #expect(try await scans.confirmedWords(ofScan: scan.id).isEmpty)
        try await scans.confirmWords(ofScan: scan.id, [2])
        try await scans.confirmWords(ofScan: scan.id, [4, -1, 2])
        #expect(try await scans.confirmedWords(ofScan: scan.id) == [2, 4])
        _ = try await scans.replaceReadings(ofScan: scan.id, [(0, StorageTests.sampleScan("Add the flour and stir."))]) { $0.joined() }
        #expect(try await scans.confirmedWords(ofScan: scan.id).isEmpty)
    }
}
