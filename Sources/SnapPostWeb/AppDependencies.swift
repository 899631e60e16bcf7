// The outside dependencies the app is built from: OCR, the draft writer, the shelf analyser, speech, storage, the
// clock. Tests swap any for a fake.
import Foundation
import PageReading
import PostWriting
import Prometheus
import Shelves
import Speech
import Storage
import Support
import Words

public struct AppDependencies: Sendable {
    public var reader: any PageReader
    public var generator: any PostGenerator
    /// The bookshelf analyser (spines, catalog, recommendations).
    public var shelfAnalyser: any ShelfAnalysing
    /// Speaks a shelf's recommendations (the Listen button).
    public var speech: any SpeechSynthesizer
    public var scans: any ScanRepository
    public var generations: any GenerationRepository
    public var history: any HistoryRepository
    public var shelves: any ShelfScanRepository
    public var sessions: any SessionRepository
    public var retouch: any RetouchRepository
    /// Writes a row and a real file in the data folder (for /healthz).
    public var checkStoreWritable: @Sendable () async throws -> Void
    /// Bytes free on the data folder's disk, nil when unknown (for /healthz).
    public var freeDiskBytes: @Sendable () -> Int64? = { nil }
    /// Whether the OCR engine can take work (for /healthz).
    public var isOCRReady: @Sendable () -> Bool
    public var clock: any TimeSource
    /// Where every metric lands, the swift-metrics ones included when it is bootstrapped (see `MetricsBootstrap`).
    public var metricsRegistry: PrometheusCollectorRegistry
    /// The OCR languages' word list, to find words the camera may have misread; nil judges by line confidence alone.
    public var words: (any WordList)?
    /// The OCR languages installed on this machine (the language selects offer them); set by the live setup.
    public var installedLanguages: [RecognitionLanguage] = []
    /// Writes everything of the person's (texts, drafts, history, shelves) as a ZIP to the file given.
    public var exportData: (@Sendable (URL, ExportWords) async throws -> PersonalExport.Counts)?
    /// Writes a backup of the data folder to the file given (scheduled backups); nil when the store is in memory.
    public var backup: (@Sendable (URL) throws -> DataBackup.Summary)?

    public init(
        reader: any PageReader, generator: any PostGenerator, shelfAnalyser: any ShelfAnalysing, speech: any SpeechSynthesizer,
        scans: any ScanRepository, generations: any GenerationRepository, history: any HistoryRepository, shelves: any ShelfScanRepository,
        sessions: any SessionRepository, retouch: any RetouchRepository, checkStoreWritable: @escaping @Sendable () async throws -> Void,
        isOCRReady: @escaping @Sendable () -> Bool, clock: any TimeSource = SystemTimeSource(),
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), words: (any WordList)? = nil
    ) {
        self.words = words
        self.reader = reader
        self.generator = generator
        self.shelfAnalyser = shelfAnalyser
        self.speech = speech
        self.scans = scans
        self.generations = generations
        self.history = history
        self.shelves = shelves
        self.sessions = sessions
        self.retouch = retouch
        self.checkStoreWritable = checkStoreWritable
        self.isOCRReady = isOCRReady
        self.clock = clock
        self.metricsRegistry = metricsRegistry
    }

    /// Every repository over one database (on disk for the server, in memory for tests).
    public init(
        reader: any PageReader, generator: any PostGenerator, shelfAnalyser: any ShelfAnalysing, speech: any SpeechSynthesizer,
        database: AppDatabase, historySize: Int, isOCRReady: @escaping @Sendable () -> Bool = { true }, clock: any TimeSource = SystemTimeSource(),
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), words: (any WordList)? = nil
    ) {
        self.init(
            reader: reader, generator: generator, shelfAnalyser: shelfAnalyser, speech: speech,
            scans: SQLiteScanRepository(database: database, clock: clock),
            generations: SQLiteGenerationRepository(database: database, clock: clock),
            history: SQLiteHistoryRepository(database: database, limit: historySize, clock: clock),
            shelves: SQLiteShelfScanRepository(database: database, clock: clock),
            sessions: SQLiteSessionRepository(database: database, clock: clock),
            retouch: SQLiteRetouchRepository(database: database, clock: clock),
            checkStoreWritable: { try await database.checkWritable() }, isOCRReady: isOCRReady, clock: clock,
            metricsRegistry: metricsRegistry, words: words)
        self.freeDiskBytes = { database.freeBytes() }
        self.exportData = { file, words in try await PersonalExport(database: database).write(to: file, words: words) }
        if database.directory != nil { self.backup = { file in try database.backup(to: file) } }
    }
}
