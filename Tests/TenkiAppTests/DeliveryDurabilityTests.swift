import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiHTTP
import TenkiTesting

/// Accepted means delivered: late answers queued while the receiver is down survive `kill -9`
/// and arrive exactly once after a restart on the same state file.
@Suite("Delivery survives kill -9", .serialized)
struct DeliveryDurabilityTests {
    /// A loopback port nobody listens on yet (bound, read, released).
    static func freePort() async throws -> Int {
        let probe = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: FakeWebhookReceiver(), logger: .discarding)
        let port = try probe.start()
        await probe.shutdown(gracePeriod: .zero)
        return port
    }

    @Test("queued late answers are delivered once each after SIGKILL and a restart")
    func survivesKill() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path)")
            return
        }
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "slow")
        defer { fakes.stop() }
        let sinkPort = try await Self.freePort()
        let statePath = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-durability-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: statePath + suffix) } }
        var environment = upstream
        environment["TENKI_STATE"] = statePath
        environment["TENKI_INLINE_BUDGET_MS"] = "100"
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        environment["TENKI_DELIVERY_TIMEOUT_MS"] = "2000"
        environment["TENKI_RETRY_BASE_MS"] = "200"
        environment["TENKI_RETRY_CAP_MS"] = "2000"
        environment["TENKI_DRAIN_DELAY_MS"] = "0"

        // 1. The receiver is down; five commands miss the budget and queue their answers.
        let (first, port) = try await ServeProcessTests.startServe(environment)
        defer { first.stop() }
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands"))
        let transport = CurlTransport()
        let signer = SlackSigning(secret: ServeProcessTests.secret)
        for index in 0..<5 {
            let response = try await signer.send(
                to: endpoint, transport: transport, text: "16.07,108.22", responseURL: "http://127.0.0.1:\(sinkPort)/hook/\(index)")
            #expect(response.status == 200)
        }
        // 2. Wait until all five are committed (the outbox lists them), then kill -9.
        let outboxEnvironment = ["TENKI_STATE": statePath]
        var listed = ""
        for _ in 0..<300 {
            let outbox = try ChildProcess(["outbox"], environment: outboxEnvironment)
            _ = try await outbox.waitForExit()
            listed = outbox.stdout
            if listed.components(separatedBy: "late-answer").count - 1 == 5 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(listed.components(separatedBy: "late-answer").count - 1 == 5, "outbox: \(listed)")
        first.signal(SIGKILL)
        _ = try await first.waitForExit()

        // 3. The receiver comes up; a new process on the same file delivers every message once.
        let receiver = FakeWebhookReceiver()
        let sink = HTTPServer(configuration: .init(host: "127.0.0.1", port: sinkPort, loopCount: 1), handler: receiver, logger: .discarding)
        _ = try sink.start()
        let (second, _) = try await ServeProcessTests.startServe(environment)
        defer { second.stop() }
        for _ in 0..<600 where Set(receiver.requests.map(\.path)).count < 5 {
            try await Task.sleep(for: .milliseconds(100))
        }
        let paths = receiver.requests.map(\.path)
        #expect(Set(paths) == Set((0..<5).map { "/hook/\($0)" }))
        #expect(paths.count == 5, "delivered more than once: \(paths)")
        #expect(receiver.requests.allSatisfy { String(decoding: $0.body, as: UTF8.self).contains("Da Nang") })
        await sink.shutdown(gracePeriod: .seconds(1))
    }
}

/// Signs and sends one `/weather` command with a chosen `response_url`.
struct SlackSigning {
    let secret: String

    func send(to endpoint: URL, transport: any HTTPTransport, text: String, responseURL: String) async throws -> OutboundResponse {
        let body = Array(FormURLEncoded.encode(SignedCommandSender.fields(command: "/weather", text: text, responseURL: responseURL)).utf8)
        let sender = SignedCommandSender(endpoint: endpoint, transport: transport, signingSecret: secret)
        return try await sender.send(body: body)
    }
}
