#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro that Swift cannot import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}

/// A virtual table and its cursor with a pointer to navrec's Swift state (SQLite allocates neither:
/// the module's xConnect/xOpen do, and the base struct must come first).
typedef struct navrec_vtab {
    sqlite3_vtab base;
    void *owner;
} navrec_vtab;

typedef struct navrec_vtab_cursor {
    sqlite3_vtab_cursor base;
    void *state;
} navrec_vtab_cursor;

/// Turns off SQLite's memory statistics, process-wide, before the first connection: with them on,
/// every sqlite3_malloc and sqlite3_free takes one global mutex (this libsqlite3 has no lookaside,
/// so that is every allocation), which `report --jobs` workers reading on their own connections
/// then contend for. sqlite3_config is variadic, which Swift cannot call. SQLITE_MISUSE, harmless,
/// when SQLite was already initialised.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
