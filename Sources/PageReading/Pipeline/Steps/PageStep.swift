// The shape of one pipeline step, and the state the steps share while one photo is read.
import Foundation
import Imaging
import Support
import Words

/// One named job on the page. `ImageProcessor.process` runs the steps in order, timing each and writing its
/// debug image; a step only changes `state`.
protocol PageStep: Sendable {
    /// Shown in timings, metrics, debug image names and `--skip`.
    var name: String { get }
    /// Whether the page image after this step is worth a debug image.
    var drawsPage: Bool { get }
    /// Whether this configuration and reading run the step (see `ImageProcessor.allSteps`).
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool
    /// Whether its name switches it off (`Config.switchStep`): not for a step every reading needs, nor for one the
    /// reading's own options run.
    var switchable: Bool { get }
    func run(_ state: inout PageState, engine: any OCREngine) async throws
}

extension PageStep {
    var drawsPage: Bool { false }
    var switchable: Bool { true }

    /// Whether this configuration and reading run the step: unless switched off by name, by default.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) }
}

/// A step every reading needs: it cannot be switched off.
protocol EssentialStep: PageStep {}

extension EssentialStep {
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { true }
    var switchable: Bool { false }
}

/// A step that is pure image work: the loop runs it on a pipeline thread, never on the caller's executor.
protocol ImageStep: PageStep {
    func apply(_ state: inout PageState) throws
}

extension ImageStep {
    var drawsPage: Bool { true }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let before = state
        state = try await offload { () throws -> PageState in
            var s = before
            try self.apply(&s)
            return s
        }
    }
}

/// What the steps know about one photo so far.
struct PageState: Sendable {
    /// The photo's bytes, as uploaded.
    var data: Data
    var config: ImageProcessor.Config
    /// Tesseract languages for this photo.
    var languages: [String]
    /// What the person chose for this reading (turn, page outline).
    var options: ReadOptions
    /// The word lists of `languages` that are installed (none: no join depends on a word being known).
    var words: [any WordList] = []

    /// The photo upright by its EXIF tag (set by decode).
    var decoded: DecodedPhoto?
    /// The print as decode already measured it (x-height in `decoded.image` pixels), nil when it did not.
    var decodedPrint: TextScaler.PrintSize?
    /// The decoded image in grey, when the decode step made it to measure the print (the scale step starts from it).
    var decodedGray: LeptonicaImage?
    /// The same print measured on the half-size decode, in `decoded.image` pixels, when that decode was too small
    /// to keep: the scale step's measurement of the full-size image is checked against it.
    var halfSizeXHeight: Double?
    /// The page image every image step works on; grey from scale on, binary-looking after binarise.
    var page: LeptonicaImage?
    /// x-height of the print in `page` pixels, once measured.
    var xHeight: Double?
    /// The print measured larger turned a quarter (scale): it may lie sideways, so the orient step does not take
    /// the page as upright on Leptonica's quick statistics alone.
    var printMeasuredSideways = false
    /// From the upright (EXIF) photo to the current page image, up to the dewarp.
    var toPage: Homography = .identity
    /// The dewarp step's working copy of the page, as the perspective step made it and left the page (used once, by
    /// the dewarp step, and only when its page is still that page).
    var dewarpWorkingCopy: TextLineDewarper.WorkingCopy?
    /// From the dewarped page back to the page before it (nil when the page was not dewarped): line outlines follow
    /// the curl through it.
    var flatToPage: (any FlatPageMap)?
    /// Quarter turns clockwise applied after EXIF (given, or found by orient).
    var turns = 0
    /// The straightened page's corners in the upright (EXIF) photo, before `turns`; nil when the frame is read whole.
    var outlineInPhoto: [PixelPoint]?
    /// Sides of a sheet the page step found and did not crop to because they run through print, in the upright (EXIF)
    /// photo before `turns`: a facing page's lines that end at one run off its paper (see `FacingPageFilter`).
    var sheetEdgesInPhoto: [PageDetector.Edge] = []
    /// The grey copy that was handed to recognition (recovery crops from it).
    var recognised: GrayImage?
    /// The grey page just before binarisation (faint print is looked for and read on it).
    var unbinarised: LeptonicaImage?
    /// Tesseract page segmentation mode chosen for this page.
    var segmentationMode = 4
    /// The blocks layout analysis read the page in, in its order (set by recognise; none once the page is read as
    /// one block): the order step's second opinion.
    var layout: LayoutBlocks?
    /// Rows of letters found from the binarised page's own ink, on paper (set by surface).
    var inkLines: [InkLine]?
    /// Pieces of one or two letters on their own that stayed on the page (set by surface).
    var shortInkLines: [InkLine] = []
    /// Where the facing page begins, when an open book shows one (set by facing): nothing beyond is read.
    var facingCuts: [FacingPageFilter.Cut] = []
    /// Text running down a margin, found from the ink and read turned (set by margin): words read inside one as part
    /// of a row running across are its letters, not the row's.
    var marginStrips: [MarginStrip] = []
    /// Boxes of the pictures painted out of the page (set by surface): text read inside one must read surely.
    var pictures: [PixelBox] = []
    /// Boxes drawn around print and painted out of the page (set by surface): the print inside one is read as a block.
    var frames: [PixelBox] = []
    /// The dot leaders painted out of the page (set by surface): each joins the item before it to the price after it.
    var leaders: [LeaderLinks.Leader] = []
    /// Boxes of ruled tables' grids, left on the page (set by surface): a bar read inside one is a rule.
    var tables: [PixelBox] = []
    /// The binarised page's ink as components, before surfaces were painted out (set by surface; widen may have
    /// sorted the same page already).
    var ink: InkComponents?
    /// Lines as recognised, then filtered and ordered.
    var lines: [RecognizedLine] = []
    /// Lines read apart from the page's rows (sideways margin text), read after them.
    var trailingLines: [RecognizedLine] = []
    /// The clean text (set by clean).
    var text = ""
    /// The upright preview JPEG, made on the side once the orientation is known.
    var preview: Task<Data?, Never>?

    init(data: Data, config: ImageProcessor.Config, languages: [String], options: ReadOptions = ReadOptions()) {
        self.data = data
        self.config = config
        self.languages = languages
        self.options = options
    }

    /// The page image; a step that runs before decode is a programming error, reported as unreadable.
    func currentPage() throws(ImagingError) -> LeptonicaImage {
        guard let page else { throw ImagingError.unreadable }
        return page
    }

    /// x-height in page pixels, or the target when it could not be measured.
    var xHeightOrTarget: Double { xHeight ?? config.targetXHeight }
}

extension PageState {
    /// Lines read from a crop of the page at `region`, moved onto the page as a block of their own (block and
    /// paragraph numbers after every one so far), so the order step sees them apart from the lines around them.
    mutating func appendBlock(_ read: [RecognizedLine], readAt region: PixelBox) {
        appendBlock(read.map { $0.moved(dx: region.x, dy: region.y) })
    }

    /// Lines already in page pixels, added as a block of their own.
    mutating func appendBlock(_ read: [RecognizedLine]) {
        guard !read.isEmpty else { return }
        let block = (lines.map(\.block).max() ?? -1) + 1
        let paragraph = (lines.map(\.paragraph).max() ?? -1) + 1
        lines += read.map { line in
            var l = line
            l.block = block
            l.paragraph += paragraph
            return l
        }
    }
}
