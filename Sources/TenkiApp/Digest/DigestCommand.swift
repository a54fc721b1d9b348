import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiDelivery
import TenkiStorage

/// `tenki digest [--digest NAME] [--dry-run] [--force] [--wait SECONDS]`: one run of the slot rule,
/// for cron, systemd timers and Kubernetes CronJobs (docs/digest.md).
///
/// It posts through the delivery queue like everything else, but runs the queue in this process
/// until its messages are delivered or dead, or the wait is over (then exit 75: the message stays
/// queued in the state file and `serve`, or the next run, posts it).
///
/// A slot up to 5 minutes ahead (`DigestTiming.commandLead`) is waited for, on the injected clock,
/// and posted when it arrives: a timer or CronJob firing every 5 minutes posts every slot on its
/// minute. Two overlapping runs both wait and both try; the ledger's claim lets one post.
enum DigestCommand {
    /// How the command waits for a slot: a real sleep in production, a clock move in tests.
    typealias Sleep = @Sendable (Duration) async -> Void

    /// The longest single sleep while waiting for a slot: the wall clock can jump (NTP, a
    /// suspended VM) while a task sleeps on a monotonic clock, so the wait looks again this often.
    static let maximumSleep: TimeInterval = 30

    struct Options: Sendable, Equatable {
        var name: String?
        var dryRun = false
        var force = false
        /// Overrides TENKI_DIGEST_WAIT_SECONDS.
        var wait: Duration?
    }

    /// What a run printed and its exit code; `run` writes it out, tests read it.
    struct Report: Sendable {
        var exitCode: ExitCode
        /// Requested output (the dry run's JSON).
        var output: [String] = []
        /// What happened, for stderr.
        var diagnostics: [String] = []
    }

    static func run(_ arguments: [String]) async throws -> ExitCode {
        let options = try parse(arguments)
        let settings = try Settings.load()
        let logger = TenkiCLI.makeLogger(settings)
        let transport = CurlTransport.configured(by: settings, logger: logger)
        let report = try await execute(
            options, settings: settings, transport: transport, clock: SystemWallClock(), logger: logger)
        for line in report.output { TenkiCLI.printOutput(line) }
        for line in report.diagnostics { TenkiCLI.printError(line) }
        return report.exitCode
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        let list = try ArgumentList(
            arguments, command: "digest", valueOptions: ["digest", "wait"], flagOptions: ["dry-run", "force"])
        guard list.positional.isEmpty else {
            throw UsageError("unexpected argument \"\(list.positional[0])\"", command: "digest")
        }
        var options = Options(name: list.value("digest"), dryRun: list.has("dry-run"), force: list.has("force"))
        if let raw = list.value("wait") {
            guard let seconds = Int(raw), (1...3600).contains(seconds) else {
                throw UsageError("--wait must be a number of seconds from 1 to 3600 (got \"\(raw)\")", command: "digest")
            }
            options.wait = .seconds(seconds)
        }
        return options
    }

    /// The command's core, with its clock, transport and logger injected.
    static func execute(
        _ options: Options, settings: Settings, transport: any HTTPTransport, clock: any WallClock, logger: Logger,
        metrics: MetricsRegistry = MetricsRegistry(), sleep: @escaping Sleep = { try? await Task.sleep(for: $0) }
    ) async throws -> Report {
        let digests = try selected(options, settings)
        if options.dryRun {
            return try await dryRun(digests, settings: settings, transport: transport, clock: clock, logger: logger)
        }
        let server = try TenkiServer.build(
            settings: settings, dependencies: dependencies(transport: transport, clock: clock, logger: logger, metrics: metrics))
        let runner = server.digests, queue = server.queue
        var report = Report(exitCode: .success)
        var posted: [Posted] = []
        for digest in digests {
            let now = await arrival(of: digest, runner: runner, force: options.force, clock: clock, sleep: sleep, logger: logger)
            let outcome = await runner.run(
                digest, now: now, lead: options.force ? DigestTiming.commandLead : 0, force: options.force)
            let next = runner.timing(of: digest, lead: DigestTiming.commandLead).nextSlot(after: now)
            let nextText = next.map { date in runner.timing(of: digest, lead: 0).describe(date) } ?? "never"
            switch outcome {
            case .posted(_, let id):
                posted.append(Posted(label: "digest \(digest.name)", digest: digest.name, id: id))
            case .alreadyPosted(let slot, _):
                report.diagnostics.append(
                    "no digest due (next: \(nextText)); digest \(digest.name): \(describe(slot, digest, runner)) already posted")
            case .missed(let slot):
                report.diagnostics.append(
                    "no digest due (next: \(nextText)); digest \(digest.name): \(describe(slot, digest, runner)) "
                        + "is past the catch-up window"
                )
            case .neverScheduled:
                report.diagnostics.append("no digest due (next: never); digest \(digest.name): its schedule never fires")
            case .failed(let message):
                report.diagnostics.append("tenki digest: digest \(digest.name) failed: \(message)")
                report.exitCode = .failure
            }
        }
        let reports = options.name == nil ? server.subscriptionDigests : nil
        let subscriptionPosts = await runSubscriptions(reports, runner: runner, clock: clock, sleep: sleep, logger: logger)
        posted += subscriptionPosts
        // What the run fetched is written to the state file as background work, for a later run or `serve`.
        _ = await server.background.waitUntilIdle(atMost: .seconds(5))
        guard !posted.isEmpty else { return report }
        let worst = await waitForDeliveries(
            posted, queue: queue, wait: options.wait ?? settings.digestWait, metrics: DigestMetrics(registry: metrics),
            report: &report)
        if report.exitCode == .success || worst == .failure { report.exitCode = worst }
        if !subscriptionPosts.isEmpty { await reports?.settle(logger: logger) }
        return report
    }

