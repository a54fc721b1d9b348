// OpenSSL's libssl, for the WebSocket client's TLS (TenkiWebSocket). Several of libssl's settings are
// macros over SSL_CTX_ctrl / SSL_ctrl, which Swift cannot call: the static inline functions below
// give each one a name and a plain signature.
#ifndef TENKI_CSSL_SHIM_H
#define TENKI_CSSL_SHIM_H
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

/// TLS 1.2 is the oldest version the client speaks.
static inline int tenki_ssl_ctx_require_tls12(SSL_CTX *ctx) {
    return (int)SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
}

/// SNI (RFC 6066): a host name, never an IP literal.
static inline int tenki_ssl_set_server_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// The name the peer's certificate must carry: an IP literal is matched against the certificate's
/// IP address entries, anything else against its DNS names (no partial wildcards).
static inline int tenki_ssl_expect_peer_name(SSL *ssl, const char *name, int is_ip_literal) {
    if (is_ip_literal) {
        return X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), name);
    }
    SSL_set_hostflags(ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
    return SSL_set1_host(ssl, name);
}

/// `SSL_VERIFY_PEER` without a callback: the handshake fails when the chain or the name does not verify.
static inline void tenki_ssl_ctx_verify_peer(SSL_CTX *ctx) {
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
}

/// `SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER`: non-blocking writes of
/// large buffers report progress record by record.
static inline void tenki_ssl_ctx_partial_writes(SSL_CTX *ctx) {
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
}
#endif
