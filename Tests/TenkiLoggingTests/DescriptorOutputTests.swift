import Testing
@testable import TenkiLogging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Writing to a file descriptor")
struct DescriptorOutputTests {
    @Test("everything written arrives, in order")
    func writesEverything() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(DescriptorOutput.writeAll("天気 danang\n", to: ends[1]))
        close(ends[1])
        var received = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &received, received.count)
        #expect(String(decoding: received.prefix(max(count, 0)), as: UTF8.self) == "天気 danang\n")
    }

    @Test("a pipe whose reader has gone is reported instead of ending the process")
    func pipeWithoutAReader() throws {
        signal(SIGPIPE, SIG_IGN)  // as `tenki` runs (TenkiCLI.prepareProcess): EPIPE instead of the signal
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(!DescriptorOutput.writeAll("nobody reads this\n", to: ends[1]))
        #expect(DescriptorOutput.writeAll("", to: ends[1]))
    }

    @Test("a closed descriptor is reported")
    func closedDescriptor() {
        #expect(!DescriptorOutput.writeAll("lost\n", to: -1))
    }
}
