// The one place where any error becomes a status code, a plain message, a Retry-After and whether to offer Retry.
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import NIOCore
import NIOHTTP1
import PostWriting
import Retouch
import Storage
import Support

/// What a person (or an API client) is told when something goes wrong.
struct ErrorPresentation: Sendable {
    var status: HTTPResponse.Status
    var title: String
    var message: String
    /// Stable short code for logs, metrics and tests.
    var code: String
    var retryAfterSeconds: Int?
    /// Whether trying the same thing again may work; pages offer a Retry button only then.
    var retryable: Bool
    /// For whoever runs the server (a setting's name, an address); pages fold it away under the message.
    var detail: String? = nil
    /// The configured AI writer failed: pages offer the offline writer for this one time.
    var isWriterFailure = false

    init(status: HTTPResponse.Status, title: String, message: String, code: String, retryAfterSeconds: Int? = nil, retryable: Bool = false) {
        self.status = status
        self.title = title
        self.message = message
        self.code = code
        self.retryAfterSeconds = retryAfterSeconds
        self.retryable = retryable
    }

    static func from(_ error: any Error, limits: ImageLimits = ImageLimits()) -> ErrorPresentation {
        switch error {
        case let error as RateLimitedError:
            return .init(
                status: .tooManyRequests, title: "Slow down", message: error.message, code: error.code,
                retryAfterSeconds: error.retryAfterSeconds, retryable: true)
        case let error as BadFormError:
            return .init(status: .badRequest, title: "Something is missing", message: error.message, code: error.code)
        case let error as BadHostError:
            return .init(status: .badRequest, title: "Wrong address", message: error.message, code: error.code)
        case let error as InvalidInputError:
            return .init(status: .badRequest, title: "Something is missing", message: error.message, code: error.code)
        case let error as NotFoundError:
            return .init(status: .notFound, title: "Not found", message: error.message, code: error.code)
        case let error as FormTooLargeError:
            return .init(status: .contentTooLarge, title: "Text too long", message: error.message, code: error.code)
        case let error as RetouchError:
            return .init(
                status: status(for: error.category), title: retouchTitle(for: error.category), message: error.message, code: error.code)
        case let error as TextTooLongError:
            return .init(status: .contentTooLarge, title: "Text too long", message: error.message, code: error.code)
        case let error as StoreError where error.isOutOfSpace:
            return .init(status: .insufficientStorage, title: "Server disk full", message: error.message, code: error.code)
        case let error as StoreError:
            return .init(
                status: status(for: error.category), title: "Not saved", message: error.message, code: error.code,
                retryAfterSeconds: error.retryAfterSeconds, retryable: error.isRetryable)
        case let error as any UserFacingError:
            var presentation = ErrorPresentation(
                status: status(for: error.category), title: title(for: error.category), message: error.message, code: error.code,
                retryAfterSeconds: error.retryAfterSeconds, retryable: error.isRetryable)
            presentation.detail = error.technicalDetail
            presentation.isWriterFailure = error.code.hasPrefix("ai_") && error.code != "ai_empty_input"
            return presentation
        case is NIOTooManyBytesError:
            return .tooLarge(limits)
        case is HTTPParserError:
            // The client closed the connection mid-request, or sent something that is not HTTP: nobody to blame here.
            return .init(
                status: .badRequest, title: "Cut off", message: "The request was cut off before it ended. Please try again.",
                code: "request_cut_off", retryable: true)
        case let error as any HTTPResponseError:
            return fromHTTP(error.status, limits: limits)
        default:
            return .init(
                status: .internalServerError, title: "Something went wrong",
                message: "Something went wrong on the server. Please try again.", code: "internal", retryable: true)
        }
    }

    static func fromHTTP(_ status: HTTPResponse.Status, limits: ImageLimits = ImageLimits()) -> ErrorPresentation {
        switch status {
        case .notFound:
            return .init(
                status: .notFound, title: "Not found", message: "That page or scan does not exist. It may have been deleted.", code: "not_found")
        case .contentTooLarge:
            return .tooLarge(limits)
        case .methodNotAllowed:
            return .init(status: .methodNotAllowed, title: "Not allowed", message: "That action is not available here.", code: "method_not_allowed")
        case .requestTimeout:
            return .init(
                status: .requestTimeout, title: "Too slow",
                message: "The request took too long to arrive and was stopped. Please try again on a steadier connection.",
                code: "request_timeout", retryable: true)
        case .unauthorized:
            return .init(status: .unauthorized, title: "Login needed", message: "Log in to use SnapPost.", code: "unauthorized")
        case .forbidden:
            return .init(status: .forbidden, title: "Refused", message: "That request came from another site and was refused.", code: "cross_origin")
        default:
            if status.code >= 500 {
                return .init(
                    status: status, title: "Something went wrong",
                    message: "Something went wrong on the server. Please try again.", code: "internal", retryable: true)
            }
            return .init(status: .badRequest, title: "Bad request", message: "The request could not be understood.", code: "bad_request")
        }
    }

    /// An upload over the configured cap; the message names that cap.
    static func tooLarge(_ limits: ImageLimits) -> ErrorPresentation {
        ErrorPresentation(
            status: .contentTooLarge, title: "Photo too large",
            message: "That file is too large. Send a photo under \(limits.maxMegabytes) MB (JPEG, PNG, HEIC or WebP).", code: "too_large")
    }

    static func status(for category: ErrorCategory) -> HTTPResponse.Status {
        switch category {
        case .badInput: .badRequest
        case .tooLarge: .contentTooLarge
        case .nothingFound: .unprocessableContent
        case .notFound: .notFound
        case .busy: .serviceUnavailable
        case .upstream: .badGateway
        case .internal: .internalServerError
        }
    }

    static func title(for category: ErrorCategory) -> String {
        switch category {
        case .badInput: "Can't read that file"
        case .tooLarge: "Photo too large"
        case .nothingFound: "No text found"
        case .notFound: "Not found"
        case .busy: "Busy right now"
        case .upstream: "The AI writer failed"
        case .internal: "Something went wrong"
        }
    }

    /// Retouch's own wording: nothing found is about wires and objects, not text.
    static func retouchTitle(for category: ErrorCategory) -> String {
        switch category {
        case .nothingFound: "Nothing found there"
        case .tooLarge: "Photo too large"
        case .badInput: "Can't use that"
        default: title(for: category)
        }
    }

    /// `Retry-After` when there is one.
    var headers: HTTPFields {
        var fields: HTTPFields = [:]
        if let retryAfterSeconds { fields[.retryAfter] = String(retryAfterSeconds) }
        return fields
    }
}

extension HTTPResponse.Status {
    /// 507: the server cannot store what was sent (its disk is full).
    static var insufficientStorage: Self { .init(code: 507, reasonPhrase: "Insufficient Storage") }
}

/// A client sent too many requests of one kind.
struct RateLimitedError: UserFacingError {
    let retryAfterSeconds: Int?
    let message: String
    var code: String { "rate_limited" }
    var category: ErrorCategory { .busy }

    init(retryAfterSeconds: Int, message: String) {
        self.retryAfterSeconds = retryAfterSeconds
        self.message = message
    }
}

/// A form or upload that is missing what it needs; a 400 with a specific message.
struct BadFormError: UserFacingError {
    let message: String
    let code: String
    var category: ErrorCategory { .badInput }
    init(_ message: String, code: String = "bad_form") {
        self.message = message
        self.code = code
    }
}
