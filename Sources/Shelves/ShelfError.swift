// Every way a shelf analysis can fail on its own (bad photos fail earlier, as OCRError, like page uploads).
import Support

public struct ShelfError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case noSpines
        case photoTooSmall
        case visionFailure
        case catalogMissing(String)
        case catalogUnreadable(String)
    }

    let kind: Kind

    /// The photo decoded but held no book spines we could find.
    public static let noSpines = ShelfError(kind: .noSpines)
    /// Too few pixels, or too narrow a strip, to hold a row of spines (the spine finder needs some height to work in).
    public static let photoTooSmall = ShelfError(kind: .photoTooSmall)
    /// OpenCV failed on a photo that decoded; a bug on our side.
    public static let visionFailure = ShelfError(kind: .visionFailure)
    public static func catalogMissing(_ path: String) -> ShelfError { ShelfError(kind: .catalogMissing(path)) }
    public static func catalogUnreadable(_ detail: String) -> ShelfError { ShelfError(kind: .catalogUnreadable(detail)) }

    public var message: String {
        switch kind {
        case .noSpines: "No book spines were found in this photo. Stand back so whole spines show, and hold the phone level."
        case .photoTooSmall:
            "This photo is too small or too narrow to show a shelf: send one at least \(ShelfPhoto.minimumShortSide) pixels on its short side and at most \(ShelfPhoto.maximumAspect) times as long as it is wide."
        case .visionFailure: "The shelf photo could not be analysed on our side. Please try again."
        case .catalogMissing, .catalogUnreadable:
            "The book catalog is missing on the server (the Catalog folder shipped beside the binary, or the folder SNAPPOST_CATALOG_DIR names); rebuild or reinstall SnapPost."
        }
    }

    public var code: String {
        switch kind {
        case .noSpines: "no_spines"
        case .photoTooSmall: "photo_too_small"
        case .visionFailure: "vision_failure"
        case .catalogMissing: "catalog_missing"
        case .catalogUnreadable: "catalog_unreadable"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .noSpines: .nothingFound
        case .photoTooSmall: .badInput
        case .visionFailure, .catalogMissing, .catalogUnreadable: .internal
        }
    }

    /// Detail for logs only.
    public var logDetail: String {
        switch kind {
        case .catalogMissing(let d), .catalogUnreadable(let d): d
        default: code
        }
    }

    public var description: String { "\(code): \(message)" }
}
