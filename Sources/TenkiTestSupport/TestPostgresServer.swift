import Foundation
import TenkiBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The PostgreSQL server the store suites run against, found or started once per test process:
///
/// 1. `TENKI_TEST_DATABASE_URL`, when set (a developer's own server; tests create and use their
///    own schemas in it);
/// 2. else, when `initdb` is on `PATH` (or in Debian's `/usr/lib/postgresql/*/bin`), a throwaway
///    server: `initdb` into a temporary directory (as the `postgres` user when the tests run as
///    root, which PostgreSQL refuses), started on 127.0.0.1 with a free port, trust authentication
///    on loopback only, and stopped when the test process exits;
/// 3. else unavailable, with the reason: the PostgreSQL cases are left out, and say so on stderr,
///    unless `TENKI_TEST_REQUIRE_POSTGRES=1` (CI), where they run and fail with the reason.
public enum TestPostgresServer {
    /// Whether PostgreSQL cases can run: a URL is given, `initdb` is found, or CI requires them.
    /// Cheap (nothing is started), so a trait or an argument list may ask it.
    public static let isAvailable: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["TENKI_TEST_DATABASE_URL"] ?? "").isEmpty || binDirectory() != nil || isRequired
    }()

    /// Why the PostgreSQL cases are left out, when they are.
    public static let unavailableReason =
        "no initdb on PATH or in /usr/lib/postgresql/*/bin, and TENKI_TEST_DATABASE_URL is unset"

    /// Whether a missing PostgreSQL must fail the suites instead of leaving their cases out.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["TENKI_TEST_REQUIRE_POSTGRES"] == "1" }

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The server's URL (`postgres://tenki@127.0.0.1:port/postgres`), found or started on first
    /// use. The start (initdb and pg_ctl: seconds) runs on a thread of its own, never on Swift's
    /// cooperative pool, whose few threads the other suites' tests need meanwhile.
    public static func url() async throws(Unavailable) -> String {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<String, Unavailable>, Never>) in
            startQueue.async { continuation.resume(returning: located) }
        }
        return try result.get()
    }

    /// Runs `work` (blocking calls such as a libpq connect) off the cooperative pool.
    @discardableResult
    public static func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    private static let startQueue = DispatchQueue(label: "tenki.test-postgres")
    /// Computed once, on `startQueue`.
    private static let located: Result<String, Unavailable> = locate()

    private static func locate() -> Result<String, Unavailable> {
        if let url = ProcessInfo.processInfo.environment["TENKI_TEST_DATABASE_URL"], !url.isEmpty { return .success(url) }
        guard let bin = binDirectory() else { return .failure(Unavailable(description: unavailableReason)) }
        do {
            return .success(try start(bin: bin))
        } catch {
            return .failure(error)
        }
    }

    /// The directory holding `initdb`, `pg_ctl` and `postgres`.
    private static func binDirectory() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var candidates = path.split(separator: ":").map(String.init)
        let debian = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []
        candidates += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(debian)/\($0)/bin" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }

    /// The running server's data directory and postmaster, for the stop at exit.
    nonisolated(unsafe) private static var started: (directory: String, data: String, pgCtl: String, user: String?)?

    private static func start(bin: String) throws(Unavailable) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenki-test-pg-\(UUID().uuidString.prefix(8))"
        ).path
        let data = directory + "/data"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Unavailable(description: "cannot create \(directory): \(error)")
        }
        // PostgreSQL refuses to run as root: hand the directory to an unprivileged user.
        let user: String? = getuid() == 0 ? (getpwnam("postgres") != nil ? "postgres" : "nobody") : nil
        if let user, let entry = getpwnam(user) {
            chown(directory, entry.pointee.pw_uid, entry.pointee.pw_gid)
        }
        try run(
            user: user, "\(bin)/initdb",
            ["-D", data, "-U", "tenki", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
        let port: Int
        do { port = try freeLoopbackPort() } catch { throw Unavailable(description: error.description) }
        // Suites run in parallel, each case with its own pool (and some with serve processes): a
        // full run holds about 160 connections at its peak here and passed 200 on CI's machine.
        let options = "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=1000"
        try run(user: user, "\(bin)/pg_ctl", ["-D", data, "-o", options, "-l", directory + "/server.log", "-w", "-s", "start"])
        started = (directory, data, "\(bin)/pg_ctl", user)
        atexit { TestPostgresServer.stop() }
        return "postgres://tenki@127.0.0.1:\(port)/postgres"
    }

    /// Stops the throwaway server (immediate shutdown: its data is thrown away) and removes it.
    private static func stop() {
        guard let started else { return }
        try? run(user: started.user, started.pgCtl, ["-D", started.data, "-m", "immediate", "-w", "-s", "stop"])
        try? FileManager.default.removeItem(atPath: started.directory)
    }

    /// Runs `executable` (as `user` through runuser when given) and waits for it. posix_spawn and
    /// waitpid rather than `Process`: this runs inside a static initialiser and at exit, where
    /// `Process`'s run-loop based waiting is not reliable. Output goes to a file, not a pipe: the
    /// server that `pg_ctl start` leaves running would hold a pipe open.
    private static func run(user: String?, _ executable: String, _ arguments: [String]) throws(Unavailable) {
        let argv = (user.map { ["/usr/sbin/runuser", "-u", $0, "--"] } ?? []) + [executable] + arguments
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-test-pg-\(UUID()).out").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            throw Unavailable(description: "\(argv[0]) could not be started: \(errnoText(spawned))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw Unavailable(description: "\((executable as NSString).lastPathComponent) failed: \(text.suffix(500))")
        }
    }
}
