// The command line speaks English: errors name catalogue messages, said here from the English catalogue.
import Localization
import Support

enum English {
    /// The shipped English catalogue (the key itself if the catalogues cannot be read, which a test rules out).
    static let localizer: Localizer? = try? Localizations.shipped().source

    static func say(_ message: LocalizedMessage) -> String { localizer?(message) ?? message.description }

    /// An error's message, with its technical detail after `separator` when it has one.
    static func say(_ error: any UserFacingError, detailAfter separator: String? = nil) -> String {
        let message = say(error.message)
        guard let separator, let detail = error.technicalDetail else { return message }
        return message + separator + say(detail)
    }
}
