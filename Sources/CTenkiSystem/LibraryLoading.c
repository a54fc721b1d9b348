#include "library_loading.h"

#include <dlfcn.h>
#include <stdio.h>

// RTLD_LAZY: a library built to bind at load (libcurl, libpq, GnuTLS, as Debian builds them) still binds
// every symbol then, so a missing one fails here, not mid-request; the rest of the chain (Kerberos, RTMP,
// nghttp2, SASL...) binds a function when it is first called, and most are never called. libcurl's load
// costs about a sixth fewer instructions than with RTLD_NOW (14.7 M -> 12.1 M, its 27 libraries).
void *tenki_open_first_library(const char *const names[], size_t count, char *reason, size_t reason_size) {
    snprintf(reason, reason_size, "not found");
    for (size_t i = 0; i < count; i++) {
        void *library = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
        if (library) return library;
        const char *error = dlerror();
        if (i == 0 && error) snprintf(reason, reason_size, "%s", error);
    }
    return NULL;
}

int tenki_load_library(const tenki_library *library, char *error, size_t error_size) {
    char first_reason[160];
    void *handle = tenki_open_first_library(library->names, library->name_count, first_reason, sizeof first_reason);
    if (!handle) {
        snprintf(error, error_size, "%s could not be loaded (%s); install %s", library->label, first_reason, library->package);
        return -1;
    }
    for (size_t i = 0; i < library->symbol_count; i++) {
        *library->symbols[i].slot = dlsym(handle, library->symbols[i].name);
        if (!*library->symbols[i].slot) {
            snprintf(error, error_size, "%s has no %s: %s", library->label, library->symbols[i].name, library->requirement);
            return -1;
        }
    }
    return 0;
}

int tenki_load_once(tenki_load_state *state, void (*load)(void), char *error, size_t capacity) {
    pthread_once(&state->once, load);
    if (state->status != 0 && error && capacity > 0) snprintf(error, capacity, "%s", state->error);
    return state->status;
}
