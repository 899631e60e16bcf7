// Every Tesseract call in the project lives here: a pool of initialised TessBaseAPI handles, one set per worker.
import CTesseract
import Dispatch
import Foundation
import Imaging
import Support
import Synchronization

/// The real engine: Tesseract 5 through its C API. Each worker owns its handles (one per language set, plus one
/// for orientation detection), initialised once and reused; work runs on Dispatch threads, never the caller's.
public final class TesseractEngine: OCREngine {
    public let defaultLanguages: [String]
    /// Traineddata codes on this machine (osd excluded), sorted; read once at start.
    public let installedLanguages: [RecognitionLanguage]
    private let pool: WorkerPool
    private let queue = DispatchQueue(label: "snappost.tesseract", qos: .userInitiated, attributes: .concurrent)

    /// Initialises `workers` handles for `languages` up front (about 100 ms each), so the first photo is fast.
    public init(languages: [String] = ["eng"], workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        guard !languages.isEmpty else { throw OCRError.engineFailure("no recognition language configured") }
        let installed = Self.installedLanguages()
        try Self.checkInstalled(languages, among: installed)
        defaultLanguages = languages
        installedLanguages = installed
        let key = Self.withVerticalPacks(languages, installed: installed).joined(separator: "+")
        var made: [TesseractWorker] = []
        for _ in 0..<max(1, workers) {
            let worker = TesseractWorker()
            guard worker.handle(for: key) != nil else {
                throw OCRError.engineFailure("Tesseract could not load language '\(key)'")
            }
            made.append(worker)
        }
        pool = WorkerPool(workers: made)
    }

    /// True once every worker holds an initialised handle.
    public var isReady: Bool { pool.count > 0 }

    /// Whether traineddata for `language` (one code such as "fra") is installed.
    public static func isInstalled(language: String) -> Bool {
        guard let code = RecognitionLanguage(code: language) else { return false }
        return installedLanguages().contains(code)
    }

    /// Every traineddata code Tesseract finds in its data directory, without osd; empty when it cannot start.
    public static func installedLanguages() -> [RecognitionLanguage] {
        for probe in ["osd", "eng"] {
            if let handle = TesseractHandle(languages: probe, legacy: probe == "osd") {
                return handle.availableLanguages().compactMap(RecognitionLanguage.init(code:)).filter { $0.code != "osd" }.sorted()
            }
        }
        return []
    }

    /// Throws the typed error naming the first language in `languages` that is not a code or not installed.
    static func checkInstalled(_ languages: [String], among installed: [RecognitionLanguage]) throws(OCRError) {
        for text in languages {
            guard let language = RecognitionLanguage(code: text) else { throw OCRError.unknownLanguage(text) }
            if !installed.isEmpty, !installed.contains(language) { throw OCRError.languageNotInstalled(language) }
        }
    }

    /// Chinese and Japanese are also set in columns: when the vertical-text pack of a requested language is installed
    /// (Debian's tesseract-ocr-chi-sim-vert and the like), it is loaded beside it, and Tesseract's layout analysis reads
    /// each vertical column with it (measured on a rendered vertical page: nothing read with chi_sim alone, the
    /// columns' text with chi_sim+chi_sim_vert; horizontal pages read the same).
    static func withVerticalPacks(_ languages: [String], installed: [RecognitionLanguage]) -> [String] {
        var result = languages
        for code in languages where ["chi_sim", "chi_tra", "jpn", "kor"].contains(code) {
            let vertical = code + "_vert"
            if !result.contains(vertical), installed.contains(where: { $0.code == vertical }) { result.append(vertical) }
        }
        return result
    }

