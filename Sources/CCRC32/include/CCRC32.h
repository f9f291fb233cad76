#ifndef CCRC32_H
#define CCRC32_H

// CRC-32 (ISO-HDLC, the zip polynomial, reflected) by folding with carry-less multiplication (the method
// of Gopal et al., "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction", Intel,
// 2009): the bytes are folded 128 at a time with PCLMULQDQ (64 at the end), then reduced to 32 bits (Barrett),
// compiled twice: with AVX's three-operand encodings where the processor has AVX, else with SSE4.1's; where it
// also has AVX2 and VPCLMULQDQ, the 128 bytes are folded as four 256-bit lanes (two products per instruction,
// half the instructions; valgrind does not report VPCLMULQDQ, so callgrind counts the AVX folding). Chosen at
// run time: on a processor without PCLMULQDQ, or not on x86_64, nothing is consumed and the caller's
// portable CRC (zlib's) does all the bytes. The constants are powers of x modulo P = 0x104C11DB7
// (bit-reflected) and the Barrett quotient floor(x^64 / P); ZipArchiveTests checks the result against
// zlib's crc32. Static inline in this header, compiled into the Swift module that imports it (as
// CJSONScan is).

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/// `lane` folded forward by the distance `constants` stands for, then `data` added.
__attribute__((target("pclmul,sse4.1"))) static inline __m128i ccrc32_fold_lane(__m128i lane, __m128i constants, __m128i data) {
    __m128i low = _mm_clmulepi64_si128(lane, constants, 0x00);
    __m128i high = _mm_clmulepi64_si128(lane, constants, 0x11);
    return _mm_xor_si128(_mm_xor_si128(low, high), data);
}

/// Eight lanes over 1024 bits: x^(1024+32) and x^(1024-32) mod P, reflected and shifted as the other constants are.
#define CCRC32_FOLD8_LOW 0x1e88ef372
#define CCRC32_FOLD8_HIGH 0x14a7fe880
/// Four lanes over 512 bits: x^(512+32) and x^(512+96) mod P.
#define CCRC32_FOLD4_LOW 0x154442bd4
#define CCRC32_FOLD4_HIGH 0x1c6e41596

/// Four lanes over 512 bits, 128 bits to 64 to 32: the CRC register after lanes `x0`-`x3` (the 64 bytes before
/// `bytes`, folded) and the `length` bytes at `bytes` (a multiple of 16). The lanes are named one by one, never kept
/// in an array: the Swift module that compiles this header would keep an array of vectors in memory.
__attribute__((target("pclmul,sse4.1"), always_inline)) static inline uint32_t ccrc32_finish(__m128i x0, __m128i x1, __m128i x2, __m128i x3,
                                                                                             const uint8_t *bytes, size_t length) {
    const __m128i fold4 = _mm_set_epi64x(CCRC32_FOLD4_HIGH, CCRC32_FOLD4_LOW);
    // One lane folds over 128 bits: x^(128+32) and x^(128+96) mod P.
    const __m128i fold1 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
    // 64 bits to 32: x^64 mod P.
    const __m128i fold64 = _mm_set_epi64x(0, 0x163cd6124);
    // Barrett reduction: P (33 bits) and the quotient floor(x^64 / P), both reflected.
    const __m128i barrett = _mm_set_epi64x(0x1f7011641, 0x1db710641);
    const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
    if (length >= 64) {
        x0 = ccrc32_fold_lane(x0, fold4, _mm_loadu_si128((const __m128i *)bytes));
        x1 = ccrc32_fold_lane(x1, fold4, _mm_loadu_si128((const __m128i *)(bytes + 16)));
        x2 = ccrc32_fold_lane(x2, fold4, _mm_loadu_si128((const __m128i *)(bytes + 32)));
        x3 = ccrc32_fold_lane(x3, fold4, _mm_loadu_si128((const __m128i *)(bytes + 48)));
        bytes += 64;
        length -= 64;
    }
    __m128i x = ccrc32_fold_lane(x0, fold1, x1);
    x = ccrc32_fold_lane(x, fold1, x2);
    x = ccrc32_fold_lane(x, fold1, x3);
    while (length >= 16) {
        x = ccrc32_fold_lane(x, fold1, _mm_loadu_si128((const __m128i *)bytes));
        bytes += 16;
        length -= 16;
    }
    // 128 bits to 64 (the low half folded onto the high half), then 64 to 32.
    x = _mm_xor_si128(_mm_clmulepi64_si128(x, fold1, 0x10), _mm_srli_si128(x, 8));
    x = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x, mask32), fold64, 0x00), _mm_srli_si128(x, 4));
    // Barrett reduction to the 32-bit remainder.
    __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x, mask32), barrett, 0x10);
    t = _mm_clmulepi64_si128(_mm_and_si128(t, mask32), barrett, 0x00);
    return (uint32_t)_mm_extract_epi32(_mm_xor_si128(t, x), 1);
}

