// The OCR pipeline, top to bottom: decode, scale, find page, normalise, orient, deskew, dewarp, recognise, order, clean.
import Foundation
import Imaging
import Support

/// Reads one photo of a page and returns its clean text, lines and timings.
public struct ImageProcessor: Sendable {
    /// Every step can be switched off or tuned here.
    public struct Config: Sendable {
        /// Tesseract languages, e.g. `["eng"]` or `["eng", "fra"]`.
        public var recognitionLanguages: [String] = ["eng"]
        /// Rows of lines whose centres differ by less than this (in pixels at an x-height of ~24 px) share a row.
        public var yTolerancePixels: Double = 12
        /// Longest side (pixels) of the image handed to Tesseract, whatever the x-height says.
        public var maxImageWidthForProcessing: Int = 4200
        /// Page detection: smallest short/long side ratio accepted for a page.
        public var rectangleMinAspectRatio: Double = 0.3
        /// Page detection: smallest page area, as a fraction of the photo.
        public var rectangleMinimumSize: Double = 0.25
        /// Page detection: largest deviation of a corner angle from 90°, in degrees.
        public var rectangleQuadratureTolerance: Double = 25
        /// Page detection: smallest confidence (0...1) to straighten; below it the whole frame is kept.
        public var rectangleMinimumConfidence: Double = 0.8

        /// Step switches.
        public var detectsPage = true
        public var normalisesIllumination = true
        public var detectsOrientation = true
        public var deskews = true
        public var dewarps = true
        public var removesPageNumbers = true

        /// How uneven lighting is flattened.
        public var illumination: IlluminationMethod = .morphological
        /// Half-range of the skew search, in degrees.
        public var deskewRangeDegrees: Double = 15
        /// A dewarped page is kept only when its text rows get at least this much sharper.
        public var dewarpMinimumGain: Double = 1.02
        /// Target x-height in pixels for recognition. Measured on the shared photos (at an earlier stage: Tesseract's own Otsu, psm 3):
        /// 16 → CER 0.174, 17 → 0.160, 18 → 0.199, 20 → 0.165, 24 → 0.209, 30 → 0.222; 20 is best and cheapest
        /// among the good ones, at the low end of Tesseract's 20–30 px sweet spot. Rechecked on the final pipeline:
        /// 20 → 0.084, 24 → 0.127, 28 → 0.133, and larger is slower.
        /// The x-height is the mode of letter-sized component heights on a 1600 px survey copy.
        public var targetXHeight: Double = 20
        /// Largest upscale for small photos.
        public var maxUpscale: Double = 3
        /// Minimum text lines for a dewarp model (Leptonica silently uses 15 for anything below 4).
        public var dewarpMinLines: Int = 4
        /// OSD confidence below which the orientation is confirmed by recognising samples.
        public var orientationConfidenceThreshold: Double = 2.5
        /// How the page is binarised before recognition (`.none` leaves it to Tesseract's global Otsu).
        public var binarisation: Binarisation = .sauvola
        /// Re-read regions of letters that no recognised line covers (Tesseract sometimes drops a paragraph).
        public var recoversMissedText = true
        /// Put lines in reading order ourselves (rows, then columns); off keeps Tesseract's order.
        public var reordersLines = true
        /// Recognise the top and bottom halves of a tall page on two workers at once (split at a blank band).
        public var splitsForParallelRecognition = true
        /// Tesseract page segmentation mode for single-column pages: 4 (one column of variable-size text) keeps
        /// tilted and mixed-font lines whole, where 3 split them (measured on the shared photos).
        public var pageSegmentationMode: Int = 4
        /// Mode used when a gutter shows two or more columns (3: full layout analysis); nil to always use the above.
        public var multiColumnPageSegmentationMode: Int? = 3
        /// Lines below this confidence that hold almost no letters are dropped as noise.
        public var minimumLineConfidence: Double = 0.35

