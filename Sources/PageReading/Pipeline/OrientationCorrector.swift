// Step "orient": which way up is the page? Tesseract OSD, confirmed by recognising samples when OSD is unsure.
import Foundation
import Imaging
import Support

struct OrientationCorrector: Sendable {
    var engine: any OCREngine
    var languages: [String]
    /// OSD confidences at or above this are taken as they are.
    var confidenceThreshold: Double
    /// Leptonica up-confidence above which (with no sign of a sideways page) the page is taken as upright.
    var uprightConfidence: Double = 3
    /// Leptonica confidence from which a page is taken as plainly sideways (left) or upside down (up, negative)
    /// without asking OSD; the other direction's confidence must be at most 1/2.5 of it.
    var sidewaysConfidence: Double = 7
    /// Leptonica confidence from which the statistics lean to a turn (the larger direction's sign names it), short
    /// of naming it plainly: enough to side with OSD's unsure guess against samples that all read unsurely.
    var leaningConfidence: Double = 3
    /// How many times sharper the rows of letters must be one way than the other to say plainly which way they run
    /// (a page's own lines score 15–30 times; a table's grain or a few lines of print far less).
    var plainRows: Double = 4
    /// Scale of the copy handed to OSD.
    /// At half the working scale (x-height ~10 px) OSD's letter classifier sees too few pixels per letter and
    /// goes unsure or wrong on pages it reads surely at 0.75 (x-height ~15 px).
    var osdScale: Double = 0.75
    /// Side of the central square of the page (page pixels) that OSD is shown: at an x-height of 20 px, some 30
    /// lines of 80 letters.
    var osdSide: Int = 1600
    /// A sample score at least this high (mean confidence × a full sample's worth of letters) is a sure reading:
    /// sideways or upside-down print reads as a few unsure fragments (scores 0.1–0.25), upright print as whole
    /// sure lines (0.7).
    var sureReading: Double = 0.45
    /// The least sample score that turns a page from OSD's guess (or from as it lies): a few letters read surely (about
    /// six of a full sample's 200). A line or two of print ("Question 1", "TOTAL 12.50") reads as a handful of unsure
    /// letters every way up, and a turn chosen among such crumbs turned upright labels sideways and lost them.
    var leastEvidence: Double = 0.03
    /// Side of the square sample recognised at each candidate turn.
    var sampleSide: Int = 900
    /// Letters in a sample full of print (a 900-px square at an x-height of 20 px holds about 200 lines' worth).
    var fullSample: Int { 200 * sampleSide * sampleSide / (900 * 900) }
    /// x-height of the print in the page's pixels.
    var xHeight: Double = 20
    /// The scale step measured the print larger turned a quarter. Leptonica's statistics then do not settle an
    /// upright page alone: on a receipt lying sideways they have scored "upright" at 4.6 (the threshold is 3).
    var printMeasuredSideways = false

