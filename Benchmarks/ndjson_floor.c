/* The reader's floor (issue 38 item 4): the least a program can do with a navrec NDJSON
 * recording and still have read its samples — find each line, and on a sample line (one that
 * starts `{"t":` and goes on `,"y":` after t's number) parse `t` and `y` into doubles, exactly:
 * Clinger's fast path (a mantissa up to 2^53 scaled by an exact power of ten), Eisel-Lemire for
 * the other mantissas of up to 19 digits (the 16-18-digit shortest forms recorders write, e.g.
 * 0.3333333333333333; the same method and table as navrec's TextTools.EiselLemire), strtod for the
 * rest (more than 19 digits, exponents, exponents past the table, subnormals, ambiguous halfway
 * cases). No other key, no validation, no models, no content hash. navrec's reader is measured
 * against this, per sample.
 *
 * Modes, each on the same sample lines and each exact (every value equal to strtod's, bit for bit):
 *   (none) `t` and `y` only, a digit at a time.
 *   -a  every other value of a sample line too (what navrec's reader reads), the simple way:
 *       numbers a digit at a time as `t` and `y`, keys and strings skipped to their closing quote
 *       (memchr), separators and literals' letters a byte at a time; nothing stored. A weak floor:
 *       it is not what a fast reader does.
 *   -w  every value of a sample line, the way a fast reader would, in portable C (64-bit loads,
 *       little-endian as x86-64 and arm64; no intrinsics): a number's integer part a digit at a
 *       time (1-3 digits here; fast_float and simdjson do the same; 8 at a time costs 100
 *       instructions a sample more and 11% more CPU time), its fraction 8 digits at a time (a
 *       word's digit run found with one mask, 8 digits converted with 3 multiplications), then
 *       Clinger / Eisel-Lemire / strtod as above; keys and strings skipped to their closing quote
 *       a word at a time (a quote after an odd run of backslashes is escaped), not looked up; a
 *       key's `:` and a value's `,` stepped over at once; each value stored by its position in
 *       the line into an array of 64 doubles (`t` is 0, `y` 1; `true`/`false`/`null` stored as
 *       1/0/NaN; strings take no slot). A floor of parsing: it uses nothing a general reader
 *       could not use on any line (no comparison with the line before, no skipping repeated
 *       values).
 *   -k  as -w, but each value stored into a struct field chosen by its key (a switch on the key's
 *       length, then its first 8 bytes and, past 8, its next 8, against t, y, phase, vy,
 *       frameDuration, barHeight, largeTitleAlpha, inlineTitleAlpha, avatarScale, avatarTx,
 *       avatarTy; any other key's value into one `unknown` field; phase's string value skipped
 *       as any string): the least a reader that knows which value is which pays.
 * The checksum adds `t + y` and then the sum of the line's other numbers (literals not counted),
 * in the same order in every mode with a value, so -a, -w and -k print the same checksum.
 *
 * usage: ndjson_floor [-a|-w|-k] FILE...   prints the sample count and a checksum of the values
 * build: cc -O2 -o ndjson_floor Benchmarks/ndjson_floor.c
 */
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const double powers[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* Truncated 128-bit powers of five (high, low) for q in -100...100. */
static const uint64_t powers_of_five[201][2] = {
    {0xdff9772470297ebdu, 0x59787e2b93bc56f7u},
    {0x8bfbea76c619ef36u, 0x57eb4edb3c55b65au},
    {0xaefae51477a06b03u, 0xede622920b6b23f1u},
    {0xdab99e59958885c4u, 0xe95fab368e45ecedu},
    {0x88b402f7fd75539bu, 0x11dbcb0218ebb414u},
    {0xaae103b5fcd2a881u, 0xd652bdc29f26a119u},
    {0xd59944a37c0752a2u, 0x4be76d3346f0495fu},
    {0x857fcae62d8493a5u, 0x6f70a4400c562ddbu},
    {0xa6dfbd9fb8e5b88eu, 0xcb4ccd500f6bb952u},
    {0xd097ad07a71f26b2u, 0x7e2000a41346a7a7u},
    {0x825ecc24c873782fu, 0x8ed400668c0c28c8u},
    {0xa2f67f2dfa90563bu, 0x728900802f0f32fau},
    {0xcbb41ef979346bcau, 0x4f2b40a03ad2ffb9u},
    {0xfea126b7d78186bcu, 0xe2f610c84987bfa8u},
    {0x9f24b832e6b0f436u, 0x0dd9ca7d2df4d7c9u},
    {0xc6ede63fa05d3143u, 0x91503d1c79720dbbu},
    {0xf8a95fcf88747d94u, 0x75a44c6397ce912au},
    {0x9b69dbe1b548ce7cu, 0xc986afbe3ee11abau},
    {0xc24452da229b021bu, 0xfbe85badce996168u},
    {0xf2d56790ab41c2a2u, 0xfae27299423fb9c3u},
    {0x97c560ba6b0919a5u, 0xdccd879fc967d41au},
    {0xbdb6b8e905cb600fu, 0x5400e987bbc1c920u},
    {0xed246723473e3813u, 0x290123e9aab23b68u},
    {0x9436c0760c86e30bu, 0xf9a0b6720aaf6521u},
    {0xb94470938fa89bceu, 0xf808e40e8d5b3e69u},
    {0xe7958cb87392c2c2u, 0xb60b1d1230b20e04u},
    {0x90bd77f3483bb9b9u, 0xb1c6f22b5e6f48c2u},
    {0xb4ecd5f01a4aa828u, 0x1e38aeb6360b1af3u},
    {0xe2280b6c20dd5232u, 0x25c6da63c38de1b0u},
    {0x8d590723948a535fu, 0x579c487e5a38ad0eu},
    {0xb0af48ec79ace837u, 0x2d835a9df0c6d851u},
    {0xdcdb1b2798182244u, 0xf8e431456cf88e65u},
    {0x8a08f0f8bf0f156bu, 0x1b8e9ecb641b58ffu},
    {0xac8b2d36eed2dac5u, 0xe272467e3d222f3fu},
    {0xd7adf884aa879177u, 0x5b0ed81dcc6abb0fu},
    {0x86ccbb52ea94baeau, 0x98e947129fc2b4e9u},
    {0xa87fea27a539e9a5u, 0x3f2398d747b36224u},
    {0xd29fe4b18e88640eu, 0x8eec7f0d19a03aadu},
    {0x83a3eeeef9153e89u, 0x1953cf68300424acu},
    {0xa48ceaaab75a8e2bu, 0x5fa8c3423c052dd7u},
    {0xcdb02555653131b6u, 0x3792f412cb06794du},
    {0x808e17555f3ebf11u, 0xe2bbd88bbee40bd0u},
    {0xa0b19d2ab70e6ed6u, 0x5b6aceaeae9d0ec4u},
    {0xc8de047564d20a8bu, 0xf245825a5a445275u},
    {0xfb158592be068d2eu, 0xeed6e2f0f0d56712u},
    {0x9ced737bb6c4183du, 0x55464dd69685606bu},
    {0xc428d05aa4751e4cu, 0xaa97e14c3c26b886u},
    {0xf53304714d9265dfu, 0xd53dd99f4b3066a8u},
    {0x993fe2c6d07b7fabu, 0xe546a8038efe4029u},
    {0xbf8fdb78849a5f96u, 0xde98520472bdd033u},
    {0xef73d256a5c0f77cu, 0x963e66858f6d4440u},
    {0x95a8637627989aadu, 0xdde7001379a44aa8u},
    {0xbb127c53b17ec159u, 0x5560c018580d5d52u},
    {0xe9d71b689dde71afu, 0xaab8f01e6e10b4a6u},
    {0x9226712162ab070du, 0xcab3961304ca70e8u},
    {0xb6b00d69bb55c8d1u, 0x3d607b97c5fd0d22u},
    {0xe45c10c42a2b3b05u, 0x8cb89a7db77c506au},
    {0x8eb98a7a9a5b04e3u, 0x77f3608e92adb242u},
    {0xb267ed1940f1c61cu, 0x55f038b237591ed3u},
    {0xdf01e85f912e37a3u, 0x6b6c46dec52f6688u},
    {0x8b61313bbabce2c6u, 0x2323ac4b3b3da015u},
    {0xae397d8aa96c1b77u, 0xabec975e0a0d081au},
    {0xd9c7dced53c72255u, 0x96e7bd358c904a21u},
    {0x881cea14545c7575u, 0x7e50d64177da2e54u},
    {0xaa242499697392d2u, 0xdde50bd1d5d0b9e9u},
    {0xd4ad2dbfc3d07787u, 0x955e4ec64b44e864u},
    {0x84ec3c97da624ab4u, 0xbd5af13bef0b113eu},
    {0xa6274bbdd0fadd61u, 0xecb1ad8aeacdd58eu},
    {0xcfb11ead453994bau, 0x67de18eda5814af2u},
    {0x81ceb32c4b43fcf4u, 0x80eacf948770ced7u},
    {0xa2425ff75e14fc31u, 0xa1258379a94d028du},
    {0xcad2f7f5359a3b3eu, 0x096ee45813a04330u},
    {0xfd87b5f28300ca0du, 0x8bca9d6e188853fcu},
    {0x9e74d1b791e07e48u, 0x775ea264cf55347eu},
    {0xc612062576589ddau, 0x95364afe032a819eu},
    {0xf79687aed3eec551u, 0x3a83ddbd83f52205u},
    {0x9abe14cd44753b52u, 0xc4926a9672793543u},
    {0xc16d9a0095928a27u, 0x75b7053c0f178294u},
    {0xf1c90080baf72cb1u, 0x5324c68b12dd6339u},
    {0x971da05074da7beeu, 0xd3f6fc16ebca5e04u},
    {0xbce5086492111aeau, 0x88f4bb1ca6bcf585u},
    {0xec1e4a7db69561a5u, 0x2b31e9e3d06c32e6u},
    {0x9392ee8e921d5d07u, 0x3aff322e62439fd0u},
    {0xb877aa3236a4b449u, 0x09befeb9fad487c3u},
    {0xe69594bec44de15bu, 0x4c2ebe687989a9b4u},
    {0x901d7cf73ab0acd9u, 0x0f9d37014bf60a11u},
    {0xb424dc35095cd80fu, 0x538484c19ef38c95u},
    {0xe12e13424bb40e13u, 0x2865a5f206b06fbau},
    {0x8cbccc096f5088cbu, 0xf93f87b7442e45d4u},
    {0xafebff0bcb24aafeu, 0xf78f69a51539d749u},
    {0xdbe6fecebdedd5beu, 0xb573440e5a884d1cu},
    {0x89705f4136b4a597u, 0x31680a88f8953031u},
    {0xabcc77118461cefcu, 0xfdc20d2b36ba7c3eu},
    {0xd6bf94d5e57a42bcu, 0x3d32907604691b4du},
    {0x8637bd05af6c69b5u, 0xa63f9a49c2c1b110u},
    {0xa7c5ac471b478423u, 0x0fcf80dc33721d54u},
    {0xd1b71758e219652bu, 0xd3c36113404ea4a9u},
    {0x83126e978d4fdf3bu, 0x645a1cac083126eau},
    {0xa3d70a3d70a3d70au, 0x3d70a3d70a3d70a4u},
    {0xccccccccccccccccu, 0xcccccccccccccccdu},
    {0x8000000000000000u, 0x0000000000000000u},
    {0xa000000000000000u, 0x0000000000000000u},
    {0xc800000000000000u, 0x0000000000000000u},
    {0xfa00000000000000u, 0x0000000000000000u},
    {0x9c40000000000000u, 0x0000000000000000u},
    {0xc350000000000000u, 0x0000000000000000u},
    {0xf424000000000000u, 0x0000000000000000u},
    {0x9896800000000000u, 0x0000000000000000u},
    {0xbebc200000000000u, 0x0000000000000000u},
    {0xee6b280000000000u, 0x0000000000000000u},
    {0x9502f90000000000u, 0x0000000000000000u},
    {0xba43b74000000000u, 0x0000000000000000u},
    {0xe8d4a51000000000u, 0x0000000000000000u},
    {0x9184e72a00000000u, 0x0000000000000000u},
    {0xb5e620f480000000u, 0x0000000000000000u},
    {0xe35fa931a0000000u, 0x0000000000000000u},
    {0x8e1bc9bf04000000u, 0x0000000000000000u},
    {0xb1a2bc2ec5000000u, 0x0000000000000000u},
    {0xde0b6b3a76400000u, 0x0000000000000000u},
    {0x8ac7230489e80000u, 0x0000000000000000u},
    {0xad78ebc5ac620000u, 0x0000000000000000u},
    {0xd8d726b7177a8000u, 0x0000000000000000u},
    {0x878678326eac9000u, 0x0000000000000000u},
    {0xa968163f0a57b400u, 0x0000000000000000u},
    {0xd3c21bcecceda100u, 0x0000000000000000u},
    {0x84595161401484a0u, 0x0000000000000000u},
    {0xa56fa5b99019a5c8u, 0x0000000000000000u},
    {0xcecb8f27f4200f3au, 0x0000000000000000u},
    {0x813f3978f8940984u, 0x4000000000000000u},
    {0xa18f07d736b90be5u, 0x5000000000000000u},
    {0xc9f2c9cd04674edeu, 0xa400000000000000u},
    {0xfc6f7c4045812296u, 0x4d00000000000000u},
    {0x9dc5ada82b70b59du, 0xf020000000000000u},
    {0xc5371912364ce305u, 0x6c28000000000000u},
    {0xf684df56c3e01bc6u, 0xc732000000000000u},
    {0x9a130b963a6c115cu, 0x3c7f400000000000u},
    {0xc097ce7bc90715b3u, 0x4b9f100000000000u},
    {0xf0bdc21abb48db20u, 0x1e86d40000000000u},
    {0x96769950b50d88f4u, 0x1314448000000000u},
    {0xbc143fa4e250eb31u, 0x17d955a000000000u},
    {0xeb194f8e1ae525fdu, 0x5dcfab0800000000u},
    {0x92efd1b8d0cf37beu, 0x5aa1cae500000000u},
    {0xb7abc627050305adu, 0xf14a3d9e40000000u},
    {0xe596b7b0c643c719u, 0x6d9ccd05d0000000u},
    {0x8f7e32ce7bea5c6fu, 0xe4820023a2000000u},
    {0xb35dbf821ae4f38bu, 0xdda2802c8a800000u},
    {0xe0352f62a19e306eu, 0xd50b2037ad200000u},
    {0x8c213d9da502de45u, 0x4526f422cc340000u},
    {0xaf298d050e4395d6u, 0x9670b12b7f410000u},
    {0xdaf3f04651d47b4cu, 0x3c0cdd765f114000u},
    {0x88d8762bf324cd0fu, 0xa5880a69fb6ac800u},
    {0xab0e93b6efee0053u, 0x8eea0d047a457a00u},
    {0xd5d238a4abe98068u, 0x72a4904598d6d880u},
    {0x85a36366eb71f041u, 0x47a6da2b7f864750u},
    {0xa70c3c40a64e6c51u, 0x999090b65f67d924u},
    {0xd0cf4b50cfe20765u, 0xfff4b4e3f741cf6du},
    {0x82818f1281ed449fu, 0xbff8f10e7a8921a4u},
    {0xa321f2d7226895c7u, 0xaff72d52192b6a0du},
    {0xcbea6f8ceb02bb39u, 0x9bf4f8a69f764490u},
    {0xfee50b7025c36a08u, 0x02f236d04753d5b4u},
    {0x9f4f2726179a2245u, 0x01d762422c946590u},
    {0xc722f0ef9d80aad6u, 0x424d3ad2b7b97ef5u},
    {0xf8ebad2b84e0d58bu, 0xd2e0898765a7deb2u},
    {0x9b934c3b330c8577u, 0x63cc55f49f88eb2fu},
    {0xc2781f49ffcfa6d5u, 0x3cbf6b71c76b25fbu},
    {0xf316271c7fc3908au, 0x8bef464e3945ef7au},
    {0x97edd871cfda3a56u, 0x97758bf0e3cbb5acu},
    {0xbde94e8e43d0c8ecu, 0x3d52eeed1cbea317u},
    {0xed63a231d4c4fb27u, 0x4ca7aaa863ee4bddu},
    {0x945e455f24fb1cf8u, 0x8fe8caa93e74ef6au},
    {0xb975d6b6ee39e436u, 0xb3e2fd538e122b44u},
    {0xe7d34c64a9c85d44u, 0x60dbbca87196b616u},
    {0x90e40fbeea1d3a4au, 0xbc8955e946fe31cdu},
    {0xb51d13aea4a488ddu, 0x6babab6398bdbe41u},
    {0xe264589a4dcdab14u, 0xc696963c7eed2dd1u},
    {0x8d7eb76070a08aecu, 0xfc1e1de5cf543ca2u},
    {0xb0de65388cc8ada8u, 0x3b25a55f43294bcbu},
    {0xdd15fe86affad912u, 0x49ef0eb713f39ebeu},
    {0x8a2dbf142dfcc7abu, 0x6e3569326c784337u},
    {0xacb92ed9397bf996u, 0x49c2c37f07965404u},
    {0xd7e77a8f87daf7fbu, 0xdc33745ec97be906u},
    {0x86f0ac99b4e8dafdu, 0x69a028bb3ded71a3u},
    {0xa8acd7c0222311bcu, 0xc40832ea0d68ce0cu},
    {0xd2d80db02aabd62bu, 0xf50a3fa490c30190u},
    {0x83c7088e1aab65dbu, 0x792667c6da79e0fau},
    {0xa4b8cab1a1563f52u, 0x577001b891185938u},
    {0xcde6fd5e09abcf26u, 0xed4c0226b55e6f86u},
    {0x80b05e5ac60b6178u, 0x544f8158315b05b4u},
    {0xa0dc75f1778e39d6u, 0x696361ae3db1c721u},
    {0xc913936dd571c84cu, 0x03bc3a19cd1e38e9u},
    {0xfb5878494ace3a5fu, 0x04ab48a04065c723u},
    {0x9d174b2dcec0e47bu, 0x62eb0d64283f9c76u},
    {0xc45d1df942711d9au, 0x3ba5d0bd324f8394u},
    {0xf5746577930d6500u, 0xca8f44ec7ee36479u},
    {0x9968bf6abbe85f20u, 0x7e998b13cf4e1ecbu},
    {0xbfc2ef456ae276e8u, 0x9e3fedd8c321a67eu},
    {0xefb3ab16c59b14a2u, 0xc5cfe94ef3ea101eu},
    {0x95d04aee3b80ece5u, 0xbba1f1d158724a12u},
    {0xbb445da9ca61281fu, 0x2a8a6e45ae8edc97u},
    {0xea1575143cf97226u, 0xf52d09d71a3293bdu},
    {0x924d692ca61be758u, 0x593c2626705f9c56u},
};

/* w * 10^q correctly rounded into *value, or 0 (leave it to strtod). */
static int eisel_lemire(uint64_t w, int q, double *value) {
    if (w == 0 || q < -100 || q > 100) return 0;
    int leading_zeros = __builtin_clzll(w);
    uint64_t normalized = w << leading_zeros;
    const uint64_t *power = powers_of_five[q + 100];
    unsigned __int128 product = (unsigned __int128)normalized * power[0];
    uint64_t high = (uint64_t)(product >> 64), low = (uint64_t)product;
    if ((high & 0x1FF) == 0x1FF) {
        uint64_t second = (uint64_t)(((unsigned __int128)normalized * power[1]) >> 64);
        low += second;
        if (second > low) high++;
    }
    if (low == UINT64_MAX && (q < -27 || q > 55)) return 0;
    int upper_bit = (int)(high >> 63);
    uint64_t mantissa = high >> (upper_bit + 9);
    int power2 = (((152170 + 65536) * q) >> 16) + 63 + upper_bit - leading_zeros + 1023;
    if (power2 <= 0) return 0;
    if (low <= 1 && q >= -4 && q <= 23 && (mantissa & 3) == 1 && (mantissa << (upper_bit + 9)) == high) mantissa &= ~1ull;
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if (mantissa >= (2ull << 52)) { mantissa = 1ull << 52; power2++; }
    mantissa &= ~(1ull << 52);
    if (power2 >= 0x7FF) return 0;
    uint64_t bits = mantissa | (uint64_t)power2 << 52;
    memcpy(value, &bits, sizeof bits);
    return 1;
}

/* The number at `start`, up to `end`, by strtod (which needs a terminated string): the rare path
 * (exponents, more than 19 digits) of number() and fast_number(). */
static __attribute__((noinline)) double strtod_number(const char *start, const char *end, const char **next) {
    char text[64];
    size_t length = 0;
    const char *p;
    for (p = start; p < end && length < sizeof text - 1 && strchr("+-.0123456789eE", *p); p++) text[length++] = *p;
    text[length] = 0;
    *next = p;
    return strtod(text, NULL);
}

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
    if (simple && digits <= 19) {
        double value;
        if (mantissa <= (1ull << 53) && exponent >= -22) value = (double)mantissa / powers[-exponent];
        else if (!eisel_lemire(mantissa, exponent, &value)) goto slow;
        *next = p;
        return negative ? -value : value;
    }
slow:
    return strtod_number(start, end, next); /* rare here: exponents, more than 19 digits */
}

