import Testing

/// The digest suites that run the whole pipeline (fakes, SQLite, queues, child processes) run
/// one test at a time: the machine has two cores, and other suites' tests answer within Slack's
/// real 2-second budget, which a burst of parallel pipelines would eat into.
@Suite("Digest pipeline", .serialized)
enum DigestSuite {}
