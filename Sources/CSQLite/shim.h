// SQLite 3, the state file's engine (delivery queue, digest ledger, saved user defaults).
#include <sqlite3.h>