    /// Quarter turns clockwise that make `page` upright.
    func quarterTurns(for page: LeptonicaImage) async throws -> Int {
        // Fast path: Leptonica's ascender/descender statistics are quick and reliable when the page is plainly
        // upright; only otherwise ask Tesseract's OSD. The rows of letters say which way the lines run.
        let x = xHeight
        let (osdSide, sampleSide) = (osdSide, sampleSide)
        let (quick, lines, osdCentre, sampleCentre) = await offload {
            () -> ((up: Double, left: Double)?, LineDirection?, (x: Int, y: Int)?, (x: Int, y: Int)?) in
            let half = page.scaled(by: 0.5)
            let binary = half?.sauvolaBinarised(halfWindow: 8, factor: 0.34)
            // The ink and paper are summed once for both squares.
            let density = binary?.grayImage().flatMap { ink in half?.grayImage().flatMap { PrintDensity(ink: ink, grey: $0) } }
            func centre(_ side: Int) -> (x: Int, y: Int)? {
                guard let c = density?.centre(side: side / 2) else { return nil }
                return (2 * c.x, 2 * c.y)
            }
            return (
                binary?.textOrientationConfidence(), binary.flatMap { LineDirection.measure($0, xHeight: x / 2) }, centre(osdSide),
                centre(sampleSide)
            )
        }
        if osdCentre != nil || sampleCentre != nil {
            trace(
                "orient: the print lies off the page's middle: OSD's square centred at \(osdCentre.map { "\($0)" } ?? "the middle"), samples' at \(sampleCentre.map { "\($0)" } ?? "the middle")"
            )
        }
        trace("orient: leptonica up \(quick?.up ?? .nan) left \(quick?.left ?? .nan)")
        if let lines { trace("orient: lines \(lines)") }
        if let quick, quick.up >= uprightConfidence, abs(quick.left) * 3 < quick.up {
            guard printMeasuredSideways else { return 0 }
            trace("orient: the statistics say upright, but the print measured sideways: OSD decides")
        }
        // Turning on these statistics alone is for the Latin alphabet, whose letters they count; a zero `left` means
        // too few letters were counted the other way to compare.
        let latin = !languages.isEmpty && languages.allSatisfy { RecognitionLanguage(code: $0)?.isLatinScript == true }
        // Plainly upside down or sideways by the same statistics (Leptonica's own decision rule: confidence 7, ratio
        // 2.5): a strongly negative `up` is text upside down; a positive `left` is text turned a quarter
        // anticlockwise, so one clockwise turn puts it upright.
        if latin, let quick, quick.left != 0, -quick.up >= sidewaysConfidence, abs(quick.up) >= 2.5 * abs(quick.left) {
            trace("orient: plainly upside down")
            return try await confirmed(2, page: page, lines: lines, centre: sampleCentre)
        }
        if latin, let quick, quick.up != 0, abs(quick.left) >= sidewaysConfidence, abs(quick.left) >= 2.5 * abs(quick.up) {
            trace("orient: plainly sideways")
            return try await confirmed(quick.left > 0 ? 1 : 3, page: page, lines: lines, centre: sampleCentre)
        }
        // Where the other direction counted too few letters to compare (zero), the rows of letters stand in for it:
        // a sure statistic for a turn agrees with rows that plainly run that way (sharper by `plainRows` times).
        if latin, let quick, let lines, let turns = plainTurnAlongRows(quick, lines) {
            trace("orient: plainly \(turns) turns, along the rows")
            return try await confirmed(turns, page: page, lines: lines, centre: sampleCentre)
        }

        // OSD needs fewer pixels than recognition: three quarters of the working scale (x-height ~15 px).
        // OSD's time goes mostly into laying out the whole page it is given; a central square of the page holds far
        // more letters than the few hundred it judges.
        let factor = osdScale
        guard
            let gray = await offload({ () -> GrayImage? in
                Self.square(of: page, side: osdSide, centre: osdCentre)?.scaled(by: factor)?.grayImage()
            })
        else { return 0 }
        let estimate = try await engine.detectOrientation(gray)
        trace("orient: OSD \(estimate.map { "\($0.quarterTurnsClockwise) turns, confidence \($0.confidence)" } ?? "none")")
        // A sure quarter turn is checked against its upside-down twin only (see below).
        var twinOnly = false
        if let estimate, estimate.confidence >= confidenceThreshold {
            // OSD's sure guess stands unless Leptonica's statistics plainly name another turn (two estimates at odds:
            // the samples decide; OSD turned an out-of-focus page upside down at confidence 3).
            if latin, let named = quick.flatMap(plainTurn), named != estimate.quarterTurnsClockwise {
                trace("orient: OSD says \(estimate.quarterTurnsClockwise) turns, Leptonica plainly \(named): reading samples")
            } else if estimate.quarterTurnsClockwise % 2 == 1 {
                // Sideways print: OSD names the right axis the wrong way round far more often than the wrong axis
                // (a receipt lying sideways at confidence 3.6), so the guess and its twin are read, one sample each.
                twinOnly = true
            } else {
                return estimate.quarterTurnsClockwise
            }
        }

        // Doubtful: read a central sample at each turn, levelled by the lines' own tilt, and keep the one the
        // recogniser is surest of.
        // Keep the page as it is (or OSD's guess) unless another turn reads clearly better; ties must not depend
        // on which sample finished first.
        let fallback = estimate?.quarterTurnsClockwise ?? 0
        // Samples moved to the densest print are read only when the page's middle does not settle it: blur spreads
        // ink, and the densest square of a blurred page lay beside its letters (a book page, read sideways from
        // samples that read next to nothing, where its middle reads surely).
        if sampleCentre != nil {
            let middle = try await scores(await samples(of: page, turns: [fallback, (fallback + 2) % 4], lines: lines))
            if let turns = settled(middle, guess: fallback, at: "at the middle ") { return turns }
        }
        let samples = await samples(of: page, turns: Array(0..<4), lines: lines, centre: sampleCentre)
        func read(_ turns: [Int]) async throws -> [(Int, Double)] { try await scores(samples.filter { turns.contains($0.turns) }) }
        // First the guess and its upside-down twin (one round on two workers).
        var scored = try await read([fallback, (fallback + 2) % 4])
        if let turns = settled(scored, guess: fallback) { return turns }
        let guess = scored.first { $0.0 == fallback }?.1 ?? 0
        // OSD's sure sideways guess stands unless its twin reads surely instead.
        if twinOnly {
            trace("orient: samples \(scored.sorted { $0.0 < $1.0 }), OSD's sure guess stands")
            return fallback
        }
        scored += try await read([(fallback + 1) % 4, (fallback + 3) % 4])
        trace("orient: samples \(scored.sorted { $0.0 < $1.0 })")
        let baseline = guess
        guard let best = scored.sorted(by: { $0.0 < $1.0 }).max(by: { $0.1 < $1.1 }), best.1 >= leastEvidence,
            best.1 > baseline * 1.15
        else { return fallback }
        // Samples that all read unsurely only lean (a curled page's middle reads as fragments every way up): they
        // do not overrule OSD's guess where Leptonica's statistics lean the same way, two estimates against one.
        if best.1 < sureReading, estimate != nil, latin, let quick, turn(namedBy: quick, from: leaningConfidence) == fallback {
            trace("orient: no sample reads surely; OSD's guess and Leptonica's statistics both say \(fallback)")
            return fallback
        }
        return best.0
    }

