import Foundation
import Synchronization
import TenkiTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A helper process from Tests/Scripts (the Python WebSocket peer, the CONNECT proxy) on a free
/// loopback port. It prints "PORT <n>" first. `stop()` terminates it; it also exits when its stdin
/// closes, so a test process that dies takes its peers with it.
///
/// Started with `posix_spawn`, not Foundation's `Process`, whose `run()` crashes now and then on
/// Linux when other tests start processes at the same moment (see TenkiAppTests' `ChildProcess`).
/// The pipes close on exec, so no other child inherits them. Starting and reading lines block, so
/// they run off Swift's cooperative pool (`start`, `line`): tests of other suites need its threads.
final class PeerProcess: Sendable {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts")

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let child: SpawnedPeer

    /// Starts `python3 Tests/Scripts/<script> arguments...` and waits for its port, off the pool.
    static func start(_ script: String, _ arguments: [String]) async throws -> PeerProcess {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try PeerProcess(script, arguments) }) }
        }
    }

    /// The next line the process prints, waited for off the pool (empty once it exited).
    func line() async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.nextLine()) }
        }
    }

    private init(_ script: String, _ arguments: [String]) throws {
        child = try SpawnedPeer(["python3", Self.scripts.appendingPathComponent(script).path] + arguments, keepStdin: true)
        let text = child.readLine()
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            child.terminate()
            throw Failure(description: "\(script) did not start (its first line: \"\(text)\"; stderr is the test's)")
        }
        self.port = port
    }

    /// The next line the process prints (blocking until it does; empty once it exited).
    private func nextLine() -> String { child.readLine() }

    /// Terminates the process (SIGTERM) without waiting for it.
    func stop() { child.terminate() }

    deinit { stop() }
}

/// Whether the tests against Python's `websockets` can run here: `python3` with `websockets`
/// importable, and `openssl` for the throwaway CA. When they cannot, they are skipped with a notice
/// on stderr, unless `TENKI_TEST_REQUIRE_WEBSOCKETS=1` (CI), where they run and fail with the reason.
enum PeerTools {
    static let unavailableReason: String? = {
        if run(["python3", "-c", "import websockets"]) != 0 {
            return "python3 -c \"import websockets\" failed (python3 -m pip install websockets)"
        }
        if run(["openssl", "version"]) != 0 { return "openssl (the command) is not installed" }
        return nil
    }()

    static var isRequired: Bool { ProcessInfo.processInfo.environment["TENKI_TEST_REQUIRE_WEBSOCKETS"] == "1" }

    static let isEnabled: Bool = {
        guard let unavailableReason else { return true }
        if isRequired { return true }
        FileHandle.standardError.write(Data("note: WebSocket peer tests skipped: \(unavailableReason)\n".utf8))
        return false
    }()

    /// Throws the reason the tools are missing (when the tests are required and run anyway).
    static func check() throws {
        if let unavailableReason { throw PeerProcess.Failure(description: unavailableReason) }
    }

    /// Runs a command quietly; its exit status (127 when it cannot start).
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil) -> Int32 {
        guard let child = try? SpawnedPeer(arguments, keepStdin: false, quiet: true, directory: directory?.path) else {
            return 127
        }
        return child.wait()
    }
}

/// A child started with `posix_spawn` (`SpawnedProcess`) through `/usr/bin/env` (so `PATH` finds
/// the program): its stdout in a pipe read here, its stdin a pipe held open here (`keepStdin`) or
/// /dev/null, its stderr the test's (or /dev/null when `quiet`, with its stdout).
final class SpawnedPeer: Sendable {
    /// Who uses the descriptors held here. A descriptor is closed only once no `readLine` is in
    /// `read` on it: closed under a reader, its number could be reused by another test's socket,
    /// and the reader would then take that test's bytes.
    private struct Ends {
        var readers = 0
        /// Set by the first `terminate` or `wait`, which also closes stdin.
        var closeRequested = false
        /// stdout is closed.
        var closed = false
    }

    private let child: SpawnedProcess
    private let ends = Mutex(Ends())

    init(_ arguments: [String], keepStdin: Bool, quiet: Bool = false, directory: String? = nil) throws {
        child = try SpawnedProcess.start(
            "/usr/bin/env", arguments, environment: ProcessInfo.processInfo.environment, currentDirectory: directory,
            stdin: keepStdin ? .pipe : .nullDevice, stdout: quiet ? .nullDevice : .pipe, stderr: quiet ? .nullDevice : .inherited)
    }

    /// One line of stdout, byte by byte (nothing read ahead); empty once the child closed it or
    /// the peer was terminated.
    func readLine() -> String {
        guard let stdout = child.stdout, beginReading() else { return "" }
        defer { endReading() }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.last != UInt8(ascii: "\n") {
            let count = read(stdout, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// SIGTERM, and the ends held here closed (at once, or when the last reader sees the end of
    /// the output); a thread of its own reaps the child once it has exited, so no zombie stays.
    func terminate() {
        let first = ends.withLock { ends in
            guard !ends.closeRequested else { return false }
            kill(child.processIdentifier, SIGTERM)
            requestClose(&ends)
            return true
        }
        guard first else { return }
        let process = child
        Thread.detachNewThread { _ = process.waitForExit() }
    }

    /// Waits for the child to exit; its exit code (or 128 + the signal that ended it).
    func wait() -> Int32 {
        let code = child.waitForExit()
        ends.withLock { requestClose(&$0) }
        return code
    }

    private func beginReading() -> Bool {
        ends.withLock { ends in
            guard !ends.closeRequested else { return false }
            ends.readers += 1
            return true
        }
    }

    private func endReading() {
        ends.withLock { ends in
            ends.readers -= 1
            if ends.closeRequested { closeIfUnused(&ends) }
        }
    }

    private func requestClose(_ ends: inout Ends) {
        // stdin closes at the first request (nothing here reads it): peers exit when it does.
        if !ends.closeRequested, let stdin = child.stdin { _ = close(stdin) }
        ends.closeRequested = true
        closeIfUnused(&ends)
    }

    private func closeIfUnused(_ ends: inout Ends) {
        guard ends.readers == 0, !ends.closed else { return }
        ends.closed = true
        if let stdout = child.stdout { _ = close(stdout) }
    }
}
