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

// Stage 2 of the line parse (CJSONTape.c): the tape of the compact text stage 1 wrote.

/// One tape entry, laid out as JSONCore's `JSONTape.Entry` (16 bytes): kind, flags, count, payload.
typedef struct {
    uint8_t kind;
    uint8_t flags;
    uint32_t count;
    int64_t payload;
} cjson_tape_entry;

/// What `cjson_tape_compact` returns.
enum {
    /// The tape, line facts and flags are in the workspace.
    CJSON_TAPE_DONE = 0,
    /// Not decided here (an error, an object of more than 16 members, memory): the caller parses the text itself.
    CJSON_TAPE_DECLINED = 1,
};

/// Member names that refuse the line (JSONCore's `CompactJSON.ReservedNames`): name `i` is the bytes from
/// `ends[i - 1]` (0 for the first) to `ends[i]`; `last_bits` and `first_bits` are its filters (a name has bit
/// `(count + 2 x last byte) mod 64` in the first, `(3 x count + first byte) mod 64` in the second).
typedef struct {
    const uint8_t *bytes;
    const intptr_t *ends;
    size_t count;
    uint64_t last_bits, first_bits;
} cjson_reserved_names;

/// What one `cjson_tape_compact` writes, and memory kept from one call to the next.
typedef struct {
    /// The tape's entries (`entry_capacity` of them fit): the caller's memory, or memory the call allocated when
    /// the caller's was too small (with malloc or posix_memalign; the caller then owns it and frees it with free).
    void *entries;
    size_t entry_count, entry_capacity;
    /// The unescaped bytes of strings with escapes (entries flagged 8 point into it), the workspace's memory.
    uint8_t *text;
    size_t text_count, text_capacity;
    /// For each object that takes members (JSONCore's `CompactJSON.objectEnds`): its closing brace's offset
    /// times two, plus one when it is empty. The workspace's memory.
    intptr_t *object_ends;
    size_t object_end_count, object_end_capacity;
    /// The open containers around the innermost one (the workspace's memory).
    void *stack;
    size_t stack_capacity;
    /// 1 when an object repeats a member name.
    int has_duplicate_keys;
    /// 1 when a member name of an object that takes members is reserved or escaped: the text has no line.
    int is_refused;
} cjson_tape_workspace;

/// Writes the tape of the compact text at `text` (`length` bytes, then 64 zero bytes; no whitespace outside
/// strings), as JSONCore's compact line parse does: entries in document order, strings and decimals by their
/// offsets in `text` (or in the workspace's `text` when escaped), integers of up to 64 bits by value, the
/// objects that take members (the document when it is an object, else each object of a top-level array)
/// checked against `names` and their ends noted. Declines, writing nothing the caller may use but the
/// workspace's memory, where the text is not JSON, nests deeper than `max_depth`, has an object of more than
/// 16 members, or memory runs out. `portable`: the byte and word scans of every processor instead of SSE2.
int cjson_tape_compact(const uint8_t *text, size_t length, size_t max_depth, const cjson_reserved_names *names, int portable,
                       cjson_tape_workspace *workspace);

/// Frees the workspace's own memory (not `entries`).
void cjson_tape_workspace_free(cjson_tape_workspace *workspace);

#endif
