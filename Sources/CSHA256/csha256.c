#include "csha256.h"

/* Each path is compiled with the instruction set it needs enabled for its own function only
 * (a target attribute), so neither the package nor its users need special compiler flags, and the
 * instructions run only after the capability check said the CPU has them. */

/* FIPS 180-4's round constants, for every path: aligned, four to a vector as the round
 * instructions take them. */
const uint32_t csha256_k[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <cpuid.h>
#include <immintrin.h>

int csha256_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    /* SSSE3 (ecx bit 9, the byte shuffle) and SSE4.1 (ecx bit 19, the blend) come with every SHA-NI
     * CPU, but an emulator or hypervisor may report them separately. */
    if (!(ecx & (1u << 9)) || !(ecx & (1u << 19))) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx >> 29) & 1; /* SHA */
}

__attribute__((target("sha,ssse3,sse4.1")))
void csha256_compress_blocks(uint32_t state[8], const void *blocks, size_t count) {
    const uint8_t *block = blocks;
    /* Big-endian message words: reverse the bytes of each 32-bit lane. */
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    /* The round instruction keeps the state as (a, b, e, f) and (c, d, g, h), high lane first. */
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    for (; count > 0; count--, block += 64) {
        const __m128i abefBefore = abef, cdghBefore = cdgh;
        /* The message schedule's last 16 words, four to a vector, slot i % 4 holding w[4i…4i+3]. */
        __m128i w[4];
        for (int i = 0; i < 4; i++) w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(block + 16 * i)), byteSwap);
        /* Unrolled, so that the four schedule slots stay in registers instead of memory. */
        _Pragma("GCC unroll 16") for (int i = 0; i < 16; i++) {
            if (i >= 4) {
                /* w[t] = σ1(w[t-2]) + w[t-7] + σ0(w[t-15]) + w[t-16], four words at once. */
                __m128i next = _mm_sha256msg1_epu32(w[i % 4], w[(i + 1) % 4]);
                next = _mm_add_epi32(next, _mm_alignr_epi8(w[(i + 3) % 4], w[(i + 2) % 4], 4));
                w[i % 4] = _mm_sha256msg2_epu32(next, w[(i + 3) % 4]);
            }
            /* Four rounds: two with the low two words of w + k, two with the high two. */
            __m128i wk = _mm_add_epi32(w[i % 4], _mm_load_si128((const __m128i *)&csha256_k[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
        }
        abef = _mm_add_epi32(abef, abefBefore);
        cdgh = _mm_add_epi32(cdgh, cdghBefore);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#elif defined(__aarch64__) && (defined(__clang__) || defined(__GNUC__))

#include <arm_neon.h>
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_SHA2
#define HWCAP_SHA2 (1 << 6) /* Linux's arm64 hwcap bit, for C libraries whose headers lack it. */
#endif
#endif

int csha256_hardware_available(void) {
#if defined(__APPLE__) || defined(__ARM_FEATURE_SHA2)
    return 1; /* Every Apple arm64 CPU has it; so does any CPU the build was told to require. */
#elif defined(__linux__)
    return (getauxval(AT_HWCAP) & HWCAP_SHA2) != 0;
#else
    return 0; /* No portable way to ask: the portable rounds. */
#endif
}

__attribute__((target("+sha2")))
void csha256_compress_blocks(uint32_t state[8], const void *blocks, size_t count) {
    const uint8_t *block = blocks;
    uint32x4_t abcd = vld1q_u32(&state[0]);
    uint32x4_t efgh = vld1q_u32(&state[4]);
    for (; count > 0; count--, block += 64) {
        const uint32x4_t abcdBefore = abcd, efghBefore = efgh;
        /* The message schedule's last 16 words, four to a vector, slot i % 4 holding w[4i…4i+3];
         * big-endian, so each 32-bit lane's bytes are reversed. */
        uint32x4_t w[4];
        for (int i = 0; i < 4; i++) w[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(block + 16 * i)));
        _Pragma("GCC unroll 16") for (int i = 0; i < 16; i++) {
            uint32x4_t wk = vaddq_u32(w[i % 4], vld1q_u32(&csha256_k[4 * i]));
            if (i < 12) {
                /* w[t + 16] = σ1(w[t + 14]) + w[t + 9] + σ0(w[t + 1]) + w[t], into the slot just read. */
                w[i % 4] = vsha256su1q_u32(vsha256su0q_u32(w[i % 4], w[(i + 1) % 4]), w[(i + 2) % 4], w[(i + 3) % 4]);
            }
            /* Four rounds. */
            const uint32x4_t abcdRound = abcd;
            abcd = vsha256hq_u32(abcd, efgh, wk);
            efgh = vsha256h2q_u32(efgh, abcdRound, wk);
        }
        abcd = vaddq_u32(abcd, abcdBefore);
        efgh = vaddq_u32(efgh, efghBefore);
    }
    vst1q_u32(&state[0], abcd);
    vst1q_u32(&state[4], efgh);
}

#else

#include <stdlib.h>

/* No SHA instructions this file knows how to reach: the portable rounds (csha256_stream.c). */
int csha256_hardware_available(void) { return 0; }

void csha256_compress_blocks(uint32_t state[8], const void *blocks, size_t count) {
    (void)state; (void)blocks; (void)count;
    abort(); /* Never called: csha256_hardware_available() said 0. */
}

#endif
