#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256 (FIPS 180-4) fed in pieces: the content hash of a recording's sessions, which Recording's
 * ContentHasher feeds a line at a time straight from the reader's buffer, and TextTools' SHA256 of
 * bytes held whole (migration checksums). C, so the line bytes reach it without a pointer in any
 * Swift module's API, and so the round constants are written once for both paths. Blocks go
 * through the CPU's SHA instructions where it has them (x86-64 SHA-NI, ARMv8 SHA2), through the
 * portable rounds elsewhere. */

/* A stream: a value; copying it forks the hash. */
typedef struct {
    uint32_t state[8];
    /* Bytes waiting for a whole 64-byte block. */
    uint8_t pending[64];
    size_t pending_count;
    /* Bytes fed so far. */
    uint64_t length;
    /* Whether blocks go through the CPU's SHA instructions. */
    int hardware;
} csha256_context;

/* Starts `context` empty; `hardware` 1 only where csha256_hardware_available() said 1 (0 forces the
 * portable rounds, which tests compare with the instructions on one machine). */
void csha256_init(csha256_context *context, int hardware);

/* Feeds `count` bytes at `bytes`. */
void csha256_update(csha256_context *context, const void *bytes, size_t count);

/* Writes the 32-byte digest of everything fed to `digest`; `context` is left as it was. */
void csha256_final(const csha256_context *context, uint8_t digest[32]);

/* Whether this CPU has the instructions csha256_compress_blocks uses: 1 or 0. Asks the CPU (or the
 * OS) each call; cache the answer. */
int csha256_hardware_available(void);

/* Runs `count` consecutive 64-byte blocks at `blocks` through the compression function, updating
 * `state` (the eight working words a, b, …, h in native byte order). Only when
 * csha256_hardware_available() says 1: the instructions are illegal elsewhere. */
void csha256_compress_blocks(uint32_t state[8], const void *blocks, size_t count);

#endif