    /// A message this run queued, and what the run says of it: a digest's (its name labels the
    /// metrics and decides the exit status) or a channel subscription's (reported only: a channel
    /// that removed the bot is not the digest job's failure).
    struct Posted {
        var label: String
        /// The digest's name; nil for a subscription's report or alert.
        var digest: String?
        var id: DeliveryID
    }

    /// Every due morning report and rain alert of the channels' subscriptions (the scheduler's
    /// rule, so `tenki digest` on a timer or CronJob runs them as `serve` would); what was queued.
    private static func runSubscriptions(
        _ reports: SubscriptionDigests?, runner: DigestRunner, clock: any WallClock, sleep: @escaping Sleep, logger: Logger
    ) async -> [Posted] {
        guard let reports else { return [] }
        var outcomes: [String: DigestRunner.Outcome] = [:]
        // Soonest slot first, so that waiting for one never makes another late.
        let start = clock.now()
        let subscriptions = await reports.current(logger: logger).sorted { a, b in
            slotAhead(of: a, runner: runner, now: start) ?? start < slotAhead(of: b, runner: runner, now: start) ?? start
        }
        for digest in subscriptions {
            let now = await arrival(of: digest, runner: runner, force: false, clock: clock, sleep: sleep, logger: logger)
            outcomes[digest.name] = await runner.run(digest, now: now, lead: 0)
        }
        outcomes.merge(await reports.rain.checkIfDue(now: clock.now(), logger: logger)) { $1 }
        reports.track(outcomes)
        return outcomes.compactMap { name, outcome in
            guard case .posted(_, let id) = outcome else { return nil }
            return Posted(label: "subscription #\(name.dropFirst("subscription:".count))", digest: nil, id: id)
        }.sorted { $0.id < $1.id }
    }

    /// A digest run serves no requests, so it needs no signing secret.
    static func dependencies(
        transport: any HTTPTransport, clock: any WallClock, logger: Logger, metrics: MetricsRegistry
    ) -> ServerDependencies {
        ServerDependencies(
            transport: transport, clock: clock, logger: logger, metrics: metrics, state: .settings, verification: .skipped)
    }

    private static func selected(_ options: Options, _ settings: Settings) throws -> [Settings.DigestSettings] {
        // With a bot token, channels' subscriptions may be all there is to run.
        if settings.digests.isEmpty, options.name == nil, !options.dryRun, settings.delivery.slackBotToken != nil { return [] }
        guard !settings.digests.isEmpty else {
            throw ConfigurationError(
                \.digestWebhookURL, problem: "is not set and \(SettingsTable.name(\.config)) lists no digests",
                fix: "set \(SettingsTable.name(\.digestWebhookURL)) (and \(SettingsTable.name(\.digestCities))) "
                    + "or add \"digests\" to the \(SettingsTable.name(\.config)) file")
        }
        guard let name = options.name else { return settings.digests }
        let matching = settings.digests.filter { $0.name == name }
        guard !matching.isEmpty else {
            let names = settings.digests.map(\.name).joined(separator: ", ")
            throw UsageError("no digest is named \"\(name)\" (configured: \(names))", command: "digest")
        }
        return matching
    }

    private static func describe(_ slot: Date, _ digest: Settings.DigestSettings, _ runner: DigestRunner) -> String {
        "the slot \(runner.timing(of: digest, lead: 0).describe(slot))"
    }
}
