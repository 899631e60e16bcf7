// Entry point: the configuration keys given as flags are set apart for the one settings tree, the rest is parsed by
// swift-argument-parser into a subcommand (serve is the default) and run.
import ArgumentParser
import PageReading

ProcessEnvironment.ensureSingleThreadedTesseract()

let arguments = SettingFlags.split(Array(CommandLine.arguments.dropFirst()))
await SettingFlags.$given.withValue(arguments.settings) {
    await SnapPost.main(arguments.command)
}
