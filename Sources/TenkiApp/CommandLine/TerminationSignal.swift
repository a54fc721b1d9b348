import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGTERM or SIGINT (Kubernetes, systemd and Ctrl-C), so long-running commands can
/// drain instead of dying mid-request.
///
/// A `sigaction(2)` handler may run no Swift code, so the signals are ignored at the C level (a
/// second one while draining does nothing) and delivered by Dispatch's signal sources (which read
/// them outside the handler) on a queue of their own, into a stream that `wait` reads.
enum TerminationSignal {
    /// Returns the signal number once either signal arrives (SIGTERM if the waiting task is
    /// cancelled first: a cancelled wait means stop, too).
    static func wait() async -> Int32 {
        let (signals, arrived) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        let queue = DispatchQueue(label: "tenki.signals")
        let sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { arrived.yield(number) }
            source.resume()
            return source
        }
        var first: Int32 = SIGTERM
        for await number in signals {
            first = number
            break
        }
        for source in sources { source.cancel() }
        arrived.finish()
        return first
    }
}