/* The sum of the numbers from `p` to the line's `end` (-a): a key or a string is skipped to its
 * closing quote, a separator or a literal's letter a byte at a time. */
static double rest_of_line(const char *p, const char *end) {
    double sum = 0;
    while (p < end) {
        if (*p == '-' || (*p >= '0' && *p <= '9')) {
            sum += number(p, end, &p);
        } else if (*p == '"') {
            const char *quote = memchr(p + 1, '"', (size_t)(end - p - 1));
            if (!quote) break;
            p = quote + 1;
        } else {
            p++;
        }
    }
    return sum;
}

/* -w and -k. Loads are little-endian (a big-endian machine would swap the bytes here). A load may
 * read up to 15 bytes past a line's end: the buffer has room after its data, and 16 zero bytes
 * there (no digit, no quote) end any run at the data's end. */
static inline uint64_t load8(const char *p) {
    uint64_t word;
    memcpy(&word, p, sizeof word);
    return word;
}

/* The high bit of each byte of `word` that is no ASCII digit (the first byte is the lowest). */
static inline uint64_t non_digits(uint64_t word) {
    return (((word ^ 0x3030303030303030u) + 0x7676767676767676u) | word) & 0x8080808080808080u;
}

/* Eight digit values (0-9 a byte, the first byte the most significant) as a number. */
static inline uint64_t eight_digits(uint64_t values) {
    values = (values * 2561) >> 8;                                       /* 10 << 8 | 1 */
    values = ((values & 0x00FF00FF00FF00FFu) * 6553601) >> 16;           /* 100 << 16 | 1 */
    return ((values & 0x0000FFFF0000FFFFu) * 42949672960001u) >> 32;    /* 10000 << 32 | 1 */
}

