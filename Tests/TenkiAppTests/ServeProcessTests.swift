import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// `tenki serve` as operators run it: a real process, real signals.
@Suite("tenki serve as a process", .serialized)
struct ServeProcessTests {
    static let secret = "process-test-secret"

    /// Starts `tenki fakes` with a scenario and returns it with its environment for `serve`.
    static func startFakes(scenario: String, extra: [String] = []) async throws -> (ChildProcess, [String: String]) {
        let fakes = try ChildProcess(["fakes", "--port", "0", "--scenario", scenario] + extra, environment: [:])
        let (out, _) = try await fakes.waitFor("the fakes' settings") { out, _ in out.contains("NEWSAPI_KEY=") }
        var environment: [String: String] = ["SLACK_SIGNING_SECRET": secret]
        for name in ["OPENWEATHER_BASE_URL", "OPENWEATHER_API_KEY", "NEWSAPI_BASE_URL", "NEWSAPI_KEY"] {
            environment[name] = ChildProcess.setting(name, in: out)
        }
        return (fakes, environment)
    }

    static func startServe(_ environment: [String: String]) async throws -> (ChildProcess, Int) {
        let serve = try ChildProcess(["serve", "--host", "127.0.0.1", "--port", "0", "--no-scheduler"], environment: environment)
        let (_, log) = try await serve.waitFor("the listener") { _, err in ChildProcess.listeningPort(in: err) != nil }
        return (serve, try #require(ChildProcess.listeningPort(in: log)))
    }

    @Test("SIGTERM: /healthz turns 503, the in-flight request is answered, the process exits 0")
    func gracefulDrain() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path); run swift build first")
            return
        }
        let (fakes, upstream) = try await Self.startFakes(scenario: "slow", extra: ["--latency-ms", "1200"])
        defer { fakes.stop() }
        var environment = upstream
        // Late answers could only go to loopback: nothing here may reach hooks.slack.com.
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        // /healthz says 503 for this long after SIGTERM: long enough for a probe to see it while a
        // loaded machine stalls the test for seconds (2 s was missed under two busy loops).
        environment["TENKI_DRAIN_DELAY_MS"] = "10000"
        environment["TENKI_INLINE_BUDGET_MS"] = "2800"
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        environment["TENKI_STATE"] = scratch.path("tenki.sqlite")
        let (serve, port) = try await Self.startServe(environment)
        defer { serve.stop() }

        let transport = CurlTransport()
        let base = "http://127.0.0.1:\(port)"
        let sender = SignedCommandSender(endpoint: try #require(URL(string: base + "/slack/commands")), transport: transport, signingSecret: Self.secret, timeout: .seconds(60))
        // One upstream call, answered by the slow fake after 1.2 s: in flight when SIGTERM arrives.
        let slow = Task { try await sender.send(command: "/weather", text: "16.07,108.22") }
        // In flight before SIGTERM: its connection is open beside the probe's own. (Without this
        // wait, a loaded machine once started the command only after the drain had closed the
        // listener: "Couldn't connect to server".)
        let metrics = try #require(URL(string: base + "/metrics"))
        let probe = CurlTransport()  // one transport: its probes reuse one connection
        let inFlight = try await TenkiRun.until {
            let text = String(decoding: (try? await probe.send(OutboundRequest(url: metrics)))?.body ?? [], as: UTF8.self)
            return Self.gauge("tenki_http_connections_open", in: text).map { $0 >= 2 } ?? false
        }
        #expect(inFlight, "the slow command never connected")
        let health = try #require(URL(string: base + "/healthz"))
        #expect(try await transport.send(OutboundRequest(url: health)).status == 200)

        serve.signal(SIGTERM)
        var sawDraining = false
        for _ in 0..<200 where !sawDraining {
            if let response = try? await transport.send(OutboundRequest(url: health, timeout: .seconds(1))), response.status == 503 {
                sawDraining = true
            }
        }
        #expect(sawDraining, "/healthz never said 503 while draining")

        let answer = try await slow.value
        #expect(answer.status == 200)
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(answer.body))
        #expect(message.text.contains("Da Nang"))
        #expect(try await serve.waitForExit() == 0)
        #expect(serve.stderr.contains("msg=draining"))
    }

    /// The value of an unlabelled gauge or counter in a Prometheus text exposition.
    static func gauge(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }

    @Test("a missing signing secret exits 78 naming it; an unknown flag exits 64")
    func exitCodes() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests")
            return
        }
        let unconfigured = try ChildProcess(["serve", "--port", "0"], environment: ["OPENWEATHER_API_KEY": "k"])
        #expect(try await unconfigured.waitForExit() == 78)
        #expect(unconfigured.stderr.contains("SLACK_SIGNING_SECRET"))
        let usage = try ChildProcess(["serve", "--bogus"], environment: [:])
        #expect(try await usage.waitForExit() == 64)
        #expect(usage.stderr.contains("--bogus"))
    }
}
