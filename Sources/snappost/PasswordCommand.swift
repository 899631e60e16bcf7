// `snappost password`: prints the login password the server uses (making and storing the generated one if there is
// none yet), or `snappost password set` chooses one (read from the terminal without echo, or one line of standard
// input). Both use the same data folder as `serve` (--data-dir, SNAPPOST_DATA_DIR, .env).
import ArgumentParser
import Foundation
import Settings
import Storage
import Workflows

#if canImport(Glibc)
import Glibc
#endif

struct PasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password", abstract: "Print the login password, or choose one with `snappost password set`.",
        discussion: """
            The password is kept in DATA_DIR/password (mode 0600). SNAPPOST_PASSWORD, when set, wins over it.

            \(CommandSettings.discussion)

            Exit codes: 0 done, 64 usage (or no password given as asked), 1 the password could not be read or stored.
            """,
        subcommands: [Show.self, Set.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the login password in use (generated and stored if there is none yet).", discussion: CommandSettings.discussion)

        func run() async throws {
            let settings = try await CommandSettings.load(for: "password").settings
            let shown = try PasswordCommand.failingWith1 { try LoginPassword.shown(settings) }
            print(shown.password)
            let path = LoginPassword.file(settings).path
            switch shown.origin {
            case .settings: printError("(from SNAPPOST_PASSWORD or --password, which wins over the stored one)")
            case .generated: printError("(generated, kept in \(path); choose your own with `snappost password set`)")
            case .chosen: printError("(chosen with `snappost password set`, kept in \(path))")
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Choose the login password: asked twice without echo on a terminal, or one line on standard input (10 characters or more).",
            discussion: "It applies at the next start of `snappost serve` and logs out every browser.\n\n" + CommandSettings.discussion)

        func run() async throws {
            let settings = try await CommandSettings.load(for: "password").settings
            let file = LoginPassword.file(settings)
            try PasswordCommand.failingWith1 {
                let password = try PasswordCommand.readNewPassword()
                try file.set(password)
            }
            printError(
                "Password stored in \(file.path). It applies at the next start of `snappost serve`; browsers logged in before must log in again.")
            if settings.password != nil {
                printError("Note: SNAPPOST_PASSWORD (or --password) is set and wins over the stored password. Unset it to use this one.")
            }
        }
    }

    /// A password that cannot be read or stored is said plainly and exits 1; one not given as asked, 64.
    static func failingWith1<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PasswordFileError {
            printError(error.message + (error.technicalDetail.map { " (\($0))" } ?? ""))
            throw ExitCode(1)
        } catch let error as PasswordEntryError {
            printError(error.message)
            throw ExitCode(64)
        } catch {
            printError("password: \(error)")
            throw ExitCode(1)
        }
    }

    /// From a terminal: asked twice without echo. Otherwise: the first line of standard input.
    static func readNewPassword() throws -> String {
        if isatty(STDIN_FILENO) != 0 {
            let first = prompt("New password: ")
            try PasswordFile.check(first)
            guard prompt("Again: ") == first else { throw PasswordEntryError(message: "password set: the two passwords differ; nothing was changed") }
            return first
        }
        guard let line = readLine(strippingNewline: true) else { throw PasswordEntryError(message: "password set: no password on standard input") }
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
}

/// The new password could not be taken from the terminal or standard input.
struct PasswordEntryError: Error {
    let message: String
}
