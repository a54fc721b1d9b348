/// Usage texts, written to read like a man page: what each command does, its options, an example.
enum Help {
    static let version = "0.1.0"

    /// A setting's name, as the settings table spells it.
    private static func name<Value>(_ setting: KeyPath<SettingsTable, Setting<Value>>) -> String { SettingsTable.name(setting) }

    static let overview = """
        tenki: weather and news for Slack, Mattermost and Discord

        USAGE: tenki <command> [options]

        COMMANDS:
          serve          answer slash commands, buttons and the Slack Home tab (over HTTP, or Socket Mode)
          preview        print the message a command would produce, e.g. tenki preview "/weather Danang",
                         or the Home tab and modals (--home USER, --modal preferences|subscribe)
          demo           run everything offline against bundled sample data and print the replies
          fakes          run fake OpenWeatherMap, NewsAPI, feeds, Slack Web API and webhooks on loopback
          healthcheck    exit 0 if a local listener's /healthz answers 200
          digest         post the digest whose slot is due (for cron, systemd timers, CronJobs)
          replay         replay recorded requests against fake upstreams and check their expectations
          outbox         list pending and dead deliveries; 'outbox retry ID' re-queues a dead one
          backup         write a consistent copy of the state file to PATH, safe while serve runs
          discord        'discord register' puts the weather and news commands on your Discord application
          subscriptions  list every channel's subscriptions; 'subscriptions remove ID' removes one

        Settings come from the environment (see docs/configuration.md). Run 'tenki <command> --help' for details;
        'tenki --version' prints the version.
        """

    /// The commands, each with its usage text. A text is built only when it is printed: the texts
    /// spell setting names through the table, which `serve` should not pay for on every start.
    enum Topic: String {
        case serve, preview, demo, fakes, healthcheck, outbox, replay, digest, backup, discord, subscriptions

        var text: String {
            switch self {
            case .serve: Help.serve
            case .preview: Help.preview
            case .demo: Help.demo
            case .fakes: Help.fakes
            case .healthcheck: Help.healthcheck
            case .outbox: Help.outbox
            case .replay: Help.replay
            case .digest: Help.digest
            case .backup: Help.backup
            case .discord: Help.discord
            case .subscriptions: Help.subscriptions
            }
        }
    }

    static let serve = """
        USAGE: tenki serve [--host H] [--port P] [--record DIR] [--no-scheduler] [--insecure-skip-verification]

        Runs the listener: POST /slack/commands, /slack/interactions (buttons, modals) and /slack/events
        (the Home tab, uninstalls), GET /slack/install with \(name(\.slackClientID)) (many workspaces),
        POST /mattermost/commands (with \(name(\.mattermostTokens))), POST /discord/interactions (with
        \(name(\.discordPublicKey))), GET /charts/NAME.png (with \(name(\.publicURL))), GET /healthz, GET /metrics.
        With \(name(\.slackAppToken)), Slack's requests also arrive over Socket Mode (no public URL needed).

        OPTIONS:
          --host H      address to listen on (default 0.0.0.0; 127.0.0.1 with --insecure-skip-verification)
          --port P      port (default: $\(name(\.port)), else 8080)
          --record DIR  write every verified request to DIR as a replay file (secrets removed)
          --no-scheduler
                        do not run the digest scheduler in this process
          --insecure-skip-verification
                        accept unsigned requests; for local development on loopback only

        NEEDS: \(name(\.signingSecrets)) (or \(name(\.slackAppToken)) alone: Socket Mode),
        and \(name(\.openWeatherAPIKey)), \(name(\.newsAPIKey)) or \(name(\.newsFeeds)).
        Stops gracefully on SIGTERM or SIGINT: /healthz turns 503, in-flight requests finish.
        """

    static let preview = """
        USAGE: tenki preview "<command line>" [--user ID] [--format json|text] [--chart FILE]
               tenki preview --home USER [--team TEAM] [--format json|link]
               tenki preview --modal preferences|subscribe [--format json|link]

        Prints the message that a slash command would produce, using the real providers and settings,
        and writes no state. Exit 0 whenever a message was rendered (errors shown to users included).
        --chart FILE also writes the PNG chart of an hourly or forecast answer to FILE (charts are
        turned on for the preview even without \(name(\.publicURL))).

        --home USER prints USER's Home tab (their place and units, the team's defaults, the channel
        subscriptions USER created, read from the state when it exists), --modal the preferences or
        subscribe modal: the view's JSON, then a link that opens it in Slack's Block Kit Builder
        (--format json prints the JSON alone).

        EXAMPLES:
          tenki preview "/weather Danang"
          tenki preview "/weather 東京" --format text
          tenki preview "/weather hourly Chicago" --chart chicago.png
          tenki preview --home U0123ABCD
          tenki preview --modal subscribe --format json
        """

    static let demo = """
        USAGE: tenki demo

        Offline: replays the bundled example requests (weather, forecast, news, errors, a late answer
        through response_url, a 401) through the real listener with fake upstreams and a local sink,
        posts a morning digest and a channel's morning report into the sink, answers one /weather
        over Socket Mode (a fake Socket Mode server on loopback), renders every message with a Block
        Kit Builder link, writes the hourly and 5-day answers' charts as PNGs into a new folder (and
        prints its path), and exits 0. Needs no settings.
        """

