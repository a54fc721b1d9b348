import Foundation
import Testing
import TenkiBase
import TenkiStorage
@testable import TenkiApp

/// Mistakes on the command line are usage errors (64) that say what to type, whatever else is
/// wrong: checked before the state file, the settings or any log line. Found by trying the
/// commands as a new user would; each case here was once a 0, a 75 or a 78.
@Suite("Usage errors as processes")
struct UsageErrorProcessTests {
    static func missingState() -> [String: String] {
        ["TENKI_STATE": FileManager.default.temporaryDirectory.appendingPathComponent("tenki-usage-\(UUID()).sqlite").path]
    }

    @Test("a wrong word for outbox or subscriptions is 64 even where the state file does not exist")
    func stateFileCommandsCheckWordsFirst() async throws {
        guard TenkiRun.isBuilt() else { return }
        for arguments in [
            ["outbox", "bogus"], ["outbox", "retry"], ["outbox", "retry", "abc"], ["outbox", "retry", "1", "2"],
            ["subscriptions", "bogus"], ["subscriptions", "remove"],
        ] {
            let run = try await TenkiRun.run(arguments, Self.missingState())
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("does not exist"), "\(arguments): \(run.stderr)")
        }
    }

    @Test("backup with an empty PATH, healthcheck with extra words or a non-HTTP URL, help for no command: 64")
    func emptyAndExtraArguments() async throws {
        guard TenkiRun.isBuilt() else { return }
        let backup = try await TenkiRun.run(["backup", ""], Self.missingState())
        #expect(backup.status == 64 && backup.stderr.contains("backup needs one PATH"), "\(backup)")
        let extra = try await TenkiRun.run(["healthcheck", "whatever"], ["PORT": "9"])
        #expect(extra.status == 64 && extra.stderr.contains("unexpected argument \"whatever\""), "\(extra)")
        let ftp = try await TenkiRun.run(["healthcheck", "--url", "ftp://127.0.0.1/healthz"], [:])
        #expect(ftp.status == 64 && ftp.stderr.contains("http(s) URL"), "\(ftp)")
        let help = try await TenkiRun.run(["help", "bogus"], [:])
        #expect(help.status == 64 && help.stderr.contains("no help for 'bogus'"), "\(help)")
        let known = try await TenkiRun.run(["help", "outbox"], [:])
        #expect(known.status == 0 && known.stdout.contains("tenki outbox"), "\(known)")
    }

    @Test("backup into a folder that does not exist: 64 naming it; a state path that is a directory: 78 saying so")
    func foldersAndDirectories() async throws {
        guard TenkiRun.isBuilt() else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try SQLiteDeliveryStore(path: scratch.path("state.sqlite"))
        let backup = try await TenkiRun.run(
            ["backup", scratch.path("no-such-folder/copy.sqlite")], ["TENKI_STATE": scratch.path("state.sqlite")])
        #expect(backup.status == 64 && backup.stderr.contains("no-such-folder is not a folder that exists"), "\(backup)")
        let directory = try await TenkiRun.run(["subscriptions"], ["TENKI_STATE": scratch.path(".")])
        #expect(directory.status == 78 && directory.stderr.contains("which is a directory"), "\(directory)")
        // A file that is no SQLite database is refused, not written into.
        #expect(FileManager.default.createFile(atPath: scratch.path("empty.sqlite"), contents: nil))
        let empty = try await TenkiRun.run(["outbox"], ["TENKI_STATE": scratch.path("empty.sqlite")])
        #expect(empty.status == 78 && empty.stderr.contains("which is empty (tenki outbox never writes one)"), "\(empty)")
        try Data("not a database, just text".utf8).write(to: URL(fileURLWithPath: scratch.path("text.sqlite")))
        let text = try await TenkiRun.run(["subscriptions"], ["TENKI_STATE": scratch.path("text.sqlite")])
        #expect(text.status == 78 && text.stderr.contains("which is not a SQLite state file"), "\(text)")
        #expect(try FileManager.default.attributesOfItem(atPath: scratch.path("empty.sqlite"))[.size] as? Int == 0)
    }

    @Test("preview --chart into a folder that does not exist, or onto a folder: 64 before any work; a broken replay file in plain words")
    func plainFileReasons() async throws {
        guard TenkiRun.isBuilt() else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let missing = try await TenkiRun.run(["preview", "/weather hourly Tokyo", "--chart", scratch.path("no-such/c.png")], [:])
        #expect(missing.status == 64 && missing.stderr.contains("no-such is not a folder that exists"), "\(missing)")
        let folder = try await TenkiRun.run(["preview", "/weather hourly Tokyo", "--chart", scratch.path(".")], [:])
        #expect(folder.status == 64 && folder.stderr.contains("--chart needs a file name"), "\(folder)")
        try Data("{\"request\":".utf8).write(to: URL(fileURLWithPath: scratch.path("broken.json")))
        let replay = try await TenkiRun.run(["replay", scratch.path("broken.json")], [:])
        #expect(replay.status == 1, "\(replay)")
        #expect(replay.stderr.contains("not valid JSON: Unexpected end of file"), "\(replay)")
        #expect(!(replay.stdout + replay.stderr).contains("NSCocoaErrorDomain"), "\(replay)")
    }

    @Test("serve --host that is no IPv4 address: 64 in one line, before any setting is read or logged")
    func badHost() async throws {
        guard TenkiRun.isBuilt() else { return }
        for host in ["not a host!!", "::1", "127.0.0.1:80", ""] {
            // No provider key either: the host is checked first, so the answer is still 64.
            let run = try await TenkiRun.run(["serve", "--host", host, "--port", "0"], Self.missingState())
            #expect(run.status == 64, "\(host): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(host): \(run.stderr)")
            #expect(run.stderr.contains("--host must be an IPv4 address"), "\(host): \(run.stderr)")
        }
    }

    @Test("serve without any provider names all three settings in one readable line")
    func noProvider() async throws {
        guard TenkiRun.isBuilt() else { return }
        var environment = Self.missingState()
        environment["SLACK_SIGNING_SECRET"] = "usage-test-secret"
        let run = try await TenkiRun.run(["serve", "--host", "localhost", "--port", "0"], environment)
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("OPENWEATHER_API_KEY, NEWSAPI_KEY and TENKI_NEWS_FEEDS are all unset"), "\(run.stderr)")
    }

    @Test("a DISCORD_PUBLIC_KEY one digit short says so, instead of calling its hex digits something else")
    func discordKeyOneDigitShort() async throws {
        guard TenkiRun.isBuilt() else { return }
        var environment = Self.missingState()
        environment["DISCORD_PUBLIC_KEY"] = String(repeating: "a", count: 63)
        let run = try await TenkiRun.run(["preview", "/weather help"], environment)
        #expect(run.status == 78, "\(run.stderr)")
        #expect(run.stderr.contains("DISCORD_PUBLIC_KEY is not a usable key"), "\(run.stderr)")
        #expect(run.stderr.contains("has 63 characters and is not that"), "\(run.stderr)")
        #expect(!run.stderr.contains("not all of them hex"), "\(run.stderr)")
    }
}

@Suite("FileErrorText")
struct FileErrorTextTests {
    @Test("a failed write gives the system's reason, not Foundation's error dump")
    func systemReason() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID())/x.png")
        do {
            try Data([1]).write(to: path)
            Issue.record("the write into a missing folder succeeded")
        } catch {
            #expect(FileErrorText.reason(error) == "No such file or directory", "\(error)")
        }
    }
}

@Suite("preview's notes for commands that save")
struct PreviewNoteTests {
    @Test("set, unset and subscriptions get a note that nothing was saved; a plain lookup and the list get none")
    func notes() {
        #expect(PreviewCommand.previewNote(for: "set Tokyo") == "preview: nothing was saved (tenki preview writes no state)")
        #expect(PreviewCommand.previewNote(for: "unset")?.contains("nothing was saved") == true)
        #expect(PreviewCommand.previewNote(for: "subscribe Tokyo")?.contains("a subscription belongs to a channel") == true)
        #expect(PreviewCommand.previewNote(for: "unsubscribe 3")?.contains("nothing was saved") == true)
        #expect(PreviewCommand.previewNote(for: "Tokyo") == nil)
        #expect(PreviewCommand.previewNote(for: "subscriptions") == nil)
    }
}
