// libcurl through dlopen: see tenki_curl.h for why.
#include "tenki_curl.h"

#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "curl_abi.h"
#include "library_loading.h"

/// The libcurl functions Tenki calls, found once by `tenki_curl_load`.
static struct {
    int (*global_init)(long flags);
    void *(*easy_init)(void);
    int (*easy_setopt)(void *easy, int option, ...);
    int (*easy_getinfo)(void *easy, int info, ...);
    void (*easy_cleanup)(void *easy);
    const char *(*easy_strerror)(int code);
    void *(*slist_append)(void *list, const char *line);
    void (*slist_free_all)(void *list);
    void *(*multi_init)(void);
    int (*multi_setopt)(void *multi, int option, ...);
    int (*multi_add_handle)(void *multi, void *easy);
    int (*multi_remove_handle)(void *multi, void *easy);
    int (*multi_perform)(void *multi, int *running);
    int (*multi_poll)(void *multi, void *extra_fds, unsigned extra_count, int timeout_ms, int *ready);
    int (*multi_wakeup)(void *multi);
    tenki_curl_message *(*multi_info_read)(void *multi, int *remaining);
    int (*multi_cleanup)(void *multi);
} api;

static tenki_load_state load = TENKI_LOAD_STATE_INIT;

/// Where libcurl is looked for: the OpenSSL build first (Debian's libcurl4), then the GnuTLS one.
#ifdef __APPLE__
static const char *const library_names[] = {"/usr/lib/libcurl.4.dylib"};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
#endif

/// Each function's symbol is its field's name after `curl_`.
#define CURL_SYMBOL(function) TENKI_SYMBOL(api.function, "curl_" #function)

static void load_library(void) {
    static const tenki_symbol symbols[] = {
        CURL_SYMBOL(global_init),
        CURL_SYMBOL(easy_init),
        CURL_SYMBOL(easy_setopt),
        CURL_SYMBOL(easy_getinfo),
        CURL_SYMBOL(easy_cleanup),
        CURL_SYMBOL(easy_strerror),
        CURL_SYMBOL(slist_append),
        CURL_SYMBOL(slist_free_all),
        CURL_SYMBOL(multi_init),
        CURL_SYMBOL(multi_setopt),
        CURL_SYMBOL(multi_add_handle),
        CURL_SYMBOL(multi_remove_handle),
        CURL_SYMBOL(multi_perform),
        CURL_SYMBOL(multi_poll),
        CURL_SYMBOL(multi_wakeup),
        CURL_SYMBOL(multi_info_read),
        CURL_SYMBOL(multi_cleanup),
    };
    static const tenki_library library = {
        library_names, sizeof library_names / sizeof library_names[0], symbols, sizeof symbols / sizeof symbols[0],
        "libcurl", "libcurl4", "version 7.68 or newer is needed",
    };
    if (tenki_load_library(&library, load.error, sizeof load.error) != 0) return;
    int code = api.global_init(TENKI_CURL_GLOBAL_DEFAULT);
    if (code != 0) {
        snprintf(load.error, sizeof load.error, "curl_global_init failed: %s", api.easy_strerror(code));
        return;
    }
    load.status = 0;
}

int tenki_curl_load(char *error, size_t capacity) {
    return tenki_load_once(&load, load_library, error, capacity);
}

struct tenki_curl_transfer {
    void *easy;
    void *headers;
    void *resolve;
    tenki_address_check check;
    int refused;
};

