/// Why a file could not be replayed at all (as opposed to replaying with a different answer):
/// the step that failed, and how.
public struct ReplayRunError: Error, Sendable, CustomStringConvertible {
    public enum Step: String, Sendable {
        case setup = "could not prepare the replay"
        case settings = "the file's settings are invalid"
        case listener = "could not start the listener"
        case transport = "the request got no response"
    }

    public var step: Step
    public var problem: String

    init(_ step: Step, _ problem: String) {
        self.step = step
        self.problem = problem
    }

    public var description: String { "\(step.rawValue): \(problem)" }
}
