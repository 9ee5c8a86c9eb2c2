#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256's compression function on the CPU's own SHA instructions (x86-64 SHA-NI, ARMv8 SHA2),
 * for TextTools' SHA256Stream, whose portable Swift rounds are the fallback. */

/* Whether this CPU has the instructions csha256_compress_blocks uses: 1 or 0. Asks the CPU (or the
 * OS) each call; cache the answer. */
int csha256_hardware_available(void);

/* Runs `count` consecutive 64-byte blocks at `blocks` through the compression function, updating
 * `state` (the eight working words a, b, …, h in native byte order). Only when
 * csha256_hardware_available() says 1: the instructions are illegal elsewhere. */
void csha256_compress_blocks(uint32_t state[8], const void *blocks, size_t count);

#endif
