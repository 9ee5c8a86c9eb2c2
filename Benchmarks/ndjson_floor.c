/* The reader's floor (issue 38 item 4): the least a program can do with a navrec NDJSON
 * recording and still have read its samples — find each line, and on a sample line (one that
 * starts `{"t":`) parse `t` and `y` into doubles, exactly (Clinger's fast path: a mantissa under
 * 2^53 scaled by an exact power of ten, strtod otherwise). No other key, no validation, no
 * models, no content hash. navrec's reader is measured against this, per sample.
 *
 * usage: ndjson_floor FILE...   prints the sample count and a checksum of the values
 * build: cc -O2 -o ndjson_floor Benchmarks/ndjson_floor.c
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const double powers[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* The JSON number at `p` (up to `end`), correctly rounded; `*next` is the byte after it. */
static double number(const char *p, const char *end, const char **next) {
    const char *start = p;
    int negative = p < end && *p == '-';
    p += negative;
    uint64_t mantissa = 0;
    int digits = 0, exponent = 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++, digits++) mantissa = mantissa * 10 + (uint64_t)(*p - '0');
    if (p < end && *p == '.') {
        for (p++; p < end && *p >= '0' && *p <= '9'; p++, digits++, exponent--) mantissa = mantissa * 10 + (uint64_t)(*p - '0');
    }
    int simple = p == end || (*p != 'e' && *p != 'E');
    if (simple && digits <= 19 && mantissa < (1ull << 53) && exponent >= -22) {
        *next = p;
        double value = (double)mantissa / powers[-exponent];
        return negative ? -value : value;
    }
    /* Rare here: exponents, long mantissas. strtod needs a terminated string. */
    char text[64];
    size_t length = 0;
    for (p = start; p < end && length < sizeof text - 1 && strchr("+-.0123456789eE", *p); p++) text[length++] = *p;
    text[length] = 0;
    *next = p;
    return strtod(text, NULL);
}

int main(int argc, char **argv) {
    enum { size = 1 << 20 };
    char *buffer = malloc(size);
    long samples = 0;
    double checksum = 0;
    for (int file = 1; file < argc; file++) {
        int fd = open(argv[file], O_RDONLY);
        if (fd < 0) { perror(argv[file]); return 66; }
        size_t held = 0;
        for (;;) {
            if (held == size) { fprintf(stderr, "%s: a line over 1 MiB\n", argv[file]); return 65; }
            ssize_t got = read(fd, buffer + held, size - held);
            if (got < 0) { perror(argv[file]); return 74; }
            held += (size_t)got;
            const char *p = buffer, *end = buffer + held;
            const char *newline;
            while ((newline = memchr(p, '\n', (size_t)(end - p))) || (got == 0 && p < end)) {
                const char *line_end = newline ? newline : end;
                if (line_end - p > 5 && memcmp(p, "{\"t\":", 5) == 0) {
                    const char *q;
                    double t = number(p + 5, line_end, &q);
                    if (line_end - q > 5 && memcmp(q, ",\"y\":", 5) == 0) {
                        checksum += t + number(q + 5, line_end, &q);
                        samples++;
                    }
                }
                p = line_end + (newline != NULL);
            }
            held = (size_t)(end - p);
            memmove(buffer, p, held);
            if (got == 0) break;
        }
        close(fd);
    }
    printf("%ld samples, checksum %.17g\n", samples, checksum);
    return 0;
}
