import Foundation
import TenkiTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The test suites' one way to start a program (`SpawnedProcess`, in TenkiTestSupport).
@Suite("SpawnedProcess: how tests start programs")
struct SpawnedProcessTests {
    @Test("run returns the exit code and both output streams, in order")
    func exitCodeAndOutput() throws {
        let result = try SpawnedProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3)
        #expect(result.output == "out\nerr\n")
    }

    @Test("standard error can go elsewhere than the output")
    func standardErrorElsewhere() throws {
        let result = try SpawnedProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], standardError: .nullDevice)
        #expect(result.output == "out\n")
    }

    @Test("a signal that ends the child is 128 + its number")
    func signalled() throws {
        #expect(try SpawnedProcess.run("/bin/sh", ["-c", "kill -9 $$"]).status == 128 + 9)
    }

    #if canImport(Glibc)
    @Test("the child holds none of the test process' other descriptors, even those without close-on-exec")
    func noInheritedDescriptors() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)  // deliberately without O_CLOEXEC
        defer { fds.forEach { _ = close($0) } }
        let result = try SpawnedProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
        let open = Set(result.output.split(separator: "\n").compactMap { Int32($0) })
        #expect(open.isSuperset(of: [0, 1, 2]))
        #expect(open.isDisjoint(with: fds))
    }
    #endif

    @Test("a program that does not exist is an error naming it")
    func missingProgram() {
        #expect {
            _ = try SpawnedProcess.run("/nonexistent/tenki-test-program", [])
        } throws: { error in
            "\(error)".contains("/nonexistent/tenki-test-program")
        }
    }
}
