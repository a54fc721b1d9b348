// Loading a C library at run time, for the libraries Tenki uses only when its settings ask
// (libcurl, libpq). Internal to CTenkiSystem: not in include/, so Swift never sees it.
#ifndef TENKI_LIBRARY_LOADING_H
#define TENKI_LIBRARY_LOADING_H

#include <pthread.h>
#include <stddef.h>

/// dlopen()s the first of `names` that loads (RTLD_NOW | RTLD_LOCAL) and returns its handle, or
/// NULL with the first name's dlerror() in `reason` (the likeliest to tell the operator why).
void *tenki_open_first_library(const char *const names[], size_t count, char *reason, size_t reason_size);

/// One function to find in a library: where its pointer goes, and its symbol.
typedef struct {
    void **slot;
    const char *name;
} tenki_symbol;

#define TENKI_SYMBOL(pointer, name) {(void **)&(pointer), name}

/// A library as Tenki wants it: the file names to try, the symbols it must have, and how to tell
/// the operator what is missing.
typedef struct {
    const char *const *names;
    size_t name_count;
    const tenki_symbol *symbols;
    size_t symbol_count;
    /// "libcurl": how messages name the library.
    const char *label;
    /// "libcurl4": the package that installs it.
    const char *package;
    /// "version 7.68 or newer is needed": what a library without one of the symbols lacks.
    const char *requirement;
} tenki_library;

/// Opens the first of `library->names` that loads and fills every symbol's slot. Returns 0, or -1
/// with `error` saying what is missing in the operator's terms.
int tenki_load_library(const tenki_library *library, char *error, size_t error_size);

/// A library's load, run once per process: `status` is 0 once it succeeded, else -1 with the
/// reason in `error`.
typedef struct {
    pthread_once_t once;
    int status;
    char error[256];
} tenki_load_state;

#define TENKI_LOAD_STATE_INIT {PTHREAD_ONCE_INIT, -1, ""}

/// What a `tenki_*_load` returns: runs `load` once, then returns `state->status`, and when it is
/// not 0 copies the reason into `error`.
int tenki_load_once(tenki_load_state *state, void (*load)(void), char *error, size_t capacity);

#endif
