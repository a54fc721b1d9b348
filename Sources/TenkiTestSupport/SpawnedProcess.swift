import Foundation
import TenkiBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with `posix_spawn` for a test, each of its standard streams a pipe whose other
/// end the caller owns (and must close), `/dev/null`, or the test process' own.
///
/// Not Foundation's `Process`: on Linux its `run()` reads `/proc/self/fd` to close inherited
/// descriptors, and over-reads it when other tests open and close descriptors at the same moment
/// (swift-corelibs-foundation PR #5472). A full test run holds thousands of descriptors at its peak
/// (the listener's connection tests), and the test process died of SIGSEGV there. Like `Process`,
/// the child keeps only its three standard streams: every other descriptor is closed in it
/// (`closefrom`), so it holds no other test's socket or pipe end (a write end kept open elsewhere
/// hides EOF, a socket kept open delays its reset).
public struct SpawnedProcess: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32
        public var description: String { "\(call) failed: \(errnoText(code))" }
    }

    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// A pipe to this process.
        case pipe
        /// `/dev/null`.
        case nullDevice
        /// The test process' own stream.
        case inherited
        /// Standard error only: into standard output, wherever that goes.
        case standardOutput
    }

    public let processIdentifier: pid_t
    /// The write end of the child's standard input, when it is a pipe.
    public let stdin: Int32?
    /// The read end of the child's standard output, when it is a pipe.
    public let stdout: Int32?
    /// The read end of the child's standard error, when it is a pipe of its own.
    public let stderr: Int32?

    /// Starts `executable` (a path) with `arguments` and exactly `environment`.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String? = nil,
        stdin: Stream = .nullDevice, stdout: Stream = .pipe, stderr: Stream = .pipe
    ) throws(Failure) -> SpawnedProcess {
        var pipes = Pipes()
        do {
            if stdin == .pipe { pipes.stdin = try makePipe() }
            if stdout == .pipe { pipes.stdout = try makePipe() }
            if stderr == .pipe { pipes.stderr = try makePipe() }
        } catch {
            pipes.closeAll()
            throw error
        }

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Applied in order: standard error may copy the standard output set up before it.
        let streams: [(fd: Int32, stream: Stream, childEnd: Int32?)] = [
            (0, stdin, pipes.stdin?.read), (1, stdout, pipes.stdout?.write), (2, stderr, pipes.stderr?.write),
        ]
        for (fd, stream, childEnd) in streams {
            switch stream {
            case .pipe: if let childEnd { posix_spawn_file_actions_adddup2(&actions, childEnd, fd) }
            case .nullDevice: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherited: break
            case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, fd)
            }
        }
        #if canImport(Glibc)
        spawnActionCloseFrom(&actions, 3)
        #endif
        if let currentDirectory {
            let added = spawnActionChangeDirectory(&actions, currentDirectory)
            guard added == 0 else {
                pipes.closeAll()
                throw Failure(call: "posix_spawn_file_actions_addchdir_np \(currentDirectory)", code: added)
            }
        }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        // The child has its copies; ours of its ends must close, or the readers never see EOF.
        pipes.closeChildEnds()
        guard spawned == 0 else {
            pipes.closeAll()
            throw Failure(call: "posix_spawn \(executable)", code: spawned)
        }
        return SpawnedProcess(
            processIdentifier: pid, stdin: pipes.stdin?.write, stdout: pipes.stdout?.read, stderr: pipes.stderr?.read)
    }

    /// Runs `executable` to its end and returns its exit code (or 128 + the signal that ended it)
    /// and everything it wrote to standard output, and to standard error unless that goes elsewhere
    /// (`.inherited`: the test's, `.nullDevice`). Blocks the calling thread.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        standardError: Stream = .standardOutput
    ) throws(Failure) -> (status: Int32, output: String) {
        let stderr: Stream = standardError == .pipe ? .standardOutput : standardError
        let child = try start(executable, arguments, environment: environment, stderr: stderr)
        let output = child.stdout.map(readToEnd) ?? []
        child.stdout.map { _ = close($0) }
        return (child.waitForExit(), String(decoding: output, as: UTF8.self))
    }

    /// Reads `fd` until EOF (or an error other than EINTR).
    public static func readToEnd(_ fd: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return output }
            output += buffer[0..<count]
        }
    }

    /// Waits for the child to end (`waitpid`, once) and returns its exit code, or 128 + the signal that ended it.
    public func waitForExit() -> Int32 {
        var raw: Int32 = 0
        while waitpid(processIdentifier, &raw, 0) < 0, errno == EINTR {}
        return Self.exitCode(raw)
    }

    /// The exit code in a `waitpid` status, or 128 + the signal that ended the child.
    public static func exitCode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    private static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard spawnPipe(&fds, O_CLOEXEC) == 0 else { throw Failure(call: "pipe2", code: errno) }
        return (fds[0], fds[1])
    }

    /// The pipes of one start, until the parent's ends are handed over.
    private struct Pipes {
        var stdin, stdout, stderr: (read: Int32, write: Int32)?

        /// The child's ends: standard input's read end, the output streams' write ends.
        mutating func closeChildEnds() {
            for fd in [stdin?.read, stdout?.write, stderr?.write].compactMap({ $0 }) { _ = close(fd) }
            stdin?.read = -1
            stdout?.write = -1
            stderr?.write = -1
        }

        /// Every end still open (after a failed start).
        func closeAll() {
            for pipe in [stdin, stdout, stderr].compactMap({ $0 }) {
                for fd in [pipe.read, pipe.write] where fd >= 0 { _ = close(fd) }
            }
        }
    }
}

// Declared by the C library (glibc 2.29+, macOS 10.15+) behind feature macros that Swift's
// module for it does not define.
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnActionChangeDirectory(_ actions: UnsafeMutableRawPointer, _ path: UnsafePointer<CChar>) -> Int32

#if canImport(Glibc)
// glibc 2.34+: closes every descriptor from the given one up in the child.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
@discardableResult
private func spawnActionCloseFrom(_ actions: UnsafeMutableRawPointer, _ from: Int32) -> Int32
#endif

@_silgen_name("pipe2")
private func spawnPipe(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
