// The `eval` subcommand. (Placeholder until its issue lands.)
import Foundation

enum EvalCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        FileHandle.standardError.write(Data("eval: not built yet\n".utf8))
        return 70
    }
}
