// How long each step of a pipeline took, measured in order.
import Dispatch

/// How long one pipeline step took.
public struct StepTiming: Sendable, Codable, Equatable {
    public var step: String
    public var seconds: Double

    public init(step: String, seconds: Double) {
        self.step = step
        self.seconds = seconds
    }
}

/// Measures consecutive steps: each `lap` records the time since the previous one.
public struct StepClock: Sendable {
    public private(set) var timings: [StepTiming] = []
    private var last = DispatchTime.now().uptimeNanoseconds

    public init() {}

    public mutating func lap(_ step: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        timings.append(StepTiming(step: step, seconds: Double(now - last) / 1e9))
        last = now
    }
}
