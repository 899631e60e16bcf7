// Holds the door at the socket: a connection slot per client address, a deadline for the request's headers, and a
// deadline plus a minimum rate for its body, whatever its type. A slow client is cut off by the clock, not by its
// own good will, so it cannot hold connections that others (and /healthz) need.
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes
import Settings
import Synchronization

/// How long a client may take to send a request.
struct RequestDeadlines: Sendable {
    /// The whole head (request line and headers), from its first byte; on a new connection, from the connection.
    var header: TimeAmount
    /// The whole body, from the end of the head.
    var body: TimeAmount
    /// Slowest average body rate accepted after `rateGrace`; 0 turns the rate check off.
    var minBytesPerSecond: Int
    var rateGrace: TimeAmount = .seconds(5)
    /// After a body deadline, the app has this long to answer 408 before the connection is closed anyway.
    var answerGrace: TimeAmount = .seconds(2)
}

/// Open connections per client address (an IPv4 address or an IPv6 /64), shared by every event loop.
final class ConnectionSlots: Sendable {
    let perClient: Int
    /// Addresses never limited: the reverse proxies, through which every client arrives.
    let exempt: [IPAddressRange]
    private let counts = Mutex<[String: Int]>([:])

    init(perClient: Int, exempt: [IPAddressRange]) {
        self.perClient = max(1, perClient)
        self.exempt = exempt
    }

    /// Takes a slot for `address`; false when it already holds `perClient` connections. Returns the key to release.
    func take(_ address: String) -> (taken: Bool, key: String?) {
        if let bytes = IPAddressRange.bytes(of: address), exempt.contains(where: { $0.contains(bytes) }) { return (true, nil) }
        let key = ClientAddress.clientKey(address)
        let taken = counts.withLock { counts -> Bool in
            let current = counts[key, default: 0]
            guard current < perClient else { return false }
            counts[key] = current + 1
            return true
        }
        return (taken, taken ? key : nil)
    }

    func release(_ key: String) {
        counts.withLock { counts in
            let remaining = counts[key, default: 1] - 1
            counts[key] = remaining > 0 ? remaining : nil
        }
    }

    /// Connections held by `address`'s client, for tests.
    func count(_ address: String) -> Int { counts.withLock { $0[ClientAddress.clientKey(address), default: 0] } }
}

/// The first handler on every connection, before HTTP parsing: takes the client's slot (or answers 503 and closes), and
/// closes a connection whose request head does not arrive in time.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let deadlines: RequestDeadlines
    private let slots: ConnectionSlots?
    private let logger: Logger
    private var slotKey: String?
    private var refused = false
    /// Waiting for a request head: since when (nil while an idle keep-alive connection has sent nothing yet).
    private var waitingSince: NIODeadline?
    private var waitingForHead = true
    private var bytesOfHead = 0
    /// Bytes of the request line so far, while its end has not arrived.
    private var requestLineBytes = 0
    private var requestLineEnded = false
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    /// The longest request line taken (method, address and version). The HTTP parser stops reading, without an
    /// error, at a line of about 8 KB, so a longer one would wait out the head deadline and be told 408; it is told
    /// 414 at once instead. Our own addresses are far shorter (a search is at most 200 characters).
    static let maxRequestLine = 8_000

    init(deadlines: RequestDeadlines, slots: ConnectionSlots?, logger: Logger) {
        self.deadlines = deadlines
        self.slots = slots
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if waitingForHead {
            let buffer = unwrapInboundIn(data)
            bytesOfHead += buffer.readableBytes
            if waitingSince == nil {
                waitingSince = .now()
                schedule(at: .now() + deadlines.header)
            }
            if !requestLineEnded {
                let view = buffer.readableBytesView
                if let newline = view.firstIndex(of: UInt8(ascii: "\n")) {
                    requestLineBytes += view.distance(from: view.startIndex, to: newline)
                    requestLineEnded = true
                } else {
                    requestLineBytes += view.count
                }
                if requestLineBytes > Self.maxRequestLine {
                    refuseLongRequestLine(context)
                    return
                }
            }
        }
        context.fireChannelRead(data)
    }

    // MARK: Told by RequestPace, which sees the parsed request.

    func headReceived() {
        waitingForHead = false
        waitingSince = nil
        bytesOfHead = 0
        requestLineBytes = 0
        requestLineEnded = false
        timer?.cancel()
        timer = nil
    }

    /// Every request on the connection is answered: the next head's clock starts with its first byte.
    func idle() {
        waitingForHead = true
        waitingSince = nil
        bytesOfHead = 0
        requestLineBytes = 0
        requestLineEnded = false
    }

    // MARK: Private

    private func start(_ context: ChannelHandlerContext) {
        guard waitingSince == nil, slotKey == nil, !refused else { return }
        if let slots, let address = context.channel.remoteAddress?.ipAddress {
            let (taken, key) = slots.take(address)
            guard taken else {
                refuse(context, address: address)
                return
            }
            slotKey = key
        }
        waitingSince = .now()
        schedule(at: .now() + deadlines.header)
    }

    private func finish() {
        timer?.cancel()
        timer = nil
        if let key = slotKey, let slots {
            slots.release(key)
            slotKey = nil
        }
    }

    /// 503 to a client over its share of connections, and the socket closed at once: a flood of refused connections
    /// must not hold the server's connection slots either.
    private func refuse(_ context: ChannelHandlerContext, address: String) {
        refused = true
        logger.info("connection refused: too many from one client", metadata: ["client": "\(ClientAddress.clientKey(address))"])
        let body = "Too many open connections from your address. Close some and try again.\n"
        let text =
            "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text)), promise: nil)
        context.close(promise: nil)
    }

    /// 414 to a request line over `maxRequestLine`. What follows is read and dropped for a moment before the socket
    /// closes: closed with the rest of the request unread, the socket would be reset, and a reset can take the answer
    /// with it before the client reads it.
    private func refuseLongRequestLine(_ context: ChannelHandlerContext) {
        refused = true
        timer?.cancel()
        logger.info("connection closed: request line too long", metadata: ["bytes": "\(requestLineBytes)"])
        let body = "That address is too long (over \(Self.maxRequestLine) bytes).\n"
        let text =
            "HTTP/1.1 414 URI Too Long\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let loop = context.eventLoop.assumeIsolated()
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text))).assumeIsolated().whenComplete { [self] _ in
            guard let context = self.context else { return }
            context.close(mode: .output, promise: nil)
            timer = loop.scheduleTask(in: .seconds(1)) { [self] in self.context?.close(promise: nil) }
        }
    }

    private func schedule(at deadline: NIODeadline) {
        guard let context else { return }
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in headDeadlinePassed() }
    }

    private func headDeadlinePassed() {
        timer = nil
        guard let context, waitingForHead, let since = waitingSince else { return }
        guard NIODeadline.now() >= since + deadlines.header else {
            schedule(at: since + deadlines.header)
            return
        }
        logger.info("connection closed: request head too slow", metadata: ["bytes": "\(bytesOfHead)"])
        if bytesOfHead > 0 {
            let text = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text)), promise: nil)
        }
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}

