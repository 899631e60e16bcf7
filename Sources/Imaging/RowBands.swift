// Image kernels whose output rows do not depend on each other run on every core at once, a band of rows each.
import Dispatch
import Foundation

/// Splits `0..<rows` into one band per core (at most `maxBands`) and runs `body` on every band at once, returning
/// when all are done. Bands are contiguous and in order; small images are done in one band on the caller's thread.
public func forEachRowBand(
    _ rows: Int, minimumRows: Int = 256, maxBands: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ body: (Range<Int>) -> Void
) {
    let bands = max(1, min(maxBands, rows / max(1, minimumRows)))
    guard bands > 1 else {
        body(0..<rows)
        return
    }
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let work = body
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            work((rows * band / bands)..<(rows * (band + 1) / bands))
        }
    }
}