    public func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
        let languages = request.languages.isEmpty ? defaultLanguages : request.languages
        try Self.checkInstalled(languages, among: installedLanguages)
        let key = Self.withVerticalPacks(languages, installed: installedLanguages).joined(separator: "+")
        guard !ReadingDeadline.hasPassed() else { throw OCRError.tooSlow }
        let deadline = ReadingDeadline.current
        return try await withWorker { worker in
            guard let handle = worker.handle(for: key) else {
                throw OCRError.engineFailure("Tesseract could not load language '\(key)'")
            }
            // The time left is counted when a worker takes the image, not when it was queued.
            let left = ReadingDeadline.millisecondsLeft(until: deadline)
            return try handle.recognize(image, pixelsPerInch: request.pixelsPerInch, mode: request.pageSegmentationMode, deadlineMilliseconds: left)
        }
    }

    /// Several images on several workers at once (for example two halves of a page on two cores).
    public func recognize(_ images: [GrayImage], request: RecognitionRequest) async throws -> [RecognitionResult] {
        try await withThrowingTaskGroup(of: (Int, RecognitionResult).self) { group in
            for (i, image) in images.enumerated() {
                group.addTask { (i, try await self.recognize(image, request: request)) }
            }
            var results = [RecognitionResult?](repeating: nil, count: images.count)
            for try await (i, r) in group { results[i] = r }
            return results.map { $0! }
        }
    }

    /// Loads `languages` on every worker now, so the first photo in that language does not pay for it.
    public func warmUp(languages: [String]) async throws {
        try Self.checkInstalled(languages, among: installedLanguages)
        let key = Self.withVerticalPacks(languages, installed: installedLanguages).joined(separator: "+")
        var held: [TesseractWorker] = []
        for _ in 0..<pool.count { held.append(await pool.acquire()) }
        defer { for worker in held { pool.release(worker) } }
        for worker in held {
            let ok = await offload { worker.handle(for: key) != nil && worker.handle(for: "osd", legacy: true) != nil }
            guard ok else { throw OCRError.engineFailure("Tesseract could not load language '\(key)'") }
        }
    }

    public func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? {
        try await withWorker { worker in
            guard let osd = worker.handle(for: "osd", legacy: true) else { return nil }
            return osd.detectOrientation(image)
        }
    }

    private func withWorker<T: Sendable>(_ body: @escaping @Sendable (TesseractWorker) throws -> T) async throws -> T {
        let worker = await pool.acquire()
        defer { pool.release(worker) }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try body(worker) })
            }
        }
    }
}

/// Hands out workers; callers wait (without blocking a thread) when all are busy.
private final class WorkerPool: Sendable {
    private struct State {
        var free: [TesseractWorker]
        var waiting: [CheckedContinuation<TesseractWorker, Never>] = []
    }
    private let state: Mutex<State>
    let count: Int

    init(workers: [TesseractWorker]) {
        state = Mutex(State(free: workers))
        count = workers.count
    }

    func acquire() async -> TesseractWorker {
        if let worker = state.withLock({ $0.free.popLast() }) { return worker }
        return await withCheckedContinuation { continuation in
            let handed: TesseractWorker? = state.withLock { s in
                if let worker = s.free.popLast() { return worker }
                s.waiting.append(continuation)
                return nil
            }
            if let handed { continuation.resume(returning: handed) }
        }
    }

    func release(_ worker: TesseractWorker) {
        let next: CheckedContinuation<TesseractWorker, Never>? = state.withLock { s in
            if s.waiting.isEmpty {
                s.free.append(worker)
                return nil
            }
            return s.waiting.removeFirst()
        }
        next?.resume(returning: worker)
    }
}

/// One worker's handles. Only the pool's current holder touches it, hence unchecked.
private final class TesseractWorker: @unchecked Sendable {
    private var handles: [String: TesseractHandle] = [:]
    private var failed: Set<String> = []

    func handle(for languages: String, legacy: Bool = false) -> TesseractHandle? {
        if let h = handles[languages] { return h }
        if failed.contains(languages) { return nil }
        guard let h = TesseractHandle(languages: languages, legacy: legacy) else {
            failed.insert(languages)
            return nil
        }
        handles[languages] = h
        return h
    }
}

/// One initialised TessBaseAPI.
private final class TesseractHandle {
    private let api: OpaquePointer
    /// Letters orientation detection tries at least (see `init`).
    static let orientationLetters = 25
    /// Beam searches run for each line's rival letters after the one that reads it (see `init`).
    static let choiceIterations = 1

