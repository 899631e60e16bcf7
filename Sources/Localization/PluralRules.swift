// CLDR cardinal plural categories for whole numbers, as i18next's `_one` / `_many` / `_other` suffixes name them.

/// A CLDR plural category.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

extension InterfaceLanguage {
    /// The categories this language's catalogue must give for every counted message (CLDR 42+, as browsers'
    /// `Intl.PluralRules` use them, so the page's script and the server pick the same form).
    public var pluralCategories: [PluralCategory] {
        switch self {
        case .english, .german: [.one, .other]
        case .french, .spanish: [.one, .many, .other]
        case .simplifiedChinese: [.other]
        }
    }

    /// The category of a whole number `n`.
    public func pluralCategory(_ n: Int) -> PluralCategory {
        let i = abs(n)
        switch self {
        case .english, .german:
            return i == 1 ? .one : .other
        case .french:
            if i == 0 || i == 1 { return .one }
            return i % 1_000_000 == 0 ? .many : .other
        case .spanish:
            if i == 1 { return .one }
            return i != 0 && i % 1_000_000 == 0 ? .many : .other
        case .simplifiedChinese:
            return .other
        }
    }
}
