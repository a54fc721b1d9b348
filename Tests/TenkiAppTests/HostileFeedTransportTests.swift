// Linux only: the raw listeners below use Glibc's socket flags (SOCK_STREAM's raw value,
// MSG_NOSIGNAL) and the memory bound reads /proc/self/status, so on macOS the suite is not built.
#if canImport(Glibc)
import Foundation
import Glibc
import TenkiBase
@testable import TenkiCore
import TenkiHTTPClient
@testable import TenkiHTTPServer
import TenkiLogging
import TenkiTestSupport
@testable import TenkiProviders
import Testing

/// Hostile feeds through the live transport (libcurl) on loopback: a gzip bomb and a feed that
/// drips forever are refused within their limits, and the bomb never fills memory.
@Suite("Hostile feeds over the live transport", .serialized)
struct HostileFeedTransportTests {
    static let fixtures = Fixtures.directory.appendingPathComponent("feeds")

    func client(timeout: Duration = .seconds(60)) -> FeedClient {
        FeedClient(
            transport: CurlTransport(), userAgent: "tenki/test", timeout: timeout,
            rule: FeedAddressRule(allowsPrivateAddresses: true), logger: .discarding)
    }

    /// 64 KiB of gzip that inflates to 64 MiB: the transport stops it at its cap (8 MiB) as it
    /// streams, so the process grows by far less than the inflated size.
    @Test func aGzipBombIsTooLargeAndMemoryStaysBounded() async throws {
        let file = Self.fixtures.appendingPathComponent("hostile_gzip_bomb_64MiB_of_spaces_DERIVED.xml.gz")
        let bomb = try Array(Data(contentsOf: file))
        let server = HTTPServer(
            configuration: HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 1),
            handler: BombHandler(body: bomb), logger: .discarding)
        let port = try server.start()
        defer { Task { await server.shutdown(gracePeriod: .zero) } }
        let before = Self.peakResidentKiB()
        let source = FeedSource(name: "bomb", url: URL(string: "http://127.0.0.1:\(port)/bomb.xml")!)
        do {
            _ = try await client().fetch(source)
            Issue.record("a 64 MiB document was accepted")
        } catch {
            #expect(error.metricLabel == "too_large", "\(error)")
        }
        // The peak is the whole process's: other suites running in parallel raise it too, so the
        // bound is checked only when this suite runs alone (TENKI_MEASURE_RSS=1, as .ci/run runs it
        // after the full suite; about 17 MiB measured).
        Self.checkGrowth(since: before, below: 48, for: "a 64 MiB bomb")
    }

    /// A plain (uncompressed) 50 MiB feed, sent as fast as loopback takes it: refused as
    /// `too_large` once past the transport's cap, long before the 50 MiB arrive.
    @Test func aFiftyMebibyteFeedIsTooLarge() async throws {
        let flood = try FloodListener(totalBytes: 50 << 20)
        defer { flood.stop() }
        let before = Self.peakResidentKiB()
        let source = FeedSource(name: "flood", url: URL(string: "http://127.0.0.1:\(flood.port)/flood.xml")!)
        do {
            _ = try await client().fetch(source)
            Issue.record("a 50 MiB document was accepted")
        } catch {
            #expect(error.metricLabel == "too_large", "\(error)")
        }
        #expect(flood.bytesSent < 50 << 20, "the transfer stopped before its end")
        Self.checkGrowth(since: before, below: 32, for: "a 50 MiB feed")
    }

    /// Headers, then one byte every 20 ms for ever: the fetch ends at its deadline as `timedOut`.
    @Test func aFeedThatNeverEndsTimesOut() async throws {
        let drip = try DripListener()
        defer { drip.stop() }
        let source = FeedSource(name: "drip", url: URL(string: "http://127.0.0.1:\(drip.port)/drip.xml")!)
        do {
            _ = try await client(timeout: .milliseconds(400)).fetch(source)
            Issue.record("a feed that never ends was read to its end")
        } catch {
            #expect(error.kind == .timedOut, "\(error)")
        }
        #expect(drip.bytesSent > 0, "the listener dripped before the deadline")
    }

    /// The process's peak resident set (`VmHWM`), in KiB; 0 when it cannot be read.
    static func peakResidentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// With TENKI_MEASURE_RSS=1 (this suite alone in its process): the peak resident set grew by
    /// less than `limitMiB` since `before`, and was read at all. The measurement is printed, so the
    /// CI log shows that it ran and what it found.
    static func checkGrowth(since before: Int, below limitMiB: Int, for what: String) {
        guard ProcessInfo.processInfo.environment["TENKI_MEASURE_RSS"] == "1" else { return }
        let after = peakResidentKiB()
        #expect(before > 0 && after > 0, "VmHWM could not be read from /proc/self/status")
        let growthMiB = (after - before) / 1024
        print("TENKI_MEASURE_RSS: peak RSS grew \(growthMiB) MiB for \(what) (limit \(limitMiB) MiB)")
        #expect(growthMiB < limitMiB, "peak RSS grew \(growthMiB) MiB for \(what)")
    }
}

private struct BombHandler: AsyncHTTPHandler {
    let body: [UInt8]
    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "application/rss+xml", "Content-Encoding": "gzip"], body: body)
    }
}

/// A raw loopback listener that answers one connection with headers and then a byte of
/// whitespace every 20 ms until stopped: the slow drip no handler-based server can send.
private final class DripListener: @unchecked Sendable {
    let port: Int
    private let socketDescriptor: Int32
    private let lock = NSLock()
    private var stopped = false
    private var sent = 0

    var bytesSent: Int { lock.withLock { sent } }

    init() throws {
        (socketDescriptor, port) = try listenOnLoopback()
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    private func serve() {
        let connection = accept(socketDescriptor, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: 100000000\r\n\r\n<rss><channel>"
        _ = head.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        while !lock.withLock({ stopped }) {
            guard send(connection, " ", 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
            lock.withLock { sent += 1 }
            usleep(20_000)
        }
    }
}

/// A raw loopback listener that answers one connection with `totalBytes` of feed as fast as the
/// client reads, 64 KiB per write, without ever holding the whole body.
private final class FloodListener: @unchecked Sendable {
    let port: Int
    private let socketDescriptor: Int32
    private let totalBytes: Int
    private let lock = NSLock()
    private var sent = 0

    var bytesSent: Int { lock.withLock { sent } }

    init(totalBytes: Int) throws {
        self.totalBytes = totalBytes
        (socketDescriptor, port) = try listenOnLoopback()
        Thread { [self] in serve() }.start()
    }

    func stop() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }

    private func serve() {
        let connection = accept(socketDescriptor, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nContent-Length: \(totalBytes)\r\n\r\n"
        _ = head.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let chunk = [UInt8](repeating: 0x20, count: 64 << 10)
        while bytesSent < totalBytes {
            let written = chunk.withUnsafeBytes { send(connection, $0.baseAddress, min($0.count, totalBytes - bytesSent), Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            lock.withLock { sent += written }
        }
    }
}

/// A listening TCP socket on 127.0.0.1 and a free port, for the raw listeners above.
private func listenOnLoopback() throws -> (socket: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard let port = bindToLoopback(fd), listen(fd, 4) == 0 else {
        close(fd)
        throw POSIXError(.EADDRINUSE)
    }
    return (fd, port)
}
#endif
