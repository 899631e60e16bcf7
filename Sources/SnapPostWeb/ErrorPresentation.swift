// The one place where any error becomes a status code, a plain message, a Retry-After and whether to offer Retry.
import Foundation
import HTTPTypes
import Hummingbird
import Imaging
import NIOCore
import NIOHTTP1
import PageReading
import PostWriting
import Retouch
import Storage
import Support

/// What a person (or an API client) is told when something goes wrong, as catalogue messages: the page (or the JSON
/// answer) says them in the reader's language.
struct ErrorPresentation: Sendable {
    var status: HTTPResponse.Status
    var title: LocalizedMessage
    var message: LocalizedMessage
    /// Stable short code for logs, metrics and tests.
    var code: String
    var retryAfterSeconds: Int?
    /// Whether trying the same thing again may work; pages offer a Retry button only then.
    var retryable: Bool
    /// For whoever runs the server (a setting's name, an address); pages fold it away under the message.
    var detail: LocalizedMessage? = nil
    /// The configured AI writer failed: pages offer the offline writer for this one time.
    var isWriterFailure = false
    /// A plain form's text met a newer one saved elsewhere: the page shows both to choose from.
    var changedElsewhere: ChangedElsewhereError.Texts? = nil

    /// `title` and `message` name `errorTitle.<title>` and, unless given, `error.<code>`.
    init(
        status: HTTPResponse.Status, title: String, message: LocalizedMessage? = nil, code: String, retryAfterSeconds: Int? = nil,
        retryable: Bool = false
    ) {
        self.status = status
        self.title = LocalizedMessage("errorTitle.\(title)")
        self.message = message ?? LocalizedMessage("error.\(code)")
        self.code = code
        self.retryAfterSeconds = retryAfterSeconds
        self.retryable = retryable
    }