        /// JPEGs whose long side is at least this are decoded at half size (libjpeg scales in the DCT, several
        /// times faster), and again in full when the print is then too small; nil always decodes in full.
        public var halfSizeJPEGLongSide: Int? = 3000
        /// The largest photo accepted, in bytes and pixels.
        public var limits = ImageLimits()
        /// Long side of the preview JPEG.
        public var previewMaxSide: Int = 1600
        /// When set, every step writes its image here (PNG), for a person to inspect.
        public var debugDirectory: URL?

        public init() {}
    }

    public let config: Config
    public let engine: any OCREngine

    public init(config: Config = .init(), engine: any OCREngine) {
        self.config = config
        self.engine = engine
    }

    public func process(image data: Data, sourceHint: String? = nil, options: ReadOptions = ReadOptions()) async throws -> ExcerptCapture {
        var clock = StepClock()
        let config = self.config
        let languages = options.languages ?? (config.recognitionLanguages.isEmpty ? engine.defaultLanguages : config.recognitionLanguages)
        let debug = DebugWriter(directory: config.debugDirectory)

        // decode (big JPEGs at half size first; in full when the print turns out too small for that)
        let decoder = PhotoDecoder(limits: config.limits, halfSizeJPEGLongSide: config.halfSizeJPEGLongSide)
        let first = try await offload { () throws(ImagingError) in try decoder.decode(data) }
        var chosen = first
        if first.reduction > 1 {
            let scaler = TextScaler(
                targetXHeight: config.targetXHeight, maxLongSide: config.maxImageWidthForProcessing, maxUpscale: config.maxUpscale)
            let xHeight = await offload { first.image.grayscale().flatMap { scaler.estimateXHeight(of: $0) } }
            if (xHeight ?? 0) < config.targetXHeight * 0.7 {
                var fullDecoder = decoder
                fullDecoder.halfSizeJPEGLongSide = nil
                let full = fullDecoder
                chosen = try await offload { () throws(ImagingError) in try full.decode(data) }
            }
            trace("decode: half-size x-height \(xHeight ?? 0), kept \(chosen.reduction == 2 ? "half" : "full")")
        }
        let decoded = chosen
        clock.lap("decode")
        debug.write(decoded.image, "01-decode")

        // scale
        let scaled = try await offload { () throws(ImagingError) -> ScaledPage in
            guard let gray = decoded.image.grayscale() else { throw ImagingError.unreadable }
            let scaler = TextScaler(
                targetXHeight: config.targetXHeight, maxLongSide: config.maxImageWidthForProcessing, maxUpscale: config.maxUpscale)
            let xHeight = scaler.estimateXHeight(of: gray)
            let factor = scaler.factor(forXHeight: xHeight, width: gray.width, height: gray.height)
            guard let image = gray.scaled(by: factor), image.width >= 8, image.height >= 8 else { throw ImagingError.unreadable }
            trace(
                "scale: x-height \(xHeight.map { String(format: "%.1f", $0) } ?? "?") factor \(String(format: "%.3f", factor)) -> \(image.width)x\(image.height)"
            )
            return ScaledPage(image: image, factor: factor, xHeight: xHeight)
        }
        clock.lap("scale")
        debug.write(scaled.image, "02-scale")
        var page = scaled.image
        // From the upright (EXIF) photo to the current page image.
        var toPage = Homography.scale(scaled.factor / Double(decoded.reduction))
        let exifSize = decoded.fullSize

        // A turn the person chose replaces the orientation guess, and applies before the outline they drew.
        var turns = 0
        if let given = options.quarterTurns {
            turns = ((given % 4) + 4) % 4
            if turns != 0 {
                let current = page, chosenTurns = turns
                guard let turned = await offload({ current.rotatedQuarterTurns(chosenTurns) }) else { throw ImagingError.unreadable }
                toPage = toPage.followed(by: .quarterTurns(turns, width: current.width, height: current.height))
                page = turned
            }
        }

        // find page and rectify (or use the outline the person corrected), remembering its corners in the EXIF frame
        var outlineInPhoto: [(x: Double, y: Double)]?
        if let outline = options.outline, outline.count == 4 {
            let fromUpright = Homography.quarterTurns(turns, width: exifSize.width, height: exifSize.height).inverse() ?? .identity
            let inPhoto = outline.map { fromUpright.apply($0.x, $0.y) }
            let corners = inPhoto.map { toPage.apply($0.x, $0.y) }
            let current = page
            if let (rectified, transform) = await offload({ PageDetector.rectify(current, corners: corners) }) {
                page = rectified
                toPage = toPage.followed(by: transform)
                outlineInPhoto = inPhoto
            }
            clock.lap("page")
            debug.write(page, "03-page")
        } else if config.detectsPage {
            let detector = PageDetector(
                minAspectRatio: config.rectangleMinAspectRatio, minimumSize: config.rectangleMinimumSize,
                quadratureTolerance: config.rectangleQuadratureTolerance, minimumConfidence: config.rectangleMinimumConfidence)
            let current = page
            if let (rectified, transform, corners) = await offload({ detector.straighten(current) }) {
                let pageToPhoto = toPage.inverse() ?? .identity
                outlineInPhoto = corners.map { pageToPhoto.apply($0.x, $0.y) }
                page = rectified
                toPage = toPage.followed(by: transform)
            }
            clock.lap("page")
            debug.write(page, "03-page")
        }

        // normalise illumination
        if config.normalisesIllumination {
            let current = page
            let method = config.illumination
            page = await offload {
                switch method {
                case .morphological: current.backgroundNormalisedMorph() ?? current
                case .tiled: current.backgroundNormalised() ?? current
                }
            }
            clock.lap("normalise")
            debug.write(page, "04-normalise")
        }

        // orient (unless the person chose the turn)
        if config.detectsOrientation && options.quarterTurns == nil {
            let corrector = OrientationCorrector(engine: engine, languages: languages, confidenceThreshold: config.orientationConfidenceThreshold)
            turns = try await corrector.quarterTurns(for: page)
            if turns != 0 {
                let current = page, found = turns
                guard let turned = await offload({ current.rotatedQuarterTurns(found) }) else { throw ImagingError.unreadable }
                toPage = toPage.followed(by: .quarterTurns(turns, width: current.width, height: current.height))
                page = turned
            }
            clock.lap("orient")
            debug.write(page, "05-orient")
        }

        // The preview only needs the orientation: make it on the side while the page is prepared and read.
        let previewSide = config.previewMaxSide, previewTurns = turns
        async let previewJPEG = offload { () -> Data? in
            let long = Double(max(decoded.image.width, decoded.image.height))
            let small = decoded.image.scaled(by: min(1, Double(previewSide) / long))
            return small?.colour()?.rotatedQuarterTurns(previewTurns)?.jpegData(quality: 80)
        }

        // deskew
        if config.deskews {
            let current = page
            let deskewer = Deskewer(
                rangeDegrees: config.deskewRangeDegrees, xHeight: scaled.xHeight.map { $0 * scaled.factor } ?? config.targetXHeight)
            if let (straight, degrees) = await offload({ deskewer.deskew(current) }) {
                toPage = toPage.followed(by: .rotation(degrees: degrees, cx: Double(current.width) / 2, cy: Double(current.height) / 2))
                page = straight
            }
            clock.lap("deskew")
            debug.write(page, "06-deskew")
        }

        // dewarp
        if config.dewarps {
            let current = page
            let dewarper = Dewarper(minLines: config.dewarpMinLines, minimumGain: config.dewarpMinimumGain)
            page = await offload { dewarper.dewarp(current) ?? current }
            clock.lap("dewarp")
            debug.write(page, "07-dewarp")
        }

        // binarise: our own threshold beats Tesseract's global Otsu on photos with uneven paper
        if config.binarisation != .none {
            let current = page, method = config.binarisation, window = Int(config.targetXHeight)
            page = await offload { () -> LeptonicaImage in
                let binary: LeptonicaImage?
                switch method {
                case .sauvola: binary = current.sauvolaBinarised(halfWindow: window, factor: 0.3)
                case .otsu:
                    let threshold = current.grayImage().map { PageDetector.otsuThreshold($0.bytes) } ?? 128
                    binary = current.thresholded(threshold)
                case .none: binary = nil
                }
                return binary?.grayscale() ?? current
            }
            clock.lap("binarise")
            debug.write(page, "08-binarise")
        }

        // recognise
        let finalPage = page
        guard let gray = await offload({ finalPage.grayImage() }) else { throw ImagingError.unreadable }
        var mode = config.pageSegmentationMode
        if let multi = config.multiColumnPageSegmentationMode {
            let detector = ColumnDetector(xHeight: scaled.xHeight.map { $0 * scaled.factor } ?? config.targetXHeight)
            if await offload({ detector.hasGutter(finalPage) }) { mode = multi }
        }
        trace("recognise: psm \(mode)")
        let request = RecognitionRequest(languages: languages, pixelsPerInch: 300, pageSegmentationMode: mode)
        var result: RecognitionResult
        if config.splitsForParallelRecognition, let (top, bottom, offset) = await offload({ PageSplitter().split(gray) }) {
            // Two halves on two workers: both cores busy, about half the wall time.
            async let upper = engine.recognize(top, request: request)
            async let lower = engine.recognize(bottom, request: request)
            result = PageSplitter.merge(try await upper, try await lower, offset: offset)
        } else {
            result = try await engine.recognize(gray, request: request)
        }
        clock.lap("recognise")

        // recover text the layout analysis dropped
        if config.recoversMissedText {
            let recovery = MissedTextRecovery(xHeight: scaled.xHeight.map { $0 * scaled.factor } ?? config.targetXHeight)
            let found = result.lines
            let regions = await offload { recovery.missedRegions(in: finalPage, lines: found) }
            if !regions.isEmpty {
                trace("recover: \(regions)")
                let blockRequest = RecognitionRequest(languages: languages, pixelsPerInch: 300, pageSegmentationMode: 6)
                var nextBlock = (result.lines.map(\.block).max() ?? -1) + 1
                var nextParagraph = (result.lines.map(\.paragraph).max() ?? -1) + 1
                for region in regions {
                    guard let crop = MissedTextRecovery.crop(gray, to: region) else { continue }
                    let extra = try await engine.recognize(crop, request: blockRequest)
                    for var line in extra.lines {
                        line.box.x += region.x
                        line.box.y += region.y
                        line.block = nextBlock
                        line.paragraph += nextParagraph
                        result.lines.append(line)
                    }
                    nextBlock += 1
                    nextParagraph += (extra.lines.map(\.paragraph).max() ?? 0) + 1
                }
            }
            clock.lap("recover")
        }

        // order
        var kept = result.lines.filter { LineFilter.keeps($0, minimumConfidence: config.minimumLineConfidence) }
        // A page the engine is unsure of overall is mostly texture read as letters: keep only its sure lines.
        let meanKept = kept.isEmpty ? 0 : kept.map(\.confidence).reduce(0, +) / Double(kept.count)
        if meanKept < 0.45 { kept = kept.filter { $0.confidence >= 0.6 } }
        // Rows within about half a line height share a row, however large the print came out.
        let heights = kept.map(\.box.height).sorted()
        let tolerance = max(config.yTolerancePixels, heights.isEmpty ? 0 : 0.5 * Double(heights[heights.count / 2]))
        let ordered = config.reordersLines ? LineOrderer(yTolerance: tolerance).order(kept) : kept
        clock.lap("order")

        // clean
        var texts = ordered.map(\.text)
        var orderedLines = ordered
        if config.removesPageNumbers {
            let keep = TextCleaner.pageFurnitureMask(ordered)
            orderedLines = zip(ordered, keep).filter { $0.1 }.map(\.0)
            texts = orderedLines.map(\.text)
        }
        let paragraphs = LineOrderer.paragraphBreaks(orderedLines)
        var raw = ""
        for (i, t) in texts.enumerated() {
            if i > 0 { raw += paragraphs[i] ? "\n\n" : "\n" }
            raw += t
        }
        let text = TextCleaner.clean(raw)
        clock.lap("clean")
        // A few stray letters are not a page of text.
        guard text.filter(\.isLetter).count >= 4 else { throw OCRError.noText }

        // map boxes back to the upright photo, and make the preview
        let uprightTurn = turns
        let toUpright = Homography.quarterTurns(uprightTurn, width: exifSize.width, height: exifSize.height)
        let imageSize = uprightTurn % 2 == 0 ? exifSize : PixelSize(width: exifSize.height, height: exifSize.width)
        let pageToUpright = toPage.inverse().map { $0.followed(by: toUpright) } ?? toUpright
        let lines = orderedLines.map { line in
            TextLine(text: line.text, box: pageToUpright.apply(line.box, clippedTo: imageSize), confidence: line.confidence)
        }
        let preview = await previewJPEG
        clock.lap("preview")

        let confidence = lines.isEmpty ? 0 : lines.map(\.confidence).reduce(0, +) / Double(lines.count)
        let outline = outlineInPhoto?.map { corner in
            let upright = toUpright.apply(corner.x, corner.y)
            return PixelPoint(x: min(max(0, upright.x), Double(imageSize.width)), y: min(max(0, upright.y), Double(imageSize.height)))
        }
        return ExcerptCapture(
            text: text, sourceHint: sourceHint, confidence: confidence, lines: lines,
            language: languages.joined(separator: "+"), timings: clock.timings, imageSize: imageSize, preview: preview,
            pageOutline: outline, quarterTurns: uprightTurn)
    }
}