    init?(languages: String, legacy: Bool) {
        guard let api = TessBaseAPICreate() else { return nil }
        // Tesseract prints warnings (resolution guesses, empty pages) to stderr unless told otherwise.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        let status = TessBaseAPIInit2(api, nil, languages, legacy ? OEM_TESSERACT_ONLY : OEM_DEFAULT)
        guard status == 0 else {
            TessBaseAPIDelete(api)
            return nil
        }
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        // Orientation detection classifies up to five times this many letters in all four turns, and that is nearly
        // all of its time; 25 (Tesseract's default is 50) halves it, and its confidence, which grows with the letters
        // judged, halves with it (`ImageProcessor.Config.orientationConfidenceThreshold` is set for 25).
        if legacy { _ = TessBaseAPISetVariable(api, "min_characters_to_try", "\(Self.orientationLetters)") }
        // Keeps the LSTM's runner-up letters for the choice iterator (a word nearly read as another is unsure; the
        // respell step spells a word with a letter's runner-up). The best path is the same either way.
        _ = TessBaseAPISetVariable(api, "lstm_choice_mode", "2")
        // Each iteration decodes the line again with the letters found so far barred, for ever weaker rivals. One
        // instead of Tesseract's default five saves 8 % of the CPU time of whole readings. Only the strongest rival
        // is kept (see `letters(ofWordAt:)`), and the first iteration nearly always finds it: on the shared photos
        // 201 words are flagged unsure instead of 204 (2 of the 3 were misread), and the text is the same. (A rival
        // can change the text through the respell step: one word did, over the ten sets of the variants check.)
        _ = TessBaseAPISetVariable(api, "lstm_choice_iterations", "\(Self.choiceIterations)")
        self.api = api
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    private func setImage(_ image: GrayImage) {
        // A page that is already black and white goes in as one bit per pixel: Tesseract then skips its own Otsu
        // threshold (a histogram and a pass over every pixel), and reads the same pixels.
        if let packed = BinaryInput.packedBits(image) {
            let perLine = (image.width + 7) / 8
            packed.withUnsafeBufferPointer { buffer in
                TessBaseAPISetImage(api, buffer.baseAddress, Int32(image.width), Int32(image.height), 0, Int32(perLine))
            }
            return
        }
        image.bytes.withUnsafeBufferPointer { buffer in
            // Tesseract copies the pixels here, so the buffer need not outlive the call.
            TessBaseAPISetImage(api, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
    }

    func recognize(_ image: GrayImage, pixelsPerInch: Int, mode: Int, deadlineMilliseconds: Int32? = nil) throws -> RecognitionResult {
        defer { TessBaseAPIClear(api) }
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(mode)))
        setImage(image)
        TessBaseAPISetSourceResolution(api, Int32(pixelsPerInch))
        // With a deadline, Tesseract's progress monitor stops recognition when it passes.
        let monitor = deadlineMilliseconds.flatMap { milliseconds -> OpaquePointer? in
            guard let monitor = TessMonitorCreate() else { return nil }
            TessMonitorSetDeadlineMSecs(monitor, milliseconds)
            return monitor
        }
        defer { if let monitor { TessMonitorDelete(monitor) } }
        let started = ContinuousClock.now
        let status = TessBaseAPIRecognize(api, monitor)
        if let deadlineMilliseconds, started.duration(to: .now) >= .milliseconds(Int64(deadlineMilliseconds)) { throw OCRError.tooSlow }
        guard status == 0 else { throw OCRError.engineFailure("recognition failed") }
        let mean = Double(max(0, TessBaseAPIMeanTextConf(api))) / 100
        guard let iterator = TessBaseAPIGetIterator(api) else { return RecognitionResult(lines: [], meanConfidence: 0) }
        defer { TessResultIteratorDelete(iterator) }
        guard let page = TessResultIteratorGetPageIteratorConst(iterator) else {
            return RecognitionResult(lines: [], meanConfidence: mean)
        }
        var lines: [RecognizedLine] = []
        var block = -1, paragraph = -1
        // One walk, word by word: a line starts at the first word of each text line; its words keep their own boxes,
        // confidences, the strongest runner-up reading of their letters and whether the language's dictionary knows
        // them (debris is judged by word here, unsure words by the person's Results page).
        var inLine = false
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 { block += 1 }
            if TessPageIteratorIsAtBeginningOf(page, RIL_PARA) != 0 { paragraph += 1 }
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 || !inLine {
                inLine = false
                var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
                if TessPageIteratorBoundingBox(page, RIL_TEXTLINE, &l, &t, &r, &b) != 0,
                    let cText = TessResultIteratorGetUTF8Text(iterator, RIL_TEXTLINE)
                {
                    defer { TessDeleteText(cText) }
                    let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
                    if !text.isEmpty {
                        let confidence = Double(TessResultIteratorConfidence(iterator, RIL_TEXTLINE)) / 100
                        lines.append(
                            RecognizedLine(
                                text: text, box: PixelBox(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t)),
                                confidence: min(1, max(0, confidence)), block: max(0, block), paragraph: max(0, paragraph)))
                        inLine = true
                    }
                }
            }
            guard inLine else { continue }
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard TessPageIteratorBoundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0, let cWord = TessResultIteratorGetUTF8Text(iterator, RIL_WORD)
            else {
                continue
            }
            defer { TessDeleteText(cWord) }
            let text = String(cString: cWord).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
            let line = lines[lines.count - 1]
            lines[lines.count - 1].words.append(
                WordLetters.word(
                    text, box: PixelBox(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t)), line: line.box,
                    confidence: min(1, max(0, confidence)), inDictionary: TessResultIteratorWordIsFromDictionary(iterator) != 0,
                    letters: letters(ofWordAt: iterator)))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return RecognitionResult(lines: lines, meanConfidence: mean)
    }

    /// The letters (symbols) of the word `iterator` is at (it is not moved), each with its confidence and the best
    /// confidence (0...1) of a reading other than the chosen one. Only letters and digits have rivals: a comma that
    /// might have been a full stop does not make a word doubtful.
    private func letters(ofWordAt iterator: OpaquePointer) -> [WordLetters.Letter] {
        guard let walker = TessResultIteratorCopy(iterator) else { return [] }
        defer { TessResultIteratorDelete(walker) }
        guard let page = TessResultIteratorGetPageIteratorConst(walker) else { return [] }
        var letters: [WordLetters.Letter] = []
        for _ in 0..<500 {
            // The symbol's text as the word spells it (the choice iterator's first choice can differ from the best path).
            var letter = WordLetters.Letter(text: "", confidence: Double(TessResultIteratorConfidence(walker, RIL_SYMBOL)) / 100, rival: 0)
            if let cText = TessResultIteratorGetUTF8Text(walker, RIL_SYMBOL) {
                letter.text = String(cString: cText)
                TessDeleteText(cText)
            }
            if let choices = TessResultIteratorGetChoiceIterator(walker) {
                defer { TessChoiceIteratorDelete(choices) }
                // The first choice is the one read; every later one is a rival.
                let chosen = TessChoiceIteratorGetUTF8Text(choices).map { String(cString: $0) } ?? ""
                if chosen.contains(where: { $0.isLetter || $0.isNumber }) {
                    for _ in 0..<64 {
                        guard TessChoiceIteratorNext(choices) != 0 else { break }
                        let confidence = Double(TessChoiceIteratorConfidence(choices)) / 100
                        guard confidence > letter.rival else { continue }
                        letter.rival = confidence
                        letter.runnerUp = TessChoiceIteratorGetUTF8Text(choices).map { String(cString: $0) } ?? ""
                    }
                }
            }
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            if TessPageIteratorBoundingBox(page, RIL_SYMBOL, &l, &t, &r, &b) != 0 {
                letter.minX = Int(l)
                letter.maxX = Int(r)
            }
            letter.confidence = min(1, max(0, letter.confidence))
            letter.rival = min(1, max(0, letter.rival))
            letters.append(letter)
            if TessPageIteratorIsAtFinalElement(page, RIL_WORD, RIL_SYMBOL) != 0 || TessResultIteratorNext(walker, RIL_SYMBOL) == 0 { break }
        }
        return letters
    }

    /// Traineddata names in the data directory this handle was initialised from.
    func availableLanguages() -> [String] {
        guard let vector = TessBaseAPIGetAvailableLanguagesAsVector(api) else { return [] }
        defer { TessDeleteTextArray(vector) }
        var out: [String] = []
        var i = 0
        while let item = vector[i] {
            out.append(String(cString: item))
            i += 1
        }
        return out
    }

    func detectOrientation(_ image: GrayImage) -> OrientationEstimate? {
        defer { TessBaseAPIClear(api) }
        TessBaseAPISetPageSegMode(api, PSM_OSD_ONLY)
        setImage(image)
        TessBaseAPISetSourceResolution(api, 300)
        var degrees: Int32 = 0
        var confidence: Float = 0
        var scriptConfidence: Float = 0
        // The script name would point into Tesseract's own tables; we do not need it.
        guard TessBaseAPIDetectOrientationScript(api, &degrees, &confidence, nil, &scriptConfidence) != 0 else {
            return nil
        }
        // `degrees` is how far the page is turned clockwise; turning it back is (360 - degrees).
        let turns = ((360 - Int(degrees)) % 360) / 90
        return OrientationEstimate(quarterTurnsClockwise: turns, confidence: Double(confidence))
    }
}

/// How a black-and-white page is handed to Tesseract.
enum BinaryInput {
    /// The image as Tesseract's binary input (a bit per pixel, the first pixel in a byte's high bit, 1 for white,
    /// rows padded to whole bytes) when every pixel is black (0) or white (255); nil for a grey image.
    static func packedBits(_ image: GrayImage) -> [UInt8]? {
        let w = image.width, perLine = (w + 7) / 8
        var packed = [UInt8](repeating: 0, count: perLine * image.height)
        let twoTone = image.bytes.withUnsafeBufferPointer { src in
            packed.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
                    let row = y * w, out = y * perLine
                    for x in 0..<w {
                        let v = src[row + x]
                        if v == 255 {
                            dst[out + (x >> 3)] |= 0x80 >> UInt8(x & 7)
                        } else if v != 0 {
                            return false
                        }
                    }
                }
                return true
            }
        }
        return twoTone ? packed : nil
    }
}
