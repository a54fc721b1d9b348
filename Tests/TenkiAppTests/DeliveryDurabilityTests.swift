import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

/// Accepted means delivered: late answers queued while the receiver is down survive `kill -9`
/// and arrive exactly once after a restart on the same state file.
@Suite("Delivery survives kill -9", .serialized)
struct DeliveryDurabilityTests {
    /// The slow fake upstream (answers after 2.5 s), a fresh state file, and `serve`'s settings
    /// for both with a 100 ms inline budget: every command gets a placeholder and a late answer.
    /// Nil (with an issue recorded) when `tenki` is not built beside the tests.
    struct SlowUpstream {
        let fakes: ChildProcess
        let statePath = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-durability-\(UUID()).sqlite").path
        var environment: [String: String]

        init?() async throws {
            guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
                Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path)")
                return nil
            }
            (fakes, environment) = try await ServeProcessTests.startFakes(scenario: "slow")
            environment["TENKI_STATE"] = statePath
            environment["TENKI_INLINE_BUDGET_MS"] = "100"
            environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        }

        func remove() {
            fakes.stop()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: statePath + suffix) }
        }
    }

    @Test("queued late answers are delivered once each after SIGKILL and a restart")
    func survivesKill() async throws {
        guard let upstream = try await SlowUpstream() else { return }
        defer { upstream.remove() }
        // The receiver's port is held (bound, not listening: connections are refused) from here
        // until the receiver listens on the same socket, so nothing else can take it meanwhile.
        let heldPort = try HeldPort()
        let sinkPort = heldPort.port
        let statePath = upstream.statePath
        var environment = upstream.environment
        environment["TENKI_DELIVERY_TIMEOUT_MS"] = "2000"
        // A refused connection counts against a response_url's five uses: with retries up to 30 s
        // apart, no answer can spend all five before the kill, however slow this machine is.
        environment["TENKI_RETRY_BASE_MS"] = "30000"
        environment["TENKI_RETRY_CAP_MS"] = "30000"
        environment["TENKI_DRAIN_DELAY_MS"] = "0"

        // 1. The receiver is down; five commands, sent at once, miss the budget and queue their
        //    answers. Each asks for its own spot near Da Nang, so none is answered from another's
        //    cached weather, however slowly the five arrive.
        let (first, port) = try await ServeProcessTests.startServe(environment)
        defer { first.stop() }
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands"))
        let transport = CurlTransport()
        let signer = SlackSigning(secret: ServeProcessTests.secret)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<5 {
                group.addTask {
                    try await signer.send(
                        to: endpoint, transport: transport, text: "16.0\(index),108.22",
                        responseURL: "http://127.0.0.1:\(sinkPort)/hook/\(index)"
                    ).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == [200, 200, 200, 200, 200])
        // 2. Wait until all five answers are committed, then kill -9.
        _ = try await first.waitFor("five late answers queued") { _, log in
            log.components(separatedBy: "late answer queued").count - 1 == 5
        }
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
        let sink = try heldPort.start(receiver)
        let (second, _) = try await ServeProcessTests.startServe(environment)
        defer { second.stop() }
        // Each answer's next attempt is at most 30 s away.
        for _ in 0..<900 where Set(receiver.requests.map(\.path)).count < 5 {
            try await Task.sleep(for: .milliseconds(100))
        }
        let paths = receiver.requests.map(\.path)
        #expect(Set(paths) == Set((0..<5).map { "/hook/\($0)" }))
        #expect(paths.count == 5, "delivered more than once: \(paths)")
        #expect(receiver.requests.allSatisfy { String(decoding: $0.body, as: UTF8.self).contains("Da Nang") })
        await sink.shutdown(gracePeriod: .seconds(1))
    }
}

extension DeliveryDurabilityTests {
    @Test("a command acknowledged with a placeholder is answered after kill -9, by the next process on the state, once")
    func acknowledgedCommandSurvivesKill() async throws {
        guard let upstream = try await SlowUpstream() else { return }
        defer { upstream.remove() }
        let receiver = FakeWebhookReceiver()
        let sink = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let sinkPort = try sink.start()
        var environment = upstream.environment
        environment["TENKI_DRAIN_DELAY_MS"] = "0"

        // The upstream answers after 2.5 s; the placeholder comes after 0.1 s, and the process is
        // killed as soon as it arrives, long before the answer could be queued.
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands"))
        let response = try await SlackSigning(secret: ServeProcessTests.secret).send(
            to: endpoint, transport: CurlTransport(), text: "16.07,108.22", responseURL: "http://127.0.0.1:\(sinkPort)/hook")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Looking up"))
        serve.signal(SIGKILL)
        _ = try await serve.waitForExit()
        #expect(!serve.stderr.contains("late answer queued"))

        // Kept before the placeholder went back: the command, and no message yet.
        let database = try SQLiteDatabase(path: upstream.statePath)
        let (pending, queued) = try await database.perform { connection throws(SQLiteError) in
            (
                try connection.query("SELECT COUNT(*) FROM pending_commands") { $0.int(0) }.first ?? 0,
                try connection.query("SELECT COUNT(*) FROM deliveries") { $0.int(0) }.first ?? 0
            )
        }
        #expect(pending == 1 && queued == 0)
        let outbox = try ChildProcess(["outbox"], environment: ["TENKI_STATE": upstream.statePath])
        _ = try await outbox.waitForExit()
        #expect(outbox.stdout.contains("1 command(s) acknowledged with a placeholder are still being looked up"), "\(outbox.stdout)")

        // The next process takes the command over once its lease (30 s) ends, looks it up again
        // and posts the real answer, once.
        let (next, _) = try await ServeProcessTests.startServe(environment)
        defer { next.stop() }
        _ = try await next.waitFor("the abandoned command answered", limit: .seconds(90)) { _, log in
            log.contains("late answer queued")
        }
        for _ in 0..<300 where receiver.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(next.stderr.contains("answering a command its process left unanswered"))
        let posts = receiver.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(posts.count == 1, "\(posts)")
        #expect(posts.first?.contains("Da Nang") == true, "the real answer, not an apology: \(posts)")
        await sink.shutdown(gracePeriod: .seconds(1))
    }
}

/// Signs and sends one `/weather` command with a chosen `response_url`.
struct SlackSigning {
    let secret: String

    func send(to endpoint: URL, transport: any HTTPTransport, text: String, responseURL: String) async throws -> OutboundResponse {
        let body = Array(FormURLEncoded.encode(SignedCommandSender.fields(command: "/weather", text: text, responseURL: responseURL)).utf8)
        let sender = SignedCommandSender(endpoint: endpoint, transport: transport, signingSecret: secret, timeout: .seconds(60))
        return try await sender.send(body: body)
    }
}
