import Foundation
import TenkiHTTP
import TenkiLogging

/// Reads `Tests/Fixtures`, found from this file's path.
enum OpenWeatherFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OpenWeather
        .deletingLastPathComponent()  // TenkiServicesTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// A transport that always fails with one error.
struct FailingTransport: HTTPTransport {
    let error: TransportError

    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        throw error
    }
}

/// Keeps every record, for tests that read log lines.
final class RecordingLogSink: LogSink, @unchecked Sendable {
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
}

extension LogRecord {
    func value(_ key: String) -> String? {
        metadata.first { $0.key == key }?.value
    }
}