    /// The turn that samples of `guess` and its upside-down twin settle, or nil: a sure reading of real text that
    /// the other does not match (at least twice its score). OSD often names the right axis the wrong way round, so a
    /// twin that reads surely where the guess does not settles it just as well.
    func settled(_ scored: [(Int, Double)], guess: Int, at place: String = "") -> Int? {
        let mine = scored.first { $0.0 == guess }?.1 ?? 0, twin = scored.first { $0.0 != guess }?.1 ?? 0
        if mine >= sureReading, mine >= twin * 2 {
            trace("orient: samples \(place)\(scored.sorted { $0.0 < $1.0 }), the guess reads surely")
            return guess
        }
        if twin >= sureReading, twin >= mine * 2 {
            trace("orient: samples \(place)\(scored.sorted { $0.0 < $1.0 }), the guess's twin reads surely")
            return (guess + 2) % 4
        }
        return nil
    }

    /// A turn Leptonica's statistics name plainly, unless the page reads surely as it lies and at least twice as well
    /// as turned: the ascender and descender counts are all they weigh, and small print scaled up has reversed them
    /// (a clean upright page taken for upside down, then read as nothing). One round of two samples on two workers.
    /// A quarter turn whose rows plainly run down (`rowsRunDown`) needs no samples: the page as it lies cannot read
    /// surely across rows that run the other way, so the round would only confirm it (at a quarter to three quarters
    /// of a second on two workers).
    func confirmed(_ named: Int, page: LeptonicaImage, lines: LineDirection?, centre: (x: Int, y: Int)? = nil) async throws -> Int {
        guard named != 0 else { return 0 }
        if named % 2 == 1, let lines, rowsRunDown(lines) {
            trace("orient: the rows plainly run down: \(named) turns without samples")
            return named
        }
        let scored = try await scores(await samples(of: page, turns: [0, named], lines: lines, centre: centre))
        let asItLies = scored.first { $0.0 == 0 }?.1 ?? 0, turned = scored.first { $0.0 == named }?.1 ?? 0
        if asItLies >= sureReading, asItLies >= 2 * turned {
            trace("orient: samples \(scored.sorted { $0.0 < $1.0 }): the page reads surely as it lies, not turned \(named)")
            return 0
        }
        return named
    }