tenki_curl_transfer *tenki_curl_transfer_new(
    const char *method, const char *url, const char *const *headers, size_t header_count,
    const uint8_t *body, size_t body_length, long timeout_ms, long connect_timeout_ms,
    const char *user_agent, tenki_curl_data_callback on_body, tenki_curl_data_callback on_header) {
    if (load.status != 0) return NULL;
    tenki_curl_transfer *transfer = calloc(1, sizeof *transfer);
    if (!transfer) return NULL;
    transfer->easy = api.easy_init();
    if (!transfer->easy) {
        free(transfer);
        return NULL;
    }
    void *easy = transfer->easy;
    int failed = 0;
    // Without "Expect:" libcurl would send "Expect: 100-continue" for larger bodies and wait for
    // an answer that webhooks never send.
    transfer->headers = api.slist_append(NULL, "Expect:");
    for (size_t i = 0; i < header_count; i++) {
        if (!headers[i]) {
            failed = 1;
            continue;
        }
        void *list = api.slist_append(transfer->headers, headers[i]);
        if (!list) failed = 1; else transfer->headers = list;
    }
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_URL, url);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_HTTPHEADER, transfer->headers);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_USERAGENT, user_agent);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_PRIVATE, (void *)transfer);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_NOSIGNAL, 1L);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_TIMEOUT_MS, timeout_ms);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_ACCEPT_ENCODING, "");  // every encoding it decodes
    // Never followed here: the Swift side decides each hop (RedirectPolicy), so that no hop
    // escapes the caller's check. HTTP and HTTPS only. The string option is libcurl 7.85+, the
    // bitmask the older form.
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_FOLLOWLOCATION, 0L);
    if (api.easy_setopt(easy, TENKI_CURLOPT_PROTOCOLS_STR, "http,https") != 0) {
        failed |= api.easy_setopt(easy, TENKI_CURLOPT_PROTOCOLS, (long)(TENKI_CURLPROTO_HTTP | TENKI_CURLPROTO_HTTPS));
    }
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_WRITEFUNCTION, on_body);
    failed |= api.easy_setopt(easy, TENKI_CURLOPT_HEADERFUNCTION, on_header);
    if (strcmp(method, "GET") == 0 && body_length == 0) {
        failed |= api.easy_setopt(easy, TENKI_CURLOPT_HTTPGET, 1L);
    } else if (strcmp(method, "HEAD") == 0) {
        failed |= api.easy_setopt(easy, TENKI_CURLOPT_NOBODY, 1L);
    } else {
        if (strcmp(method, "POST") == 0) {
            failed |= api.easy_setopt(easy, TENKI_CURLOPT_POST, 1L);
        } else {
            failed |= api.easy_setopt(easy, TENKI_CURLOPT_CUSTOMREQUEST, method);
        }
        if (body_length > 0 || strcmp(method, "POST") == 0) {
            // The size first: COPYPOSTFIELDS copies that many bytes (the body may hold NULs).
            failed |= api.easy_setopt(easy, TENKI_CURLOPT_POSTFIELDSIZE_LARGE, (int64_t)body_length);
            failed |= api.easy_setopt(easy, TENKI_CURLOPT_COPYPOSTFIELDS, body_length ? (const char *)body : "");
        }
    }
    if (failed) {
        tenki_curl_transfer_free(transfer);
        return NULL;
    }
    return transfer;
}

/// libcurl's CURLOPT_OPENSOCKETFUNCTION: the resolved address, checked before a socket exists.
static int open_checked_socket(void *data, int purpose, tenki_curl_sockaddr *address) {
    (void)purpose;
    tenki_curl_transfer *transfer = data;
    const uint8_t *bytes = NULL;
    size_t length = 0;
    if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
        bytes = (const uint8_t *)&((const struct sockaddr_in *)(const void *)&address->addr)->sin_addr;
        length = 4;
    } else if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
        bytes = (const uint8_t *)&((const struct sockaddr_in6 *)(const void *)&address->addr)->sin6_addr;
        length = 16;
    }
    if (!bytes || !transfer->check(bytes, length)) {
        transfer->refused = 1;
        return -1;  // CURL_SOCKET_BAD
    }
    return socket(address->family, address->socktype, address->protocol);
}

int tenki_curl_transfer_check_addresses(tenki_curl_transfer *transfer, tenki_address_check check) {
    transfer->check = check;
    int failed = api.easy_setopt(transfer->easy, TENKI_CURLOPT_OPENSOCKETFUNCTION, open_checked_socket);
    failed |= api.easy_setopt(transfer->easy, TENKI_CURLOPT_OPENSOCKETDATA, (void *)transfer);
    // A connection kept from an earlier, unchecked transfer to the same host would be reused
    // without any socket being opened, so without the check: this transfer opens its own.
    failed |= api.easy_setopt(transfer->easy, TENKI_CURLOPT_FRESH_CONNECT, 1L);
    return failed;
}

int tenki_curl_transfer_resolve(tenki_curl_transfer *transfer, const char *entry) {
    if (!entry) return -1;
    void *list = api.slist_append(transfer->resolve, entry);
    if (!list) return -1;
    transfer->resolve = list;
    return api.easy_setopt(transfer->easy, TENKI_CURLOPT_RESOLVE, transfer->resolve);
}

