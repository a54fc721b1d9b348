import Foundation
@testable import TenkiCore
@testable import TenkiStorage
import TenkiTestSupport
import Testing

@testable import TenkiApp

@Suite("PostgreSQL state in the composition root", .enabled(if: AppPostgres.isEnabled))
struct PostgresCompositionTests {
    @Test("three servers built in one test process on one database: each of 10 digest slots is claimed once and posted once")
    func slotsOnce() async throws {
        let harness = try DigestHarness(environment: [
            "TENKI_STATE": "", "TENKI_DATABASE_URL": try await AppPostgres.freshURL(), "DIGEST_SCHEDULE": "30 7 * * *",
        ])
        let digest = try #require(harness.settings.digests.first)
        let servers = try (0..<3).map { _ in try harness.server() }
        var posted = 0, alreadyPosted = 0
        for day in 0..<10 {
            let slot = DigestHarness.at(7, 30, days: day)
            let outcomes = await withTaskGroup(of: DigestRunner.Outcome.self) { group in
                for server in servers { group.addTask { await server.digests.run(digest, now: slot) } }
                return await group.reduce(into: [DigestRunner.Outcome]()) { $0.append($1) }
            }
            posted += outcomes.filter(\.isPosted).count
            alreadyPosted += outcomes.filter { if case .alreadyPosted = $0 { true } else { false } }.count
            await withTaskGroup(of: Void.self) { group in
                for server in servers { group.addTask { _ = await server.queue.runOnce(now: slot) } }
            }
        }
        #expect(posted == 10 && alreadyPosted == 20)
        #expect(harness.posts.count == 10, "every slot reached the channel once")
    }

    @Test("a preference saved through one server holds at once on another built on the same database")
    func sharedPreferences() async throws {
        let harness = try DigestHarness(environment: ["TENKI_STATE": "", "TENKI_DATABASE_URL": try await AppPostgres.freshURL()])
        let one = try harness.server(), two = try harness.server()
        let key = UserKey(team: "T1", user: "U1")
        try await one.state.preferences.save(UserPreferences(place: "Hà Nội", units: .imperial), for: key)
        #expect(try await two.state.preferences.preferences(for: key) == UserPreferences(place: "Hà Nội", units: .imperial))
        #expect(two.state.deliveries is PostgresDeliveryStore)
    }

    @Test("the per-user rate limit counts across two servers on one database")
    func sharedRateLimit() async throws {
        let harness = try DigestHarness(environment: [
            "TENKI_STATE": "", "TENKI_DATABASE_URL": try await AppPostgres.freshURL(), "TENKI_USER_RATE_LIMIT": "2",
        ])
        // The database's answer is always awaited here: the test is about sharing, not the bound.
        let servers = try (0..<2).map { _ in try harness.server(waitForBudget: AppHarness.budgetNeverSpent) }
        let help = SlashCommandPayload(command: "/weather", text: "help", userID: "U1", teamID: "T1")
        var texts: [String] = []
        for index in 0..<3 { texts.append(await servers[index % 2].commands.respond(to: help, logger: .discarding).message.text) }
        #expect(!texts[0].contains("quickly") && !texts[1].contains("quickly"))
        #expect(texts[2].contains("quickly"), "the third command in a minute, on either process, is one too many")
    }

    @Test("an unreachable database is a temporary failure naming the setting, without the password")
    func unreachable() throws {
        let harness = try DigestHarness(environment: [
            "TENKI_STATE": "", "TENKI_DATABASE_URL": "postgres://tenki:hunter2-secret@127.0.0.1:1/tenki?connect_timeout=2",
        ])
        #expect(throws: TemporaryFailure.self) { try harness.server() }
        do {
            _ = try harness.server()
        } catch {
            #expect("\(error)".contains("TENKI_DATABASE_URL"))
            #expect(!"\(error)".contains("hunter2"))
        }
    }
}

@Suite("PostgreSQL settings")
struct PostgresSettingsTests {
    static func load(_ environment: [String: String]) throws -> Settings {
        try Settings.load(environment: environment) { path in try String(contentsOfFile: path, encoding: .utf8) }
    }

    @Test("a URL that is not PostgreSQL's is a one-line configuration error naming the setting, never showing it")
    func badURL() {
        for bad in ["mysql://tenki:hunter2@db/tenki", "postgres://tenki:hunter2@db:port/tenki", "hunter2"] {
            #expect(throws: ConfigurationError.self) { try Self.load(["TENKI_DATABASE_URL": bad]) }
            do {
                _ = try Self.load(["TENKI_DATABASE_URL": bad])
            } catch {
                let text = "\(error)"
                #expect(text.contains("TENKI_DATABASE_URL") && !text.contains("hunter2") && !text.contains("\n"), "\(text)")
            }
        }
    }

    @Test("TENKI_STATE and TENKI_DATABASE_URL together are refused, naming both")
    func both() {
        do {
            _ = try Self.load(["TENKI_DATABASE_URL": "postgres://db/tenki", "TENKI_STATE": "/var/lib/tenki/tenki.sqlite"])
            Issue.record("both were accepted")
        } catch {
            #expect("\(error)".contains("TENKI_STATE") && "\(error)".contains("TENKI_DATABASE_URL"))
        }
    }

    @Test("the URL may come from a file; the pool size defaults to 4 and is bounded; SQLite needs neither")
    func fileAndPool() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-db-url-\(UUID())").path
        try "postgres://tenki:pw@db:5432/tenki\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let settings = try Self.load(["TENKI_DATABASE_URL_FILE": path, "STATE_DIRECTORY": "/var/lib/tenki"])
        #expect(settings.databaseURL?.description == "postgres://tenki:***@db:5432/tenki")
        #expect(settings.databasePoolSize == 4)
        #expect(try Self.load(["TENKI_DATABASE_POOL_SIZE": "12"]).databasePoolSize == 12)
        #expect(throws: ConfigurationError.self) { try Self.load(["TENKI_DATABASE_POOL_SIZE": "0"]) }
        #expect(try Self.load([:]).databaseURL == nil)
    }
}
