// The five voices a draft can take, in the order the page shows them.

/// The tone of one LinkedIn draft. `CaseIterable` order is the display order.
public enum Tone: String, CaseIterable, Codable, Sendable {
    case punchy
    case contrarian
    case personal
    case analytical
    case openQuestion

    /// The label people see, e.g. "Open question".
    public var displayName: String {
        switch self {
        case .punchy: "Punchy"
        case .contrarian: "Contrarian"
        case .personal: "Personal"
        case .analytical: "Analytical"
        case .openQuestion: "Open question"
        }
    }

    /// What the prompt asks of the model for this tone.
    public var guidance: String {
        switch self {
        case .punchy: "short lines, a bold first line, no filler"
        case .contrarian: "challenges a common assumption, respectfully"
        case .personal: "first person, a small honest reflection"
        case .analytical: "breaks the idea down, precise and calm"
        case .openQuestion: "built around one open question that invites replies"
        }
    }

    /// Reads a tone the way models write it: "openQuestion", "open-question", "open_question", "Open question".
    public init?(lenient text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        guard let tone = Tone.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = tone
    }
}