/// The CRC register `state` (not inverted) after the `length` bytes at `bytes`: at least 64, a multiple of 16.
/// Inlined into one function per instruction set.
__attribute__((target("pclmul,sse4.1"), always_inline)) static inline uint32_t ccrc32_fold_body(uint32_t state, const uint8_t *bytes,
                                                                                               size_t length) {
    __m128i x0 = _mm_loadu_si128((const __m128i *)bytes);
    __m128i x1 = _mm_loadu_si128((const __m128i *)(bytes + 16));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(bytes + 32));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(bytes + 48));
    x0 = _mm_xor_si128(x0, _mm_cvtsi32_si128((int)state));
    bytes += 64;
    length -= 64;
    if (length >= 64) {
        // Eight lanes while 128 bytes are left, then folded onto four.
        const __m128i fold8 = _mm_set_epi64x(CCRC32_FOLD8_HIGH, CCRC32_FOLD8_LOW);
        const __m128i fold4 = _mm_set_epi64x(CCRC32_FOLD4_HIGH, CCRC32_FOLD4_LOW);
        __m128i x4 = _mm_loadu_si128((const __m128i *)bytes);
        __m128i x5 = _mm_loadu_si128((const __m128i *)(bytes + 16));
        __m128i x6 = _mm_loadu_si128((const __m128i *)(bytes + 32));
        __m128i x7 = _mm_loadu_si128((const __m128i *)(bytes + 48));
        bytes += 64;
        length -= 64;
        while (length >= 128) {
            x0 = ccrc32_fold_lane(x0, fold8, _mm_loadu_si128((const __m128i *)bytes));
            x1 = ccrc32_fold_lane(x1, fold8, _mm_loadu_si128((const __m128i *)(bytes + 16)));
            x2 = ccrc32_fold_lane(x2, fold8, _mm_loadu_si128((const __m128i *)(bytes + 32)));
            x3 = ccrc32_fold_lane(x3, fold8, _mm_loadu_si128((const __m128i *)(bytes + 48)));
            x4 = ccrc32_fold_lane(x4, fold8, _mm_loadu_si128((const __m128i *)(bytes + 64)));
            x5 = ccrc32_fold_lane(x5, fold8, _mm_loadu_si128((const __m128i *)(bytes + 80)));
            x6 = ccrc32_fold_lane(x6, fold8, _mm_loadu_si128((const __m128i *)(bytes + 96)));
            x7 = ccrc32_fold_lane(x7, fold8, _mm_loadu_si128((const __m128i *)(bytes + 112)));
            bytes += 128;
            length -= 128;
        }
        x0 = ccrc32_fold_lane(x0, fold4, x4);
        x1 = ccrc32_fold_lane(x1, fold4, x5);
        x2 = ccrc32_fold_lane(x2, fold4, x6);
        x3 = ccrc32_fold_lane(x3, fold4, x7);
    }
    return ccrc32_finish(x0, x1, x2, x3, bytes, length);
}

/// `ccrc32_fold_body` with SSE4.1's two-operand instructions.
__attribute__((target("pclmul,sse4.1"), noinline)) static inline uint32_t ccrc32_fold_blocks(uint32_t state, const uint8_t *bytes,
                                                                                             size_t length) {
    return ccrc32_fold_body(state, bytes, length);
}

/// `ccrc32_fold_body` with AVX's three-operand forms (no register copies, loads folded into the XORs).
__attribute__((target("pclmul,avx"), noinline)) static inline uint32_t ccrc32_fold_blocks_avx(uint32_t state, const uint8_t *bytes,
                                                                                              size_t length) {
    return ccrc32_fold_body(state, bytes, length);
}

/// Two lanes at once: each half of `lane` folded by the distance `constants` stands for, then `data` added.
__attribute__((target("pclmul,avx,avx2,vpclmulqdq"), always_inline)) static inline __m256i ccrc32_fold_wide_lane(__m256i lane, __m256i constants,
                                                                                                           __m256i data) {
    __m256i low = _mm256_clmulepi64_epi128(lane, constants, 0x00);
    __m256i high = _mm256_clmulepi64_epi128(lane, constants, 0x11);
    return _mm256_xor_si256(_mm256_xor_si256(low, high), data);
}

