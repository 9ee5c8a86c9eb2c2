/* Freestanding aarch64 check of CSHA256's ARMv8 SHA2 path, run under qemu by check.sh: FIPS 180-4's
 * "abc" (one block) and 448-bit (two blocks) messages against their digests, and the capability
 * check; the exit status is 0 when all hold (1, 2: a digest is wrong; 4: SHA2 not seen). */
#include <stdint.h>
#include <stddef.h>
#include "csha256.h"
/* No C library here: the auxiliary vector says what a CPU with SHA2 says (HWCAP_SHA2). */
unsigned long getauxval(unsigned long type) { (void)type; return 1 << 6; }
static void sys_exit(int code) { register long x0 __asm__("x0") = code; register long x8 __asm__("x8") = 93; __asm__ volatile("svc 0" :: "r"(x0), "r"(x8)); for (;;) {} }
static const uint32_t init[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static int check(const uint8_t *msg, size_t n, const uint32_t *want) {
    uint8_t blocks[128] = {0};
    for (size_t i = 0; i < n; i++) blocks[i] = msg[i];
    blocks[n] = 0x80;
    size_t total = n + 9 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)n * 8;
    for (int i = 0; i < 8; i++) blocks[total - 1 - i] = (uint8_t)(bits >> (8 * i));
    uint32_t state[8];
    for (int i = 0; i < 8; i++) state[i] = init[i];
    csha256_compress_blocks(state, blocks, total / 64);
    for (int i = 0; i < 8; i++) if (state[i] != want[i]) return 1;
    return 0;
}
void _start(void) {
    static const uint32_t abc[8] = {0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223, 0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad};
    static const uint32_t two[8] = {0x248d6a61, 0xd20638b8, 0xe5c02693, 0x0c3e6039, 0xa33ce459, 0x64ff2167, 0xf6ecedd4, 0x19db06c1};
    const char *m2 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    size_t n2 = 0; while (m2[n2]) n2++;
    int bad = check((const uint8_t *)"abc", 3, abc) * 1 + check((const uint8_t *)m2, n2, two) * 2;
    bad += csha256_hardware_available() ? 0 : 4;
    sys_exit(bad);
}
