import Foundation
import TenkiCharts
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// `tenki preview "/weather Danang"`: the message a command would produce, with the real providers
/// and settings, printed instead of posted. Writes no state.
enum PreviewCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(
            arguments, command: "preview", valueOptions: ["user", "format", "chart", "home", "modal", "team"], flagOptions: [])
        if list.value("home") != nil || list.value("modal") != nil { return try await runSurface(list) }
        guard list.positional.count == 1, let line = list.positional.first else {
            throw UsageError("give one command line in quotes, e.g. tenki preview \"/weather Danang\"", command: "preview")
        }
        let format = list.value("format") ?? "json"
        guard format == "json" || format == "text" else {
            throw UsageError("--format must be json or text (got \"\(format)\")", command: "preview")
        }
        let (command, text) = try split(line)
        let chartFile = list.value("chart")
        if let chartFile { try checkWritable(chartFile) }
        var settings = try Settings.load()
        if chartFile != nil { settings = Self.withCharts(settings) }
        if let missing = missingProvider(command: command, text: text, settings: settings) { throw missing }
        let logger = TenkiCLI.makeLogger(settings)
        let message = try await self.message(
            command: command, text: text, userID: list.value("user") ?? "UPREVIEW", settings: settings,
            dependencies: ServerDependencies(transport: CurlTransport.configured(by: settings), logger: logger))
        if let chartFile { try writeChart(of: message, settings: settings, to: chartFile) }
        if format == "text" {
            TenkiCLI.printOutput(MessageTextRenderer.render(message))
        } else {
            TenkiCLI.printOutput(String(decoding: MessageEncoding.json(message, pretty: true), as: UTF8.self))
        }
        if command == settings.commandNames.weather, let note = previewNote(for: text) { TenkiCLI.printError(note) }
        return .success
    }

    /// What the reply of a command that saves something cannot show in a preview: nothing was
    /// saved, and a subscription needs a channel. On stderr, beside the reply, so JSON stays JSON.
    static func previewNote(for text: String) -> String? {
        if let subscription = SubscriptionCommand(text: text) {
            switch subscription {
            case .subscribe, .subscribeRain, .unsubscribe:
                return "preview: a subscription belongs to a channel, which a preview has none of; nothing was saved "
                    + "(type the command in a Slack channel)"
            case .list, .invalid: return nil
            }
        }
        switch WeatherCommand(text: text).action {
        case .savePlace, .saveUnits, .forget: return "preview: nothing was saved (tenki preview writes no state)"
        default: return nil
        }
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

    /// `--chart`: charts on even without `TENKI_PUBLIC_URL` (or with a plain-http one, whose image
    /// Slack would not accept): a placeholder origin, and a signing key of its own when none is set.
    static func withCharts(_ settings: Settings) -> Settings {
        var settings = settings
        if settings.publicURL?.lowercased().hasPrefix("https://") != true { settings.publicURL = "https://tenki-preview.invalid" }
        if settings.signingSecrets.isEmpty { settings.signingSecrets = ["tenki-preview"] }
        return settings
    }

    /// Draws the chart of `message`'s image block from its signed URL, as `GET /charts` would, into `path`.
    static func writeChart(of message: SlackMessage, settings: Settings, to path: String) throws {
        let urls = message.blocks.compactMap { block -> String? in
            if case .image(let image) = block { return image.imageURL }
            return nil
        }
        guard let links = ChartLinks(settings: settings), let url = urls.first(where: { $0.hasPrefix(links.publicURL + ChartLinks.pathPrefix) }),
            let mark = url.firstIndex(of: "?"), let meteogram = links.meteogram(fromQuery: url[url.index(after: mark)...])
        else {
            throw UsageError("this answer has no chart: --chart works with the hourly and forecast views", command: "preview")
        }
        let png = try PNGEncoder.encode(MeteogramRenderer.canvas(meteogram))
        do {
            try Data(png).write(to: URL(fileURLWithPath: path))
        } catch {
            throw UsageError("cannot write the chart to \(path): \(FileErrorText.reason(error))", command: "preview")
        }
    }

    /// `--chart FILE` names a file in a folder that exists: checked before any work, so a typo
    /// costs no upstream call.
    static func checkWritable(_ path: String) throws(UsageError) {
        if path.isEmpty || FileManager.default.kind(ofPath: path) == .folder {
            throw UsageError("--chart needs a file name, e.g. --chart chart.png (got \"\(path)\")", command: "preview")
        }
        if let folder = FileManager.default.missingFolder(for: path) {
            throw UsageError("--chart: \(folder) is not a folder that exists", command: "preview")
        }
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
