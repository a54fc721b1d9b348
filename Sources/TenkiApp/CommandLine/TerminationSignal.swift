import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGTERM or SIGINT (Kubernetes, systemd and Ctrl-C), so long-running commands can
/// drain instead of dying mid-request.
///
/// A `sigaction(2)` handler may run no Swift code, so the signals are ignored at the C level and
/// delivered by Dispatch's signal source (which reads them outside the handler) on a queue of their own.
enum TerminationSignal {
    /// Returns the signal number once either signal arrives.
    static func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let queue = DispatchQueue(label: "tenki.signals")
            let once = SignalOnce(continuation)
            let sources = [SIGTERM, SIGINT].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { once.fire(number) }
                return source
            }
            once.keep(sources)
            sources.forEach { $0.resume() }
        }
    }
}

/// Resumes the continuation for the first signal only; later signals are ignored while draining.
private final class SignalOnce: @unchecked Sendable {
    // Touched only on the signal queue (and before the sources start), so no lock is needed.
    private var continuation: CheckedContinuation<Int32, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Int32, Never>) {
        self.continuation = continuation
    }

    /// Holds the sources for the process's lifetime; set before any of them is resumed.
    func keep(_ sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }

    func fire(_ number: Int32) {
        continuation?.resume(returning: number)
        continuation = nil
    }
}
