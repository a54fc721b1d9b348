// libpq through dlopen: see tenki_pq.h for why.
#include "tenki_pq.h"

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

static tenki_load_state load = TENKI_LOAD_STATE_INIT;

#ifdef __APPLE__
static const char *const library_names[] = {"libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib"};
#else
static const char *const library_names[] = {"libpq.so.5"};
#endif

static void load_library(void) {
    static const tenki_symbol symbols[] = {
        TENKI_SYMBOL(api.connectdb, "PQconnectdb"),
        TENKI_SYMBOL(api.status, "PQstatus"),
        TENKI_SYMBOL(api.error_message, "PQerrorMessage"),
        TENKI_SYMBOL(api.backend_pid, "PQbackendPID"),
        TENKI_SYMBOL(api.finish, "PQfinish"),
        TENKI_SYMBOL(api.exec_params, "PQexecParams"),
        TENKI_SYMBOL(api.exec, "PQexec"),
        TENKI_SYMBOL(api.result_status, "PQresultStatus"),
        TENKI_SYMBOL(api.result_error_message, "PQresultErrorMessage"),
        TENKI_SYMBOL(api.result_error_field, "PQresultErrorField"),
        TENKI_SYMBOL(api.ntuples, "PQntuples"),
        TENKI_SYMBOL(api.nfields, "PQnfields"),
        TENKI_SYMBOL(api.cmd_tuples, "PQcmdTuples"),
        TENKI_SYMBOL(api.getvalue, "PQgetvalue"),
        TENKI_SYMBOL(api.getisnull, "PQgetisnull"),
        TENKI_SYMBOL(api.clear, "PQclear"),
        TENKI_SYMBOL(api.get_cancel, "PQgetCancel"),
        TENKI_SYMBOL(api.cancel, "PQcancel"),
        TENKI_SYMBOL(api.free_cancel, "PQfreeCancel"),
    };
    static const tenki_library library = {
        library_names, sizeof library_names / sizeof library_names[0], symbols, sizeof symbols / sizeof symbols[0],
        "libpq", "libpq5", "libpq 10 or newer is needed",
    };
    if (tenki_load_library(&library, load.error, sizeof load.error) != 0) return;
    load.status = 0;
}

int tenki_pq_load(char *error, size_t capacity) {
    return tenki_load_once(&load, load_library, error, capacity);
}

tenki_pq_connection *tenki_pq_connect(const char *conninfo) {
    if (load.status != 0) return NULL;
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
