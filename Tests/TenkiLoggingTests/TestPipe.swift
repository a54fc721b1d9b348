import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A pipe whose read end is drained into memory by the test.
final class TestPipe: @unchecked Sendable {
    let readFD: Int32
    let writeFD: Int32

    init() {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        readFD = fds[0]
        writeFD = fds[1]
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
        #if os(Linux)
        _ = fcntl(writeFD, 1031 /* F_SETPIPE_SZ */, 1 << 20)  // room for a test's lines before it reads
        #endif
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// What has arrived so far (non-blocking).
    func readAvailable() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(readFD, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Polls until `predicate` holds for what has arrived, for at most about five seconds
    /// (a bound for a stuck thread, not a timing the test relies on).
    func poll(until predicate: (String) -> Bool) async throws -> String {
        var text = ""
        for _ in 0..<1000 where !predicate(text) {
            try await Task.sleep(for: .milliseconds(5))
            text += readAvailable()
        }
        return text
    }
}
