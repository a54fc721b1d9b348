import Foundation

/// A helper process from Tests/Scripts (the Python WebSocket peer, the CONNECT proxy) on a free
/// loopback port. It prints "PORT <n>" first. `stop()` terminates it; it also exits when its stdin
/// closes, so a test process that dies takes its peers with it. (Only a safeguard: a pipe's write end
/// may leak into another child that the test process starts at the same moment, which keeps it open.)
///
/// Starting and reading lines block, so they run off Swift's cooperative pool (`start`, `line`):
/// tests of other suites need its few threads meanwhile.
final class PeerProcess: @unchecked Sendable {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts")

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    private let process: Process
    private let stdin: Pipe
    private let stdout: FileHandle

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
        process = Process()
        stdin = Pipe()
        let stdout = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.scripts.appendingPathComponent(script).path] + arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        self.stdout = stdout.fileHandleForReading
        try process.run()
        let text = Self.readLine(self.stdout)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw Failure(description: "\(script) did not start (its first line: \"\(text)\"; stderr is the test's)")
        }
        self.port = port
    }

    /// The next line the process prints (blocking until it does; empty once it exited).
    private func nextLine() -> String { Self.readLine(stdout) }

    /// One line, byte by byte: the process keeps the pipe open, so nothing may be read ahead.
    private static func readLine(_ handle: FileHandle) -> String {
        var line: [UInt8] = []
        while line.last != UInt8(ascii: "\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += byte
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Terminates the process (SIGTERM) without waiting for it.
    func stop() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let directory { process.currentDirectoryURL = directory }
        do { try process.run() } catch { return 127 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
