// Everything that can go wrong while retouching, each naming one sentence a person can act on.
import Imaging
import Support

/// A typed retouch failure. `code` is stable (tests, logs, metrics); `message` never holds paths or internals.
public struct RetouchError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case photoTooLarge
        case photoTooThin(width: Int, height: Int)
        case areaTooLarge
        case noWire
        case noObject
        case noPerson
        case noPeople
        case emptyMask
        case maskMismatch
        case tooManyEdits(Int)
        case unreadable(LocalizedMessage)
        case engineFailure(String)
    }

    let kind: Kind

    /// More pixels than the tool can hold in memory at once.
    public static let photoTooLarge = RetouchError(kind: .photoTooLarge)
    /// Too small, or so long and narrow that its preview would have a side of a few pixels.
    public static func photoTooThin(width: Int, height: Int) -> RetouchError { RetouchError(kind: .photoTooThin(width: width, height: height)) }
    /// One connected area to fill is too big to process in one go.
    public static let areaTooLarge = RetouchError(kind: .areaTooLarge)
    /// A tap found no line to follow.
    public static let noWire = RetouchError(kind: .noWire)
    /// A tap found no region with edges around it.
    public static let noObject = RetouchError(kind: .noObject)
    /// A tap on the person tool found no person under it.
    public static let noPerson = RetouchError(kind: .noPerson)
    /// "Select all people" found nobody in the photo.
    public static let noPeople = RetouchError(kind: .noPeople)
    /// Nothing is selected.
    public static let emptyMask = RetouchError(kind: .emptyMask)
    /// The mask does not have the photo's size.
    public static let maskMismatch = RetouchError(kind: .maskMismatch)
    /// The photo already has as many edits as one photo keeps.
    public static func tooManyEdits(_ limit: Int) -> RetouchError { RetouchError(kind: .tooManyEdits(limit)) }
    /// The photo could not be taken (not a photo, damaged); `message` is the decoder's.
    public static func unreadable(_ message: LocalizedMessage) -> RetouchError { RetouchError(kind: .unreadable(message)) }
    /// The native code failed (out of memory or a bug); `detail` is for logs only.
    public static func engineFailure(_ detail: String) -> RetouchError { RetouchError(kind: .engineFailure(detail)) }

    public var message: LocalizedMessage {
        switch kind {
        case .tooManyEdits(let limit): LocalizedMessage("error.too_many_edits", ["limit": .number(limit)])
        case .photoTooThin(let width, let height):
            LocalizedMessage(
                "error.photo_too_thin",
                [
                    "width": .text(String(width)), "height": .text(String(height)), "minimum": .number(RetouchLimits.minimumShortSide),
                    "ratio": .number(RetouchLimits.maximumAspect),
                ])
        case .unreadable(let message): message
        default: LocalizedMessage("error.\(code)")
        }
    }

    public var code: String {
        switch kind {
        case .photoTooLarge: "photo_too_large"
        case .photoTooThin: "photo_too_thin"
        case .areaTooLarge: "area_too_large"
        case .noWire: "no_wire"
        case .noObject: "no_object"
        case .noPerson: "no_person"
        case .noPeople: "no_people"
        case .emptyMask: "empty_mask"
        case .maskMismatch: "mask_mismatch"
        case .tooManyEdits: "too_many_edits"
        case .unreadable: "unreadable"
        case .engineFailure: "retouch_failure"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .photoTooLarge, .areaTooLarge, .tooManyEdits: .tooLarge
        case .noWire, .noObject, .noPerson, .noPeople: .nothingFound
        case .emptyMask, .maskMismatch, .unreadable, .photoTooThin: .badInput
        case .engineFailure: .internal
        }
    }

    /// Extra detail for logs (never shown to a person).
    public var logDetail: String {
        if case .engineFailure(let d) = kind { return d }
        return code
    }

    public var description: String { "\(code): \(message)" }
}
