import Foundation
import Synchronization

/// The built `tenki` executable run as a child process, for tests about what only a real process
/// shows: signals, exit codes, restarts on one state file. Output is collected as it arrives and
/// awaited by content; the limits only stop a hung test, they measure nothing.
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

    /// Output collected from the pipes' handlers, which run on Foundation's threads.
    final class Output: Sendable {
        let text = Mutex<(stdout: String, stderr: String)>(("", ""))
    }

    private let process: Process
    private static let launchLock = NSLock()
    private let output = Output()

    init(_ arguments: [String], environment: [String: String], currentDirectory: URL? = nil) throws {
        let process = Process()
        process.executableURL = Self.tenkiExecutable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        var environment = environment
        environment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let output = output
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let chunk = String(decoding: handle.availableData, as: UTF8.self)
            output.text.withLock { $0.stdout += chunk }
        }
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let chunk = String(decoding: handle.availableData, as: UTF8.self)
            output.text.withLock { $0.stderr += chunk }
        }
        // Foundation's Process.run() on Linux is not safe to call from several threads at once (it
        // crashed in CI copying the launch arguments while another test launched a process), and the
        // process suites run in parallel: launches take turns; the processes themselves run together.
        try Self.launchLock.withLock { try process.run() }
        self.process = process
    }

    var stdout: String { output.text.withLock { $0.stdout } }
    var stderr: String { output.text.withLock { $0.stderr } }
    var isRunning: Bool { process.isRunning }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits until `condition` holds for (stdout, stderr); throws if the process ends first or
    /// `limit` passes.
    @discardableResult
    func waitFor(_ what: String, limit: Duration = .seconds(30), _ condition: (String, String) -> Bool) async throws -> (String, String) {
        let deadline = ContinuousClock.now + limit
        while true {
            let (out, err) = output.text.withLock { ($0.stdout, $0.stderr) }
            if condition(out, err) { return (out, err) }
            if !process.isRunning || ContinuousClock.now > deadline { throw Timeout(waitingFor: what, output: out + err) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the process to end (bounded by `limit`) and returns its exit code.
    func waitForExit(limit: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while process.isRunning {
            if ContinuousClock.now > deadline { throw Timeout(waitingFor: "exit", output: stdout + stderr) }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    /// Ends the process if a test left it running.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }

    /// The value of `NAME=value` on its own line in `text`.
    static func setting(_ name: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// The port of the `address=HOST:PORT` field of the listener's "listening" log line.
    static func listeningPort(in log: String) -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("msg=listening") && $0.contains("address=") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("address=") }),
              let colon = field.lastIndex(of: ":")
        else { return nil }
        return Int(field[field.index(after: colon)...])
    }
}
