// The `serve` subcommand. (Placeholder until its issue lands.)
import Foundation

enum ServeCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        FileHandle.standardError.write(Data("serve: not built yet\n".utf8))
        return 70
    }
}
