// Messages as the command line and logs say them: the English catalogue's wording of a key and its values.
import Localization
import Support

extension LocalizedMessage {
    var english: String { (try? Localizations.shipped().source(self)) ?? key }
}