static const uint64_t scales[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

/* The digits at `*p` into `*mantissa` (wrapping past 19 digits; the caller counts), 8 at a time:
 * whole words while they last, then the run's rest (0-7 digits) shifted to the top of its word and
 * converted as 8 with leading zeros. `*p` moves past them. Returns how many there were. */
static inline int digits_at(const char **p, uint64_t *mantissa) {
    const char *start = *p, *q = start;
    uint64_t word = load8(q), mask = non_digits(word);
    while (mask == 0) {
        *mantissa = *mantissa * 100000000 + eight_digits(word ^ 0x3030303030303030u);
        q += 8;
        word = load8(q);
        mask = non_digits(word);
    }
    int count = __builtin_ctzll(mask) >> 3;
    if (count) {
        *mantissa = *mantissa * scales[count] + eight_digits((word ^ 0x3030303030303030u) << (64 - 8 * count));
        q += count;
    }
    *p = q;
    return (int)(q - start);
}

/* As number(), the fraction 8 digits at a time; the integer part a digit at a time, as fast_float
 * and simdjson do (1-3 digits in a recording: faster than a word's conversion). Inlined into its
 * loops: a call's saved registers cost as much as a word of digits. */
static inline __attribute__((always_inline)) double fast_number(const char *p, const char *end, const char **next) {
    const char *start = p;
    int negative = *p == '-';
    p += negative;
    uint64_t mantissa = 0;
    int digits = 0, exponent = 0;
    for (; (unsigned)(*p - '0') < 10; p++, digits++) mantissa = mantissa * 10 + (uint64_t)(*p - '0');
    if (*p == '.') {
        p++;
        exponent = -digits_at(&p, &mantissa);
        digits -= exponent;
    }
    if ((*p | 0x20) != 'e' && digits <= 19) {
        double value;
        if (mantissa <= (1ull << 53) && exponent >= -22) value = (double)(int64_t)mantissa / powers[-exponent];
        else if (!eisel_lemire(mantissa, exponent, &value)) return strtod_number(start, end, next);
        *next = p;
        return negative ? -value : value;
    }
    return strtod_number(start, end, next); /* exponents, more than 19 digits */
}

/* The byte after the string whose opening quote is just before `p`, its closing quote found a
 * word at a time (a quote after an odd run of backslashes is escaped); `end` if none on the line. */
static inline const char *past_string(const char *p, const char *end) {
    for (;;) {
        uint64_t word = load8(p) ^ 0x2222222222222222u;
        uint64_t quotes = (word - 0x0101010101010101u) & ~word & 0x8080808080808080u;
        if (quotes) {
            const char *quote = p + (__builtin_ctzll(quotes) >> 3);
            if (quote >= end) return end;
            if (quote[-1] != '\\') return quote + 1;
            const char *before = quote - 1;
            while (*before == '\\') before--;
            if ((quote - before) & 1) return quote + 1; /* an even run of backslashes */
            p = quote + 1;
        } else {
            p += 8;
            if (p >= end) return end;
        }
    }
}

/* -w: a sample line's values by position (kept in a global, so that the stores stay). */
double line_values[64];

/* The sum of the numbers from `p` to the line's `end`, each stored into line_values from slot 2.
 * A key's `:` and a value's `,` are stepped over where they follow at once, by a branch (a
 * table's 0 or 1 added to the pointer is 47 instructions a sample fewer but puts two loads on
 * the pointer's path: 18-20% more CPU time); any other byte (a brace, a bracket, white space) a
 * byte at a time. Every path stops at the line's end: its byte is a newline or a zero, no digit,
 * quote or literal. */
static double values_by_position(const char *p, const char *end) {
    double sum = 0;
    unsigned slot = 2;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') {
            p = past_string(p + 1, end);
            if (*p == ':') p++;
            else if (*p == ',') p++;
        } else if ((unsigned)(c - '0') < 10 || c == '-') {
            double value = fast_number(p, end, &p);
            line_values[slot++ & 63] = value;
            sum += value;
            if (*p == ',') p++;
        } else if (c == 't' || c == 'f' || c == 'n') {
            line_values[slot++ & 63] = c == 't' ? 1 : c == 'f' ? 0 : NAN;
            p += c == 'f' ? 5 : 4;
            if (p >= end) break;
            if (*p == ',') p++;
        } else {
            if (p >= end) break;
            p++;
        }
    }
    return sum;
}

