import Foundation
import Testing
@testable import TenkiApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output nobody can take (a full disk, a reader that has gone: `tenki preview … | head -1`) is
/// dropped: the command neither crashes nor stops. The writing itself is `DescriptorOutput`'s (TenkiLoggingTests).
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

}
