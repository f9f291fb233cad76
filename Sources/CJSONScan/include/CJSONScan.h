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

/// The ASCII digits of the 16 at `bytes` (bit i for byte i), and in bits 16-31 the digits `0`.
static inline uint32_t cjson_digits16(const uint8_t *bytes) {
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    // Less 0xB0, `0`...`9` become the ten smallest signed bytes, -128...-119, and no other byte does.
    __m128i digits = _mm_cmplt_epi8(_mm_sub_epi8(v, _mm_set1_epi8((char)0xB0)), _mm_set1_epi8(-118));
    __m128i zeros = _mm_cmpeq_epi8(v, _mm_set1_epi8('0'));
    return (uint32_t)_mm_movemask_epi8(digits) | (uint32_t)_mm_movemask_epi8(zeros) << 16;
}
#endif

#include <stddef.h>

// Stage 1 of the line parse (CJSONMinify.c): the text without the whitespace outside its strings.

/// The kernels of `cjson_minify`: the best this processor has, or one named (for tests).
enum {
    CJSON_MINIFY_BEST = 0,
    /// Byte by byte, on every processor.
    CJSON_MINIFY_PORTABLE = 1,
    /// Sixteen bytes at a time (x86_64 only; every x86_64 processor has SSE2).
    CJSON_MINIFY_SSE2 = 2,
    /// Thirty-two bytes at a time, with a carry-less multiply (x86_64 processors with AVX2 and PCLMULQDQ).
    CJSON_MINIFY_AVX2 = 3,
};

/// Whether `kernel` runs on this processor.
int cjson_minify_kernel_available(int kernel);

/// Writes the `length` bytes at `input` without the whitespace (space, tab, line feed, carriage return) outside
/// strings to `output`, which has room for `length + 64` bytes (stores run up to 16 bytes past the last byte
/// written); returns how many bytes the text became. Sets `*suspicious` to 1 when removing whitespace may have
/// made an invalid text valid (whitespace between two bytes that are neither whitespace, a quote nor one of
/// `,:[]{}`, as in `1 2` or `tr ue`) or the text ends inside a string, else 0. Strings are found by their
/// unescaped quotes whether or not the text is JSON: the result means something only for a text that then
/// parses and is not suspicious, and is then that text with its tokens as written.
size_t cjson_minify(const uint8_t *input, size_t length, uint8_t *output, int kernel, int *suspicious);

#endif
