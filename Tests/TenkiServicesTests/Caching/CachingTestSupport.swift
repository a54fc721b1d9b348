import Synchronization
import TenkiProviders

/// Yields until `condition` holds. Bounded, so a broken test fails instead of hanging; no clock
/// is read, so nothing depends on how fast the machine is.
func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<1_000_000 {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}

/// A failure for the generic cache tests.
enum LoadError: Error, Equatable {
    case notFound
    case unavailable
    case broken
    case cancelled

    var disposition: FailureDisposition {
        switch self {
        case .notFound: .negative
        case .unavailable: .temporary
        case .broken, .cancelled: .permanent
        }
    }
}

/// Counts loads; thread-safe, for `@Sendable` load closures.
final class LoadCounter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
}
