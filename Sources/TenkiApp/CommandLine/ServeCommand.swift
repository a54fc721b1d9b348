import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics

/// `tenki serve`: the webhook listener, until SIGTERM or SIGINT, then a graceful drain.
enum ServeCommand {
    /// What `serve` does before anything waits: its arguments checked and, when the port is already
    /// known (`earlyPort`), the socket listening, so that a request arriving while the settings are
    /// read and the state file opens waits in the backlog instead of being refused. `main.swift`
    /// makes it on the main thread, before the process's first `await` starts the threads that run
    /// tasks (about a millisecond in which a start-up probe would otherwise be refused). The socket
    /// is `run`'s to serve on: one `Prepared` is run once.
    struct Prepared {
        let list: ArgumentList
        let host: String
        let insecure: Bool
        let flagPort: Int?
        let knownPort: Int?
        let early: HTTPServer.ListeningSocket?
    }

    static func prepare(_ arguments: [String]) throws -> Prepared {
        let list = try ArgumentList(
            arguments, command: "serve", valueOptions: ["host", "port", "record"],
            flagOptions: ["no-scheduler", "insecure-skip-verification"])
        guard list.positional.isEmpty else {
            throw UsageError("unexpected argument \"\(list.positional[0])\"", command: "serve")
        }
        let insecure = list.has("insecure-skip-verification")
        let requestedHost = list.value("host") ?? (insecure ? "127.0.0.1" : "0.0.0.0")
        let host = requestedHost == "localhost" ? "127.0.0.1" : requestedHost
        guard HTTPServer.canListen(on: host) else {
            throw UsageError(
                "--host must be an IPv4 address: 0.0.0.0 (every interface), 127.0.0.1 or localhost (got \"\(requestedHost)\")",
                command: "serve")
        }
        if insecure, !AllowedResponseHost.isLoopback(host) {
            throw UsageError(
                "--insecure-skip-verification only listens on loopback; drop --host \(host) or use 127.0.0.1", command: "serve")
        }
        if insecure, list.value("record") != nil {
            throw UsageError(
                "--record writes only verified requests; it cannot be used with --insecure-skip-verification", command: "serve")
        }
        let flagPort = try list.port("port", command: "serve")
        let knownPort = earlyPort(flag: flagPort)
        let early = try knownPort.map { port throws(ListenFailure) in
            try listen(host: host, port: port, hostFlag: list.value("host"), portFlag: flagPort)
        }
        return Prepared(
            list: list, host: host, insecure: insecure, flagPort: flagPort, knownPort: knownPort, early: early)
    }

    static func run(_ prepared: Prepared) async throws -> ExitCode {
        let list = prepared.list, host = prepared.host, insecure = prepared.insecure, flagPort = prepared.flagPort
        let settings = try Settings.load()
        let port = prepared.knownPort ?? settings.port
        if settings.openWeatherAPIKey == nil, !settings.hasNewsSource {
            throw ConfigurationError(
                setting: "\(SettingsTable.name(\.openWeatherAPIKey)), \(SettingsTable.name(\.newsAPIKey)) "
                    + "and \(SettingsTable.name(\.newsFeeds))",
                problem: "are all unset",
                fix: "set at least one provider key, or list news feeds")
        }
        let logger = TenkiCLI.makeLogger(settings)
        let listening = try prepared.early ?? listen(host: host, port: port, hostFlag: list.value("host"), portFlag: flagPort)
        let metricsListening = try settings.metricsAddress.map { address in
            // Its own address would be "in use" for ever (75, restarted in a loop): a setting to correct.
            if port != 0, address.port == port, address.host == host || address.host == "0.0.0.0" || host == "0.0.0.0" {
                throw ConfigurationError(
                    \.metricsAddress, problem: "is the listener's own port \(port)",
                    fix: "give /metrics a port of its own, or unset it to serve /metrics on the listener")
            }
            return try listen(host: address.host, port: address.port, chosenBy: SettingsTable.name(\.metricsAddress))
        }
        var dependencies = ServerDependencies.production(settings: settings, logger: logger)
        dependencies.verification = insecure ? .skipped : .required
        let server = try TenkiServer.build(settings: settings, dependencies: dependencies)
        let recordDirectory = list.value("record")
        let recorder = try recordDirectory.map { directory in
            try RequestRecorder(directory: URL(fileURLWithPath: directory), settings: RequestRecorder.answerSettings(settings))
        }
        // After everything that can refuse to start: a refusal is then the only line printed.
        warnAtStart(settings, host: host, insecure: insecure, logger: logger)
        if let recordDirectory {
            logger.notice("recording verified requests as replay files", [("directory", recordDirectory)])
        }
        let options = TenkiServer.ListenOptions(
            host: host, port: port, listening: listening, metricsListening: metricsListening,
            scheduler: settings.schedulerEnabled && !list.has("no-scheduler"), recorder: recorder)
        _ = try await server.run(
            options,
            started: { boundPort in
                let commands = settings.servesSlackOverHTTP ? "POST \(TenkiRouter.commandsPath)" : "Slack over Socket Mode only"
                logger.notice("listening", [("address", "\(host):\(boundPort)"), ("commands", commands)])
            })
        return .success
    }

