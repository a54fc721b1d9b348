import CTenkiSystem
import Foundation

/// The thread that drives one transport's transfers: it adds what tasks submit to a libcurl multi
/// handle, lets libcurl do the network work, and hands each finished transfer back to its task.
///
/// Started with the first request, so a transport that is never used costs no thread; stopped by
/// the transport's `deinit`, failing whatever is still in flight as cancelled.
final class CurlTransferLoop: Sendable {
    private struct State {
        var submitted: [CurlTransfer] = []
        var cancellationNoticed = false
        var stopping = false
        /// The multi handle, made with the thread; nil until the first request.
        var multi: OpaquePointer?
    }

    private let maximumConnectionsPerHost: Int
    private let state = Locked(State())

    init(maximumConnectionsPerHost: Int) {
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
    }

    /// What `submit` found: the thread to wake, the thread to start, or a reason to refuse.
    private enum Admission {
        case wake(OpaquePointer)
        case start(OpaquePointer)
        case refuse(TransportError)
    }

    /// Queues a transfer (its continuation set) and wakes the thread, starting it the first time.
    func submit(_ transfer: CurlTransfer) {
        let admission = state.withLock { state -> Admission in
            if state.stopping { return .refuse(.cancelled) }
            if let multi = state.multi {
                state.submitted.append(transfer)
                return .wake(multi)
            }
            guard let multi = tenki_curl_multi_new(maximumConnectionsPerHost) else {
                return .refuse(.connectionFailed(reason: "libcurl could not make a multi handle"))
            }
            state.multi = multi
            state.submitted.append(transfer)
            return .start(multi)
        }
        switch admission {
        case .wake(let multi):
            tenki_curl_multi_wakeup(multi)
        case .start:
            let thread = Thread { [self] in
                Thread.current.name = "tenki-curl"  // from inside: a name set before start() is lost
                // Set before the thread started and never changed: only the wake-ups share it.
                guard let multi = state.withLock({ $0.multi }) else { return }
                run(multi)
            }
            thread.start()
        case .refuse(let error):
            transfer.finish(.failure(error))
        }
    }

    /// A task was cancelled: the thread looks for cancelled transfers at its next turn.
    func noticeCancellation() {
        let multi = state.withLock { state -> OpaquePointer? in
            state.cancellationNoticed = true
            return state.multi
        }
        if let multi { tenki_curl_multi_wakeup(multi) }
    }

    func stop() {
        let multi = state.withLock { state -> OpaquePointer? in
            state.stopping = true
            return state.multi
        }
        if let multi { tenki_curl_multi_wakeup(multi) }
    }

    private func run(_ multi: OpaquePointer) {
        var active: [OpaquePointer: CurlTransfer] = [:]
        while true {
            let (arrived, checkCancellations, stopping) = state.withLock { state in
                defer {
                    state.submitted = []
                    state.cancellationNoticed = false
                }
                return (state.submitted, state.cancellationNoticed, state.stopping)
            }
            for transfer in arrived {
                if transfer.isCancelled || stopping {
                    transfer.finish(.failure(.cancelled))
                } else if tenki_curl_multi_add(multi, transfer.handle) == 0 {
                    active[transfer.handle] = transfer
                } else {
                    transfer.finish(.failure(.invalidResponse(reason: "libcurl refused the transfer")))
                }
            }
            if checkCancellations || stopping {
                for (handle, transfer) in active where transfer.isCancelled || stopping {
                    tenki_curl_multi_remove(multi, handle)
                    active[handle] = nil
                    transfer.finish(.failure(.cancelled))
                }
            }
            if stopping { break }

            tenki_curl_multi_perform(multi)
            var result: Int32 = 0
            while let handle = tenki_curl_multi_next_finished(multi, &result) {
                tenki_curl_multi_remove(multi, handle)
                guard let transfer = active.removeValue(forKey: handle) else { continue }
                transfer.finish(transfer.outcome(result: result))
            }
            // libcurl shortens the wait to its own next timeout; a submit, cancel or stop ends it
            // at once, so the long wait only spares an idle process its wake-ups.
            tenki_curl_multi_poll(multi, 5000)
        }
        tenki_curl_multi_free(multi)
    }
}
