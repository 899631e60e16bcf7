// The clock as a dependency, so tests can move time (session expiry, history order).
import Foundation

/// Where "now" comes from.
public protocol TimeSource: Sendable {
    func now() -> Date
}

/// The real wall clock.
public struct SystemTimeSource: TimeSource {
    public init() {}
    public func now() -> Date { Date() }
}
