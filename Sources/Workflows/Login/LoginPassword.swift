// Which login password applies, for the server and `snappost password` alike: the configured one wins; else the one
// chosen with `snappost password set`; else, beyond loopback, a generated one kept in the data folder so phones stay
// logged in across restarts. Loopback without any needs none.
import Foundation
import Settings
import Storage

public struct LoginPassword: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// `--password` or SNAPPOST_PASSWORD.
        case settings
        /// Chosen with `snappost password set`.
        case chosen
        /// Generated once and kept in the data folder.
        case generated
    }

    public let password: String
    public let origin: Origin

    /// The password the server uses with `settings` (nil: the login is off, or a loopback server without one). The
    /// generated one is made the first time it is needed.
    public static func inEffect(_ settings: AppSettings) throws -> LoginPassword? {
        if settings.authDisabled { return nil }
        if let configured = settings.password { return LoginPassword(password: configured, origin: .settings) }
        let file = file(settings)
        if let stored = try file.read(), stored.origin == .chosen { return LoginPassword(password: stored.password, origin: .chosen) }
        guard settings.listensBeyondLoopback else { return nil }
        return try generatedOrChosen(file)
    }

    /// The password `snappost password` shows: the one in effect for a server beyond loopback (generated now if none).
    public static func shown(_ settings: AppSettings) throws -> LoginPassword {
        if let configured = settings.password { return LoginPassword(password: configured, origin: .settings) }
        return try generatedOrChosen(file(settings))
    }

    /// Where the chosen or generated password is kept.
    public static func file(_ settings: AppSettings) -> PasswordFile {
        PasswordFile(directory: URL(fileURLWithPath: settings.dataDirectory))
    }

    private static func generatedOrChosen(_ file: PasswordFile) throws -> LoginPassword {
        let stored = try file.readOrGenerate()
        return LoginPassword(password: stored.password, origin: stored.origin == .generated ? .generated : .chosen)
    }
}