    /// Squares of the page (`sampleSide`) at each of `turns`, each levelled by the rows' own tilt: central, or centred
    /// at `centre` (see `PrintDensity.centre`).
    func samples(of page: LeptonicaImage, turns: [Int], lines: LineDirection?, centre: (x: Int, y: Int)? = nil) async -> [(
        turns: Int, image: GrayImage
    )] {
        let side = sampleSide, x = xHeight
        return await offload {
            guard let cut = Self.square(of: page, side: side, centre: centre, wholeWhenSmall: true) else { return [] }
            let crop = Self.withoutLeadersOrRules(cut, xHeight: x)
            return turns.compactMap { t in
                let turned = crop.rotatedQuarterTurns(t)
                let level = lines?.levelling(forQuarterTurns: t) ?? 0
                let levelled = abs(level) >= 0.5 ? turned?.rotated(degrees: level) : turned
                return levelled?.grayImage().map { (t, $0) }
            }
        }
    }

    /// The square of `page` with sides `side` (or the page's, if shorter) centred at `centre`, kept inside the page;
    /// the central square without one; with `wholeWhenSmall`, the whole page when it is at most half as large again as
    /// the square.
    static func square(of page: LeptonicaImage, side: Int, centre: (x: Int, y: Int)?, wholeWhenSmall: Bool = false) -> LeptonicaImage? {
        // A sample of a page at most half as large again is the whole page: a square cut from it may cut its only
        // word in two. (OSD judges its own letters: it keeps its square.)
        if wholeWhenSmall, 2 * page.width <= 3 * side, 2 * page.height <= 3 * side { return page }
        let w = min(page.width, side), h = min(page.height, side)
        let cx = centre?.x ?? page.width / 2, cy = centre?.y ?? page.height / 2
        return page.cropped(x: max(0, min(page.width - w, cx - w / 2)), y: max(0, min(page.height - h, cy - h / 2)), width: w, height: h)
    }

    /// Where the print lies on a page: its ink (a binarised page, ink dark) and its grey, summed once for squares of
    /// any size.
    struct PrintDensity {
        let width: Int
        let height: Int
        /// The paper's grey: the page's 90th percentile.
        let paper: Int
        let ink: SummedArea
        let grey: SummedArea

        /// Nil when the two images differ in size.
        init?(ink: GrayImage, grey: GrayImage) {
            guard grey.width == ink.width, grey.height == ink.height else { return nil }
            let width = ink.width
            self.width = width
            height = ink.height
            paper = grey.grey(atShare: 9, of: 10)
            self.grey = SummedArea(grey)
            self.ink = SummedArea(width: width, height: ink.height) { x, y in ink.bytes[y * width + x] < 128 ? 1 : 0 }
        }

        /// The centre of the square of `side` pixels that holds the most print, when the central square holds less
        /// than half as much: the middle of a page of short lines set to one side (code, a list) is blank, and a
        /// sample or OSD shown blank paper reads crumbs any way up. (At four fifths, pages whose middle holds some
        /// print moved to denser squares that took a quarter of a second longer to read.) Only squares of paper are
        /// tried: their mean grey is at least four fifths of the paper's; a carpet's or asphalt's grain beside a
        /// receipt is dense "ink" too, and samples cut there read noise every way up. Nil to keep the central square.
        /// The squares are tried on a grid of an eighth of their side.
        func centre(side: Int) -> (x: Int, y: Int)? {
            let w = min(width, side), h = min(height, side)
            guard width > w || height > h else { return nil }
            func sum(_ sums: SummedArea, _ x: Int, _ y: Int) -> Int { sums.sum(x0: x, y0: y, x1: x + w, y1: y + h) }
            func isPaper(_ x: Int, _ y: Int) -> Bool { 5 * sum(grey, x, y) >= 4 * paper * w * h }
            let central = sum(ink, (width - w) / 2, (height - h) / 2)
            let step = max(1, side / 8)
            var best = (x: (width - w) / 2, y: (height - h) / 2, ink: central)
            for y in Array(stride(from: 0, through: height - h, by: step)) + [height - h] {
                for x in Array(stride(from: 0, through: width - w, by: step)) + [width - w] where sum(ink, x, y) > best.ink && isPaper(x, y) {
                    best = (x, y, sum(ink, x, y))
                }
            }
            guard 2 * central < best.ink else { return nil }
            return (best.x + w / 2, best.y + h / 2)
        }
    }

