#ifndef CJSONSCAN_H
#define CJSONSCAN_H

// Byte classes of sixteen bytes at once for the JSON parser's string scan, as a 16-bit mask (bit i
// for byte i). SSE2 is part of every x86_64 processor, so this needs no run-time choice; the
// parser calls it on x86_64 only and scans eight bytes at a time in a word (`SWAR`) everywhere
// else and in the last fifteen bytes. Static inline, so that Swift inlines it into its loop.
// (Swift's own SIMD16 comparisons compile to a loop over the lanes here.)

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/// The bytes of the 16 at `bytes` that end the fast scan of a string: a quote, a backslash, a
/// control character (below 0x20) or a byte of a multi-byte UTF-8 sequence (0x80 and above).
static inline uint32_t cjson_string_stops16(const uint8_t *bytes) {
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    __m128i quotes = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
    __m128i backslashes = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
    // As signed bytes, 0x80...0xFF are negative: one comparison finds them and the control characters.
    __m128i low = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
    return (uint32_t)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quotes, backslashes), low));
}
#endif

#endif
