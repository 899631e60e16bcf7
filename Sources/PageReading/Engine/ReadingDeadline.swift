// The moment one reading must be done by: a photo of noise (no print, every speck a "letter") can keep a worker busy
// for minutes, and the queue behind it waits. The reader sets it for the reading's task; every recognition inside the
// reading is told the time left, and Tesseract stops there.
import Foundation

public enum ReadingDeadline {
    /// The deadline of the reading this task belongs to, if any.
    @TaskLocal public static var current: ContinuousClock.Instant?

    /// Milliseconds left before `deadline` (at least 1); nil when there is none.
    static func millisecondsLeft(until deadline: ContinuousClock.Instant?, now: ContinuousClock.Instant = .now) -> Int32? {
        guard let deadline else { return nil }
        let left = now.duration(to: deadline).components
        let milliseconds = left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(1, milliseconds))
    }

    /// Whether the current deadline has passed.
    static func hasPassed(now: ContinuousClock.Instant = .now) -> Bool { current.map { now >= $0 } ?? false }
}
