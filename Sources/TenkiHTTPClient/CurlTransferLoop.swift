import CTenkiSystem
import Foundation
import Synchronization

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
    private let state = Mutex(State())

    init(maximumConnectionsPerHost: Int) {
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
    }

    /// What `submit` found: the thread to wake, the thread to start, or a reason to refuse.
    private enum Admission {
        case wake
        case start
        case refuse(TransportError)
    }

    /// Queues a transfer (its continuation set) and wakes the thread, starting it the first time.
    func submit(_ transfer: CurlTransfer) {
        let admission = state.withLock { state -> Admission in
            if state.stopping { return .refuse(.cancelled) }
            if state.multi != nil {
                state.submitted.append(transfer)
                return .wake
            }
            guard let multi = tenki_curl_multi_new(maximumConnectionsPerHost) else {
                return .refuse(.connectionFailed(reason: "libcurl could not make a multi handle"))
            }
            state.multi = multi
            state.submitted.append(transfer)
            return .start
        }
        switch admission {
        case .wake:
            wakeUp()
        case .start:
            let thread = Thread { [self] in
                Thread.current.name = "tenki-curl"  // from inside: a name set before start() is lost
                // Set before the thread started; back to nil only once this thread has freed it.
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
        state.withLock { $0.cancellationNoticed = true }
        wakeUp()
    }

    func stop() {
        state.withLock { $0.stopping = true }
        wakeUp()
    }

    /// Ends the thread's wait. Under the lock, because the thread frees the multi handle (after
    /// setting `multi` to nil under the same lock) once it has stopped.
    private func wakeUp() {
        state.withLock { state in
            if let multi = state.multi { tenki_curl_multi_wakeup(multi) }
        }
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
                } else if tenki_curl_multi_add(multi, transfer.native) == 0 {
                    active[transfer.native] = transfer
                } else {
                    transfer.finish(.failure(.invalidResponse(reason: "libcurl refused the transfer")))
                }
            }
            if checkCancellations || stopping {
                for (native, transfer) in active where transfer.isCancelled || stopping {
                    tenki_curl_multi_remove(multi, native)
                    active[native] = nil
                    transfer.finish(.failure(.cancelled))
                }
            }
            if stopping { break }

            tenki_curl_multi_perform(multi)
            var result: Int32 = 0
            while let native = tenki_curl_multi_next_finished(multi, &result) {
                tenki_curl_multi_remove(multi, native)
                guard let transfer = active.removeValue(forKey: native) else { continue }
                transfer.finish(transfer.outcome(result: result))
            }
            // libcurl shortens the wait to its own next timeout; a submit, cancel or stop ends it
            // at once, so the long wait only spares an idle process its wake-ups. Should polling
            // itself fail, a short pause keeps the loop from spinning while it does.
            if tenki_curl_multi_poll(multi, 5000) != 0 {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        state.withLock { $0.multi = nil }
        tenki_curl_multi_free(multi)
    }
}
