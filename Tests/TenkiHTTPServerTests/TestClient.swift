import Foundation
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct TestClientError: Error, CustomStringConvertible {
    var description: String
}

/// A response as the test client read it.
struct TestResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: String
}

/// A tiny blocking HTTP/1.1 client on a real socket, for loopback tests. Every blocking call runs on
/// its own thread (`offPool`), so tests never block Swift's cooperative pool that handlers need,
/// and every read gives up after 5 s, so a broken server fails a test instead of hanging it.
/// `@unchecked Sendable`: each test uses its client from one task at a time.
final class TestClient: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// The descriptor becomes `fd` only once connected: a class whose stored properties are all set
    /// runs `deinit` when its `init` throws, which would close it a second time, and by then its
    /// number may belong to another test's socket (the suites share one process).
    init(port: Int) throws {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestClientError(description: "socket failed") }
        // Generous: an answer that does come may wait for a thread while the whole suite runs on
        // two cores; only a test that is failing anyway waits this long.
        var timeout = timeval(tv_sec: 300, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            _ = systemClose(fd)
            throw TestClientError(description: "connect failed: errno \(code)")
        }
        self.fd = fd
    }

    deinit {
        _ = systemClose(fd)
    }

    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) async throws {
        let fd = self.fd
        try await offPool {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Socket.send(fd, $0) }
                guard written > 0 else { throw TestClientError(description: "send failed: errno \(errno)") }
                offset += written
            }
        }
    }

    /// Shuts down our sending side, as a client does after its last request.
    func finishSending() {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Reads one response framed by Content-Length (the server always sends one).
    func readResponse(ignoringBody: Bool = false) async throws -> TestResponse {
        try await offPool { try self.readResponseBlocking(ignoringBody: ignoringBody) }
    }

    /// True when the server closed the connection (EOF or reset) with no further bytes.
    func isClosedByServer() async throws -> Bool {
        try await offPool {
            if !self.buffer.isEmpty { return false }
            var byte: UInt8 = 0
            let count = recv(self.fd, &byte, 1, 0)
            if count == 0 { return true }
            if count < 0, errno == ECONNRESET { return true }
            if count < 0 { throw TestClientError(description: "no EOF within 300 s (errno \(errno))") }
            return false
        }
    }

    private func readResponseBlocking(ignoringBody: Bool) throws -> TestResponse {
        let headEnd = try fill { buffer in
            buffer.indices.dropLast(3).first { buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10 }
        }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw TestClientError(description: "bad status line in \(head)")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw TestClientError(description: "bad header \(line)") }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = ignoringBody ? 0 : Int(headers["Content-Length"] ?? "0") ?? 0
        _ = try fill { $0.count >= length ? length : nil }
        let body = String(decoding: buffer[..<length], as: UTF8.self)
        buffer.removeFirst(length)
        return TestResponse(status: status, headers: headers, body: body)
    }

    /// Reads until `found` returns a value.
    private func fill(until found: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let result = found(buffer) { return result }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                throw TestClientError(description: "connection closed before a full response")
            } else if errno != EINTR {
                throw TestClientError(description: "read failed: errno \(errno)")
            }
        }
    }
}

/// Runs blocking work on a fresh thread and resumes the caller with its result.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