/* -k: a sample line's values by key (a global too). */
struct sample {
    double t, y, phase, vy, frame_duration, bar_height, large_title_alpha, inline_title_alpha,
        avatar_scale, avatar_tx, avatar_ty, unknown;
} line_sample;

/* The first 8 bytes of a string literal padded to at least 8, as load8 reads them. */
#define WORD(s) ((uint64_t)(unsigned char)(s)[0] | (uint64_t)(unsigned char)(s)[1] << 8 | \
                 (uint64_t)(unsigned char)(s)[2] << 16 | (uint64_t)(unsigned char)(s)[3] << 24 | \
                 (uint64_t)(unsigned char)(s)[4] << 32 | (uint64_t)(unsigned char)(s)[5] << 40 | \
                 (uint64_t)(unsigned char)(s)[6] << 48 | (uint64_t)(unsigned char)(s)[7] << 56)

/* The field of the key of `length` bytes at `key`: its whole text compared. */
static inline double *field(const char *key, long length) {
    uint64_t first = load8(key);
    if (length < 8) first &= ~(~0ull << (8 * length));
    uint64_t second = length > 8 ? load8(key + 8) : 0;
    if (length > 8 && length < 16) second &= ~(~0ull << (8 * (length - 8)));
    switch (length) {
    case 1:
        if (first == 't') return &line_sample.t;
        if (first == 'y') return &line_sample.y;
        break;
    case 2:
        if (first == WORD("vy\0\0\0\0\0\0")) return &line_sample.vy;
        break;
    case 5:
        if (first == WORD("phase\0\0\0")) return &line_sample.phase;
        break;
    case 8:
        if (first == WORD("avatarTx")) return &line_sample.avatar_tx;
        if (first == WORD("avatarTy")) return &line_sample.avatar_ty;
        break;
    case 9:
        if (first == WORD("barHeight") && second == 't') return &line_sample.bar_height;
        break;
    case 11:
        if (first == WORD("avatarScale") && second == WORD("ale\0\0\0\0\0")) return &line_sample.avatar_scale;
        break;
    case 13:
        if (first == WORD("frameDuration") && second == WORD("ation\0\0\0")) return &line_sample.frame_duration;
        break;
    case 15:
        if (first == WORD("largeTitleAlpha") && second == WORD("leAlpha\0")) return &line_sample.large_title_alpha;
        break;
    case 16:
        if (first == WORD("inlineTitleAlpha") && second == WORD("tleAlpha")) return &line_sample.inline_title_alpha;
        break;
    }
    return &line_sample.unknown;
}

