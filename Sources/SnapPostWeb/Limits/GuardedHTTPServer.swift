// Hummingbird's HTTP/1 server with the door held: every connection starts with a ConnectionGuard (slot per client,
// header deadline) in front of the HTTP parser, and a RequestPace (body deadline and rate) right after it.
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// HTTP1Channel, plus the two handlers of `ConnectionGuard.swift` on every connection.
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let configuration: HTTP1Channel.Configuration
    let deadlines: RequestDeadlines
    let slots: ConnectionSlots?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let connection = ConnectionGuard(deadlines: deadlines, slots: slots, logger: logger)
        do {
            try channel.pipeline.syncOperations.addHandler(connection, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // The pace handler needs this connection's guard; the closure runs inside `setup`, on the channel's loop.
        let bound = NIOLoopBound(connection, eventLoop: channel.eventLoop)
        let deadlines = deadlines
        var perConnection = configuration
        perConnection.additionalChannelHandlers = { [RequestPace(deadlines: deadlines, connection: bound.value, logger: logger)] }
        return HTTP1Channel(responder: responder, configuration: perConnection).setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await HTTP1Channel(responder: responder, configuration: configuration).handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// `.http1(configuration:)` with deadlines for every request and a cap on connections per client address.
    static func guardedHTTP1(configuration: HTTP1Channel.Configuration, deadlines: RequestDeadlines, slots: ConnectionSlots?) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(responder: responder, configuration: configuration, deadlines: deadlines, slots: slots)
        }
    }
}