/// Ways to flatten uneven lighting before recognition.
public enum IlluminationMethod: String, Sendable {
    /// Background from a grey closing wider than the strokes (Leptonica's morphological normalisation).
    case morphological
    /// Background from tile statistics (Leptonica's tiled normalisation).
    case tiled
}

/// Binarisation before recognition.
public enum Binarisation: String, Sendable {
    case none
    /// One Otsu threshold for the whole normalised page.
    case otsu
    /// Sauvola adaptive threshold with a window of about two x-heights.
    case sauvola
}

private struct ScaledPage: Sendable {
    var image: LeptonicaImage
    var factor: Double
    var xHeight: Double?
}

/// Drops lines that are almost surely noise: low confidence and hardly any letters (edges, shadows, spine), or
/// unsure lines made of letter crumbs (what texture such as sky, wires or a keyboard reads as).
enum LineFilter {
    static func keeps(_ line: RecognizedLine, minimumConfidence: Double) -> Bool {
        let letters = line.text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
        let visible = line.text.unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) }.count
        guard visible > 0 else { return false }
        if line.confidence < 0.75 && wordShare(line.text) < 0.3 { return false }
        if line.confidence >= minimumConfidence { return letters > 0 || visible >= 2 }
        return Double(letters) / Double(visible) >= 0.6 && letters >= 4 && line.confidence >= minimumConfidence / 2
    }

    /// Share of tokens that look like words: three or more letters once punctuation is stripped.
    static func wordShare(_ text: String) -> Double {
        let tokens = text.split(separator: " ")
        guard !tokens.isEmpty else { return 0 }
        let words = tokens.filter { token in
            let core = token.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
            return core.count >= 3 && core.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" }
        }
        return Double(words.count) / Double(tokens.count)
    }
}

/// Writes step images when a debug directory is configured.
struct DebugWriter: Sendable {
    var directory: URL?

    func write(_ image: LeptonicaImage, _ name: String) {
        guard let directory else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let png = image.pngData() { try? png.write(to: directory.appendingPathComponent(name + ".png")) }
    }
}
