// `snappost password`: prints the login password the server uses (making and storing the generated one if there is
// none yet), or `snappost password set` chooses one (read from the terminal without echo, or one line of standard
// input). Both use the same data folder as `serve` (--data-dir, SNAPPOST_DATA_DIR, .env).
import Foundation
import Settings
import Storage

#if canImport(Glibc)
import Glibc
#endif

enum PasswordCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(help)
            return 0
        }
        do {
            let input = try await CommandInput(arguments, command: "password", flags: [])
            let file = PasswordFile(directory: URL(fileURLWithPath: input.settings.dataDirectory))
            switch input.positional.first {
            case nil, "show":
                if let fromSettings = input.settings.password {
                    print(fromSettings)
                    printError("(from SNAPPOST_PASSWORD or --password, which wins over the stored one)")
                    return 0
                }
                let stored = try file.readOrGenerate()
                print(stored.password)
                printError(
                    stored.origin == .generated
                        ? "(generated, kept in \(file.path); choose your own with `snappost password set`)"
                        : "(chosen with `snappost password set`, kept in \(file.path))")
                return 0
            case "set":
                guard input.positional.count == 1 else {
                    throw UsageError("password set: give the new password on the terminal or on standard input, not as an argument")
                }
                let password = try readNewPassword()
                try file.set(password)
                printError(
                    "Password stored in \(file.path). It applies at the next start of `snappost serve`; browsers logged in before must log in again.")
                if input.settings.password != nil {
                    printError("Note: SNAPPOST_PASSWORD (or --password) is set and wins over the stored password. Unset it to use this one.")
                }
                return 0
            case let other?:
                throw UsageError("password: unknown action '\(other)' (use `snappost password` or `snappost password set`)")
            }
        } catch let error as UsageError {
            printError(error.message + "\n\n" + help)
            return 64
        } catch let error as PasswordFileError {
            printError(error.message + (error.technicalDetail.map { " (\($0))" } ?? ""))
            return 1
        } catch {
            printError("password: \(error)")
            return 1
        }
    }

    /// From a terminal: asked twice without echo. Otherwise: the first line of standard input.
    static func readNewPassword() throws -> String {
        if isatty(STDIN_FILENO) != 0 {
            let first = prompt("New password: ")
            try PasswordFile.check(first)
            guard prompt("Again: ") == first else { throw UsageError("password set: the two passwords differ; nothing was changed") }
            return first
        }
        guard let line = readLine(strippingNewline: true) else { throw UsageError("password set: no password on standard input") }
        return line
    }

    private static func prompt(_ text: String) -> String {
        FileHandle.standardError.write(Data(text.utf8))
        var settings = termios()
        tcgetattr(STDIN_FILENO, &settings)
        var quiet = settings
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true) ?? ""
    }

    static let help = """
        usage: snappost password [--data-dir DIR]       print the login password (generated and stored if none yet)
               snappost password set [--data-dir DIR]   choose one (asked on the terminal, or one line on stdin)

        The password is kept in DIR/password (mode 0600). SNAPPOST_PASSWORD, when set, wins over it.
        """
}
