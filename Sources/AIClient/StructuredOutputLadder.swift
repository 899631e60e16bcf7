// Which structured-output mode a provider accepts: try the strictest, step down on a 400, remember what worked.
import Synchronization

/// One rung of the ladder, strictest first.
public enum StructuredOutputStep: Int, CaseIterable, Sendable, Comparable {
    /// `response_format: json_schema`, strict. OpenAI, recent llama.cpp, vLLM, LM Studio, Ollama.
    case jsonSchema
    /// `response_format: json_object`. Older servers; LM Studio rejects it.
    case jsonObject
    /// No `response_format`; the prompt and the tolerant parser do the work.
    case none

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    var next: StructuredOutputStep? { StructuredOutputStep(rawValue: rawValue + 1) }
}

/// The step that last worked, per base URL, so each request after the first goes straight to it.
public final class StructuredOutputMemory: Sendable {
    /// Shared by every provider in the process.
    public static let shared = StructuredOutputMemory()

    private let steps = Mutex<[String: StructuredOutputStep]>([:])

    public init() {}

    /// Where to start for this base URL: the remembered step, or the strictest.
    public func startingStep(for baseURL: String) -> StructuredOutputStep {
        steps.withLock { $0[baseURL] } ?? .jsonSchema
    }

    func remember(_ step: StructuredOutputStep, for baseURL: String) {
        steps.withLock { $0[baseURL] = step }
    }
}
