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
