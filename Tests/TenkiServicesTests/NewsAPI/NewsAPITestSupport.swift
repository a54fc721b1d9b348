import Foundation
import TenkiCore
import TenkiHTTP
import TenkiLogging
import TenkiServices

// Names here carry a `News` prefix: the OpenWeatherMap tests in this same test target define
// their own helpers, and the two branches must merge without redeclarations.

/// Keeps every record, for tests that read log lines.
final class NewsRecordingLogSink: LogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LogRecord] = []

    func write(_ record: LogRecord) {
        lock.lock()
        stored.append(record)
        lock.unlock()
    }

    var records: [LogRecord] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// The value of metadata `key` in `record`.
    static func value(_ key: String, in record: LogRecord) -> String? {
        record.metadata.first { $0.key == key }?.value
    }
}

/// A transport that always fails with one error.
struct NewsFailingTransport: HTTPTransport {
    let error: TransportError

    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        throw error
    }
}

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