    /// The sample with its dot leaders and rules painted the paper's grey: a receipt's rows of dots read as garbled
    /// letters upright, and a table's grid of rules around small print garbles its cells, both tipping the samples
    /// towards a quarter turn. A rule is a piece at least 8 x-heights long and 8 times as long as it is thick, or a
    /// grid or frame that long filling at most 15 % of its box. A sample without either is handed back as it is.
    static func withoutLeadersOrRules(_ sample: LeptonicaImage, xHeight: Double) -> LeptonicaImage {
        guard let binary = sample.sauvolaBinarised()?.grayImage(), let gray = sample.grayImage(),
            binary.width == gray.width, binary.height == gray.height
        else { return sample }
        let ink = InkComponents(binary)
        let (lines, short) = TextLineFinder(xHeight: xHeight).find(in: ink)
        let leaders = LeaderDots(xHeight: xHeight).find(in: ink, lines: lines + short)
        // A table's rules and grid, a box's frame: long, thin pieces no letter is.
        let rules = ink.components.indices.filter { i in
            let box = ink.components[i].box
            let long = Double(max(box.width, box.height)), short = Double(max(1, min(box.width, box.height)))
            return long >= 8 * xHeight && (long >= 8 * short || ink.components[i].fill <= 0.15)
        }
        let marks = leaders + rules
        guard !marks.isEmpty else { return sample }
        // The paper's grey: the sample's upper quartile, read off its histogram.
        var counts = [Int](repeating: 0, count: 256)
        for byte in gray.bytes { counts[Int(byte)] += 1 }
        var paper: UInt8 = 255, below = 0
        for (value, count) in counts.enumerated() where count > 0 {
            below += count
            if below > gray.bytes.count * 3 / 4 {
                paper = UInt8(value)
                break
            }
        }
        return LeptonicaImage(gray: ink.painting(marks, value: paper, grow: 1, on: gray)) ?? sample
    }

    /// Each sample's `score`, read at once (one sample per worker). psm 6 (one uniform block) reads only horizontal
    /// lines; psm 3 would find sideways text and read it anyway, scoring 0° and 90° alike.
    func scores(_ samples: [(turns: Int, image: GrayImage)]) async throws -> [(Int, Double)] {
        let request = RecognitionRequest(languages: languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        let engine = engine
        return try await withThrowingTaskGroup(of: (Int, Double).self) { group in
            for sample in samples {
                group.addTask {
                    let result = try await engine.recognize(sample.image, request: request)
                    return (sample.turns, score(result))
                }
            }
            var all: [(Int, Double)] = []
            for try await s in group { all.append(s) }
            return all
        }
    }

    /// The turn Leptonica's statistics name surely (at least `sidewaysConfidence`) when the other direction counted
    /// nothing (zero) and the rows of letters plainly run the way that turn says (sharper across than down by
    /// `plainRows` times for upright or upside down, the reverse for sideways); nil otherwise.
    func plainTurnAlongRows(_ quick: (up: Double, left: Double), _ lines: LineDirection) -> Int? {
        if quick.up == 0, abs(quick.left) >= sidewaysConfidence, rowsRunDown(lines) {
            return quick.left > 0 ? 1 : 3
        }
        if quick.left == 0, -quick.up >= sidewaysConfidence, lines.across.score >= plainRows * max(1, lines.down.score) { return 2 }
        return nil
    }

    /// Whether the rows of letters plainly run down the page as it lies: sharper turned a quarter than across by
    /// `plainRows` times.
    func rowsRunDown(_ lines: LineDirection) -> Bool { lines.down.score >= plainRows * max(1, lines.across.score) }

    /// The turn Leptonica's ascender statistics name with a confidence of at least `sidewaysConfidence` (up for
    /// upright or upside down, left for the two sideways turns; the larger decides), or nil when neither is that sure.
    func plainTurn(_ quick: (up: Double, left: Double)) -> Int? {
        turn(namedBy: quick, from: sidewaysConfidence)
    }

    /// The turn Leptonica's statistics name from a confidence of `threshold` (the larger direction decides), or nil.
    func turn(namedBy quick: (up: Double, left: Double), from threshold: Double) -> Int? {
        guard max(abs(quick.up), abs(quick.left)) >= threshold else { return nil }
        if abs(quick.up) >= abs(quick.left) { return quick.up > 0 ? 0 : 2 }
        return quick.left > 0 ? 1 : 3
    }

    /// Confidence weighted by how much real text came out: upside-down text reads as a few unsure symbols. Digits
    /// count with letters: a page number or a price is text ("Page 12 of 40" holds six letters).
    func score(_ result: RecognitionResult) -> Double {
        var letters = 0, weighted = 0.0
        for line in result.lines {
            let n = line.text.unicodeScalars.filter { CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0) }.count
            letters += n
            weighted += Double(n) * line.confidence
        }
        guard letters >= 8 else { return 0 }
        return weighted / Double(letters) * min(1, Double(letters) / Double(fullSample))
    }
}

