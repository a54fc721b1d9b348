import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiLogging

/// One GET to a provider, as both API clients send it: the base URL (a proxy's path prefix kept),
/// the percent-encoded query, JSON accepted, a bearer token for proxies, the client's timeout, and
/// one debug line with the redacted URL, status and duration. Transport errors come back with
/// every secret scrubbed, so no client can leak a key through an error message.
package struct ProviderRequest: Sendable {
    /// The log message's prefix and the logs' view of who was called (`openweather`, `newsapi`).
    let provider: String
    /// The provider's key, for the client to send the provider's way (a header, a query item).
    let apiKey: String
    let transport: any HTTPTransport
    let baseURL: URL
    let bearerToken: String?
    let timeout: Duration
    let logger: Logger
    /// Everything that must never appear in a log line or an error: keys and tokens.
    let secrets: [String]

    /// A provider's requests with `apiKey` and `bearerToken` as the secrets (empty ones are not secrets).
    init(
        provider: String, transport: any HTTPTransport, baseURL: URL, apiKey: String, bearerToken: String?, timeout: Duration,
        logger: Logger
    ) {
        self.provider = provider
        self.apiKey = apiKey
        self.transport = transport
        self.baseURL = baseURL
        self.bearerToken = bearerToken
        self.timeout = timeout
        self.logger = logger
        self.secrets = [apiKey, bearerToken].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// Why no response arrived, already free of secrets.
    enum Failure: Error {
        case invalidURL
        case transport(TransportError)
    }

    func get(path: String, query: [(name: String, value: String)], headers extra: HTTPHeaders = [:], operation: String) async throws(Failure) -> OutboundResponse {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let text = base + path + "?" + QueryEncoding.encode(query)
        guard let url = URL(string: text) else { throw .invalidURL }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        for (name, value) in extra { headers.add(name, value) }
        if let bearerToken { headers.add("Authorization", "Bearer \(bearerToken)") }

        let clock = ContinuousClock()
        let start = clock.now
        do {
            let request = OutboundRequest(
                method: "GET", url: url, headers: headers, timeout: timeout, redirects: .follow(check: staysOnHost(of: url)))
            let response = try await transport.send(request)
            log(operation, text, status: String(response.status), elapsed: clock.now - start)
            return response
        } catch {
            let scrubbed = scrub(error)
            log(operation, text, status: "none", elapsed: clock.now - start, extra: [("error", scrubbed.description)])
            throw .transport(scrubbed)
        }
    }

    /// A provider may redirect within its own host (a moved path, a trailing slash), never to
    /// another: the key and the bearer token were meant for this host alone.
    private func staysOnHost(of url: URL) -> @Sendable (URL) -> Bool {
        let host = url.host?.lowercased()
        return { hop in hop.host?.lowercased() == host }
    }

    /// `text` with every secret replaced by `REDACTED`.
    static func scrub(_ text: String, secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: URLRedaction.placeholder) }
    }

    private func scrub(_ error: TransportError) -> TransportError {
        switch error {
        case .timedOut, .cancelled: error
        case .connectionFailed(let reason): .connectionFailed(reason: Self.scrub(reason, secrets: secrets))
        case .invalidResponse(let reason): .invalidResponse(reason: Self.scrub(reason, secrets: secrets))
        }
    }

    private func log(_ operation: String, _ url: String, status: String, elapsed: Duration, extra: [(key: String, value: String)] = []) {
        guard logger.isEnabled(.debug) else { return }
        let millis = elapsed.milliseconds
        logger.debug(
            "\(provider) request",
            [("operation", operation), ("url", URLRedaction.redactingSecrets(in: url)), ("status", status), ("duration_ms", String(millis))]
                + extra)
    }
}

/// A short, secret-free account of why a provider's body did not decode.
enum DecodingFailure {
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let prefix = path(context)
            return "missing \(prefix.isEmpty ? key.stringValue : prefix + "." + key.stringValue)"
        case .typeMismatch(_, let context): return "unexpected type at \(path(context))"
        case .valueNotFound(_, let context): return "null at \(path(context))"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "invalid value at \(path(context))"
        @unknown default: return "undecodable"
        }
    }
}
