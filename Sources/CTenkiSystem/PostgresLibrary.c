// libpq through dlopen: see tenki_pq.h for why.
#include "tenki_pq.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "library_loading.h"

// libpq's enum values Tenki compares against (libpq-fe.h; stable since PostgreSQL 7.4).
enum { CONNECTION_OK = 0 };
enum { PGRES_COMMAND_OK = 1, PGRES_TUPLES_OK = 2 };
enum { PG_DIAG_SQLSTATE = 'C' };

/// The libpq functions Tenki calls, found once by `tenki_pq_load`.
static struct {
    void *(*connectdb)(const char *conninfo);
    int (*status)(const void *conn);
    char *(*error_message)(const void *conn);
    int (*backend_pid)(const void *conn);
    void (*finish)(void *conn);
    void *(*exec_params)(
        void *conn, const char *command, int count, const unsigned int *types, const char *const *values,
        const int *lengths, const int *formats, int result_format);
    void *(*exec)(void *conn, const char *command);
    int (*result_status)(const void *result);
    char *(*result_error_message)(const void *result);
    char *(*result_error_field)(const void *result, int field);
    int (*ntuples)(const void *result);
    int (*nfields)(const void *result);
    char *(*cmd_tuples)(void *result);
    char *(*getvalue)(const void *result, int row, int column);
    int (*getisnull)(const void *result, int row, int column);
    void (*clear)(void *result);
    void *(*get_cancel)(void *conn);
    int (*cancel)(void *cancel, char *error, int capacity);
    void (*free_cancel)(void *cancel);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[256];

#ifdef __APPLE__
static const char *const library_names[] = {"libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib"};
#else
static const char *const library_names[] = {"libpq.so.5"};
#endif

static void load_library(void) {
    char first_reason[160];
    void *library = tenki_open_first_library(
        library_names, sizeof library_names / sizeof library_names[0], first_reason, sizeof first_reason);
    if (!library) {
        snprintf(load_error, sizeof load_error, "libpq could not be loaded (%s); install libpq5", first_reason);
        return;
    }
#define FIND(field, symbol)                                                                        \
    if (!(*(void **)&api.field = dlsym(library, symbol))) {                                        \
        snprintf(load_error, sizeof load_error, "libpq has no %s: libpq 10 or newer is needed", symbol); \
        return;                                                                                    \
    }
    FIND(connectdb, "PQconnectdb")
    FIND(status, "PQstatus")
    FIND(error_message, "PQerrorMessage")
    FIND(backend_pid, "PQbackendPID")
    FIND(finish, "PQfinish")
    FIND(exec_params, "PQexecParams")
    FIND(exec, "PQexec")
    FIND(result_status, "PQresultStatus")
    FIND(result_error_message, "PQresultErrorMessage")
    FIND(result_error_field, "PQresultErrorField")
    FIND(ntuples, "PQntuples")
    FIND(nfields, "PQnfields")
    FIND(cmd_tuples, "PQcmdTuples")
    FIND(getvalue, "PQgetvalue")
    FIND(getisnull, "PQgetisnull")
    FIND(clear, "PQclear")
    FIND(get_cancel, "PQgetCancel")
    FIND(cancel, "PQcancel")
    FIND(free_cancel, "PQfreeCancel")
#undef FIND
    load_status = 0;
}

int tenki_pq_load(char *error, size_t capacity) {
    pthread_once(&load_once, load_library);
    if (load_status != 0 && error && capacity > 0) {
        snprintf(error, capacity, "%s", load_error);
    }
    return load_status;
}

tenki_pq_connection *tenki_pq_connect(const char *conninfo) {
    if (load_status != 0) return NULL;
    return api.connectdb(conninfo);
}

int tenki_pq_connection_ok(const tenki_pq_connection *connection) {
    return connection && api.status(connection) == CONNECTION_OK;
}

const char *tenki_pq_connection_error(const tenki_pq_connection *connection) {
    return connection ? api.error_message(connection) : "out of memory";
}

int tenki_pq_backend_pid(const tenki_pq_connection *connection) {
    return connection ? api.backend_pid(connection) : 0;
}

void tenki_pq_finish(tenki_pq_connection *connection) {
    if (connection) api.finish(connection);
}

tenki_pq_result *tenki_pq_exec(
    tenki_pq_connection *connection, const char *sql, int count, const char *const *values) {
    // Unnamed statements, text formats: nothing outlives the call, so a pooler in transaction mode works.
    return api.exec_params(connection, sql, count, NULL, values, NULL, NULL, 0);
}

tenki_pq_result *tenki_pq_exec_script(tenki_pq_connection *connection, const char *sql) {
    return api.exec(connection, sql);
}

int tenki_pq_result_ok(const tenki_pq_result *result) {
    if (!result) return 0;
    int status = api.result_status(result);
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

const char *tenki_pq_result_error(const tenki_pq_result *result) {
    return result ? api.result_error_message(result) : "out of memory";
}

const char *tenki_pq_result_sqlstate(const tenki_pq_result *result) {
    const char *state = result ? api.result_error_field(result, PG_DIAG_SQLSTATE) : NULL;
    return state ? state : "";
}

int tenki_pq_rows(const tenki_pq_result *result) { return api.ntuples(result); }

int tenki_pq_columns(const tenki_pq_result *result) { return api.nfields(result); }

long tenki_pq_affected_rows(const tenki_pq_result *result) {
    const char *text = api.cmd_tuples((void *)result);
    return text && *text ? strtol(text, NULL, 10) : 0;
}

const char *tenki_pq_value(const tenki_pq_result *result, int row, int column) {
    if (api.getisnull(result, row, column)) return NULL;
    return api.getvalue(result, row, column);
}

void tenki_pq_clear(tenki_pq_result *result) {
    if (result) api.clear(result);
}

tenki_pq_cancel_handle *tenki_pq_cancel_handle_for(tenki_pq_connection *connection) {
    return connection ? api.get_cancel(connection) : NULL;
}

int tenki_pq_cancel(tenki_pq_cancel_handle *handle) {
    char error[256];
    return handle ? api.cancel(handle, error, (int)sizeof error) : 0;
}

void tenki_pq_cancel_handle_free(tenki_pq_cancel_handle *handle) {
    if (handle) api.free_cancel(handle);
}
