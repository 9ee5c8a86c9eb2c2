#include "csha256.h"

#include <string.h>

/* In its own file, apart from the instruction paths, because those are also built freestanding
 * (Integrations/sha256-arm64/check.sh), where no C library supplies memcpy. */

extern const uint32_t csha256_k[64];

static uint32_t rotate(uint32_t value, unsigned count) { return (value >> count) | (value << (32 - count)); }

/* `count` 64-byte blocks at `block`, without the SHA instructions. */
static void compress_portably(uint32_t state[8], const uint8_t *block, size_t count) {
    for (; count > 0; count--, block += 64) {
        uint32_t w[64];
        for (int i = 0; i < 16; i++) {
            const uint8_t *word = block + 4 * i;
            w[i] = (uint32_t)word[0] << 24 | (uint32_t)word[1] << 16 | (uint32_t)word[2] << 8 | word[3];
        }
        for (int i = 16; i < 64; i++) {
            uint32_t s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; i++) {
            uint32_t temp1 = h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + csha256_k[i] + w[i];
            uint32_t temp2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + temp1; d = c; c = b; b = a; a = temp1 + temp2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}

static void compress(csha256_context *context, const uint8_t *blocks, size_t count) {
    if (context->hardware) {
        csha256_compress_blocks(context->state, blocks, count);
    } else {
        compress_portably(context->state, blocks, count);
    }
}

void csha256_init(csha256_context *context, int hardware) {
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(context->state, initial, sizeof initial);
    context->pending_count = 0;
    context->length = 0;
    context->hardware = hardware;
}

void csha256_update(csha256_context *context, const void *bytes, size_t count) {
    const uint8_t *next = bytes;
    if (count == 0) return;
    context->length += count;
    if (context->pending_count > 0) {
        size_t taken = 64 - context->pending_count < count ? 64 - context->pending_count : count;
        memcpy(context->pending + context->pending_count, next, taken);
        context->pending_count += taken;
        next += taken;
        count -= taken;
        if (context->pending_count < 64) return;
        compress(context, context->pending, 1);
        context->pending_count = 0;
    }
    if (count >= 64) {
        compress(context, next, count / 64);
        next += count & ~(size_t)63;
        count &= 63;
    }
    memcpy(context->pending, next, count);
    context->pending_count = count;
}

void csha256_final(const csha256_context *context, uint8_t digest[32]) {
    csha256_context copy = *context;
    uint64_t bits = copy.length * 8;
    /* 0x80, zeros up to 56 bytes into a block, the length in bits as a big-endian 64-bit word. */
    uint8_t padding[72] = {0x80};
    size_t afterMarker = (copy.pending_count + 1) % 64;
    size_t length = 1 + (afterMarker <= 56 ? 56 - afterMarker : 120 - afterMarker);
    for (int i = 0; i < 8; i++) padding[length++] = (uint8_t)(bits >> (56 - 8 * i));
    csha256_update(&copy, padding, length);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(copy.state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(copy.state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(copy.state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)copy.state[i];
    }
}
