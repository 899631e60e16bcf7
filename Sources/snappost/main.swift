// Entry point: picks the subcommand (serve is the default) and hands over the remaining arguments.
import Foundation
import PageReading

ProcessEnvironment.ensureSingleThreadedTesseract()

var arguments = Array(CommandLine.arguments.dropFirst())
let command: String
if let first = arguments.first, !first.hasPrefix("-") {
    command = first
    arguments.removeFirst()
} else {
    command = "serve"
}

let status: Int32
switch command {
case "serve": status = await ServeCommand.run(arguments)
case "ocr": status = await OCRCommand.run(arguments)
case "eval": status = await EvalCommand.run(arguments)
case "posts": status = await PostsCommand.run(arguments)
case "shelf": status = await ShelfCommand.run(arguments)
case "retouch": status = await RetouchCommand.run(arguments)
case "password": status = await PasswordCommand.run(arguments)
case "backup": status = await BackupCommand.backup(arguments)
case "restore": status = await BackupCommand.restore(arguments)
case "help", "--help", "-h":
    print(Usage.text)
    status = 0
default:
    FileHandle.standardError.write(Data("Unknown command '\(command)'.\n\n\(Usage.text)\n".utf8))
    status = 64
}
exit(status)
