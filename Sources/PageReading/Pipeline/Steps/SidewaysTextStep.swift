// Step "sideways": a line standing upright in the page (text running down a margin) reads as garbage across; take
// it out of the rows it would break, read it turned, and put it after the page's text, like a sidebar.
import Foundation
import Imaging
import Support

struct SidewaysTextStep: PageStep {
    let name = "sideways"
    /// A line box this many times taller than wide, and this many typical lines tall, is text running sideways.
    var minimumAspect = 3.0
    var minimumLineHeights = 4.0
    /// At most this many sideways lines are read again (each costs a recognition).
    var maximumLines = 3

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let flat = state.lines.filter { $0.box.width > $0.box.height }.map(\.box.height).sorted()
        guard !flat.isEmpty else { return }
        let lineHeight = Double(flat[flat.count / 2])
        let sideways = state.lines.filter {
            Double($0.box.height) >= minimumAspect * Double($0.box.width) && Double($0.box.height) >= minimumLineHeights * lineHeight
        }
        guard !sideways.isEmpty else { return }
        let boxes = Set(sideways.map(\.box))
        state.lines.removeAll { boxes.contains($0.box) }
        trace("sideways: \(sideways.count) line(s)")
        guard let page = state.recognised else { return }
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        // A tall box holding rows of letters that run across is a column of short lines the engine took for text
        // running down (a column of prices): it is not read turned; the recover step reads its rows.
        let across = state.inkLines ?? []
        let turned = sideways.filter { line in across.filter { $0.box.width > $0.box.height && line.box.intersectionArea($0.box) > 0 }.count < 2 }
        var read: [(line: RecognizedLine, lines: [RecognizedLine])] = []
        for line in turned.sorted(by: { $0.box.x < $1.box.x }).prefix(maximumLines) {
            let pad = Int(lineHeight / 2)
            let region = PixelBox(x: line.box.x - pad, y: line.box.y - pad, width: line.box.width + 2 * pad, height: line.box.height + 2 * pad)
            guard let crop = MissedTextRecovery.crop(page, to: region) else { continue }
            read.append(
                (line, try await Self.readTurned(crop, request: request, engine: engine, minimumConfidence: state.config.minimumLineConfidence)))
        }
        // Text the margin step found running down and read is read once: the lines here that overlap its strip, or
        // the margin step's reading of it, whichever reads more sure text.
        for strip in state.marginStrips {
            let overlapping = read.indices.filter { read[$0].line.box.intersectionArea(strip.box) > 0 }
            guard !overlapping.isEmpty else { continue }
            let here = RecogniseStep.sureText(overlapping.flatMap { read[$0].lines })
            let there = RecogniseStep.sureText(state.trailingLines.filter { $0.block == strip.block })
            trace("sideways: \(overlapping.count) line(s) over the margin's strip \(strip.box), sure text \(Int(here)) here, \(Int(there)) there")
            if here > there {
                state.trailingLines.removeAll { $0.block == strip.block }
            } else {
                for i in overlapping { read[i].lines = [] }
            }
        }
        for (line, lines) in read {
            // The words keep their spans; their boxes are in the turned crop's pixels, so they are dropped.
            state.trailingLines += lines.map {
                RecognizedLine(
                    text: $0.text, box: line.box, confidence: $0.confidence, block: line.block, paragraph: line.paragraph,
                    words: $0.words.map(\.withoutBox))
            }
        }
    }

    /// The lines of `crop`, text standing upright in it, read turned both ways; the surer reading, when it is sure
    /// (four letters or more, a mean confidence of 0.6 or more), else nothing.
    static func readTurned(
        _ crop: GrayImage, request: RecognitionRequest, engine: any OCREngine, minimumConfidence: Double
    ) async throws -> [RecognizedLine] {
        guard let image = LeptonicaImage(gray: crop) else { return [] }
        // Text running down reads after a quarter turn anticlockwise, text running up after one clockwise: both
        // read at once, compared in that order.
        let both = await offload { [3, 1].compactMap { image.rotatedQuarterTurns($0)?.grayImage() } }
        var best: (score: Double, lines: [RecognizedLine]) = (0, [])
        for result in try await engine.recognizeAll(both.map { ($0, request) }) {
            let kept = result.lines.filter { LineFilter.keeps($0, minimumConfidence: minimumConfidence) }
            let score = RecogniseStep.sureText(kept)
            if score > best.score { best = (score, kept) }
        }
        // Only sure readings come back; the rest was never going to be text a person wants.
        let letters = best.lines.reduce(0) { $0 + $1.text.filter(\.isLetter).count }
        let mean = best.lines.isEmpty ? 0 : best.lines.map(\.confidence).reduce(0, +) / Double(best.lines.count)
        return letters >= 4 && mean >= 0.6 ? best.lines : []
    }
}