/* The sum of the numbers from `p` to the line's `end`, each stored into its key's field; the line
 * walked as values_by_position walks it. */
static double values_by_key(const char *p, const char *end) {
    double sum = 0;
    double *into = &line_sample.unknown;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') {
            const char *text = p + 1;
            p = past_string(text, end);
            if (*p == ':') { /* a key (a string value is skipped) */
                into = field(text, p - 1 - text);
                p++;
            } else {
                if (*p == ',') p++;
            }
        } else if ((unsigned)(c - '0') < 10 || c == '-') {
            double value = fast_number(p, end, &p);
            *into = value;
            sum += value;
            if (*p == ',') p++;
        } else if (c == 't' || c == 'f' || c == 'n') {
            *into = c == 't' ? 1 : c == 'f' ? 0 : NAN;
            p += c == 'f' ? 5 : 4;
            if (p >= end) break;
            if (*p == ',') p++;
        } else {
            if (p >= end) break;
            p++;
        }
    }
    return sum;
}

int main(int argc, char **argv) {
    char mode = 0;
    if (argc > 1 && (strcmp(argv[1], "-a") == 0 || strcmp(argv[1], "-w") == 0 || strcmp(argv[1], "-k") == 0)) mode = argv[1][1];
    enum { size = 1 << 20 };
    char *buffer = malloc(size + 32);
    long samples = 0;
    double checksum = 0;
    for (int file = 1 + (mode != 0); file < argc; file++) {
        int fd = open(argv[file], O_RDONLY);
        if (fd < 0) { perror(argv[file]); return 66; }
        size_t held = 0;
        for (;;) {
            if (held == size) { fprintf(stderr, "%s: a line over 1 MiB\n", argv[file]); return 65; }
            ssize_t got = read(fd, buffer + held, size - held);
            if (got < 0) { perror(argv[file]); return 74; }
            held += (size_t)got;
            memset(buffer + held, 0, 16);
            const char *p = buffer, *end = buffer + held;
            const char *newline;
            while ((newline = memchr(p, '\n', (size_t)(end - p))) || (got == 0 && p < end)) {
                const char *line_end = newline ? newline : end;
                if (line_end - p > 5 && memcmp(p, "{\"t\":", 5) == 0) {
                    const char *q;
                    if (mode == 'w' || mode == 'k') {
                        double t = fast_number(p + 5, line_end, &q);
                        if (line_end - q > 5 && memcmp(q, ",\"y\":", 5) == 0) {
                            double y = fast_number(q + 5, line_end, &q);
                            checksum += t + y;
                            if (mode == 'w') {
                                line_values[0] = t, line_values[1] = y;
                                checksum += values_by_position(q, line_end);
                            } else {
                                line_sample.t = t, line_sample.y = y;
                                checksum += values_by_key(q, line_end);
                            }
                            samples++;
                        }
                    } else {
                        double t = number(p + 5, line_end, &q);
                        if (line_end - q > 5 && memcmp(q, ",\"y\":", 5) == 0) {
                            checksum += t + number(q + 5, line_end, &q);
                            if (mode == 'a') checksum += rest_of_line(q, line_end);
                            samples++;
                        }
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