    static func from(_ error: any Error, limits: ImageLimits = ImageLimits()) -> ErrorPresentation {
        switch error {
        case let error as RateLimitedError:
            return .init(
                status: .tooManyRequests, title: "slowDown", message: error.message, code: error.code, retryAfterSeconds: error.retryAfterSeconds,
                retryable: true)
        case let error as BadFormError:
            return .init(status: .badRequest, title: "missing", message: error.message, code: error.code)
        case let error as ChangedElsewhereError:
            var presentation = ErrorPresentation(status: .conflict, title: "changedElsewhere", message: error.message, code: error.code)
            presentation.changedElsewhere = error.texts
            return presentation
        // A page language that is not there is no fault of the file: "Can't use that", not "Can't read that file".
        case let error as OCRError where error.isAboutLanguage:
            return .init(status: .badRequest, title: "cannotUse", message: error.message, code: error.code)
        case let error as BadHostError:
            return .init(status: .badRequest, title: "wrongAddress", message: error.message, code: error.code)
        case let error as InvalidInputError:
            return .init(status: .badRequest, title: "missing", message: error.message, code: error.code)
        case let error as NotFoundError:
            return .init(status: .notFound, title: "notFound", message: error.message, code: error.code)
        case let error as FormTooLargeError:
            return .init(status: .contentTooLarge, title: "textTooLong", message: error.message, code: error.code)
        case let error as RetouchError:
            return .init(status: status(for: error.category), title: retouchTitle(for: error.category), message: error.message, code: error.code)
        case let error as TextTooLongError:
            return .init(status: .contentTooLarge, title: "textTooLong", message: error.message, code: error.code)
        case let error as StoreError where error.isOutOfSpace:
            return .init(status: .insufficientStorage, title: "diskFull", message: error.message, code: error.code)
        case let error as StoreError:
            return .init(
                status: status(for: error.category), title: "notSaved", message: error.message, code: error.code,
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
            return .init(status: .badRequest, title: "cutOff", code: "request_cut_off", retryable: true)
        case let error as any HTTPResponseError:
            return fromHTTP(error.status, limits: limits)
        default:
            return .init(status: .internalServerError, title: "wentWrong", code: "internal", retryable: true)
        }
    }

    static func fromHTTP(_ status: HTTPResponse.Status, limits: ImageLimits = ImageLimits()) -> ErrorPresentation {
        switch status {
        case .notFound:
            return .init(status: .notFound, title: "notFound", code: "not_found")
        case .contentTooLarge:
            return .tooLarge(limits)
        case .methodNotAllowed:
            return .init(status: .methodNotAllowed, title: "notAllowed", code: "method_not_allowed")
        case .requestTimeout:
            return .init(status: .requestTimeout, title: "tooSlow", code: "request_timeout", retryable: true)
        case .unauthorized:
            return .init(status: .unauthorized, title: "loginNeeded", code: "unauthorized")
        case .forbidden:
            return .init(status: .forbidden, title: "refused", code: "cross_origin")
        default:
            if status.code >= 500 {
                return .init(status: status, title: "wentWrong", code: "internal", retryable: true)
            }
            return .init(status: .badRequest, title: "badRequest", code: "bad_request")
        }
    }

    /// An upload over the configured cap; the message names that cap.
    static func tooLarge(_ limits: ImageLimits) -> ErrorPresentation {
        ErrorPresentation(
            status: .contentTooLarge, title: "photoTooLarge",
            message: LocalizedMessage("error.upload_too_large", ["maxMegabytes": .number(limits.maxMegabytes)]), code: "too_large")
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

    /// The page title's key under `errorTitle.`.
    static func title(for category: ErrorCategory) -> String {
        switch category {
        case .badInput: "cannotRead"
        case .tooLarge: "photoTooLarge"
        case .nothingFound: "noText"
        case .notFound: "notFound"
        case .busy: "busy"
        case .upstream: "writerFailed"
        case .internal: "wentWrong"
        }
    }

    /// Retouch's own wording: nothing found is about wires and objects, not text.
    static func retouchTitle(for category: ErrorCategory) -> String {
        switch category {
        case .nothingFound: "nothingThere"
        case .tooLarge: "photoTooLarge"
        case .badInput: "cannotUse"
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
    let message: LocalizedMessage
    var code: String { "rate_limited" }
    var category: ErrorCategory { .busy }

    /// `key` names what came too often ("error.rate_limited_photos"); its `{{seconds}}` is the wait.
    init(retryAfterSeconds: Int, key: String) {
        self.retryAfterSeconds = retryAfterSeconds
        self.message = LocalizedMessage(key, ["seconds": .number(retryAfterSeconds)])
    }
}

/// A plain form (no script) sent a scan's text typed over a revision that another tab or device has since saved over
/// with a different text: nothing is written, and the page shows both texts to choose from (the script's own saves
/// are checked the same way and answered with the stored copy as JSON instead).
struct ChangedElsewhereError: UserFacingError {
    struct Texts: Sendable {
        let scanId: String
        let typed: String
        let book: String
        let author: String
        let stored: String
        /// The revision the stored text has: a save naming it replaces that text.
        let storedRevision: Int
    }

    let texts: Texts
    var code: String { "changed_elsewhere" }

    static func between(typed: String, book: String, author: String, stored: Scan) -> ChangedElsewhereError {
        ChangedElsewhereError(
            texts: Texts(scanId: stored.id, typed: typed, book: book, author: author, stored: stored.editedText, storedRevision: stored.revision))
    }
    var category: ErrorCategory { .badInput }
    var message: LocalizedMessage { LocalizedMessage("js.conflictWhy") }
}

/// A form or upload that is missing what it needs; a 400 with a specific message (`form.<key>` in the catalogue).
struct BadFormError: UserFacingError {
    let message: LocalizedMessage
    let code: String
    var category: ErrorCategory { .badInput }
    init(_ key: String, _ arguments: [String: MessageArgument] = [:], code: String = "bad_form") {
        self.message = LocalizedMessage("form.\(key)", arguments)
        self.code = code
    }
}
