// A provider that takes the connection and drops it (closed, or reset) fails in well under the timeout, with its own
// message; one that is not listening at all is "unreachable", just as fast.
import Foundation
import Support
import Testing

@testable import AIClient

#if canImport(Glibc)
import Glibc
#endif

@Suite("AIClient: dropped connections")
struct DroppedConnectionTests {
    @Test(arguments: [false, true])
    func droppedConnectionFailsFast(reset: Bool) async throws {
        let server = try DroppingServer(reset: reset)
        defer { server.stop() }
        let settings = AIProviderSettings(baseURL: "http://127.0.0.1:\(server.port)/v1", model: "m", timeout: .seconds(600))
        let start = ContinuousClock.now
        do {
            _ = try await OpenAICompatibleClient(settings: settings).complete(ChatRequest(messages: [.user("hi")]))
            Issue.record("a dropped connection answered")
        } catch let error as AIError {
            #expect(error.kind == .connectionDropped(url: settings.chatCompletionsURL), "\(error)")
            #expect(error.message.english.contains("hung up without answering"))
            #expect(error.technicalDetail?.english.contains("closed or reset it") == true)
            #expect(error.isRetryable)
        }
        // Alone it takes milliseconds; under the whole suite on two cores (the OCR tests keep every thread busy) the
        // client's first turn can wait a minute, so the bound is half the timeout: what it tells is that no timeout ran out.
        #expect(start.duration(to: .now) < .seconds(300), "took \(start.duration(to: .now)) against a 600 s timeout")
    }
}

/// A TCP server on loopback that accepts every connection and drops it at once: closed, or reset (RST).
final class DroppingServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init(reset: Bool) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        Thread {
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }
                if reset {
                    var linger = linger(l_onoff: 1, l_linger: 0)
                    setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
                }
                close(connection)
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
