// Where every subcommand reads its configuration: flags first, then SNAPPOST_* environment variables, then ./.env.
import Configuration
import SystemPackage

public enum ConfigurationSources {
    /// A reader over `arguments` (flags only, e.g. `--ocr-languages eng+fra`), the environment and `.env`.
    public static func reader(arguments: [String]) async throws -> ConfigReader {
        ConfigReader(providers: [
            CommandLineArgumentsProvider(arguments: ["snappost"] + arguments),
            EnvironmentVariablesProvider().prefixKeys(with: "snappost"),
            try await EnvironmentVariablesProvider(environmentFilePath: ".env", allowMissing: true).prefixKeys(with: "snappost"),
        ])
    }
}
