// The `ocr` subcommand. (Placeholder until its issue lands.)
import Foundation

enum OCRCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        FileHandle.standardError.write(Data("ocr: not built yet\n".utf8))
        return 70
    }
}
