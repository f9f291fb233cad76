#ifndef CCRC32_H
#define CCRC32_H

// CRC-32 (ISO-HDLC, the zip polynomial, reflected) by folding with carry-less multiplication (the method
// of Gopal et al., "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction", Intel,
// 2009): the bytes are folded 64 at a time with PCLMULQDQ, then reduced to 32 bits (Barrett). Chosen at
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

/// The CRC register `state` (not inverted) after the `length` bytes at `bytes`: at least 64, a multiple of 16.
__attribute__((target("pclmul,sse4.1"), noinline)) static inline uint32_t ccrc32_fold_blocks(uint32_t state, const uint8_t *bytes,
                                                                                             size_t length) {
    // Four lanes of 128 bits fold over 512 bits: x^(512+32) and x^(512+96) mod P.
    const __m128i fold4 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);
    // One lane folds over 128 bits: x^(128+32) and x^(128+96) mod P.
    const __m128i fold1 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
    // 64 bits to 32: x^64 mod P.
    const __m128i fold64 = _mm_set_epi64x(0, 0x163cd6124);
    // Barrett reduction: P (33 bits) and the quotient floor(x^64 / P), both reflected.
    const __m128i barrett = _mm_set_epi64x(0x1f7011641, 0x1db710641);
    const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
    __m128i x0 = _mm_loadu_si128((const __m128i *)bytes);
    __m128i x1 = _mm_loadu_si128((const __m128i *)(bytes + 16));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(bytes + 32));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(bytes + 48));
    x0 = _mm_xor_si128(x0, _mm_cvtsi32_si128((int)state));
    bytes += 64;
    length -= 64;
    while (length >= 64) {
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

/// Whether `ccrc32_fold` consumes bytes on this processor (x86_64 with PCLMULQDQ and SSE4.1).
static inline int ccrc32_available(void) {
    static int known = -1;
    int value = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (value < 0) {
        __builtin_cpu_init();
        value = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
        __atomic_store_n(&known, value, __ATOMIC_RELAXED);
    }
    return value;
}

/// Feeds a whole number of 16-byte blocks from the start of the `length` bytes at `bytes` into the
/// zip CRC `crc` (the finished value, as zlib's `crc32` takes and returns it), when there are at least
/// 64 bytes and the processor has PCLMULQDQ. Stores the new CRC in `*crc` and returns how many bytes
/// it consumed (a multiple of 16, or 0): the caller feeds the rest to its portable CRC.
static inline size_t ccrc32_fold(uint32_t *crc, const uint8_t *bytes, size_t length) {
    if (length < 64 || !ccrc32_available()) return 0;
    size_t blocks = length & ~(size_t)15;
    *crc = ~ccrc32_fold_blocks(~*crc, bytes, blocks);
    return blocks;
}

#else

/// Whether `ccrc32_fold` consumes bytes on this processor: never off x86_64.
static inline int ccrc32_available(void) { return 0; }

/// Consumes nothing off x86_64: the caller's portable CRC does all the bytes.
static inline size_t ccrc32_fold(uint32_t *crc, const uint8_t *bytes, size_t length) {
    (void)crc; (void)bytes; (void)length;
    return 0;
}

#endif

#endif
