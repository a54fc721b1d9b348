/// The exit codes README.md lists under "Commands", from sysexits(3) where one fits.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// A delivery still pending at its deadline, or a disk or state file unusable at start; running
    /// again later may succeed (EX_TEMPFAIL), so supervisors restart on it.
    case temporaryFailure = 75
    /// A setting is missing or invalid (EX_CONFIG).
    case configuration = 78
}

/// A mistake on the command line. The message names the flag and the fix.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String {
        let hint = command.map { "run 'tenki \($0) --help' for usage" } ?? "run 'tenki --help' for usage"
        return "tenki: \(message) (\(hint))"
    }
}
