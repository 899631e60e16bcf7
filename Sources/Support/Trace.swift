// Development diagnostics on stderr when the `trace` key (SNAPPOST_TRACE) is 1 or 2 (never paths or page text).
import Foundation
import Synchronization

/// The trace level in force: set once at start from the configuration (`Trace.bootstrap`), like the logging system.
public enum Trace {
    private static let level = Atomic<Int>(0)

    /// 0 off, 1 our steps, 2 also the C libraries' own warnings. Called by each command before any work starts.
    public static func bootstrap(level newLevel: Int) { level.store(max(0, newLevel), ordering: .relaxed) }

    public static var currentLevel: Int { level.load(ordering: .relaxed) }
}

/// Whether tracing is on, and how verbose: 0 off, 1 our steps, 2 also the C libraries' warnings.
public var traceLevel: Int { Trace.currentLevel }

/// Prints one diagnostic line when tracing is on.
public func trace(_ message: @autoclosure () -> String) {
    guard traceLevel >= 1 else { return }
    FileHandle.standardError.write(Data(("trace: " + message() + "\n").utf8))
}