/// How sharp the page's rows of letters are when read across (as it lies, give or take 15°) and when read down
/// (turned a quarter, give or take 15°), and the turn that makes each sharpest: the tilt that levels an
/// orientation sample. The rows are averaged over an x-height first, so the gaps between the letters of a
/// monospaced face (code, receipts) do not count as rows of their own. Which way the lines run is not decided from
/// this: rows of texture (a table's grain under a receipt) can be sharper than the letters' rows.
struct LineDirection: Sendable, CustomStringConvertible {
    /// Clockwise turn (degrees, near 0) that makes the rows sharpest, and how sharp.
    var across: (degrees: Double, score: Double)
    /// The same near 90°.
    var down: (degrees: Double, score: Double)
    /// Sharpness of the rows as the page lies, and turned exactly a quarter.
    var level: (across: Double, down: Double)
    /// The clockwise turn in degrees that levels the lines of a sample already turned by `quarterTurns`: none
    /// unless the lines get sharper for it, and none when the sharpest turn lies at the end of the search (rows of
    /// texture, not of letters, or a tilt beyond it).
    func levelling(forQuarterTurns quarterTurns: Int) -> Double {
        // Lines are the same turned half-way round, so the upside-down twin needs the same turn as the upright
        // one, and both sideways turns the down direction's remainder.
        let (best, levelScore, centre) = quarterTurns % 2 == 0 ? (across, level.across, 0.0) : (down, level.down, 90.0)
        guard best.score >= 1.05 * levelScore, abs(best.degrees - centre) < Self.searchRange - 0.5 else { return 0 }
        return best.degrees - centre
    }

    /// How far either side of 0° and 90° the sharpest rows are looked for.
    static let searchRange = 15.0

    var description: String {
        String(
            format: "across %.1f° %.0f, down %.1f° %.0f, ratio %.2f", across.degrees, across.score, down.degrees, down.score,
            across.score / max(1, down.score))
    }

    /// Measured on a binarised page (1 = ink) whose print has `xHeight` pixels: letter-sized components only,
    /// on a copy with an x-height of about 8 pixels. Nil when there is too little ink.
    static func measure(_ binary: LeptonicaImage, xHeight: Double) -> LineDirection? {
        let x = max(4, Int(xHeight.rounded()))
        guard let letters = binary.keepingComponents(heights: max(2, x / 3)...(3 * x), maxWidth: 4 * x),
            let small = letters.scaled(by: min(1, 8 / Double(x)))?.grayImage(),
            let ink = InkPoints(small)
        else { return nil }
        let smoothing = 8
        return LineDirection(
            across: ink.sharpestAngle(around: 0, range: searchRange, smoothing: smoothing),
            down: ink.sharpestAngle(around: 90, range: searchRange, smoothing: smoothing),
            level: (ink.sharpness(0, smoothing: smoothing), ink.sharpness(90, smoothing: smoothing)))
    }
}
