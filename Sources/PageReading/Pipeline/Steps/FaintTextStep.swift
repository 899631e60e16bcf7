// Step "faint": light grey print (headings in a pale colour, small grey lists) falls under Sauvola's threshold and is
// never read. Look for letters on the grey page with a gentler threshold where no recognised line is, and read those
// regions from the grey page itself: Tesseract's own threshold on a crop that holds only the faint print and paper
// separates them cleanly.
import Foundation
import Imaging
import Support

struct FaintTextStep: PageStep {
    let name = "faint"

    /// Faint print is what our threshold lost.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) && config.binarises }
    /// Sauvola factor of the gentle threshold (the page's own uses 0.3): keeps print a few grey levels off the paper.
    var factor = 0.1
    /// Lines read in a faint region are kept from this confidence up (the line filter judges them again after).
    var minimumConfidence = 0.6
    /// A faint region is a few lines at most: this many x-heights tall.
    var maximumHeight = 8.0
    /// ...where the page's own threshold kept less than this share of the ink the gentle one sees.
    var faintShare = 0.35
    /// A recognised line at least three x-heights wide and under this confidence is faint print the page's threshold
    /// broke when that threshold kept much less ink than the gentle one sees: it is read again from the grey page
    /// (the filter drops lines this unsure).
    var brokenConfidence = 0.3
    /// ...and where the page's threshold kept less than this share of the ink the gentle one sees (strokes broken).
    var brokenShare = 0.5

    /// Dark pixels of `image` inside `region`.
    static func ink(_ image: GrayImage, in region: PixelBox) -> Int {
        let x0 = max(0, region.x), x1 = min(image.width, region.maxX), y0 = max(0, region.y), y1 = min(image.height, region.maxY)
        guard x1 > x0, y1 > y0 else { return 0 }
        var n = 0
        for y in y0..<y1 {
            let row = y * image.width
            for x in x0..<x1 where image.bytes[row + x] < 128 { n += 1 }
        }
        return n
    }

    /// `box` with every coordinate multiplied by `factor` (and truncated).
    static func resized(_ box: PixelBox, by factor: Double) -> PixelBox {
        PixelBox(
            x: Int(Double(box.x) * factor), y: Int(Double(box.y) * factor), width: Int(Double(box.width) * factor),
            height: Int(Double(box.height) * factor))
    }

    /// In the full-size `box`: the ink the page's threshold kept (`read`, counted in pixels of the `half`-size copy)
    /// and the ink the gentle threshold sees (`soft`, that copy).
    static func ink(kept read: GrayImage, seen soft: GrayImage, in box: PixelBox, half: Double) -> (kept: Double, seen: Double) {
        (Double(ink(read, in: box)) * half * half, Double(ink(soft, in: resized(box, by: half))))
    }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let grey = state.unbinarised, let read = state.recognised else { return }
        // Looked for on a half-size copy (x-height about 10 px: letters are still whole), read at full size.
        let x = state.xHeightOrTarget, half = 0.5
        guard let small = await offload({ grey.scaled(by: half) }),
            let gentle = await PageSauvola(halfWindow: max(4, Int(state.config.targetXHeight * half)), factor: factor).binarise(small),
            let soft = await offload({ gentle.grayImage() })
        else { return }
        // A faint heading is one short line ("3.1. Water"): five letters, three x-heights wide, its number a tab away.
        let recovery = MissedTextRecovery(
            xHeight: x * half, minimumComponents: 5, minimumShare: 0, minimumLettersPerRegion: 5, minimumRegionWidth: 3, joinGap: 4)
        let found = state.lines.map { line in
            var l = line
            l.box = Self.resized(l.box, by: half)
            return l
        }
        let tallest = maximumHeight * x * half, share = faintShare, margin = Int(x * half)
        let regions: [PixelBox] = await offload {
            recovery.missedRegions(in: gentle, lines: found).filter { region in
                // Against the frame's edge lie the facing page, the table and the page's own edge, not print.
                guard Double(region.height) <= tallest, region.x > margin, region.y > margin, region.maxX < soft.width - margin,
                    region.maxY < soft.height - margin
                else { return false }
                // Faint means the page's own threshold kept little of what the gentle one sees here: texture, edges
                // and pictures the page reading skipped look the same under both and are left alone.
                let (kept, seen) = Self.ink(kept: read, seen: soft, in: Self.resized(region, by: 1 / half), half: half)
                return seen > 0 && kept < share * seen
            }.map { Self.resized($0, by: 1 / half) }
        }
        // Lines read from faint print the page's threshold broke: read, but so unsurely that the filter would drop them,
        // where that threshold kept as little of the ink as in a faint region.
        let lines = state.lines, brokenBelow = brokenConfidence, brokenShare = brokenShare
        let broken: [Int] = await offload {
            lines.indices.filter { i in
                let box = lines[i].box
                guard lines[i].confidence < brokenBelow, Double(box.height) <= tallest / half, Double(box.width) >= 3 * x else { return false }
                let (kept, seen) = Self.ink(kept: read, seen: soft, in: box, half: half)
                if traceLevel >= 3 { trace("faint: unsure line \(box) kept \(Int(kept)) of \(Int(seen))") }
                return seen > 0 && kept < brokenShare * seen
            }
        }
        guard !regions.isEmpty || !broken.isEmpty, let greyBytes = await offload({ grey.grayImage() }) else { return }
        trace("faint: \(regions), broken lines \(broken.map { state.lines[$0].box })")
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        // Every region read at once on the workers; taken in their order.
        let jobs = regions.map { ($0, nil as Int?) } + broken.map { (state.lines[$0].box, $0 as Int?) }
        let crops = jobs.compactMap { job in MissedTextRecovery.crop(greyBytes, to: job.0).map { (job.0, job.1, $0) } }
        let results = try await engine.recognizeAll(crops.map { ($0.2, request) })
        var replaced: [Int] = []
        for ((region, line, _), extra) in zip(crops, results) {
            let sure = extra.lines.filter { $0.confidence >= minimumConfidence && $0.text.contains(where: \.isLetter) }
            trace("faint: \(region) read \(extra.lines.map { "\($0.text) \(String(format: "%.2f", $0.confidence))" })")
            if let line {
                // A broken line is replaced only by a surer reading of the same place.
                guard !sure.isEmpty else { continue }
                replaced.append(line)
            }
            state.appendBlock(sure, readAt: region)
            // The region is a row of letters the gentle threshold found: later steps judge words against it.
            if !sure.isEmpty, line == nil { state.inkLines?.append(InkLine(box: region, letters: [], letterHeight: x)) }
        }
        for i in replaced.sorted(by: >) { state.lines.remove(at: i) }
    }
}
