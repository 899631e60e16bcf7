// The OCR pipeline: its settings, and one loop over its named steps (Steps/) that times them and writes debug images.
import Foundation
import Imaging
import Support
import Words

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
        /// The longest one reading may take (seconds); past it, it stops with `OCRError.tooSlow`. None by default: the
        /// server and the command line set the `ocr.timeLimit` key's (60 s).
        public var readingTimeLimit: Double = .infinity
        /// Page detection: smallest short/long side ratio accepted for a page.
        public var rectangleMinAspectRatio: Double = 0.3
        /// Page detection: smallest page area, as a fraction of the photo.
        public var rectangleMinimumSize: Double = 0.25
        /// Page detection: largest deviation of a corner angle from 90°, in degrees.
        public var rectangleQuadratureTolerance: Double = 25
        /// Page detection: smallest confidence (0...1) to straighten; below it the whole frame is kept.
        public var rectangleMinimumConfidence: Double = 0.8

        /// Steps switched off, by name (`ImageProcessor.stepNames`). Each step owns its switch: it runs unless its
        /// name is here (and says itself what else it needs, such as a binarised page). Every step runs by default.
        public var skippedSteps: Set<String> = []

        /// Whether the step named `name` is switched on.
        public func runs(_ name: String) -> Bool { !skippedSteps.contains(name) }

        /// Switches the step named `name` on or off; false (and nothing changes) when no step that can be switched
        /// off has that name (`ImageProcessor.switchableStepNames`).
        @discardableResult public mutating func switchStep(_ name: String, on: Bool) -> Bool {
            guard ImageProcessor.switchableStepNames.contains(name) else { return false }
            if on { skippedSteps.remove(name) } else { skippedSteps.insert(name) }
            return true
        }

        /// The page is binarised before it is read (the steps that work on the binarised page need it).
        public var binarises: Bool { runs("binarise") && binarisation != .none }

        // The switches by their old names, for the settings that set them.
        public var detectsPage: Bool {
            get { runs("page") }
            set { switchStep("page", on: newValue) }
        }
        public var normalisesIllumination: Bool {
            get { runs("normalise") }
            set { switchStep("normalise", on: newValue) }
        }
        public var detectsOrientation: Bool {
            get { runs("orient") }
            set { switchStep("orient", on: newValue) }
        }
        public var deskews: Bool {
            get { runs("deskew") }
            set { switchStep("deskew", on: newValue) }
        }
        public var dewarps: Bool {
            get { runs("dewarp") }
            set { switchStep("dewarp", on: newValue) }
        }
        /// Drop the facing page's cut-off line ends on an open book.
        public var dropsFacingPage: Bool {
            get { runs("facing") }
            set { switchStep("facing", on: newValue) }
        }
        /// Read a table's area again as one block, so its rows are read across (see `TableStep`).
        public var rereadsTables: Bool {
            get { runs("table") }
            set { switchStep("table", on: newValue) }
        }
        /// Look for light grey print the binarisation lost, and read it from the grey page (see `FaintTextStep`).
        public var readsFaintPrint: Bool {
            get { runs("faint") }
            set { switchStep("faint", on: newValue) }
        }
        /// Read text running sideways down a margin on its own, after the page.
        public var readsSidewaysLines: Bool {
            get { runs("sideways") }
            set { switchStep("sideways", on: newValue) }
        }
        /// Re-read rows of letters that no recognised line covers (see `RecoverStep`).
        public var recoversMissedText: Bool {
            get { runs("recover") }
            set { switchStep("recover", on: newValue) }
        }
        /// Put lines in reading order ourselves (rows, then columns); off keeps Tesseract's order.
        public var reordersLines: Bool {
            get { runs("order") }
            set { switchStep("order", on: newValue) }
        }

        /// Page numbers and running heads: set apart as their own first or last paragraph (a page's transcription
        /// holds them, and they name the book and page to cite; the post writer leaves them out), or dropped.
        /// Dropping them lost printed words wherever a page showed them.
        public var pageFurniture: PageFurniture = .setApart

        /// How uneven lighting is flattened.
        public var illumination: IlluminationMethod = .morphological
        /// Half-range of the skew search, in degrees.
        public var deskewRangeDegrees: Double = 15
        /// How curled or keystoned lines are flattened.
        public var dewarpMethod: DewarpMethod = .textLines
        /// After the page model, the lines it left bent are straightened one by one (`LineStraightener`).
        public var straightensLines = true
        /// A dewarped page is kept only when its text rows get at least this much sharper.
        public var dewarpMinimumGain: Double = 1.02
        /// Target x-height in pixels for recognition: the low end of Tesseract's 20–30 px sweet spot, where its
        /// LSTM reads photographed print as well as at larger sizes, and every recognition pass is cheapest (the
        /// work grows with the square of the scale).
        /// The x-height is the mode of letter-sized component heights on a 1600 px survey copy.
        public var targetXHeight: Double = 20
        /// Largest upscale for small photos. Four times brings print of 5 px (a page shot from afar, or a small photo)
        /// to the target: on pages drawn with 3.5-5.5 px print it reads at CER 0.007 against 0.075 at three times (one
        /// serif page 0.686 → 0.040), and a shared page at half size 0.056 against 0.102; photos with larger print
        /// are not scaled up that far, so nothing else changes. Its cost is only theirs: a bigger page to read.
        public var maxUpscale: Double = 4
        /// Minimum text lines for a dewarp model (Leptonica silently uses 15 for anything below 4).
        public var dewarpMinLines: Int = 4
        /// OSD confidence below which the orientation is confirmed by recognising samples. OSD's confidence grows with
        /// the letters it judges (25 here, see `TesseractEngine`): it has named the right axis but the wrong way round
        /// at 1.2 (a crumpled receipt in a monospaced face) and turned a receipt on a textured table upside down at 0.9;
        /// the pages it reads rightly score 3.3 and more. (At Tesseract's default of 50 letters the same pages score
        /// about twice as much, and the threshold was 5.)
        public var orientationConfidenceThreshold: Double = 2.5
        /// Edges of print that spread wider than this (σ in pixels at the reading size, `EdgeSpread`) make a soft
        /// photo, which the sharpen step steepens. Sharp photos measure 0.8–1.2 px, one upscaled 2.4× from small print
        /// 1.3; a page blurred by a Gaussian of 2–3 px at the reading size measures 2–4.
        public var softEdgeSpread: Double = 1.6
        /// How the page is binarised before recognition (`.none` leaves it to Tesseract's global Otsu).
        public var binarisation: Binarisation = .sauvola
        /// A reading of the binarised page less sure than this (mean line confidence weighted by letters) is checked
        /// against a reading of the grey page with Tesseract's own threshold; 0 never checks.
        public var thresholdCheckBelow: Double = 0.85
        /// Recognise the top and bottom halves of a tall page on two workers at once (split at a blank band).
        public var splitsForParallelRecognition = true
        /// Tesseract page segmentation mode: 3 (full layout analysis, blocks and paragraphs) reads open books,
        /// code panels and curled pages that 4 (one column) cuts into pieces, since it finds the blocks and their
        /// order instead of assuming one column of lines.
        public var pageSegmentationMode: Int = 3
        /// Mode used when a gutter shows two or more columns (3: full layout analysis); nil to always use the above.
        public var multiColumnPageSegmentationMode: Int? = 3
        /// Lines below this confidence that hold almost no letters are dropped as noise.
        public var minimumLineConfidence: Double = 0.35

        /// JPEGs whose long side is at least this are decoded at half size (libjpeg scales in the DCT, several
        /// times faster), and again in full when the print is then too small; nil always decodes in full.
        public var halfSizeJPEGLongSide: Int? = 3000
        /// The largest photo accepted, in bytes and pixels.
        public var limits = ImageLimits()
        /// Photos with more pixels than this are reduced by a whole factor right after decoding, as far as the print
        /// allows (see `WorkingSizeReducer`): memory follows the working size, not the file's.
        public var maxDecodedPixels = 16_000_000
        /// Long side of the preview JPEG.
        public var previewMaxSide: Int = 1600
        /// When set, every step writes its image here (PNG), for a person to inspect.
        public var debugDirectory: URL?

        public init() {}
    }

    public let config: Config
    public let engine: any OCREngine
    /// The word lists of the reading languages, when installed: the clean step joins a word whose line-end hyphen
    /// was misread only when the list knows the joined word.
    public let words: (any WordList)?

    public init(config: Config = .init(), engine: any OCREngine, words: (any WordList)? = nil) {
        self.config = config
        self.engine = engine
        self.words = words
    }

    /// Every step in the order it runs. A step owns its name (its switch in `Config.skippedSteps`) and says itself
    /// whether a configuration and a reading need it (`PageStep.runs`): adding a step is adding it here.
    static let allSteps: [any PageStep] = [
        DecodeStep(), PolarityStep(), ScaleStep(), GivenTurnStep(), FindPageStep(), NormaliseStep(), OrientStep(), DeskewStep(), PerspectiveStep(),
        DewarpStep(),
        PreviewStep(), SharpenStep(), BinariseStep(), WidenStep(), SurfaceStep(), FacingPageStep(), MarginTextStep(), RecogniseStep(),
        ThresholdCheckStep(),
        RowsStep(), SidewaysTextStep(), RecoverStep(), FaintTextStep(), TableStep(), RereadStep(), FixedPitchStep(), DropCapStep(), LineFilterStep(),
        DebrisStep(), RespellStep(), OrderStep(), CleanStep(),
    ]

    /// The name of every step, in order.
    public static var stepNames: [String] { allSteps.map(\.name) }

    /// The names of the steps that can be switched off, in order (the names `Config.skippedSteps` takes): not those
    /// every reading needs (decode, scale, preview, recognise, filter, clean), nor the turn the person chose.
    public static var switchableStepNames: [String] { allSteps.filter(\.switchable).map(\.name) }

    /// The steps this configuration runs for one reading, in order.
    func steps(options: ReadOptions = ReadOptions()) -> [any PageStep] {
        Self.allSteps.filter { $0.runs(config, options) }
    }

    public func process(image data: Data, sourceHint: String? = nil, options: ReadOptions = ReadOptions()) async throws -> ExcerptCapture {
        let languages = options.languages ?? (config.recognitionLanguages.isEmpty ? engine.defaultLanguages : config.recognitionLanguages)
        var state = PageState(data: data, config: config, languages: languages, options: options)
        state.words = languages.compactMap { words?.forLanguage($0) }
        let debug = DebugWriter(directory: config.debugDirectory)
        var clock = StepClock()
        var drawn = 0
        // Every step, and every recognition inside one, within the reading's time limit.
        let limit = config.readingTimeLimit
        let deadline = limit.isFinite ? ContinuousClock.now.advanced(by: .milliseconds(Int64(max(0.001, min(limit, 86_400)) * 1000))) : nil
        try await ReadingDeadline.$current.withValue(deadline) {
            for step in steps(options: options) {
                guard !ReadingDeadline.hasPassed() else { throw OCRError.tooSlow }
                try await step.run(&state, engine: engine)
                clock.lap(step.name)
                if step.drawsPage, let page = state.page {
                    drawn += 1
                    debug.write(page, String(format: "%02d-%@", drawn, step.name))
                }
            }
        }
        guard let decoded = state.decoded else { throw ImagingError.unreadable }

        // Map boxes and the page outline back to the upright photo.
        let exifSize = decoded.fullSize
        let toUpright = Homography.quarterTurns(state.turns, width: exifSize.width, height: exifSize.height)
        let imageSize = state.turns % 2 == 0 ? exifSize : PixelSize(width: exifSize.height, height: exifSize.width)
        let pageToUpright = state.toPage.inverse().map { $0.followed(by: toUpright) } ?? toUpright
        let outliner = LineOutliner(flatToPage: state.flatToPage, pageToUpright: pageToUpright, imageSize: imageSize)
        let lines = state.lines.map { line in
            let outline = outliner.outline(of: line.box)
            // The box around the outline: on a dewarped page the flat box alone would sit off the curled line.
            let box = LineOutliner.box(around: outline) ?? pageToUpright.apply(line.box, clippedTo: imageSize)
            return TextLine(
                text: line.text, box: box, confidence: line.confidence, outline: outline,
                words: line.words.isEmpty ? nil : line.words.map(\.withoutBox))
        }
        let outline = state.outlineInPhoto?.map { corner in
            let upright = toUpright.apply(corner.x, corner.y)
            return PixelPoint(x: min(max(0, upright.x), Double(imageSize.width)), y: min(max(0, upright.y), Double(imageSize.height)))
        }
        let preview = await state.preview?.value
        let confidence = lines.isEmpty ? 0 : lines.map(\.confidence).reduce(0, +) / Double(lines.count)
        return ExcerptCapture(
            text: state.text, sourceHint: sourceHint, confidence: confidence, lines: lines,
            language: languages.joined(separator: "+"), timings: clock.timings, imageSize: imageSize, preview: preview,
            pageOutline: outline, quarterTurns: state.turns)
    }
}

/// Ways to flatten uneven lighting before recognition.
public enum IlluminationMethod: String, Sendable {
    /// Background from a grey closing wider than the strokes (Leptonica's morphological normalisation).
    case morphological
    /// Background from tile statistics (Leptonica's tiled normalisation).
    case tiled
}

/// What the clean step does with page numbers and running heads.
public enum PageFurniture: String, Sendable {
    case setApart
    case removed
}

/// Ways to flatten curled pages.
public enum DewarpMethod: String, Sendable {
    /// One smooth slope field fitted to the page's text lines (`TextLineDewarper`).
    case textLines
    /// Leptonica's vertical-disparity model (`Dewarper`).
    case leptonica
}

/// Binarisation before recognition.
public enum Binarisation: String, Sendable {
    case none
    /// One Otsu threshold for the whole normalised page.
    case otsu
    /// Sauvola adaptive threshold with a window of about two x-heights.
    case sauvola
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
