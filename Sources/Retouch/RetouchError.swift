// Everything that can go wrong while retouching, each with one sentence a person can act on.
import Imaging
import Support

/// A typed retouch failure. `code` is stable (tests, logs, metrics); `message` never holds paths or internals.
public struct RetouchError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case photoTooLarge
        case areaTooLarge
        case noWire
        case noObject
        case noPerson
        case noPeople
        case emptyMask
        case maskMismatch
        case tooManyEdits(Int)
        case unreadable(String)
        case engineFailure(String)
    }

    let kind: Kind

    /// More pixels than the tool can hold in memory at once.
    public static let photoTooLarge = RetouchError(kind: .photoTooLarge)
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
    /// The photo could not be taken (not a photo, damaged); `message` is the decoder's sentence.
    public static func unreadable(_ message: String) -> RetouchError { RetouchError(kind: .unreadable(message)) }
    /// The native code failed (out of memory or a bug); `detail` is for logs only.
    public static func engineFailure(_ detail: String) -> RetouchError { RetouchError(kind: .engineFailure(detail)) }

    public var message: String {
        switch kind {
        case .photoTooLarge: "This photo is too large to process: crop it first."
        case .areaTooLarge: "This area is too large to fill in one go: use a smaller brush, or paint it in smaller parts."
        case .noWire: "No wire found here: draw along it with the line brush."
        case .noObject: "Couldn't find an object here: paint over it with the brush."
        case .noPerson: "No person found at this spot. Try Object or Brush."
        case .noPeople: "No people found in this photo. Try Object or Brush."
        case .emptyMask: "Nothing is selected to remove."
        case .maskMismatch: "The mask does not match the photo's size."
        case .tooManyEdits(let limit):
            "This photo has \(limit) edits, the most one photo keeps. Export it, then start a new retouch from the exported photo."
        case .unreadable(let message): message
        case .engineFailure: "Retouching failed on our side. Please try again."
        }
    }

    public var code: String {
        switch kind {
        case .photoTooLarge: "photo_too_large"
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
        case .emptyMask, .maskMismatch, .unreadable: .badInput
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