int tenki_curl_transfer_was_refused(const tenki_curl_transfer *transfer) {
    return transfer->refused;
}

void tenki_curl_transfer_set_context(tenki_curl_transfer *transfer, void *context) {
    api.easy_setopt(transfer->easy, TENKI_CURLOPT_WRITEDATA, context);
    api.easy_setopt(transfer->easy, TENKI_CURLOPT_HEADERDATA, context);
}

long tenki_curl_transfer_status(const tenki_curl_transfer *transfer) {
    long status = 0;
    if (api.easy_getinfo(transfer->easy, TENKI_CURLINFO_RESPONSE_CODE, &status) != 0) return 0;
    return status;
}

void tenki_curl_transfer_free(tenki_curl_transfer *transfer) {
    if (!transfer) return;
    api.easy_cleanup(transfer->easy);
    api.slist_free_all(transfer->headers);
    if (transfer->resolve) api.slist_free_all(transfer->resolve);
    free(transfer);
}

// A `tenki_curl_multi *` is libcurl's own multi handle under a name of ours (never dereferenced).

tenki_curl_multi *tenki_curl_multi_new(long max_connections_per_host) {
    if (load.status != 0) return NULL;
    void *multi = api.multi_init();
    if (multi) api.multi_setopt(multi, TENKI_CURLMOPT_MAX_HOST_CONNECTIONS, max_connections_per_host);
    return multi;
}

void tenki_curl_multi_free(tenki_curl_multi *multi) {
    if (multi) api.multi_cleanup(multi);
}

int tenki_curl_multi_add(tenki_curl_multi *multi, tenki_curl_transfer *transfer) {
    return api.multi_add_handle(multi, transfer->easy);
}

int tenki_curl_multi_remove(tenki_curl_multi *multi, tenki_curl_transfer *transfer) {
    return api.multi_remove_handle(multi, transfer->easy);
}

int tenki_curl_multi_perform(tenki_curl_multi *multi) {
    int running = 0;
    return api.multi_perform(multi, &running);
}

int tenki_curl_multi_poll(tenki_curl_multi *multi, int timeout_ms) {
    return api.multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

int tenki_curl_multi_wakeup(tenki_curl_multi *multi) {
    return api.multi_wakeup(multi);
}

tenki_curl_transfer *tenki_curl_multi_next_finished(tenki_curl_multi *multi, int *result) {
    int remaining = 0;
    tenki_curl_message *message;
    while ((message = api.multi_info_read(multi, &remaining))) {
        if (message->msg != TENKI_CURLMSG_DONE) continue;
        void *transfer = NULL;
        api.easy_getinfo(message->easy_handle, TENKI_CURLINFO_PRIVATE, &transfer);
        *result = message->data.result;
        return transfer;
    }
    return NULL;
}

tenki_curl_outcome tenki_curl_classify(int result) {
    switch (result) {
    case 0:
        return TENKI_CURL_OK;
    case TENKI_CURLE_OPERATION_TIMEDOUT:
        return TENKI_CURL_TIMED_OUT;
    case TENKI_CURLE_UNSUPPORTED_PROTOCOL:
    case TENKI_CURLE_URL_MALFORMAT:
    case TENKI_CURLE_COULDNT_RESOLVE_PROXY:
    case TENKI_CURLE_COULDNT_RESOLVE_HOST:
    case TENKI_CURLE_COULDNT_CONNECT:
    case TENKI_CURLE_SSL_CONNECT_ERROR:
    case TENKI_CURLE_SSL_CERTPROBLEM:
    case TENKI_CURLE_SSL_CIPHER:
    case TENKI_CURLE_PEER_FAILED_VERIFICATION:
    case TENKI_CURLE_SSL_CACERT_BADFILE:
    case TENKI_CURLE_SSL_ISSUER_ERROR:
    case TENKI_CURLE_PROXY:
        return TENKI_CURL_CONNECTION_FAILED;
    default:
        return TENKI_CURL_INVALID_RESPONSE;
    }
}

const char *tenki_curl_describe(int result) {
    return load.status == 0 ? api.easy_strerror(result) : "libcurl not loaded";
}
