import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport

/// Real `tenki serve` processes sharing one PostgreSQL database (the throwaway server of
/// `TestPostgresServer`, a fresh schema per case), as replicas run behind a load balancer.
@Suite("serve processes on one PostgreSQL database", .serialized, .enabled(if: AppPostgres.isEnabled))
struct PostgresServeProcessTests {
    /// Starts `tenki serve` on `environment` (its database), from a scratch directory so that no
    /// SQLite file can stand in for the database unnoticed.
    static func startServe(
        _ environment: [String: String], in directory: ScratchDirectory, scheduler: Bool = false
    ) async throws -> (ChildProcess, Int) {
        let serve = try ChildProcess(
            ["serve", "--host", "127.0.0.1", "--port", "0"] + (scheduler ? [] : ["--no-scheduler"]), environment: environment,
            currentDirectory: directory.url)
        let (_, log) = try await serve.waitFor("the listener") { _, err in ChildProcess.listeningPort(in: err) != nil }
        return (serve, try #require(ChildProcess.listeningPort(in: log)))
    }

    /// How many lines of `log` contain `text`.
    static func count(_ text: String, in log: String) -> Int {
        log.components(separatedBy: "\n").filter { $0.contains(text) }.count
    }

    @Test("kill -9 of the serve holding four acknowledged commands: the other serve takes over their leases and answers each once")
    func killedReplicaCommandsAnsweredOnce() async throws {
        guard TenkiRun.isBuilt() else { return }
        let database = try await AppPostgres.freshURL()
        // Every upstream answer takes 4 s, the inline budget is 100 ms: each command is
        // acknowledged with the placeholder and answered late, through the database's pending
        // commands.
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal", extra: ["--latency-ms", "4000"])
        defer { fakes.stop() }
        let receiver = FakeWebhookReceiver()
        let sink = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let sinkPort = try sink.start()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var environment = upstream
        environment["SLACK_SIGNING_SECRET"] = ServeProcessTests.secret
        environment["TENKI_DATABASE_URL"] = database
        environment["TENKI_INLINE_BUDGET_MS"] = "100"
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        environment["TENKI_DRAIN_DELAY_MS"] = "0"
        let (doomed, doomedPort) = try await Self.startServe(environment, in: scratch)
        defer { doomed.stop() }
        let (survivor, survivorPort) = try await Self.startServe(environment, in: scratch)
        defer { survivor.stop() }

        // Four commands to the one that will die, one to the survivor; each asks for its own spot
        // (no answer comes from another's cache) and names its own response_url.
        let signer = SlackSigning(secret: ServeProcessTests.secret)
        let transport = CurlTransport()
        let targets = (0..<4).map { ("a\($0)", doomedPort) } + [("b0", survivorPort)]
        let placeholders = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for (index, (name, port)) in targets.enumerated() {
                group.addTask {
                    let response = try await signer.send(
                        to: try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands")), transport: transport,
                        text: "16.0\(index),108.22", responseURL: "http://127.0.0.1:\(sinkPort)/hook/\(name)")
                    return (name, String(decoding: response.body, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [String: String]()) { $0[$1.0] = $1.1 }
        }
        #expect(placeholders.count == 5 && placeholders.values.allSatisfy { $0.contains("Looking up") }, "\(placeholders)")

        // All four acknowledged and still being looked up (4 s): kill -9, no drain, no answer.
        doomed.signal(SIGKILL)
        #expect(try await doomed.waitForExit() == 128 + SIGKILL)
        #expect(Self.count("late answer queued", in: doomed.stderr) == 0, "the killed process answered before it died")
        let owed = try await TenkiRun.run(["outbox"], ["TENKI_DATABASE_URL": database])
        #expect(owed.status == 0, "\(owed.stderr)")
        #expect(owed.stdout.contains("command(s) acknowledged with a placeholder are still being looked up"), "\(owed.stdout)")

        // The survivor takes each abandoned command over once its lease (30 s) ends, looks it up
        // and posts the answer.
        let names = targets.map(\.0)
        let allArrived = try await TenkiRun.until(limit: .seconds(180)) {
            Set(receiver.requests.map(\.path)) == Set(names.map { "/hook/\($0)" })
        }
        #expect(allArrived, "arrived: \(receiver.requests.map(\.path)); survivor's log:\n\(survivor.stderr)")
        // Settled: nothing pending, nothing owed, so no further post can come.
        var listing = ""
        let settled = try await TenkiRun.until(limit: .seconds(120)) {
            listing = try await TenkiRun.run(["outbox"], ["TENKI_DATABASE_URL": database]).stdout
            return listing.contains("the outbox is empty") && !listing.contains("acknowledged with a placeholder")
        }
        #expect(settled, "outbox: \(listing)")

        // Counted at the response_url sink: one post per command, each the real answer.
        for name in names {
            let posts = receiver.requests(to: "/hook/\(name)")
            #expect(posts.count == 1, "\(name) was posted \(posts.count) times")
            #expect(posts.allSatisfy { $0.wasAccepted })
            #expect(posts.allSatisfy { String(decoding: $0.body, as: UTF8.self).contains("Da Nang") }, "the answer, not an apology")
        }
        #expect(receiver.requests.count == 5)
        #expect(Self.count("answering a command its process left unanswered", in: survivor.stderr) == 4, "\(survivor.stderr)")
        survivor.signal(SIGTERM)
        #expect(try await survivor.waitForExit() == 0)
        await sink.shutdown(gracePeriod: .zero)
    }

    @Test("three serve processes on one database, schedulers on: every digest slot is claimed once and posted once")
    func threeServeProcessesPostEachSlotOnce() async throws {
        guard TenkiRun.isBuilt() else { return }
        let database = try await AppPostgres.freshURL()
        let fakes = try LoopbackFakes()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var environment = fakes.environment
        environment["SLACK_SIGNING_SECRET"] = ServeProcessTests.secret
        environment["TENKI_DATABASE_URL"] = database
        environment["TENKI_DRAIN_DELAY_MS"] = "0"
        // Every minute: the latest slot (under a minute old) is due at start, and the three race
        // for it and for each slot after it.
        environment["DIGEST_WEBHOOK_URL"] = fakes.base + "/services/T0FAKE/B0FAKE/fakefakefake"
        environment["DIGEST_CITIES"] = "Tokyo,JP"
        environment["DIGEST_SCHEDULE"] = "* * * * *"
        var processes: [ChildProcess] = []
        defer { processes.forEach { $0.stop() } }
        try await withThrowingTaskGroup(of: ChildProcess.self) { group in
            let environment = environment
            for _ in 0..<3 { group.addTask { try await Self.startServe(environment, in: scratch, scheduler: true).0 } }
            for try await process in group { processes.append(process) }
        }

        /// The slots each process queued (claimed), from its "digest queued" lines.
        func queuedSlots() -> [String] {
            processes.flatMap { process in
                process.stderr.components(separatedBy: "\n").filter { $0.contains("msg=\"digest queued\"") }.compactMap { line in
                    guard let start = line.range(of: " slot="), let end = line.range(of: " delivery=", range: start.upperBound..<line.endIndex)
                    else { return nil }
                    return String(line[start.upperBound..<end.lowerBound])
                }
            }
        }
        let posts = { fakes.fakes.webhooks.accepted(at: "/services/T0FAKE/B0FAKE/fakefakefake").count }
        // Each process has decided its first slot (it fetches for the next one only after), and
        // everything queued has arrived.
        let settled = try await TenkiRun.until(limit: .seconds(90)) {
            processes.allSatisfy { $0.stderr.contains("digest data fetched ahead of its slot") }
                && !queuedSlots().isEmpty && posts() == queuedSlots().count
        }
        let slots = queuedSlots()
        #expect(settled, "queued \(slots), posted \(posts())")
        #expect(!slots.isEmpty)
        #expect(Set(slots).count == slots.count, "a slot was claimed twice: \(slots)")
        #expect(posts() == slots.count, "each claimed slot posted once")
        for process in processes { process.signal(SIGTERM) }
        for process in processes { #expect(try await process.waitForExit() == 0) }
        #expect(processes.allSatisfy { !$0.stderr.contains("fakefakefake") }, "the webhook URL is a secret")
        await fakes.stop()
    }
}
