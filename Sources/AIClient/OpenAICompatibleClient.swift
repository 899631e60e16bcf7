// One chat-completions call to any server that speaks OpenAI's API: OpenAI, Ollama, llama.cpp, vLLM, LM Studio.
import AsyncHTTPClient
import Foundation
import Logging
import Metrics
import NIOCore
import NIOHTTP1
import Support

/// Sends a ``ChatRequest`` and returns the model's reply text, stepping down the ``StructuredOutputStep`` ladder when
/// a provider rejects a structured-output mode. Every failure is an ``AIError``.
public final class OpenAICompatibleClient: Sendable {
    public let settings: AIProviderSettings
    private let httpClient: HTTPClient
    private let memory: StructuredOutputMemory
    private let logger: Logger

    /// Replies are a few kilobytes; anything near this is not a chat completion.
    static let maxReplyBytes = 2 * 1024 * 1024

    /// A client that fails at once on a refused connection, instead of retrying until the deadline as
    /// `HTTPClient.shared` does, so "unreachable" shows in seconds rather than after the whole timeout.
    public static let defaultHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public init(
        settings: AIProviderSettings,
        httpClient: HTTPClient = OpenAICompatibleClient.defaultHTTPClient,
        memory: StructuredOutputMemory = .shared,
        logger: Logger = Logger(label: "snappost.ai")
    ) {
        self.settings = settings
        self.httpClient = httpClient
        self.memory = memory
        self.logger = logger
    }

    /// "host · model", the AI-mode badge.
    public var displayName: String { settings.displayName }

    /// The reply's text (never empty). With a schema, the strictest accepted structured-output mode is used.
    public func complete(_ chat: ChatRequest) async throws -> String {
        let key = settings.normalizedBaseURL
        var step = chat.schema == nil ? .none : memory.startingStep(for: key)
        do {
            while true {
                do {
                    let content = try await attempt(step, chat)
                    if chat.schema != nil { memory.remember(step, for: key) }
                    count(outcome: "ok")
                    return content
                } catch let rejection as FormatRejected {
                    guard let next = step.next else { throw AIError(.badRequest(providerMessage: rejection.providerMessage)) }
                    logger.info(
                        "Provider rejected structured output; stepping down",
                        metadata: ["from": "\(step)", "to": "\(next)", "provider": "\(rejection.providerMessage)"]
                    )
                    step = next
                }
            }
        } catch let error as AIError {
            logger.warning("AI request failed", metadata: ["code": "\(error.code)", "url": "\(settings.shownChatCompletionsURL)", "step": "\(step)"])
            count(outcome: error.code)
            throw error
        }
    }

    /// A 400 that is not about content: the next step down the ladder may be accepted; after the last, a bad request.
    private struct FormatRejected: Error {
        var providerMessage: String
    }

