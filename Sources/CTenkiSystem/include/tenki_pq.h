#ifndef TENKI_PQ_H
#define TENKI_PQ_H
// libpq, loaded when first needed (dlopen) instead of linked, like libcurl (tenki_curl.h): a
// deployment on SQLite needs no libpq installed and pays nothing for it at start. Only the few
// functions Tenki calls, with plain C types; no libpq headers are needed to build.
//
// `PGconn *` and `PGresult *` are libpq's own handles under names of ours (never dereferenced).

#include <stddef.h>

typedef struct tenki_pq_connection tenki_pq_connection;
typedef struct tenki_pq_result tenki_pq_result;

/// Loads libpq once per process; later calls return the first outcome. Returns 0, or -1 after
/// writing why into `error` (NUL-terminated, at most `capacity` bytes).
int tenki_pq_load(char *error, size_t capacity);

/// PQconnectdb: blocks until connected or failed; check with `tenki_pq_connection_ok`. NULL only
/// when libpq is not loaded or out of memory.
tenki_pq_connection *tenki_pq_connect(const char *conninfo);
/// 1 while the connection is usable (PQstatus is CONNECTION_OK).
int tenki_pq_connection_ok(const tenki_pq_connection *connection);
/// PQerrorMessage: the last error on the connection (owned by the connection).
const char *tenki_pq_connection_error(const tenki_pq_connection *connection);
/// PQbackendPID, 0 when not connected.
int tenki_pq_backend_pid(const tenki_pq_connection *connection);
void tenki_pq_finish(tenki_pq_connection *connection);

/// PQexecParams with `count` text parameters (NULL entries are SQL NULL) and text results.
tenki_pq_result *tenki_pq_exec(
    tenki_pq_connection *connection, const char *sql, int count, const char *const *values);

/// PQexec: several `;`-separated statements without parameters (schema migrations).
tenki_pq_result *tenki_pq_exec_script(tenki_pq_connection *connection, const char *sql);

/// 1 when the result is a success (PGRES_COMMAND_OK or PGRES_TUPLES_OK), 0 otherwise.
int tenki_pq_result_ok(const tenki_pq_result *result);
/// PQresultErrorMessage and the SQLSTATE (PG_DIAG_SQLSTATE, "" when none).
const char *tenki_pq_result_error(const tenki_pq_result *result);
const char *tenki_pq_result_sqlstate(const tenki_pq_result *result);
int tenki_pq_rows(const tenki_pq_result *result);
int tenki_pq_columns(const tenki_pq_result *result);
/// PQcmdTuples as a number: rows an INSERT, UPDATE or DELETE touched.
long tenki_pq_affected_rows(const tenki_pq_result *result);
/// NULL for SQL NULL, else the value's text (owned by the result).
const char *tenki_pq_value(const tenki_pq_result *result, int row, int column);
void tenki_pq_clear(tenki_pq_result *result);

/// `PGcancel *`: what asks the server to stop a connection's running statement.
typedef struct tenki_pq_cancel_handle tenki_pq_cancel_handle;
/// PQgetCancel, taken once after connecting (NULL when not connected).
tenki_pq_cancel_handle *tenki_pq_cancel_handle_for(tenki_pq_connection *connection);
/// PQcancel: thread-safe, so another thread may call it while the connection waits in
/// `tenki_pq_exec`; 1 when the request was sent. The statement then fails with SQLSTATE 57014.
int tenki_pq_cancel(tenki_pq_cancel_handle *handle);
void tenki_pq_cancel_handle_free(tenki_pq_cancel_handle *handle);

#endif
