import CSSL
import TenkiBase

#if canImport(Glibc)
import Glibc
#endif

/// TLS over a connected socket, with libssl: TLS 1.2 or newer, SNI, and the peer's certificate
/// verified against the trust store and the host's name (`SSL_set1_host`, or its IP address).
///
/// The trust store is OpenSSL's default, read from `environment` rather than the process's own, so
/// that tests running side by side can each trust their own CA: `SSL_CERT_FILE` or else OpenSSL's
/// default bundle, and `SSL_CERT_DIR` or else its default directory. That is what
/// `SSL_CTX_set_default_verify_paths` does with the process environment.
final class TLSStream: ByteStream {
    private let tcp: PlainStream
    private let ssl: OpaquePointer
    private let context: OpaquePointer
    var fileDescriptor: Int32 { tcp.fileDescriptor }
    private var isClosed = false

    /// Runs the TLS handshake over `tcp` until `deadline`; the stream is then ready for the
    /// WebSocket handshake. The socket is closed when this throws.
    init(
        over tcp: PlainStream, host: String, hostIsAddress: Bool, environment: [String: String], deadline: ContinuousClock.Instant
    )
        throws(WebSocketError)
    {
        Self.ignoreSIGPIPE
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw .tls(host: host, reason: Self.lastError()) }
        guard tenki_ssl_ctx_require_tls12(context) == 1 else {
            SSL_CTX_free(context)
            throw .tls(host: host, reason: "could not require TLS 1.2")
        }
        tenki_ssl_ctx_verify_peer(context)
        tenki_ssl_ctx_partial_writes(context)
        let file = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? String(cString: X509_get_default_cert_file())
        let directory =
            environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? String(cString: X509_get_default_cert_dir())
        // Either may be missing (a system with only a bundle, or only a directory): load what is there.
        _ = SSL_CTX_load_verify_locations(context, file, nil)
        _ = SSL_CTX_load_verify_locations(context, nil, directory)
        ERR_clear_error()
        guard let ssl = SSL_new(context) else {
            SSL_CTX_free(context)
            throw .tls(host: host, reason: Self.lastError())
        }
        self.tcp = tcp
        self.ssl = ssl
        self.context = context
        // From here on, `close()` (on a throw, or in deinit) releases everything.
        guard SSL_set_fd(ssl, tcp.fileDescriptor) == 1,
            hostIsAddress || tenki_ssl_set_server_name(ssl, host) == 1,
            tenki_ssl_expect_peer_name(ssl, host, hostIsAddress ? 1 : 0) == 1
        else {
            close()
            throw .tls(host: host, reason: "could not set the expected name: \(Self.lastError())")
        }
        do {
            try handshake(host: host, deadline: deadline)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func handshake(host: String, deadline: ContinuousClock.Instant) throws(WebSocketError) {
        while true {
            ERR_clear_error()
            let result = SSL_connect(ssl)
            if result == 1 { return }
            let code = SSL_get_error(ssl, result)
            switch code {
            case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
                guard SocketWait.wait(fileDescriptor, forWriting: code == SSL_ERROR_WANT_WRITE, until: deadline) else {
                    throw .timedOut(.tls)
                }
            default:
                let verify = SSL_get_verify_result(ssl)
                if verify != X509_V_OK {
                    throw .certificateRejected(host: host, reason: String(cString: X509_verify_cert_error_string(verify)))
                }
                let reason = Self.lastError()
                throw .tls(
                    host: host, reason: reason.isEmpty ? "the server closed the connection during the TLS handshake" : reason)
            }
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> StreamResult {
        ERR_clear_error()
        let count = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        return count > 0 ? .bytes(Int(count)) : outcome(of: count)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> StreamResult {
        guard bytes.count > 0 else { return .bytes(0) }
        ERR_clear_error()
        let count = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        return count > 0 ? .bytes(Int(count)) : outcome(of: count)
    }

    private func outcome(of result: Int32) -> StreamResult {
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: return .wouldBlock(wantsWrite: false)
        case SSL_ERROR_WANT_WRITE: return .wouldBlock(wantsWrite: true)
        case SSL_ERROR_ZERO_RETURN: return .endOfStream
        case SSL_ERROR_SYSCALL:
            let reason = Self.lastError()
            return errno == 0 && reason.isEmpty ? .endOfStream : .failed(reason.isEmpty ? errnoText() : reason)
        default:
            let reason = Self.lastError()
            // OpenSSL 3 reports a TCP close without close_notify as an error; for a WebSocket, whose
            // own close frame says whether the end was clean, it is an end of stream.
            return reason.contains("unexpected eof") ? .endOfStream : .failed(reason)
        }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        SSL_free(ssl)
        SSL_CTX_free(context)
        tcp.close()
    }

    /// libssl's queued errors, oldest first, as one line.
    static func lastError() -> String {
        var messages: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.joined(separator: "; ")
    }

    /// A write to a socket whose peer has gone raises SIGPIPE, which kills the process; libssl writes
    /// with plain `write`, without MSG_NOSIGNAL. `tenki` ignores it at start (TenkiCLI) and so does
    /// this, once, for other users of the library (the tests).
    private static let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}
