// The `posts` subcommand. (Placeholder until its issue lands.)
import Foundation

enum PostsCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        FileHandle.standardError.write(Data("posts: not built yet\n".utf8))
        return 70
    }
}