    /// What works but deserves a look: verification off, a provider without its key, `/metrics`
    /// open beyond loopback, Mattermost tokens whose `response_url` host is not allowed.
    static func warnAtStart(_ settings: Settings, host: String, insecure: Bool, logger: Logger) {
        if insecure {
            logger.warning("signature verification is OFF (--insecure-skip-verification): never expose this listener")
        }
        if settings.openWeatherAPIKey == nil {
            logger.warning(
                "\(SettingsTable.name(\.openWeatherAPIKey)) is not set: /weather will answer that it is not configured")
        }
        if !settings.hasNewsSource {
            logger.warning(
                "\(SettingsTable.name(\.newsAPIKey)) and \(SettingsTable.name(\.newsFeeds)) are not set: "
                    + "/news will answer that it is not configured")
        }
        MetricsExposureWarning.log(
            listenerHost: host, metricsHost: settings.metricsAddress?.host, hasToken: settings.metricsToken != nil, to: logger)
        MattermostHostWarning.log(
            hasTokens: !settings.mattermostTokens.isEmpty, allowList: settings.allowedResponseHosts, to: logger)
    }

    /// The port when it is known before the settings are read, which is what they would say:
    /// `--port`; else a port number in the environment's port setting (which wins over a config
    /// file); else, with neither that setting nor a config file, the default. Nil leaves it to the
    /// settings (a config file, or a value they will refuse).
    static func earlyPort(flag: Int?, environment: (String) -> String? = ProcessEnvironment.value) -> Int? {
        if let flag { return flag }
        let text = environment(SettingsTable.portName) ?? ""
        if !text.isEmpty { return Int(text).flatMap { SettingsTable.portRange.contains($0) ? $0 : nil } }
        let configFile = environment(SettingsTable.configFileName) ?? ""
        return configFile.isEmpty ? SettingsTable.defaultPort : nil
    }

    /// Binds and listens on the listener's address; a failure names it and what chose it.
    static func listen(
        host: String, port: Int, hostFlag: String?, portFlag: Int?
    ) throws(ListenFailure) -> HTTPServer.ListeningSocket {
        try listen(host: host, port: port, chosenBy: listenSource(hostFlag: hostFlag, portFlag: portFlag))
    }

    /// Binds and listens; a failure names the address and `chosenBy` (worked out only then).
    static func listen(
        host: String, port: Int, chosenBy: @autoclosure () -> String
    ) throws(ListenFailure) -> HTTPServer.ListeningSocket {
        try ListenFailure.explaining(address: "\(host):\(port)", chosenBy: chosenBy()) { () throws(HTTPServerError) in
            try HTTPServer.listen(host: host, port: port)
        }
    }

    /// What chose the listening address, for the error when it cannot be used.
    static func listenSource(hostFlag: String?, portFlag: Int?) -> String {
        let port = SettingsTable.portName
        let portFromEnvironment = !(ProcessEnvironment.value(port) ?? "").isEmpty
        let configFile = !(ProcessEnvironment.value(SettingsTable.configFileName) ?? "").isEmpty
        let portSource =
            portFlag != nil ? "--port"
            : portFromEnvironment ? port
            : configFile ? "\(port) in \(SettingsTable.configFileName), or the default port"
            : "the default port, --port or \(port)"
        return hostFlag != nil ? "--host and \(portSource)" : portSource
    }
}
