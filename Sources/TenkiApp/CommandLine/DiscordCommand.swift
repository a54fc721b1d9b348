import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient

/// `tenki discord register`: puts Tenki's `weather` and `news` application commands on Discord
/// (`DiscordCommandDefinition.all`) with the application's bot token. Idempotent: Discord replaces
/// the set. The token goes only into the request's `Authorization` header, never into output.
enum DiscordCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(arguments, command: "discord", valueOptions: [], flagOptions: ["dry-run"])
        guard list.positional == ["register"] else {
            throw UsageError("the only action is 'register': tenki discord register [--dry-run]", command: "discord")
        }
        let settings = try Settings.load()
        let body = try DiscordRegistration.body()
        if list.has("dry-run") {
            TenkiCLI.printOutput(String(decoding: body, as: UTF8.self))
            return .success
        }
        let registration = try DiscordRegistration(settings: settings)
        let outcome = try await registration.register(body: body, transport: CurlTransport.configured(by: settings))
        TenkiCLI.printOutput(outcome)
        return .success
    }
}

/// The PUT itself, apart from the command line so tests run it against the fakes.
struct DiscordRegistration {
    let applicationID: String
    let botToken: String
    let apiBase: URL

    init(settings: Settings) throws(ConfigurationError) {
        guard let id = settings.discordApplicationID, !id.isEmpty, id.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw ConfigurationError(
                \.discordApplicationID, problem: settings.discordApplicationID == nil ? "is not set" : "is not a number",
                fix: "copy the Application ID from the Discord Developer Portal (your application → General Information)")
        }
        guard let token = settings.discordBotToken, !token.isEmpty else {
            throw ConfigurationError(
                \.discordBotToken, problem: "is not set",
                fix:
                    "reset and copy the token on the Developer Portal's Bot page (or use \(SettingsTable.name(\.discordBotToken))_FILE)"
            )
        }
        applicationID = id
        botToken = token
        apiBase = settings.discordAPIBaseURL
    }

    /// The commands as JSON, keys sorted.
    static func body() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(DiscordCommandDefinition.all))
    }

    /// Registers the commands; the line to print on success. Discord's refusal is an error that
    /// says which setting to check; no answer at all is a `TemporaryFailure` (exit 75).
    func register(body: [UInt8], transport: any HTTPTransport) async throws -> String {
        let base = apiBase.absoluteString.hasSuffix("/") ? String(apiBase.absoluteString.dropLast()) : apiBase.absoluteString
        let url = URL(string: "\(base)/applications/\(applicationID)/commands")!
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json")
        headers.set("Authorization", "Bot \(botToken)")
        let response: OutboundResponse
        do {
            response = try await transport.send(
                OutboundRequest(
                    method: "PUT", url: url, headers: headers, body: body, timeout: .seconds(30), redirects: .none,
                    publicAddressesOnly: DestinationAddressRule.requiresPublicAddresses(url)))
        } catch {
            throw TemporaryFailure("Discord did not answer (\(error)); try again")
        }
        switch response.status {
        case 200...299:
            let names = DiscordCommandDefinition.all.map { "/\($0.name) (\($0.nameLocalizations["ja"] ?? $0.name))" }
            return "registered \(names.joined(separator: " and ")) for Discord application \(applicationID); "
                + "they can take up to an hour to appear in existing servers"
        case 401, 403:
            throw ConfigurationError(
                \.discordBotToken, problem: "was refused by Discord (HTTP \(response.status))",
                fix: "check that it is the bot token of application \(applicationID)")
        case 404:
            throw ConfigurationError(
                \.discordApplicationID, problem: "is not an application Discord knows (HTTP 404)",
                fix: "copy the Application ID from the Developer Portal")
        default:
            let detail = String(decoding: response.body.prefix(200), as: UTF8.self)
            throw TemporaryFailure("Discord answered HTTP \(response.status): \(detail)")
        }
    }
}
