// The command line: `snappost` and its subcommands, parsed by swift-argument-parser (options in any order, --help on
// each). Every subcommand also reads every configuration key, as `snappost serve --help` lists them.
import ArgumentParser

struct SnapPost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snappost",
        abstract: "Photos of book pages to clean text and LinkedIn drafts; a bookshelf analyser; a retouch tool.",
        discussion: """
            Every configuration key is a flag, a SNAPPOST_* environment variable and a line in ./.env (in that order of \
            precedence), and every subcommand reads them: `snappost serve --help` lists them all.

            Exit codes: 0 done, 64 a wrong command line, 65 bad input (a photo that cannot be read, no text found, a \
            language not installed), 66 a file that cannot be opened, 70 a failure on our side; `retouch wire` exits 3 \
            when no wire is found; `posts`, `password`, `backup` and `restore` exit 1 when they fail, and `restore` 73 \
            when the data folder is not empty.
            """,
        subcommands: [
            ServeCommand.self, OCRCommand.self, EvalCommand.self, PasswordCommand.self, BackupCommand.self, RestoreCommand.self, PostsCommand.self,
            ShelfCommand.self, RetouchCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)
}
