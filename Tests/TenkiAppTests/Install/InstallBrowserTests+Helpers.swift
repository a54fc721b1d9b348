import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The install test's helpers: signed requests, the fakes' records, the browser, the state file.
extension InstallBrowserTests {
    static func command(_ text: String, team: String) -> [UInt8] {
        let fields = SignedCommandSender.fields(command: "/weather", text: text, responseURL: "http://127.0.0.1:9/late")
            .map { $0.0 == "team_id" ? ("team_id", team) : $0 }
            .map { $0.0 == "channel_id" ? ("channel_id", "C" + team) : $0 }
        return Array(FormURLEncoded.encode(fields).utf8)
    }

    static func event(_ json: String, to base: String) async throws -> OutboundResponse {
        let body = Array(json.utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        for (name, value) in SlackRequestSigner(signingSecret: secret).headers(
            timestamp: Int64(Date().timeIntervalSince1970), body: body)
        {
            headers.add(name, value)
        }
        return try await CurlTransport().send(
            OutboundRequest(
                method: "POST", url: URL(string: base + "/slack/events")!, headers: headers, body: body, timeout: .seconds(60)))
    }

    /// The workspaces whose codes `oauth.v2.access` exchanged, in order.
    static func exchanges(_ origin: String) async throws -> [String] {
        let response = try await CurlTransport().send(OutboundRequest(url: URL(string: origin + "/slack-oauth/calls")!))
        let calls =
            (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["calls"] as? [[String: Any]] ?? []
        return calls.filter { $0["grant"] as? String == "authorization_code" && $0["error"] is NSNull }.compactMap {
            $0["team"] as? String
        }
    }

    static func posts(_ origin: String) async throws -> [(team: String?, posted: Bool)] {
        let response = try await CurlTransport().send(OutboundRequest(url: URL(string: origin + "/slack-api-posts")!))
        let posts =
            (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["posts"] as? [[String: Any]] ?? []
        return posts.map { ($0["installed_team"] as? String, $0["posted"] as? Bool ?? false) }
    }

    /// `name`'s value in the query of the page's "Add to Slack" link.
    static func query(_ name: String, inLinkOf html: String) -> String? {
        guard let start = html.range(of: "class=\"button\" href=\"") else { return nil }
        let link = html[start.upperBound...].prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&")
        return URLComponents(string: link)?.queryItems?.first { $0.name == name }?.value
    }

    static func browse(_ steps: [[String: Any]], screenshots: String) async throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: ["steps": steps]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/browser.py").path
        let child = try ChildProcess(
            ["-c", "exec python3 \"$0\" --screenshots \"$1\" < \"$2\"", script, screenshots, file.path],
            environment: [:], executable: "/bin/sh")
        let status = try await child.waitForExit(limit: .seconds(120))
        return (status, child.stdout + child.stderr)
    }

    static func count(_ table: String, where column: String? = nil, is value: String? = nil, in file: String) throws -> Int {
        let filter = column.map { " WHERE \($0) = ?" } ?? ""
        let program =
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute(sys.argv[2], sys.argv[3:]).fetchone()[0])"
        let result = shell(
            "python3 -c \"$0\" \"$@\"", [program, file, "SELECT COUNT(*) FROM \(table)\(filter)"] + (value.map { [$0] } ?? []))
        guard result.status == 0, let number = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CountFailed(description: result.output)
        }
        return number
    }

    struct CountFailed: Error, CustomStringConvertible { var description: String }

    @discardableResult
    static func shell(_ command: String, _ arguments: [String] = []) -> (status: Int32, output: String) {
        do { return try SpawnedProcess.run("/bin/sh", ["-c", command] + arguments) } catch { return (127, "\(error)") }
    }
}
