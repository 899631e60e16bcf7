// Development diagnostics on stderr when SNAPPOST_TRACE=1 or 2 (never paths or page text).
import Foundation

/// Whether tracing is on, and how verbose: 0 off, 1 our steps, 2 also the C libraries' own warnings.
public let traceLevel: Int = Int(ProcessInfo.processInfo.environment["SNAPPOST_TRACE"] ?? "") ?? 0

/// Prints one diagnostic line when tracing is on.
public func trace(_ message: @autoclosure () -> String) {
    guard traceLevel >= 1 else { return }
    FileHandle.standardError.write(Data(("trace: " + message() + "\n").utf8))
}
