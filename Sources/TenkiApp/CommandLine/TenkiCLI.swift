import Foundation
import TenkiBase
import TenkiLogging

/// The `tenki` executable: reads the command line, runs one command, returns its exit code.
/// `main.swift` only calls `TenkiCLI.prepareProcess`, `TenkiCLI.prelude` and `TenkiCLI.main`.
public enum TenkiCLI {
    /// The process-wide setup, first thing in `main.swift`: before its first `await`, the process
    /// still has one thread, as `setenv` needs.
    public static func prepareProcess() {
        // A write to a connection the peer has closed must fail with EPIPE, not end the process:
        // the listener sends with MSG_NOSIGNAL, but libcurl (asked not to touch signals, as a
        // threaded program must) does not ignore SIGPIPE for us, and TLS writes can raise it.
        signal(SIGPIPE, SIG_IGN)
        // GnuTLS comes with libcurl and libpq only as a dependency of libldap and librtmp, for URL
        // schemes Tenki never uses; those libraries call gnutls_global_init() before they use it. So
        // it need not set itself up as it loads (random generator, PKCS#11 modules through p11-kit):
        // about 0.8 MiB less resident.
        setenv("GNUTLS_NO_IMPLICIT_INIT", "1", 0)
    }

    /// What a command does before the process's first `await`, on the main thread: `serve`
    /// listens (`ServeCommand.Prepared`); every other command starts in `main`.
    public struct Prelude: Sendable {
        /// The command line it was made from: `main` uses it for the same one only.
        let arguments: [String]
        var serve: Result<ServeCommand.Prepared, any Error>?

        public init() { arguments = [] }

        init(arguments: [String]) { self.arguments = arguments }
    }

    /// The prelude of the command in `arguments` (as `main` reads them), made before `main` runs.
    public static func prelude(arguments: [String]) -> Prelude {
        var prelude = Prelude(arguments: arguments)
        let words = arguments.dropFirst()
        guard words.first == "serve", !asksForHelp(words.dropFirst()) else { return prelude }
        prelude.serve = Result { try ServeCommand.prepare(Array(words.dropFirst())) }
        return prelude
    }

    /// `--help` or `-h` among a command's words: `main` prints the command's help instead of running it (and so
    /// `prelude` does not start it).
    static func asksForHelp(_ words: some Collection<String>) -> Bool {
        words.contains("--help") || words.contains("-h")
    }

    public static func main(arguments: [String], prelude: Prelude = Prelude()) async -> Int32 {
        let words = Array(arguments.dropFirst())
        guard let name = words.first else {
            printError(Help.overview)  // a usage error: on stderr, like every other
            return ExitCode.usage.rawValue
        }
        let rest = Array(words.dropFirst())
        if name == "--help" || name == "-h" || name == "help" {
            guard let asked = rest.first else {
                print(Help.overview)
                return ExitCode.success.rawValue
            }
            guard let topic = Help.Topic(rawValue: asked) else {
                printError(UsageError("no help for '\(asked)': it is not a command (tenki --help lists them)").description)
                return ExitCode.usage.rawValue
            }
            print(topic.text)
            return ExitCode.success.rawValue
        }
        if name == "--version" {
            print("tenki \(Help.version)")
            return ExitCode.success.rawValue
        }
        guard let topic = Help.Topic(rawValue: name) else {
            printError(UsageError("unknown command '\(name)'").description)
            return ExitCode.usage.rawValue
        }
        if asksForHelp(rest) {
            print(topic.text)
            return ExitCode.success.rawValue
        }
        do {
            let code: ExitCode
            switch name {
            case "serve":
                let prepared = prelude.arguments == arguments ? try prelude.serve?.get() : nil
                code = try await ServeCommand.run(prepared ?? ServeCommand.prepare(rest))
            case "preview": code = try await PreviewCommand.run(rest)
            case "demo": code = try await DemoCommand.run(rest)
            case "fakes": code = try await FakesCommand.run(rest)
            case "healthcheck": code = try await HealthcheckCommand.run(rest)
            case "outbox": code = try await OutboxCommand.run(rest)
            case "replay": code = try await ReplayCommand.run(rest)
            case "digest": code = try await DigestCommand.run(rest)
            case "backup": code = try await BackupCommand.run(rest)
            case "discord": code = try await DiscordCommand.run(rest)
            case "subscriptions": code = try await SubscriptionsCommand.run(rest)
            default:
                printError("tenki \(name): not available in this version yet; see CHANGELOG.md for what is")
                code = .failure
            }
            return code.rawValue
        } catch let error as UsageError {
            printError(error.description)
            return ExitCode.usage.rawValue
        } catch let error as ListenFailure {
            printError(error.description)
            return error.exitCode.rawValue
        } catch let error as ConfigurationError {
            printError(error.description)
            return ExitCode.configuration.rawValue
        } catch let error as TemporaryFailure {
            printError("tenki \(name): \(error)")
            return ExitCode.temporaryFailure.rawValue
        } catch {
            printError("tenki \(name): \(error)")
            return ExitCode.failure.rawValue
        }
    }

    /// Diagnostics go to stderr; stdout carries only what was asked for. A URL in a diagnostic
    /// never shows its credentials, whatever error it came from.
    static func printError(_ line: String) {
        DescriptorOutput.writeAll(CredentialRedaction.redactingURLs(in: line) + "\n", to: STDERR_FILENO)
    }

    /// Requested output, written at once (not buffered) so that a reading script sees it immediately.
    static func printOutput(_ text: String) {
        DescriptorOutput.writeAll(text + "\n", to: STDOUT_FILENO)
    }

    /// The process logger for a command, from the log settings. Each command makes one, at
    /// start, so this is also where the settings' warnings (misspelt variables) are logged, once.
    static func makeLogger(_ settings: Settings) -> Logger {
        // Buffered: lines are written in batches by a background thread, not one write(2) each on the listener's thread.
        let logger = Logger(sink: BufferedLogSink(format: settings.logFormat), threshold: settings.logLevel)
        for variable in settings.misspeltVariables {
            logger.warning("environment variable is not a Tenki setting and is ignored", [
                ("variable", variable.name), ("did_you_mean", variable.closest ?? "(no setting is close; see docs/configuration.md)"),
            ])
        }
        return logger
    }
}
