// The one place where any error becomes a status code, a plain message and a way forward.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SnapPostCore

/// What a person sees when something goes wrong.
struct ErrorPresentation: Sendable {
    var status: HTTPResponse.Status
    var title: String
    var message: String
    /// Stable short code for logs, metrics and tests.
    var code: String
    var retryAfterSeconds: Int?

    init(status: HTTPResponse.Status, title: String, message: String, code: String, retryAfterSeconds: Int? = nil) {
        self.status = status; self.title = title; self.message = message; self.code = code
        self.retryAfterSeconds = retryAfterSeconds
    }

    static func from(_ error: any Error) -> ErrorPresentation {
        switch error {
        case let error as QueueFullError:
            return .init(status: .serviceUnavailable, title: "Busy right now", message: error.message, code: error.code,
                         retryAfterSeconds: error.retryAfterSeconds)
        case let error as RateLimitedError:
            return .init(status: .tooManyRequests, title: "Slow down", message: error.message, code: error.code,
                         retryAfterSeconds: error.retryAfterSeconds)
        case let error as BadFormError:
            return .init(status: .badRequest, title: "Something is missing", message: error.message, code: error.code)
        case let error as any UserFacingError:
            return .init(status: status(for: error.category), title: title(for: error.category), message: error.message, code: error.code)
        case is NIOTooManyBytesError:
            return .tooLarge
        case let error as any HTTPResponseError:
            return fromHTTP(error.status)
        default:
            return .init(status: .internalServerError, title: "Something went wrong",
                         message: "Something went wrong on the server. Your text is saved; please try again.", code: "internal")
        }
    }

    static func fromHTTP(_ status: HTTPResponse.Status) -> ErrorPresentation {
        switch status {
        case .notFound:
            return .init(status: .notFound, title: "Not found", message: "That page or scan does not exist. It may have been deleted.", code: "not_found")
        case .contentTooLarge:
            return .tooLarge
        case .methodNotAllowed:
            return .init(status: .methodNotAllowed, title: "Not allowed", message: "That action is not available here.", code: "method_not_allowed")
        case .requestTimeout:
            return .init(status: .requestTimeout, title: "Upload too slow",
                         message: "The upload took too long and was stopped. Please try again on a steadier connection.", code: "request_timeout")
        case .unauthorized:
            return .init(status: .unauthorized, title: "Login needed", message: "Log in to use SnapPost.", code: "unauthorized")
        case .forbidden:
            return .init(status: .forbidden, title: "Refused", message: "That request came from another site and was refused.", code: "cross_origin")
        default:
            if status.code >= 500 {
                return .init(status: status, title: "Something went wrong",
                             message: "Something went wrong on the server. Please try again.", code: "internal")
            }
            return .init(status: .badRequest, title: "Bad request", message: "The request could not be understood.", code: "bad_request")
        }
    }

    static let tooLarge = ErrorPresentation(
        status: .contentTooLarge, title: "Photo too large",
        message: "That file is too large. Send a photo under 25 MB (JPEG, PNG, HEIC or WebP).", code: "too_large")

    static func status(for category: ErrorCategory) -> HTTPResponse.Status {
        switch category {
        case .badInput: .badRequest
        case .tooLarge: .contentTooLarge
        case .nothingFound: .unprocessableContent
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
        case .busy: "Busy right now"
        case .upstream: "The AI writer failed"
        case .internal: "Something went wrong"
        }
    }
}

/// A client sent too many requests of one kind.
struct RateLimitedError: UserFacingError {
    let retryAfterSeconds: Int
    let message: String
    var code: String { "rate_limited" }
    var category: ErrorCategory { .busy }
}

/// A form or upload that is missing what it needs; a 400 with a specific message.
struct BadFormError: UserFacingError {
    let message: String
    let code: String
    var category: ErrorCategory { .badInput }
    init(_ message: String, code: String = "bad_form") { self.message = message; self.code = code }
}
