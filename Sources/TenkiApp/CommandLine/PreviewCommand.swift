import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// `tenki preview "/weather Danang"`: the message a command would produce, with the real providers
/// and settings, printed instead of posted. Writes no state.
enum PreviewCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(arguments, command: "preview", valueOptions: ["user", "format"], flagOptions: [])
        guard list.positional.count == 1, let line = list.positional.first else {
            throw UsageError("give one command line in quotes, e.g. tenki preview \"/weather Danang\"", command: "preview")
        }
        let format = list.value("format") ?? "json"
        guard format == "json" || format == "text" else {
            throw UsageError("--format must be json or text (got \"\(format)\")", command: "preview")
        }
        let (command, text) = try split(line)
        let settings = try Settings.load()
        if command == settings.commandNames.weather, settings.openWeatherAPIKey == nil {
            throw ConfigurationError(
                \.openWeatherAPIKey, problem: "is not set",
                fix: "set it to your OpenWeatherMap API key (or \(SettingsTable.name(\.openWeatherAPIKey))_FILE to a file holding it)")
        }
        let logger = TenkiCLI.makeLogger(settings)
        let message = try await self.message(
            command: command, text: text, userID: list.value("user") ?? "UPREVIEW", settings: settings,
            dependencies: ServerDependencies(transport: CurlTransport.configured(by: settings), logger: logger))
        if format == "text" {
            TenkiCLI.printOutput(MessageTextRenderer.render(message))
        } else {
            TenkiCLI.printOutput(String(decoding: MessageEncoding.json(message, pretty: true), as: UTF8.self))
        }
        return .success
    }

    /// The reply to one command, as `preview` prints it: the server built without signature checks,
    /// late answers or state on disk, and asked directly. Tests call it with fake providers and a
    /// fixed clock.
    static func message(
        command: String, text: String, userID: String = "UPREVIEW", settings: Settings, dependencies: ServerDependencies
    ) async throws -> SlackMessage {
        var dependencies = dependencies
        dependencies.state = .memory
        dependencies.lateAnswers = .none
        dependencies.verification = .skipped
        let server = try TenkiServer.build(settings: settings, dependencies: dependencies)
        let payload = SlashCommandPayload(command: command, text: text, userID: userID, userName: "preview")
        return await server.commands.respond(to: payload, logger: dependencies.logger).message
    }

    /// `/weather Da Nang, VN` → (`/weather`, `Da Nang, VN`). The command must start with `/`.
    static func split(_ line: String) throws(UsageError) -> (command: String, text: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("/"), trimmed.count > 1 else {
            throw UsageError("the command line must start with a slash command such as /weather (got \"\(line)\")", command: "preview")
        }
        guard let space = trimmed.firstIndex(where: { $0.isWhitespace }) else { return (trimmed.lowercased(), "") }
        return (String(trimmed[..<space]).lowercased(), trimmed[space...].trimmingCharacters(in: .whitespaces))
    }
}