    private func attempt(_ step: StructuredOutputStep, _ chat: ChatRequest) async throws -> String {
        let body = ChatCompletionRequest(
            model: settings.model,
            messages: chat.messages,
            temperature: settings.temperature,
            topP: settings.topP,
            maxTokens: settings.maxTokens,
            responseFormat: step,
            schema: chat.schema
        )
        let url = settings.chatCompletionsURL
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        if let key = settings.apiKey, !key.isEmpty {
            request.headers.add(name: "Authorization", value: "Bearer \(key)")
        }
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))

        let (status, headers, bytes) = try await send(request, url: settings.shownChatCompletionsURL)
        switch status {
        case 200..<300:
            return try Self.content(ofReply: bytes)
        case 401, 403:
            throw AIError(.invalidAPIKey)
        case 404:
            throw AIError(.notFound(url: settings.shownChatCompletionsURL))
        case 408:
            throw AIError(.timeout)
        case 429:
            throw AIError(.rateLimited(retryAfter: Self.retryAfter(headers.first(name: "Retry-After"))))
        case 400, 422:
            let error = ProviderErrorBody(data: bytes)
            if error.isContentPolicy { throw AIError(.contentRejected) }
            throw FormatRejected(providerMessage: settings.redacted(error.message))
        case 400..<500:
            let message = settings.redacted(ProviderErrorBody(data: bytes).message)
            throw AIError(.badRequest(providerMessage: message.isEmpty ? "HTTP \(status)" : message))
        case 500..<600:
            throw AIError(.providerUnavailable(status: status, retryAfter: Self.retryAfter(headers.first(name: "Retry-After"))))
        default:
            throw AIError(.badResponse(.status(status)))
        }
    }

    /// The request and its whole body within the timeout; transport failures mapped to ``AIError``.
    private func send(_ request: HTTPClientRequest, url: String) async throws -> (Int, HTTPHeaders, [UInt8]) {
        let timeout = settings.timeout
        let client = httpClient
        let logger = logger
        do {
            return try await withThrowingTaskGroup(of: (Int, HTTPHeaders, [UInt8]).self) { group in
                group.addTask {
                    let response = try await client.execute(request, deadline: .now() + TimeAmount(timeout))
                    let buffer = try await response.body.collect(upTo: Self.maxReplyBytes)
                    return (Int(response.status.code), response.headers, Array(buffer.readableBytesView))
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw AIError(.timeout)
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch let error as AIError {
            throw error
        } catch let error as HTTPClientError {
            logger.debug("AI request failed", metadata: ["url": "\(url)", "error": "\(error)"])
            if error == .cancelled { throw CancellationError() }
            throw AIError(Self.kind(of: error, url: url))
        } catch is NIOTooManyBytesError {
            throw AIError(.badResponse(.tooLarge(bytes: Self.maxReplyBytes)))
        } catch is CancellationError {
            throw CancellationError()
        } catch let error where Self.isDroppedConnection(error) {
            // Taken, then closed or reset before any answer: say so now rather than wait out the timeout.
            logger.debug("AI connection dropped", metadata: ["url": "\(url)", "error": "\(error)"])
            throw AIError(.connectionDropped(url: url))
        } catch {
            logger.debug("AI request failed", metadata: ["url": "\(url)", "error": "\(error)"])
            throw AIError(.unreachable(url: url))
        }
    }

    /// What a transport failure means to the person waiting. A request that waited its turn behind the pool's
    /// connections, all busy with earlier requests to the same provider, met a provider too slow, not an absent one.
    static func kind(of error: HTTPClientError, url: String) -> AIError.Kind {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout:
            return .timeout
        case .remoteConnectionClosed:
            return .connectionDropped(url: url)
        default:
            return .unreachable(url: url)
        }
    }

    /// A connection the provider accepted and then closed or reset (a refused one is `unreachable`).
    static func isDroppedConnection(_ error: any Error) -> Bool {
        switch error {
        case let error as ChannelError: return [.ioOnClosedChannel, .eof, .outputClosed, .inputClosed, .alreadyClosed].contains(error)
        case let error as IOError: return [ECONNRESET, EPIPE, ECONNABORTED].contains(error.errnoCode)
        default: return false
        }
    }

    /// A 2xx body to the first choice's text.
    static func content(ofReply bytes: [UInt8]) throws -> String {
        guard let reply = try? JSONDecoderForWire.decode(ChatCompletionResponse.self, from: bytes),
            let choice = reply.choices?.first
        else { throw AIError(.badResponse(.notChatCompletion)) }
        switch choice.finishReason {
        case "length": throw AIError(.cutOff)
        case "content_filter": throw AIError(.contentRejected)
        default: break
        }
        let content = choice.message?.content?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if content.isEmpty {
            if let refusal = choice.message?.refusal, !refusal.isEmpty { throw AIError(.contentRejected) }
            throw AIError(.badResponse(.emptyMessage))
        }
        return content
    }

    /// The longest `Retry-After` taken as said; a longer one (or one that is no number) is as good as none.
    static let longestRetryAfter: Double = 3600

    /// `Retry-After` as seconds or as an HTTP date, when it is a wait of at most `longestRetryAfter`.
    static func retryAfter(_ header: String?, now: Date = Date()) -> Duration? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if let seconds = Double(header) {
            // "inf", "nan", 1e300 or a negative wait name no time to wait; Duration would trap on the first three.
            guard seconds.isFinite, seconds >= 0, seconds <= longestRetryAfter else { return nil }
            return .seconds(seconds)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: header) else { return nil }
        let wait = max(0, date.timeIntervalSince(now).rounded(.up))
        return wait <= longestRetryAfter ? .seconds(wait) : nil
    }

    private func count(outcome: String) {
        Counter(label: "snappost_ai_requests_total", dimensions: [("outcome", outcome)]).increment()
    }
}
