// Drafts from a scan's text (no HTTP): the five drafts of a generation, numbered so that writing again from the same
// text asks for a new variation, and another version of one tone, with the earlier ones kept.
import AIClient
import Foundation
import PostWriting
import Storage
import Support
import Words

public struct DraftWorkflow: Sendable {
    public let scans: any ScanRepository
    public let generations: any GenerationRepository
    /// The OCR languages' word list (nil when none is installed): the writer quotes only real words.
    public let words: (any WordList)?

    public init(scans: any ScanRepository, generations: any GenerationRepository, words: (any WordList)?) {
        self.scans = scans
        self.generations = generations
        self.words = words
    }

    /// Five drafts from `text` (the scan's saved text, not empty), stored as a new generation. Each generation of the
    /// same text asks for a new variation, and is told the drafts the last one wrote, so drafts written again differ.
    public func generate(for scan: Scan, text: String, with writer: any PostGenerator) async throws -> Generation {
        let variation = try await generations.count(scanId: scan.id, sourceText: text)
        var earlier: [String] = []
        if variation > 0, let latest = try await generations.latestId(scanId: scan.id),
            let previous = try await generations.generation(id: latest, scanId: scan.id), previous.sourceText == text
        {
            earlier = previous.drafts.map(\.text) + previous.earlier.flatMap { $0.map(\.text) }
        }
        let variants = try await writer.write(
            DraftRequest(
                excerpt: text, bookTitle: scan.book.nilIfEmpty, author: scan.author.nilIfEmpty, variation: variation, earlier: earlier,
                reading: try await evidence(for: scan)))
        return try await generations.insert(
            scanId: scan.id, writer: writer.displayName, sourceText: text,
            drafts: variants.map { Draft(tone: $0.tone.rawValue, text: $0.text, note: $0.note) })
    }

    /// One new draft in the tone at `position` becomes its current version; the earlier ones (the card's text as
    /// on screen, `typed`, first) stay under it and the writer is asked for something else. The other cards are not
    /// touched.
    public func writeAnother(in generation: Generation, scanId: String, position: Int, typed: String?, with writer: any PostGenerator)
        async throws
    {
        let current = generation.drafts[position]
        guard let tone = Tone(rawValue: current.tone) else { throw InvalidInputError("This draft's tone is unknown.", code: "bad_tone") }
        let scan = try await scans.scan(id: scanId)
        let earlier = [typed ?? current.text] + generation.earlier[position].map(\.text)
        let reading = if let scan { try await evidence(for: scan) } else { ReadingEvidence() }
        let variants = try await writer.write(
            DraftRequest(
                excerpt: generation.sourceText, bookTitle: scan?.book.nilIfEmpty, author: scan?.author.nilIfEmpty, tones: [tone],
                variation: earlier.count, earlier: earlier, reading: reading))
        guard let variant = variants.first else { throw AIError(.incompleteReply(missing: "\(tone.displayName.lowercased()) draft")) }
        _ = try await generations.addVersion(
            generationId: generation.id, scanId: scanId, position: position,
            draft: Draft(tone: tone.rawValue, text: variant.text, note: variant.note), writer: writer.displayName)
    }

    /// How the scan's text was read, so the writer quotes nothing doubtful.
    public func evidence(for scan: Scan) async throws -> ReadingEvidence {
        ReadingEvidence(
            lines: (try? await scans.lines(ofScan: scan.id)) ?? [], words: words, cameraText: scan.ocrText,
            confirmed: (try? await scans.confirmedWords(ofScan: scan.id)) ?? [])
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
