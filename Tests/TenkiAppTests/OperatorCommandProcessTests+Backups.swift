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

/// Backups as an operator takes them: `tenki backup` while serving and a restore, and `deploy/tenki-backup-keep`.
extension OperatorCommandProcessTests {
    @Test("serve on a restored backup: backed up while serving, restored as the README says, a new serve answers from it")
    func serveOnRestoredBackup() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try LoopbackFakes()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let environment = fakes.serveEnvironment(state: scratch.path("live/tenki.sqlite"))
        try FileManager.default.createDirectory(atPath: scratch.path("live"), withIntermediateDirectories: true)
        let (first, port) = try await ServeProcessTests.startServe(environment)
        defer { first.stop() }
        let sender = SignedCommandSender(
            endpoint: try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands")), transport: CurlTransport(),
            signingSecret: ServeProcessTests.secret, timeout: .seconds(60))
        // State worth restoring: a subscription (this channel) and saved units (this user).
        #expect(String(decoding: try await sender.send(command: "/weather", text: "subscribe Tokyo at 7:00").body, as: UTF8.self)
            .contains("Subscribed (#"))
        #expect(try await sender.send(command: "/weather", text: "set units imperial").status == 200)

        let backup = scratch.path("tenki-backup.sqlite")
        let copied = try await TenkiRun.run(["backup", backup], ["TENKI_STATE": environment["TENKI_STATE"]!])
        #expect(copied.status == 0, "\(copied.stderr)")
        first.signal(SIGTERM)
        #expect(try await first.waitForExit() == 0)

        // Restore into a fresh place (README "Backups and restore"): the copy becomes the state file.
        let restored = scratch.path("restored/tenki.sqlite")
        try FileManager.default.createDirectory(atPath: scratch.path("restored"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: backup, toPath: restored)
        var restoredEnvironment = environment
        restoredEnvironment["TENKI_STATE"] = restored
        let (second, secondPort) = try await ServeProcessTests.startServe(restoredEnvironment)
        defer { second.stop() }
        let restoredSender = SignedCommandSender(
            endpoint: try #require(URL(string: "http://127.0.0.1:\(secondPort)/slack/commands")), transport: CurlTransport(),
            signingSecret: ServeProcessTests.secret, timeout: .seconds(60))
        let listing = String(decoding: try await restoredSender.send(command: "/weather", text: "subscriptions").body, as: UTF8.self)
        #expect(listing.contains("Tokyo"), "the restored subscription: \(listing)")
        let weather = String(decoding: try await restoredSender.send(command: "/weather", text: "Tokyo").body, as: UTF8.self)
        #expect(weather.contains("°F"), "the restored units: \(weather)")
        let health = try await TenkiRun.run(["healthcheck", "--url", "http://127.0.0.1:\(secondPort)/healthz"], [:])
        #expect(health.status == 0)
        await fakes.stop()
    }

    @Test("deploy/tenki-backup-keep DIR 3: writes a dated copy that tenki can read, keeps the newest 3, removes the rest")
    func backupKeep() async throws {
        guard TenkiRun.isBuilt() else { return }
        let script = Self.repository.appendingPathComponent("deploy/tenki-backup-keep").path
        try #require(FileManager.default.fileExists(atPath: script), "no \(script)")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // A state file as serve leaves it.
        let state = scratch.path("tenki.sqlite")
        _ = try SQLiteDeliveryStore(path: state)
        let backups = scratch.path("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        // Four older backups, named as the script names them (UTC stamps sort by time).
        let older = (1...4).map { "tenki-2020010\($0)T031700Z.sqlite" }
        for name in older { try Data("old".utf8).write(to: URL(fileURLWithPath: backups).appendingPathComponent(name)) }
        // `tenki` from PATH, as the script is installed next to it.
        let environment = [
            "PATH": ChildProcess.tenkiExecutable.deletingLastPathComponent().path + ":/usr/bin:/bin", "TENKI_STATE": state,
        ]

        let run = try ChildProcess([script, backups, "3"], environment: environment, executable: "/bin/sh")
        #expect(try await run.waitForExit(limit: .seconds(60)) == 0, "\(run.stderr)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: backups).filter { $0.hasSuffix("Z.sqlite") }.sorted()
        #expect(kept.count == 3, "\(kept)")
        #expect(Array(kept.prefix(2)) == [older[2], older[3]], "the newest two of the old ones stay: \(kept)")
        let written = try #require(kept.last)
        #expect(written.hasPrefix("tenki-20") && written > older[3], "\(written)")
        #expect(run.stdout.contains("wrote \(backups)/\(written)"), "\(run.stdout)")
        #expect(run.stdout.contains("removed \(backups)/\(older[0])") && run.stdout.contains("removed \(backups)/\(older[1])"))
        // The new copy is a state file tenki reads.
        let outbox = try await TenkiRun.run(["outbox"], ["TENKI_STATE": "\(backups)/\(written)"])
        #expect(outbox.status == 0, "\(outbox.stderr)")
        #expect(outbox.stdout.contains("the outbox is empty"))

        // KEEP must be a whole number of at least 1: nothing is written or removed.
        let refused = try ChildProcess([script, backups, "0"], environment: environment, executable: "/bin/sh")
        #expect(try await refused.waitForExit() == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: backups).filter { $0.hasSuffix("Z.sqlite") }.sorted() == kept)
    }
}
