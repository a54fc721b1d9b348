import Foundation
import TenkiCore
import TenkiHTTPClient
import TenkiLogging
import TenkiMetrics

/// What a `TenkiServer` takes from the outside world: the edges behind protocols. `main` passes
/// the real ones (`production(settings:logger:)`); tests, `replay` and `demo` pass fakes.
public struct ServerDependencies: Sendable {
    public var transport: any HTTPTransport
    public var clock: any WallClock
    public var logger: Logger
    public var metrics: MetricsRegistry
    /// Where the state lives: `TENKI_STATE`, or memory (`preview`, tests).
    public var state: StateLocation
    /// How answers that miss the platform's window reach the user.
    public var lateAnswers: LateAnswerRoute
    /// Whether command requests must carry the platform's signature.
    public var verification: SignatureVerification
    /// Replaces the verifier built from the settings (tests count with it).
    public var verifier: (any CommandRequestVerifier)?
    public var decoder: any CommandDecoder
    /// Waits out a bound on a command's path (the inline budget, the shared rate limit's wait for
    /// the database); tests replace it to decide when a bound is spent.
    public var waitForBudget: @Sendable (Duration) async -> Void
    /// The renderer per platform every answer goes through at the edge; tests count with it.
    public var renderers: PlatformRenderers = .standard
    /// Whether what the providers fetch (geocoding, the weather) is kept in the state store for
    /// later processes; `tenki digest --dry-run` keeps nothing, as it writes nothing.
    public var keepsAnswers = true

    public enum StateLocation: Sendable {
        /// The SQLite file `TENKI_STATE`.
        case settings
        /// A database that lives as long as the process and is seen by no other.
        case memory
    }

    public enum LateAnswerRoute: Sendable {
        /// Through the server's delivery queue to the `response_url` (`serve`, `replay`).
        case queued
        /// No late answers: every command is answered inline, however long it takes (`preview`).
        case none
        /// Handed to this delivery (tests).
        case custom(any LateAnswerDelivery)
    }

    public init(
        transport: any HTTPTransport, clock: any WallClock = SystemWallClock(), logger: Logger = .discarding,
        metrics: MetricsRegistry = MetricsRegistry(), state: StateLocation = .memory, lateAnswers: LateAnswerRoute = .queued,
        verification: SignatureVerification = .required, verifier: (any CommandRequestVerifier)? = nil,
        decoder: any CommandDecoder = FormCommandDecoder(),
        waitForBudget: @escaping @Sendable (Duration) async -> Void = TimelyResponder.sleeping
    ) {
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.metrics = metrics
        self.state = state
        self.lateAnswers = lateAnswers
        self.verification = verification
        self.verifier = verifier
        self.decoder = decoder
        self.waitForBudget = waitForBudget
    }

    /// libcurl, the system clock and the state file: what `serve` and `digest` run with.
    public static func production(settings: Settings, logger: Logger) -> ServerDependencies {
        ServerDependencies(transport: CurlTransport.configured(by: settings, logger: logger), logger: logger, state: .settings)
    }
}

/// Whether requests must carry Slack's signature. Skipping is for local development only.
public enum SignatureVerification: Sendable {
    case required
    case skipped
}