/// `ccrc32_fold_blocks_avx` with the eight lanes held in four 256-bit registers, each folded by one 256-bit
/// carry-less multiply per half (VPCLMULQDQ): half the instructions per 128 bytes.
__attribute__((target("pclmul,sse4.1,avx,avx2,vpclmulqdq"), noinline)) static inline uint32_t ccrc32_fold_blocks_wide(uint32_t state,
                                                                                                                  const uint8_t *bytes,
                                                                                                                  size_t length) {
    if (length < 256) return ccrc32_fold_body(state, bytes, length);
    const __m256i fold8 = _mm256_set_epi64x(CCRC32_FOLD8_HIGH, CCRC32_FOLD8_LOW, CCRC32_FOLD8_HIGH, CCRC32_FOLD8_LOW);
    const __m128i fold4 = _mm_set_epi64x(CCRC32_FOLD4_HIGH, CCRC32_FOLD4_LOW);
    __m256i y0 = _mm256_loadu_si256((const __m256i *)bytes);
    __m256i y1 = _mm256_loadu_si256((const __m256i *)(bytes + 32));
    __m256i y2 = _mm256_loadu_si256((const __m256i *)(bytes + 64));
    __m256i y3 = _mm256_loadu_si256((const __m256i *)(bytes + 96));
    y0 = _mm256_xor_si256(y0, _mm256_zextsi128_si256(_mm_cvtsi32_si128((int)state)));
    bytes += 128;
    length -= 128;
    while (length >= 128) {
        y0 = ccrc32_fold_wide_lane(y0, fold8, _mm256_loadu_si256((const __m256i *)bytes));
        y1 = ccrc32_fold_wide_lane(y1, fold8, _mm256_loadu_si256((const __m256i *)(bytes + 32)));
        y2 = ccrc32_fold_wide_lane(y2, fold8, _mm256_loadu_si256((const __m256i *)(bytes + 64)));
        y3 = ccrc32_fold_wide_lane(y3, fold8, _mm256_loadu_si256((const __m256i *)(bytes + 96)));
        bytes += 128;
        length -= 128;
    }
    // The eight 128-bit lanes, in order (two in each register), folded onto four.
    __m128i x0 = ccrc32_fold_lane(_mm256_castsi256_si128(y0), fold4, _mm256_castsi256_si128(y2));
    __m128i x1 = ccrc32_fold_lane(_mm256_extracti128_si256(y0, 1), fold4, _mm256_extracti128_si256(y2, 1));
    __m128i x2 = ccrc32_fold_lane(_mm256_castsi256_si128(y1), fold4, _mm256_castsi256_si128(y3));
    __m128i x3 = ccrc32_fold_lane(_mm256_extracti128_si256(y1, 1), fold4, _mm256_extracti128_si256(y3, 1));
    return ccrc32_finish(x0, x1, x2, x3, bytes, length);
}

/// Which folding this processor runs: 0 none (not x86_64 with PCLMULQDQ and SSE4.1), 1 SSE4.1, 2 AVX, 3 AVX2 with
/// VPCLMULQDQ.
static inline int ccrc32_level(void) {
    static int known = -1;
    int value = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (value < 0) {
        __builtin_cpu_init();
        value = !(__builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1")) ? 0
                : !__builtin_cpu_supports("avx")                                          ? 1
                : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("vpclmulqdq")  ? 3
                                                                                           : 2;
        __atomic_store_n(&known, value, __ATOMIC_RELAXED);
    }
    return value;
}

/// Whether `ccrc32_fold` consumes bytes on this processor (x86_64 with PCLMULQDQ and SSE4.1).
static inline int ccrc32_available(void) { return ccrc32_level() != 0; }

/// Feeds a whole number of 16-byte blocks from the start of the `length` bytes at `bytes` into the zip CRC
/// `crc` (the finished value, as zlib's `crc32` takes and returns it), when there are at least 64 bytes and the
/// processor folds at `level` or better (`ccrc32_level`; a lower level than the processor's picks that
/// folding, for tests). Stores the new CRC in `*crc` and returns how many bytes it consumed (a multiple of 16,
/// or 0): the caller feeds the rest to its portable CRC.
static inline size_t ccrc32_fold_at(int level, uint32_t *crc, const uint8_t *bytes, size_t length) {
    int best = ccrc32_level();
    if (length < 64 || level <= 0 || best == 0) return 0;
    size_t blocks = length & ~(size_t)15;
    int chosen = level < best ? level : best;
    *crc = ~(chosen >= 3 ? ccrc32_fold_blocks_wide : chosen == 2 ? ccrc32_fold_blocks_avx : ccrc32_fold_blocks)(~*crc, bytes, blocks);
    return blocks;
}

/// `ccrc32_fold_at` with the best folding the processor runs.
static inline size_t ccrc32_fold(uint32_t *crc, const uint8_t *bytes, size_t length) {
    return ccrc32_fold_at(3, crc, bytes, length);
}

#else

/// Which folding this processor runs: none off x86_64.
static inline int ccrc32_level(void) { return 0; }

/// Whether `ccrc32_fold` consumes bytes on this processor: never off x86_64.
static inline int ccrc32_available(void) { return 0; }

/// Consumes nothing off x86_64: the caller's portable CRC does all the bytes.
static inline size_t ccrc32_fold_at(int level, uint32_t *crc, const uint8_t *bytes, size_t length) {
    (void)level; (void)crc; (void)bytes; (void)length;
    return 0;
}

/// Consumes nothing off x86_64: the caller's portable CRC does all the bytes.
static inline size_t ccrc32_fold(uint32_t *crc, const uint8_t *bytes, size_t length) {
    return ccrc32_fold_at(0, crc, bytes, length);
}

#endif

#endif
