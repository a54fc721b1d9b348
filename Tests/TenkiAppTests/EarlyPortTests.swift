import Testing

@testable import TenkiApp
@testable import TenkiHTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve` listens before it reads its settings when the port is already known; the port it
/// picks then must be the one the settings would have given, or nil.
@Suite("serve's port before the settings are read")
struct EarlyPortTests {
    static let config = #"{"PORT": "9300"}"#

    @Test("--port wins; a port number in PORT; the default with neither PORT nor TENKI_CONFIG", arguments: [
        (9000, [String: String](), 9000 as Int?),
        (nil, ["PORT": "9001"], 9001),
        (nil, [:], 8080),
        (nil, ["PORT": ""], 8080),
        (nil, ["TENKI_CONFIG": "/etc/tenki.json"], nil),
        (nil, ["PORT": "9002", "TENKI_CONFIG": "/etc/tenki.json"], 9002),
        (nil, ["PORT": "0"], nil),
        (nil, ["PORT": "70000"], nil),
        (nil, ["PORT": " 9003"], nil),
        (nil, ["PORT": "http"], nil),
    ] as [(Int?, [String: String], Int?)])
    func earlyPort(flag: Int?, environment: [String: String], expected: Int?) {
        #expect(ServeCommand.earlyPort(flag: flag, environment: { environment[$0] }) == expected)
    }

    @Test("every port chosen early is the one the settings read from the same environment and file")
    func agreesWithTheSettings() throws {
        let environments: [[String: String]] = [
            [:], ["PORT": "9001"], ["PORT": ""], ["PORT": "9002", "TENKI_CONFIG": "/etc/tenki.json"],
            ["TENKI_CONFIG": "/etc/tenki.json"], ["TENKI_CONFIG": ""], ["PORT": "", "TENKI_CONFIG": "/etc/tenki.json"],
            ["PORT": "+9001"], ["PORT": "09001"], ["PORT": " 9003 "], ["PORT": "0"], ["PORT": "65536"], ["PORT": "http"],
        ]
        for environment in environments {
            let early = ServeCommand.earlyPort(flag: nil, environment: { environment[$0] })
            let settings: Settings
            do {
                settings = try Settings.load(environment: environment) { _ in Self.config }
            } catch {
                #expect(early == nil, "chosen early, yet the settings refuse it: \(environment)")
                continue
            }
            if let early {
                #expect(early == settings.port, "\(environment)")
            } else {
                #expect([9300, 9003].contains(settings.port), "left to the settings (the file, or a trimmed value): \(environment)")
            }
        }
    }

    @Test("serve listens in its prelude, before main runs; its help and other commands make no prelude")
    func preludeListens() throws {
        let prelude = TenkiCLI.prelude(arguments: ["tenki", "serve", "--host", "127.0.0.1", "--port", "0"])
        let socket = try #require(try prelude.serve?.get().early)
        defer { close(socket.fd) }
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        #expect(getsockopt(socket.fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0)
        #expect(accepting == 1)
        #expect(socket.port > 0)

        for arguments in [["serve", "--port", "0", "--help"], ["serve", "-h"], ["help", "serve"], ["demo"]] {
            #expect(TenkiCLI.prelude(arguments: ["tenki"] + arguments).serve == nil, "\(arguments)")
        }
    }

    @Test("a usage error found in the prelude is main's to report, as exit 64")
    func preludeUsageError() async {
        let arguments = ["tenki", "serve", "extra"]
        let prelude = TenkiCLI.prelude(arguments: arguments)
        #expect(throws: UsageError.self) { try prelude.serve?.get() }
        #expect(await TenkiCLI.main(arguments: arguments, prelude: prelude) == 64)
    }
}
