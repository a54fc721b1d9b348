import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport

/// `serve --record DIR`: a verified request becomes a replay file that replays to the same answer.
@Suite("Recording requests as replay files")
struct RequestRecorderTests {
    static let secret = "recording-secret"

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tenki-record-\(UUID().uuidString)")
    }

    @Test("a signed command is recorded without secrets and replays to the same answer; an unsigned one is not recorded")
    func recordThenReplay() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The harness' fakes serve the recording app too: the same fake scenario for both runs.
        let harness = try await ReplayHarness.start()
        let settings = try Settings.load(environment: [
            "SLACK_SIGNING_SECRET": Self.secret, "OPENWEATHER_API_KEY": ReplayHarness.apiKey,
            "OPENWEATHER_BASE_URL": harness.upstreamOrigin, "TENKI_LANG": "ja",
        ])
        // No budget: the answer is inline however loaded the machine is.
        let dependencies = ServerDependencies(
            transport: CurlTransport(), logger: .discarding, lateAnswers: .none, waitForBudget: ReplayHarness.waitingForTheAnswer)
        var router = try TenkiServer.build(settings: settings, dependencies: dependencies).router
        router.recorder = try RequestRecorder(directory: directory, settings: RequestRecorder.answerSettings(settings))
        let listener = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: router, logger: .discarding)
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(try listener.start())/slack/commands"))
        let signed = try await SignedCommandSender(endpoint: endpoint, transport: CurlTransport(), signingSecret: Self.secret, timeout: .seconds(60))
            .send(command: "/weather", text: "Danang")
        let unsigned = try await SignedCommandSender(endpoint: endpoint, transport: CurlTransport(), signingSecret: nil, timeout: .seconds(60))
            .send(command: "/weather", text: "Tokyo")
        await listener.shutdown(gracePeriod: .seconds(1))
        #expect(signed.status == 200)
        #expect(unsigned.status == 401)

        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(written.count == 1, "only the verified request is recorded: \(written)")
        let path = directory.appendingPathComponent(try #require(written.first)).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for secret in ["demo-verification-token", "trigger_id", "1.2.demo", "X-Slack-Signature", "X-Slack-Request-Timestamp", "hooks.slack.com"] {
            #expect(!text.contains(secret), "the recorded file contains \(secret)")
        }
        let file = try ReplayFile.decode(Data(text.utf8))
        #expect(file.request.form?["response_url"] == ReplayFile.responseURLPlaceholder)
        #expect(file.request.form?["text"] == "Danang")
        #expect(file.settings?["TENKI_LANG"] == "ja")
        #expect(file.expect?.status == 200)
        #expect(file.expect?.responseType == "in_channel")
        let fragment = try #require(file.expect?.contains?.first)
        #expect(fragment.contains("ダナン"), "the fragment is from the Japanese reply")

        let result = await harness.replayAndStop(try #require(try ReplayCase.load([path]).first))
        #expect(result.passed, "\(ReplayTranscript.render(result))")
        // The same answer: place, temperature and condition (the local-time line moves with the clock).
        let recorded = MessageTextRenderer.render(try JSONDecoder().decode(SlackMessage.self, from: Data(signed.body)))
        let replayed = MessageTextRenderer.render(try #require(result.observation?.message))
        #expect(replayed.split(separator: "\n").prefix(3) == recorded.split(separator: "\n").prefix(3))
    }

    @Test("tenki serve --record writes a file that tenki replay passes; a wrong expectation makes replay exit 1 naming the file")
    func serveRecordThenReplayProcesses() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path); run swift build first")
            return
        }
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal")
        defer { fakes.stop() }
        var environment = upstream
        environment["SLACK_SIGNING_SECRET"] = Self.secret
        environment["TENKI_STATE"] = directory.appendingPathComponent("state.sqlite").path
        // The longest budget: the recorded answer must be the inline one, as replay gives it.
        environment["TENKI_INLINE_BUDGET_MS"] = "2800"
        let recordings = directory.appendingPathComponent("recorded")
        let serve = try ChildProcess(
            ["serve", "--host", "127.0.0.1", "--port", "0", "--no-scheduler", "--record", recordings.path], environment: environment)
        defer { serve.stop() }
        let (_, log) = try await serve.waitFor("the listener") { _, err in ChildProcess.listeningPort(in: err) != nil }
        let port = try #require(ChildProcess.listeningPort(in: log))
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands"))
        let response = try await SignedCommandSender(endpoint: endpoint, transport: CurlTransport(), signingSecret: Self.secret, timeout: .seconds(60))
            .send(command: "/news", text: "tech")
        #expect(response.status == 200)
        serve.signal(SIGTERM)
        _ = try await serve.waitForExit()

        let replay = try ChildProcess(["replay", recordings.path], environment: [:])
        #expect(try await replay.waitForExit() == 0, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("0 of 1 failed"))

        // The same file with its fragment edited to be wrong.
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: recordings.path).first)
        var file = try ReplayFile.decode(Data(contentsOf: recordings.appendingPathComponent(name)))
        file.expect?.contains = ["no such fragment"]
        let broken = directory.appendingPathComponent("broken.json")
        try file.encoded().write(to: broken)
        let failing = try ChildProcess(["replay", broken.path], environment: [:])
        #expect(try await failing.waitForExit() == 1)
        #expect(failing.stdout.contains("1 of 1 failed"))
        #expect(failing.stderr.contains("broken.json: expected the reply to contain \"no such fragment\""), "\(failing.stderr)")
    }
}
