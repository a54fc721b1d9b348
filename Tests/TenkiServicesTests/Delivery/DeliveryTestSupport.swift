import Foundation
import Synchronization
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

@testable import TenkiStorage

/// A clock the test moves by hand.
final class TestClock: WallClock, Sendable {
    private let current: Mutex<Date>
    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Mutex(start) }
    func now() -> Date { current.withLock { $0 } }
    func set(_ date: Date) { current.withLock { $0 = date } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A transport whose answers come from a closure; records each request with the clock's time.
final class ScriptedTransport: HTTPTransport {
    struct Sent: Sendable {
        var url: URL
        var body: [UInt8]
        var at: Date
    }

    private let clock: any WallClock
    private let answer: @Sendable (OutboundRequest, Int) async throws(TransportError) -> OutboundResponse
    private let log = Mutex<[Sent]>([])

    /// `answer` gets the request and its 0-based index among all requests so far.
    init(
        clock: any WallClock, answer: @escaping @Sendable (OutboundRequest, Int) async throws(TransportError) -> OutboundResponse
    ) {
        self.clock = clock
        self.answer = answer
    }

    var sent: [Sent] { log.withLock { $0 } }

    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        let index = log.withLock { log in
            log.append(Sent(url: request.url, body: request.body, at: clock.now()))
            return log.count - 1
        }
        return try await answer(request, index)
    }
}

/// Collects log records, to check what the queue writes (and that no URL leaks).
final class MemoryLogSink: LogSink {
    private let records = Mutex<[LogRecord]>([])
    func write(_ record: LogRecord) { records.withLock { $0.append(record) } }
    var lines: [String] {
        records.withLock {
            $0.map { record in ([record.message] + record.metadata.map { "\($0.key)=\($0.value)" }).joined(separator: " ") }
        }
    }
}

/// A state file in a fresh temporary directory, removed with the directory.
struct TemporaryStateFile: ~Copyable {
    let directory: URL
    var path: String { directory.appendingPathComponent("tenki-state.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-delivery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

enum DeliveryFixtures {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let webhook = URL(string: "https://hooks.slack.com/services/T000/B000/SECRETSECRETSECRET")!

    static func message(_ text: String) -> [UInt8] {
        Array("{\"text\":\"\(text)\"}".utf8)
    }

    static func webhookDelivery(
        _ text: String, to url: URL = webhook, at createdAt: Date = start, kind: String = "digest:morning"
    ) -> NewDelivery {
        NewDelivery(kind: kind, destination: url, destinationKind: .incomingWebhook, body: message(text), createdAt: createdAt)
    }

    static func ok() -> OutboundResponse { OutboundResponse(status: 200, body: Array("ok".utf8)) }
}
