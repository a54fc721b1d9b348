import TenkiFakes
import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiProviders

// Names here carry a `News` prefix: the OpenWeatherMap tests in this same test target define
// their own helpers, and the two branches must merge without redeclarations.


enum NewsTestClients {
    static let baseURL = "https://newsapi.test"

    /// A client whose every request gets `status` and `body`.
    static func answering(status: Int, body: [UInt8], key: String = "fixture-test-key") throws -> NewsAPIClient {
        let handler = ClosureHTTPHandler { _ in
            HTTPResponse.json(HTTPStatus(code: status, reason: "Fixture"), body)
        }
        return try client(HandlerTransport(handler), key: key)
    }

    static func client(
        _ transport: any HTTPTransport, key: String = "fixture-test-key", bearer: String? = nil, logger: Logger = .discarding
    ) throws -> NewsAPIClient {
        guard let url = URL(string: baseURL) else { throw URLError(.badURL) }
        return NewsAPIClient(transport: transport, baseURL: url, apiKey: key, bearerToken: bearer, logger: logger)
    }
}
