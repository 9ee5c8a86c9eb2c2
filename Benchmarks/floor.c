/* The floor: the cheapest way to put the benchmark's CSV samples into SQLite — one prepared
 * INSERT bound and stepped per row, one transaction, WAL, synchronous=NORMAL, the same table as
 * the sqlite3 shell's .import baseline. No models, no computed states, no validation.
 *
 * usage: floor DB CSV   (the CSV has a header line, then t,y,phase,vy rows)
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(int rc, sqlite3 *db, const char *what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "floor: %s: %s\n", what, sqlite3_errmsg(db));
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: floor DB CSV\n"); return 64; }
    FILE *in = fopen(argv[2], "r");
    if (!in) { perror(argv[2]); return 66; }
    sqlite3 *db;
    check(sqlite3_open(argv[1], &db), db, "open");
    check(sqlite3_exec(db,
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
        "CREATE TABLE samples (t REAL NOT NULL, y REAL NOT NULL, phase TEXT, vy REAL);"
        "BEGIN;", 0, 0, 0), db, "setup");
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db, "INSERT INTO samples VALUES (?, ?, ?, ?)", -1, &insert, 0), db, "prepare");
    char line[512];
    long rows = 0;
    if (!fgets(line, sizeof line, in)) return 0; /* header */
    while (fgets(line, sizeof line, in)) {
        char *field = line, *end;
        sqlite3_bind_double(insert, 1, strtod(field, &end));
        field = end + 1;
        sqlite3_bind_double(insert, 2, strtod(field, &end));
        field = end + 1;
        end = strchr(field, ',');
        if (end == field) sqlite3_bind_null(insert, 3);
        else sqlite3_bind_text(insert, 3, field, (int)(end - field), SQLITE_TRANSIENT);
        field = end + 1;
        if (*field == '\n' || *field == 0) sqlite3_bind_null(insert, 4);
        else sqlite3_bind_double(insert, 4, strtod(field, &end));
        check(sqlite3_step(insert), db, "insert");
        sqlite3_reset(insert);
        rows++;
    }
    sqlite3_finalize(insert);
    check(sqlite3_exec(db, "COMMIT", 0, 0, 0), db, "commit");
    check(sqlite3_close(db), db, "close");
    fprintf(stderr, "floor: %ld rows\n", rows);
    return 0;
}
