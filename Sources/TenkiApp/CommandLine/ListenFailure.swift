import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// `serve` could not listen: the line names the address and the flag or setting that chose it.
/// An address in use is worth retrying (exit 75: another process, or a previous `tenki` still
/// stopping, may let go of it); anything else is a setting to correct (exit 78).
struct ListenFailure: Error, Sendable, CustomStringConvertible {
    var address: String
    /// The flag or setting the address came from, e.g. `--port` or `PORT`.
    var chosenBy: String
    var reason: HTTPServerError

    /// Runs `listen`, turning its failure into one that names `address` and `chosenBy` (worked
    /// out only for a failure).
    static func explaining<Value>(
        address: String, chosenBy: @autoclosure () -> String, _ listen: () throws(HTTPServerError) -> Value
    ) throws(ListenFailure) -> Value {
        do {
            return try listen()
        } catch {
            throw ListenFailure(address: address, chosenBy: chosenBy(), reason: error)
        }
    }

    var exitCode: ExitCode {
        if case .systemCall(_, let code) = reason, code == EADDRINUSE { return .temporaryFailure }
        return .configuration
    }

    var description: String {
        let what: String
        switch reason {
        case .systemCall(_, let code) where code == EADDRINUSE:
            what = "the address is already in use; stop what holds it or choose another address"
        case .systemCall(_, let code) where code == EACCES:
            what = "permission denied (ports below 1024 need privileges); choose a port of 1024 or more"
        case .systemCall(_, let code) where code == EADDRNOTAVAIL:
            what = "this machine has no such address; use 0.0.0.0, 127.0.0.1 or one of its own addresses"
        case .invalidHost:
            what = "the host is not an IPv4 address; use one such as 0.0.0.0 or 127.0.0.1"
        default:
            what = "\(reason)"
        }
        return "tenki serve: cannot listen on \(address) (set by \(chosenBy)): \(what)"
    }
}
