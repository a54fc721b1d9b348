import Foundation
import Testing
@testable import TenkiApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output nobody can take (a full disk, a reader that has gone: `tenki preview … | head -1`) is
/// dropped: the command neither crashes nor stops.
@Suite("Output that cannot be written")
struct UnwritableOutputTests {
    @Test("tenki preview into /dev/full ends as usual, without a crash")
    func previewIntoAFullDevice() async throws {
        guard TenkiRun.isBuilt() else { return }
        let child = try ChildProcess(
            ["-c", "exec \"$0\" preview '/weather help' > /dev/full", ChildProcess.tenkiExecutable.path],
            environment: ["OPENWEATHER_API_KEY": "test-key"], executable: "/bin/sh")
        let status = try await child.waitForExit(limit: .seconds(60))
        #expect(status == 0, "\(child.stderr)")
        #expect(!child.stderr.contains("Fatal error"), "\(child.stderr)")
    }

    @Test("writing to a pipe whose reader has gone reports it instead of ending the process")
    func pipeWithoutAReader() throws {
        signal(SIGPIPE, SIG_IGN)  // as `tenki` runs (TenkiCLI.prepareProcess): EPIPE instead of the signal
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(!TenkiCLI.writeAll("nobody reads this\n", to: ends[1]))
        #expect(TenkiCLI.writeAll("", to: ends[1]))
    }
}
