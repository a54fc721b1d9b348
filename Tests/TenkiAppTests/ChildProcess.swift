import Foundation
import Synchronization
import TenkiTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `tenki` executable run as a child process, for tests about what only a real process
/// shows: signals, exit codes, restarts on one state file. Output is collected as it arrives and
/// awaited by content; the limits only stop a hung test, they measure nothing.
///
/// Started with `posix_spawn` (`SpawnedProcess`), not Foundation's `Process`, which crashes now and
/// then on Linux.
final class ChildProcess: Sendable {
    /// `tenki` beside the test bundle: `swift test` builds every product of the package.
    static var tenkiExecutable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tenki")
    }

    struct Timeout: Error, CustomStringConvertible {
        var waitingFor: String
        var output: String
        var description: String { "gave up waiting for \(waitingFor); output so far:\n\(output)" }
    }

    /// Output collected by one reader thread per pipe.
    final class Output: Sendable {
        let text = Mutex<(stdout: String, stderr: String)>(("", ""))
        /// Pipes read to EOF: 2 once everything the child wrote is in `text`.
        let pipesAtEnd = Mutex(0)
    }

    let processIdentifier: pid_t
    private let output = Output()
    /// The exit status once the child has been reaped (`waitpid`), so it is reaped exactly once.
    private let reaped = Mutex<Int32?>(nil)

    /// Runs `tenki` with `arguments`, or another program (`executable`, such as `/bin/sh` for a
    /// deploy script) when given.
    init(_ arguments: [String], environment: [String: String], currentDirectory: URL? = nil, executable: String? = nil) throws {
        var environment = environment
        environment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let executable = executable ?? Self.tenkiExecutable.path
        let child = try SpawnedProcess.start(
            executable, arguments, environment: environment, currentDirectory: currentDirectory?.path)
        processIdentifier = child.processIdentifier
        let output = output
        // Both are pipes: `start`'s defaults.
        if let stdout = child.stdout, let stderr = child.stderr {
            Self.startReader(stdout, atEnd: output) { chunk in output.text.withLock { $0.stdout += chunk } }
            Self.startReader(stderr, atEnd: output) { chunk in output.text.withLock { $0.stderr += chunk } }
        }
    }

    /// Reads `fd` until EOF on a thread of its own, handing each chunk over as it arrives.
    private static func startReader(_ fd: Int32, atEnd output: Output, _ deliver: @escaping @Sendable (String) -> Void) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                deliver(String(decoding: buffer[0..<count], as: UTF8.self))
            }
            _ = close(fd)
            output.pipesAtEnd.withLock { $0 += 1 }
        }
        thread.start()
    }

    var stdout: String { output.text.withLock { $0.stdout } }
    var stderr: String { output.text.withLock { $0.stderr } }

    /// False once the child has exited (and been reaped here).
    var isRunning: Bool { exitStatus == nil }

    /// The child's exit code (or 128 + the signal that ended it), nil while it runs.
    private var exitStatus: Int32? {
        reaped.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            guard waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier else { return nil }
            status = SpawnedProcess.exitCode(raw)
            return status
        }
    }

    func signal(_ number: Int32) {
        if isRunning { kill(processIdentifier, number) }
    }

    /// Waits until `condition` holds for (stdout, stderr); throws if the process ends first or
    /// `limit` passes.
    @discardableResult
    func waitFor(_ what: String, limit: Duration = .seconds(30), _ condition: (String, String) -> Bool) async throws -> (String, String) {
        let deadline = ContinuousClock.now + limit
        while true {
            let (out, err) = output.text.withLock { ($0.stdout, $0.stderr) }
            if condition(out, err) { return (out, err) }
            if !isRunning || ContinuousClock.now > deadline { throw Timeout(waitingFor: what, output: out + err) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the process to end and its output to be read to the end (bounded by `limit`),
    /// and returns its exit code.
    func waitForExit(limit: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while true {
            if let status = exitStatus, output.pipesAtEnd.withLock({ $0 }) == 2 { return status }
            if ContinuousClock.now > deadline { throw Timeout(waitingFor: "exit", output: stdout + stderr) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Ends the process if a test left it running, and reaps it.
    func stop() {
        guard isRunning else { return }
        kill(processIdentifier, SIGKILL)
        var raw: Int32 = 0
        reaped.withLock { status in
            if status == nil, waitpid(processIdentifier, &raw, 0) == processIdentifier { status = 128 + SIGKILL }
        }
    }

    deinit { stop() }

    /// The value of `NAME=value` on its own line in `text`.
    static func setting(_ name: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// The port of the `address=HOST:PORT` field of the listener's "listening" log line, or of
    /// another line whose message is `message` (`"\"metrics listening\""`: logfmt quotes spaces).
    static func listeningPort(in log: String, message: String = "listening") -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("msg=\(message) ") && $0.contains("address=") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("address=") }),
              let colon = field.lastIndex(of: ":")
        else { return nil }
        return Int(field[field.index(after: colon)...])
    }
}