    static let fakes = """
        USAGE: tenki fakes [--port P] [--key KEY] [--scenario NAME] [--latency-ms MS]

        Runs the fake OpenWeatherMap and NewsAPI (bundled sample data) on 127.0.0.1 and prints their
        base URL and key as settings, for local development and benchmarks. Accepts the API key KEY
        (default: demo-key). Also takes webhook posts in Slack's, Mattermost's, Discord's and Google
        Chat's paths (it prints one URL of each) and lists them at GET /webhooks/posts; accepts what
        Discord's API would get (\(name(\.discordAPIBaseURL)): the PATCHes of deferred answers, `tenki
        discord register`) and Slack's Web API for channel subscriptions (\(name(\.slackAPIBaseURL)) and the
        \(name(\.slackBotToken)) it accepts: chat.postMessage, users.info, auth.test). Stops on SIGINT or SIGTERM.

        SCENARIOS: normal (default), slow (answers after 2.5 s), unauthorized (401),
                   rate-limited (429), server-error (500), not-found (404 for weather)
        --latency-ms MS delays every answer by MS milliseconds (overrides the scenario's delay)

        EXAMPLE:
          tenki fakes --port 9090 &
          \(name(\.openWeatherBaseURL))=http://127.0.0.1:9090 \(name(\.openWeatherAPIKey))=demo-key tenki preview "/weather Tokyo"
          tenki fakes --port 9091 --scenario slow
        """

    static let backup = """
        USAGE: tenki backup PATH

        Writes a consistent copy of the SQLite state file (\(name(\.statePath))) to PATH with SQLite's online
        backup, while `tenki serve` keeps running; copies without migrating or validating. Refuses a
        state file that does not exist (exit 78, naming the path) and a PATH that exists (exit 64);
        exit 75 when the copy fails for the disk or a lock (nothing is left at PATH).
        Restore: stop serve, copy the backup over \(name(\.statePath)) (removing its -wal and -shm), start serve.

        EXAMPLE:
          \(name(\.statePath))=/var/lib/tenki/tenki.sqlite tenki backup /var/backups/tenki-$(date -u +%F).sqlite
        """

    static let discord = """
        USAGE: tenki discord register [--dry-run]

        Registers Tenki's Discord application commands, /weather (options place and view) and /news
        (option query), with Japanese names (天気, ニュース), by PUT {\(name(\.discordAPIBaseURL))}/applications/
        {\(name(\.discordApplicationID))}/commands with \(name(\.discordBotToken)) (or \(name(\.discordBotToken))_FILE). Discord
        replaces the whole set, so running it again is harmless. --dry-run prints the JSON instead.
        Exit 78 when a setting is missing or refused (the message names it), 75 when Discord did not answer.

        EXAMPLE:
          \(name(\.discordApplicationID))=1100000000000000001 \(name(\.discordBotToken))_FILE=/run/secrets/discord tenki discord register
        """

    static let subscriptions = """
        USAGE: tenki subscriptions
               tenki subscriptions remove ID

        Lists every channel's subscriptions (channels add them with /weather subscribe): id,
        platform, team, channel, kind, place, schedule and zone, next report, and the last outcome
        (failed posts in a row, or paused after three with Slack's reason). `remove ID` deletes one, as /weather unsubscribe
        would from its channel. Reads \(name(\.statePath)) or \(name(\.databaseURL)) like serve.

        EXAMPLE:
          \(name(\.statePath))=/var/lib/tenki/tenki.sqlite tenki subscriptions
        """

    static let outbox = """
        USAGE: tenki outbox
               tenki outbox retry ID

        Lists the deliveries in the state file (\(name(\.statePath))) that are pending or dead: kind (late-answer,
        interaction for a button's answer, digest:NAME, subscription:ID for a channel's report or alert,
        subscription-confirmation), destination host and a short hash (never the URL: webhook URLs are secrets),
        attempts, when, and the last error. 'retry ID' re-queues a dead delivery; a running
        'tenki serve' picks it up without a restart. Safe to run while serve is running.
        """

    static let healthcheck = """
        USAGE: tenki healthcheck [--url URL]

        Exits 0 if URL (default http://127.0.0.1:$\(name(\.port))/healthz, port 8080 when \(name(\.port)) is unset) answers 200
        within 3 seconds, 1 otherwise. For container HEALTHCHECKs without curl.
        """

    static let replay = """
        USAGE: tenki replay PATH... [--target URL]

        Replays recorded requests (replay files, or folders of them) through real HTTP: re-signed with
        \(name(\.signingSecrets)) (else a built-in test secret) and a fresh timestamp, sent to an in-process
        listener with the fake upstreams and a temporary state file, or to --target. response_url points
        at a local sink. Prints each request, upstream call, reply and late delivery, then "N of M failed";
        exit 1 if any expectation fails. The format is in docs/replay.md.

        EXAMPLES:
          tenki replay replay/
          tenki replay replay/weather-place.json --target http://127.0.0.1:8080
        """

    static let digest = """
        USAGE: tenki digest [--digest NAME] [--dry-run] [--force] [--wait SECONDS]

        For cron, systemd timers and Kubernetes CronJobs. For each configured digest (or only NAME),
        the slot is its schedule's latest time at or before now + 5 min; a slot still ahead is waited
        for, so run every 5 minutes and each slot posts on its minute. If that slot is within the
        catch-up window (\(name(\.digestCatchUp)), default 120) and not yet posted, builds the
        digest, claims the slot and posts it through the delivery queue, waiting for the post;
        otherwise says "no digest due (next: …)" on stderr.

        OPTIONS:
          --digest NAME   only this digest (DIGEST_* define "default"; \(name(\.config)) names others)
          --dry-run       print the message JSON to stdout; post nothing, write nothing
          --force         post now, whatever the ledger says
          --wait SECONDS  how long to wait for the post (default \(name(\.digestWait)), 60)

        EXIT: 0 delivered or nothing due; 1 dead; 75 still pending at the deadline (it stays queued);
              78 no digest configured, or \(name(\.openWeatherAPIKey)) missing.
        EXAMPLE (crontab, with \(name(\.schedulerEnabled))=off for serve):
          */5 * * * * tenki digest
        """
}
