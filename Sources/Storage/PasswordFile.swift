// The login password kept in the data folder (file `password`, mode 0600), so a generated one stays the same across
// restarts and `snappost password set` can choose one. The first line says where it came from; the second is the
// password. SNAPPOST_PASSWORD, when set, wins over the file and leaves it alone.
import Foundation
import Support

#if canImport(Glibc)
import Glibc
#endif

public struct StoredPassword: Sendable, Equatable {
    public enum Origin: String, Sendable {
        /// Made by SnapPost because none was set; printed at each start until one is chosen.
        case generated
        /// Chosen with `snappost password set`.
        case chosen
    }
    public var password: String
    public var origin: Origin

    public init(password: String, origin: Origin) {
        self.password = password
        self.origin = origin
    }
}

public struct PasswordFile: Sendable {
    public static let fileName = "password"
    /// Shorter chosen passwords are refused: the login is the only thing between the internet and the AI key.
    public static let minimumLength = 10
    public static let maximumLength = 256

    public let directory: URL
    public var path: String { directory.appendingPathComponent(Self.fileName).path }

    public init(directory: URL) {
        self.directory = directory
    }

    /// The stored password, nil when there is none yet.
    /// - Throws: ``PasswordFileError`` when the file exists but cannot be read or makes no sense.
    public func read() throws(PasswordFileError) -> StoredPassword? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2, let origin = Self.origin(fromHeader: lines[0]), !lines[1].isEmpty else { throw .unreadable(path: path) }
        return StoredPassword(password: lines[1], origin: origin)
    }

    /// The stored password, or a new generated one stored now.
    public func readOrGenerate(make: () -> String = { RandomID.make() }) throws(PasswordFileError) -> StoredPassword {
        if let stored = try read() { return stored }
        let generated = StoredPassword(password: make(), origin: .generated)
        try write(generated)
        return generated
    }

    /// Stores a password a person chose.
    /// - Throws: ``PasswordFileError/tooShort`` and friends for a password that would not protect anything.
    public func set(_ password: String) throws(PasswordFileError) {
        try Self.check(password)
        try write(StoredPassword(password: password, origin: .chosen))
    }

    public static func check(_ password: String) throws(PasswordFileError) {
        guard password.count >= minimumLength else { throw .tooShort(minimum: minimumLength) }
        guard password.count <= maximumLength else { throw .tooLong(maximum: maximumLength) }
        guard !password.contains(where: { $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) else {
            throw .controlCharacters
        }
        guard password.trimmingCharacters(in: .whitespaces) == password else { throw .surroundingSpaces }
    }

    /// Writes a new file beside the old one (0600 from the start) and renames it over, so a crash leaves either.
    private func write(_ stored: StoredPassword) throws(PasswordFileError) {
        if !FileManager.default.fileExists(atPath: directory.path) {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unwritable(path: directory.path, reason: "the folder cannot be created")
            }
        }
        let header = stored.origin == .generated ? Self.generatedHeader : Self.chosenHeader
        let bytes = Array("\(header)\n\(stored.password)\n".utf8)
        let temporary = path + ".new"
        let descriptor = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        fchmod(descriptor, 0o600)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress! + written, bytes.count - written) }
            guard result > 0 else {
                let reason = String(cString: strerror(result < 0 ? errno : ENOSPC))
                close(descriptor)
                unlink(temporary)
                throw .unwritable(path: path, reason: reason)
            }
            written += result
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .unwritable(path: path, reason: reason)
        }
    }

    static let generatedHeader = "# generated by SnapPost; choose your own with: snappost password set"
    static let chosenHeader = "# chosen with: snappost password set"

    static func origin(fromHeader line: String) -> StoredPassword.Origin? {
        switch line {
        case generatedHeader: .generated
        case chosenHeader: .chosen
        default: nil
        }
    }
}

public enum PasswordFileError: Error, Equatable, UserFacingError {
    case unreadable(path: String)
    case unwritable(path: String, reason: String)
    case tooShort(minimum: Int)
    case tooLong(maximum: Int)
    case controlCharacters
    case surroundingSpaces

    public var message: String {
        switch self {
        case .unreadable:
            "The stored password cannot be read (the file was changed by hand?). Delete it to get a new generated password, or run `snappost password set`."
        case .unwritable: "The password could not be stored in the data folder."
        case .tooShort(let minimum): "Choose a password of at least \(minimum) characters."
        case .tooLong(let maximum): "Choose a password of at most \(maximum) characters."
        case .controlCharacters: "A password cannot contain line breaks or control characters."
        case .surroundingSpaces: "A password cannot start or end with a space."
        }
    }

    public var code: String {
        switch self {
        case .unreadable: "password_file_unreadable"
        case .unwritable: "password_file_unwritable"
        case .tooShort: "password_too_short"
        case .tooLong: "password_too_long"
        case .controlCharacters: "password_control_characters"
        case .surroundingSpaces: "password_surrounding_spaces"
        }
    }

    public var category: ErrorCategory {
        switch self {
        case .unreadable, .unwritable: .internal
        default: .badInput
        }
    }

    public var technicalDetail: String? {
        switch self {
        case .unreadable(let path): path
        case .unwritable(let path, let reason): "\(path): \(reason)"
        default: nil
        }
    }
}