/// A request body that missed its deadline or fell under the minimum rate; answered 408.
struct RequestBodyTooSlow: HTTPResponseError {
    var status: HTTPResponse.Status { .requestTimeout }
    var headers: HTTPFields { [.connection: "close"] }
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: headers)
    }
}

/// Sits after HTTP parsing: times every request body against its deadline and the minimum rate. When a body is too slow,
/// the client gets a plain 408 at once (unless the app has already begun its answer), the app's read of the body ends
/// with `RequestBodyTooSlow` (never a short body taken for a whole one), and the connection is closed.
final class RequestPace: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let deadlines: RequestDeadlines
    private let connection: ConnectionGuard
    private let logger: Logger
    private var bodyStart: NIODeadline?
    private var bodyBytes = 0
    private var openRequests = 0
    private var timedOut = false
    /// The app has written the head of its answer to the current request.
    private var responseStarted = false
    /// We answered 408 ourselves: whatever the app writes after it is dropped.
    private var answeredHere = false
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(deadlines: RequestDeadlines, connection: ConnectionGuard, logger: Logger) {
        self.deadlines = deadlines
        self.connection = connection
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After a missed deadline the rest of the body is not wanted.
        guard !timedOut else { return }
        switch unwrapInboundIn(data) {
        case .head:
            openRequests += 1
            connection.headReceived()
            bodyStart = .now()
            bodyBytes = 0
            scheduleCheck()
        case .body(let buffer):
            bodyBytes += buffer.readableBytes
        case .end:
            bodyStart = nil
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if answeredHere {
            promise?.succeed(())
            return
        }
        guard case .end = unwrapOutboundIn(data) else {
            if case .head = unwrapOutboundIn(data) { responseStarted = true }
            context.write(data, promise: promise)
            return
        }
        responseStarted = false
        openRequests = max(0, openRequests - 1)
        if timedOut {
            // The 408 is out: nothing more will be read from this client.
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
            return
        }
        if openRequests == 0 { connection.idle() }
        context.write(data, promise: promise)
    }

    /// The latest moment the body may still be arriving: its deadline, or where its average rate would fall too low.
    private func nextCheck() -> NIODeadline? {
        guard let bodyStart else { return nil }
        var check = bodyStart + deadlines.body
        if deadlines.minBytesPerSecond > 0 {
            let earned = TimeAmount.nanoseconds(Int64(Double(bodyBytes) / Double(deadlines.minBytesPerSecond) * 1e9))
            check = min(check, bodyStart + deadlines.rateGrace + earned)
        }
        return check
    }

    private func scheduleCheck() {
        guard let context, let check = nextCheck() else { return }
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: check) { [self] in checkBody() }
    }

    private func checkBody() {
        timer = nil
        guard let context, let bodyStart, let check = nextCheck() else { return }
        // More bytes came since the check was planned: plan the next one.
        guard NIODeadline.now() >= check else {
            scheduleCheck()
            return
        }
        timedOut = true
        let seconds = Double((NIODeadline.now() - bodyStart).nanoseconds) / 1e9
        logger.info("request body too slow", metadata: ["bytes": "\(bodyBytes)", "seconds": "\(String(format: "%.1f", seconds))"])
        self.bodyStart = nil
        // First the app's read of the body fails (it must not take what came for the whole body)...
        context.fireErrorCaught(RequestBodyTooSlow())
        // ...then the client hears why, unless the app has begun its own answer, and the connection closes.
        if !responseStarted {
            answeredHere = true
            let text = "The request took too long to arrive and was stopped. Please try again on a steadier connection.\n"
            let head = HTTPResponse(
                status: .requestTimeout,
                headerFields: [.connection: "close", .contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(ByteBuffer(string: text))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
        context.eventLoop.assumeIsolated().scheduleTask(in: deadlines.answerGrace) { context.close(promise: nil) }
    }
}

@available(*, unavailable)
extension RequestPace: Sendable {}
