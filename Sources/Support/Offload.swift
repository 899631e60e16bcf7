// CPU-heavy work (image processing, recognition set-up) runs on Dispatch threads, never on the caller's executor.
import Dispatch

private let heavyWorkQueue = DispatchQueue(label: "snappost.heavy-work", qos: .userInitiated, attributes: .concurrent)

/// Runs `body` on a Dispatch thread and resumes with its result.
public func offload<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
        heavyWorkQueue.async {
            continuation.resume(returning: Result { () throws(E) -> T in try body() })
        }
    }
    return try result.get()
}
