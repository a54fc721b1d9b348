import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// `tenki healthcheck`: a curl-free probe for container HEALTHCHECKs.
enum HealthcheckCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(arguments, command: "healthcheck", valueOptions: ["url"], flagOptions: [])
        if let extra = list.positional.first {
            throw UsageError("unexpected argument \"\(extra)\"; give the address with --url URL", command: "healthcheck")
        }
        let text = try list.value("url") ?? "http://127.0.0.1:\(Settings.port())/healthz"
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw UsageError(
                "--url must be an http(s) URL such as http://127.0.0.1:8080/healthz (got \"\(text)\")", command: "healthcheck")
        }
        do {
            let response = try await CurlTransport(userAgent: "tenki-healthcheck/\(Help.version)").send(OutboundRequest(url: url, timeout: .seconds(3)))
            guard response.status == 200 else {
                TenkiCLI.printError("unhealthy: \(url.path) answered \(response.status)")
                return .failure
            }
            return .success
        } catch {
            TenkiCLI.printError("unhealthy: \(error)")
            return .failure
        }
    }
}
