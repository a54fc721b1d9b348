import Foundation
import Synchronization
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// `tenki serve --record DIR`: writes each verified request as a replay file, so real traffic
/// becomes a test. The router calls it only after the signature checked out: an unverified
/// request is never written (it could be anyone's, and would fill the disk).
///
/// Secrets are removed: the verification `token`, the signature headers and `trigger_id`;
/// `response_url` becomes a placeholder that the replayer points at its sink. The file gets a
/// minimal `expect` (the status, response type and a fragment of the reply) so that it passes
/// when replayed under the same fake scenario.
public final class RequestRecorder: Sendable {
    public let directory: URL
    /// Settings that shape the answer (language, units…), written so the replay uses them too.
    let settings: [String: String]
    let sequence = Mutex(0)

    /// Form fields that authenticate or identify a single Slack interaction: never written.
    static let secretFields: Set<String> = ["token", "trigger_id"]
    /// Headers not written: the signature (re-made on replay) and the connection's own.
    static let droppedHeaders: Set<String> = [
        "x-slack-signature", "x-slack-request-timestamp", "authorization", "cookie", "content-length", "host", "connection",
        "transfer-encoding", "x-forwarded-for",
    ]

    /// Creates `directory` when missing.
    public init(directory: URL, settings: [String: String] = [:]) throws(RecordingError) {
        if FileManager.default.kind(ofPath: directory.path) == .file {
            throw RecordingError(directory: directory.path, reason: "it is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw RecordingError(directory: directory.path, reason: FileErrorText.reason(error))
        }
        self.directory = directory
        self.settings = settings
    }

    /// The settings of `serve` that change an answer, as a replay file's `settings`.
    public static func answerSettings(_ settings: Settings) -> [String: String] {
        var values: [PartialKeyPath<SettingsTable>: String] = [
            \.language: settings.language.rawValue, \.units: settings.units.rawValue,
            \.resultVisibility: settings.resultVisibility.rawValue,
        ]
        if let city = settings.defaultCity { values[\.defaultCity] = city }
        if settings.commandNames.weather != "/weather" { values[\.weatherCommand] = settings.commandNames.weather }
        if settings.commandNames.news != "/news" { values[\.newsCommand] = settings.commandNames.news }
        return SettingsTable.environment(values)
    }

    /// Writes the file before the response leaves, so a caller can replay it at once. A failure is
    /// logged, never turned into an error for Slack.
    public func record(_ request: HTTPRequest, response: HTTPResponse, logger: Logger) {
        let file = Self.replayFile(for: request, response: response, settings: settings)
        let number = sequence.withLock { value -> Int in
            value += 1
            return value
        }
        let url = directory.appendingPathComponent(Self.fileName(for: file, number: number))
        do {
            try file.encoded().write(to: url, options: .atomic)
            logger.info("request recorded", [("file", url.lastPathComponent)])
        } catch {
            logger.warning("request not recorded", [("file", url.path), ("error", error.localizedDescription)])
        }
    }

    /// The replay file for a verified request and the response it got.
    public static func replayFile(for request: HTTPRequest, response: HTTPResponse, settings: [String: String]) -> ReplayFile {
        var headers: [String: String] = [:]
        for (name, value) in request.headers where !droppedHeaders.contains(name.lowercased()) {
            headers[name] = value
        }
        var form: [String: String] = [:]
        for field in (try? FormURLEncoded.decode(request.body)) ?? [] where !secretFields.contains(field.name) {
            form[field.name] = field.name == "response_url" ? ReplayFile.responseURLPlaceholder : field.value
        }
        let message = try? JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
        var expect = Expectation(status: response.status.code)
        if let message {
            expect.responseType = message.responseType?.rawValue ?? "none"
            if let fragment = fragment(of: message) { expect.contains = [fragment] }
        }
        let command = [form["command"], form["text"]].compactMap { $0 }.joined(separator: " ")
        return ReplayFile(
            description: "recorded by tenki serve --record: \(command.isEmpty ? "ssl_check" : command)",
            scenario: "normal", settings: settings.isEmpty ? nil : settings,
            request: ReplayFile.Request(method: request.method, path: String(request.path), headers: headers, form: form),
            expect: expect)
    }

    /// The first line of the rendered reply, short enough to survive small wording changes elsewhere.
    static func fragment(of message: SlackMessage) -> String? {
        let lines = MessageTextRenderer.render(message).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.first { !$0.isEmpty }.map { String($0.prefix(60)).trimmingCharacters(in: .whitespaces) }
    }

    /// `20261129-142301-003-weather.json`: sorted by time, unique within the process.
    static func fileName(for file: ReplayFile, number: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let command = (file.request.form?["command"] ?? "ssl_check").filter { $0.isLetter || $0.isNumber || $0 == "_" }
        let slug = command.isEmpty ? "command" : command
        return "\(formatter.string(from: Date()))-\(String(format: "%03d", number))-\(slug).json"
    }
}

/// The `--record` folder cannot be created.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
    public var directory: String
    public var reason: String

    public var description: String { "cannot record to \(directory): \(reason)" }
}
