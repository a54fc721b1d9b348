#ifndef TENKI_CURL_H
#define TENKI_CURL_H
// libcurl, loaded when first needed (dlopen) instead of linked.
//
// Linking libcurl (directly or through FoundationNetworking) makes every start of `tenki` load
// its ~30 dependent libraries and run their initialisers (GnuTLS, Kerberos, LDAP, ...) before
// `main`: about 5 ms of a 10 ms start, paid by `tenki --help`, every healthcheck and the
// listener before it can bind. Loaded on demand, the cost moves to the first outbound request,
// or to a background thread right after the listener is up (`tenki serve`).
//
// Swift sees only these few functions with plain C types: no variadic `curl_easy_setopt`, no
// libcurl headers (they are not needed to build; when present, CurlLibrary.c checks its
// constants against them).

#include <stddef.h>
#include <stdint.h>

/// Receives a piece of the response body or one header line, `size * count` bytes (libcurl's
/// callback signature); returns `size * count` to go on (anything else aborts the transfer).
typedef size_t (*tenki_curl_data_callback)(const char *data, size_t size, size_t count, void *context);

/// Loads libcurl and initialises it once per process; later calls return the first outcome.
/// Returns 0, or -1 after writing why into `error` (NUL-terminated, at most `capacity` bytes).
int tenki_curl_load(char *error, size_t capacity);

/// One transfer: a configured easy handle plus the header list it owns.
typedef struct tenki_curl_transfer tenki_curl_transfer;

/// A transfer for `method` (GET, POST, HEAD or any other verb) to `url`, with `header_count`
/// "Name: value" lines, a body (copied), a timeout for the whole exchange and one for connecting,
/// in ms. Returns
/// NULL if libcurl is not loaded or refuses an option.
tenki_curl_transfer *tenki_curl_transfer_new(
    const char *method, const char *url, const char *const *headers, size_t header_count,
    const uint8_t *body, size_t body_length, long timeout_ms, long connect_timeout_ms,
    const char *user_agent, tenki_curl_data_callback on_body, tenki_curl_data_callback on_header);
/// What the body and header callbacks get as `context`; set before the transfer starts.
void tenki_curl_transfer_set_context(tenki_curl_transfer *transfer, void *context);
/// Decides on an address libcurl resolved, before it connects: `address` is 4 bytes (IPv4) or 16
/// (IPv6), network order. Returns nonzero to connect, 0 to refuse.
typedef int (*tenki_address_check)(const uint8_t *address, size_t length);
/// From now on, every connection the transfer opens goes to an address `check` accepts; any other
/// is refused before a socket is opened (the transfer fails as "couldn't connect"). The transfer
/// also opens a fresh connection (CURLOPT_FRESH_CONNECT), so that none kept from an unchecked
/// transfer is reused past the check. 0 on success.
int tenki_curl_transfer_check_addresses(tenki_curl_transfer *transfer, tenki_address_check check);
/// Resolves a host as `entry` says (libcurl's CURLOPT_RESOLVE, `host:port:address`) instead of
/// asking DNS; the address is still checked when `tenki_curl_transfer_check_addresses` is on. 0 on success.
int tenki_curl_transfer_resolve(tenki_curl_transfer *transfer, const char *entry);
/// Whether `check` refused an address for this transfer.
int tenki_curl_transfer_was_refused(const tenki_curl_transfer *transfer);
/// The final response's status code (0 if none arrived).
long tenki_curl_transfer_status(const tenki_curl_transfer *transfer);
/// Frees the transfer; it must not be part of a multi handle any more.
void tenki_curl_transfer_free(tenki_curl_transfer *transfer);

/// A multi handle: many transfers driven by one thread, sharing connections.
typedef struct tenki_curl_multi tenki_curl_multi;

/// Returns NULL if libcurl is not loaded.
tenki_curl_multi *tenki_curl_multi_new(long max_connections_per_host);
void tenki_curl_multi_free(tenki_curl_multi *multi);
/// Starts a transfer; 0 on success.
int tenki_curl_multi_add(tenki_curl_multi *multi, tenki_curl_transfer *transfer);
/// Stops a transfer (finished or not); 0 on success.
int tenki_curl_multi_remove(tenki_curl_multi *multi, tenki_curl_transfer *transfer);
/// Does all the work that is ready without blocking; 0 on success.
int tenki_curl_multi_perform(tenki_curl_multi *multi);
/// Waits until a transfer has work, `tenki_curl_multi_wakeup` is called, or `timeout_ms` passes.
int tenki_curl_multi_poll(tenki_curl_multi *multi, int timeout_ms);
/// Ends a `tenki_curl_multi_poll` early; safe from any thread.
int tenki_curl_multi_wakeup(tenki_curl_multi *multi);
/// The next finished transfer and its libcurl result code (0 = a response arrived), or NULL.
tenki_curl_transfer *tenki_curl_multi_next_finished(tenki_curl_multi *multi, int *result);

/// How callers should treat a libcurl result code.
typedef enum {
    TENKI_CURL_OK = 0,
    TENKI_CURL_TIMED_OUT = 1,
    /// No connection: refused, unreachable, DNS, proxy, TLS handshake or certificate.
    TENKI_CURL_CONNECTION_FAILED = 2,
    /// The connection broke, or what came back is not usable HTTP.
    TENKI_CURL_INVALID_RESPONSE = 3,
} tenki_curl_outcome;

tenki_curl_outcome tenki_curl_classify(int result);
/// libcurl's text for a result code ("Couldn't connect to server"); never holds the URL.
const char *tenki_curl_describe(int result);

#endif
