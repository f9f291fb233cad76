// The parts of stage 2 (CJSONTape.c) that its files share: entry kinds and flags, the scans, the general number,
// the name cache, and the functions of CJSONTapeScalars.c and CJSONTapeNames.c (the pass's rare paths).
#ifndef CJSON_TAPE_PARTS_H
#define CJSON_TAPE_PARTS_H

#include "CJSONScan.h"
#include <stdlib.h>
#include <string.h>

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

enum { KIND_NULL, KIND_FALSE, KIND_TRUE, KIND_INTEGER, KIND_DECIMAL, KIND_STRING, KIND_ARRAY, KIND_OBJECT };
enum { FLAG_NON_ASCII = 1, FLAG_INTEGRAL = 2, FLAG_DUPLICATE_KEYS = 4, FLAG_IN_TEXT = 8 };

/// The objects the parser scans for repeated names; larger ones are declined.
#define LINEAR_SCAN_LIMIT 16

_Static_assert(sizeof(cjson_tape_entry) == 16, "a tape entry is 16 bytes");

static inline cjson_tape_entry make_entry(uint8_t kind, uint8_t flags, size_t count, int64_t payload) {
    cjson_tape_entry entry = {kind, flags, (uint32_t)count, payload};
    return entry;
}

// MARK: Scans

/// The first quote, backslash, control or non-ASCII byte from `at` on (the zero bytes after the text stop it).
static inline size_t plain_string_end(const uint8_t *base, size_t at, const int sse2) {
#if defined(__SSE2__)
    if (sse2) {
        for (;;) {
            uint32_t marks = cjson_string_stops16(base + at);
            if (marks != 0) return at + (size_t)__builtin_ctz(marks);
            at += 16;
        }
    }
#endif
    (void)sse2;
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    for (;;) {
        uint64_t word;
        memcpy(&word, base + at, 8);
        uint64_t quotes = word ^ (ones * '"'), backslashes = word ^ (ones * '\\');
        uint64_t marks = (((quotes - ones) & ~quotes) | ((backslashes - ones) & ~backslashes) | ((word - ones * 0x20) & ~word) | word) & high;
        if (marks != 0) return at + (size_t)(__builtin_ctzll(marks) >> 3);
        at += 8;
    }
}

/// How many ASCII digits start at `at`; `*all_zero` is set to whether all of them are `0`.
static inline size_t digit_run(const uint8_t *base, size_t at, int *all_zero, const int sse2) {
    size_t count = 0;
#if defined(__SSE2__)
    if (sse2) {
        uint32_t zero = 1;
        for (;;) {
            uint32_t marks = cjson_digits16(base + at + count);
            uint32_t run = (uint32_t)__builtin_ctz((~marks & 0xFFFF) | 0x10000);
            uint32_t run_bits = (1u << run) - 1;
            zero &= ((marks >> 16) & run_bits) == run_bits;
            count += run;
            if (run < 16) break;
        }
        *all_zero = (int)zero;
        return count;
    }
#endif
    (void)sse2;
    int zero = 1;
    while ((uint8_t)(base[at + count] - '0') < 10) {
        zero &= base[at + count] == '0';
        count++;
    }
    *all_zero = zero;
    return count;
}

// MARK: Rare paths (CJSONTapeScalars.c, CJSONTapeNames.c)

#define HIDDEN __attribute__((visibility("hidden")))

/// `memory` (of `*capacity` elements of `size` bytes) moved to memory with room for `needed` elements, or NULL
/// (`memory` left as it is) when none is left.
HIDDEN void *cjson_tape_reserve(void *memory, size_t *capacity, size_t needed, size_t size);

/// The string whose bytes start at `start`, from the first byte the plain scan stopped at (`at`, not a quote):
/// UTF-8 checked in place, escapes unescaped into the workspace's text. Returns the offset past its closing
/// quote, or 0.
HIDDEN size_t cjson_tape_special_string(const uint8_t *base, size_t start, size_t at, cjson_tape_workspace *workspace,
                                        cjson_tape_entry *entry, int sse2);

/// The number at `start` with an exponent (its digits before the exponent already checked, `e` or `E` at
/// `exponent`), as a decimal entry flagged integral as `ExactDecimal.lexemeIsIntegral` decides; returns the
/// offset past it, or 0.
HIDDEN size_t cjson_tape_exponent_number(const uint8_t *base, size_t start, size_t exponent, cjson_tape_entry *entry);

/// Whether the unescaped member name of `count` bytes at `bytes` (its filter bit `bit`) is one of `names`.
HIDDEN int cjson_tape_reserved_name(const uint8_t *bytes, size_t count, uint64_t bit, const cjson_reserved_names *names);

/// Whether an earlier member of the object at `object` (with `members` members before) has the name at `key`.
HIDDEN int cjson_tape_repeats_name(const cjson_tape_entry *entries, size_t object, uint32_t members, size_t key,
                                   const uint8_t *base, const uint8_t *text);

/// The number at `start` (its first byte `-` or a digit) as JSONCore's parser writes it: an integer entry
/// where it has no fraction or exponent and fits 64 bits, else a decimal entry of its bytes (integral when
/// its value is an integer). Returns the offset past it, or 0 where it is not JSON number syntax.
static inline size_t number(const uint8_t *base, size_t start, cjson_tape_entry *entry, const int sse2) {
    int negative = base[start] == '-', zero;
    size_t digits = start + (size_t)negative;
    size_t whole = digit_run(base, digits, &zero, sse2);
    if (UNLIKELY(whole == 0) || UNLIKELY(whole > 1 && base[digits] == '0')) return 0;
    size_t after = digits + whole;
    if (base[after] == '.') {
        size_t fraction = digit_run(base, after + 1, &zero, sse2);
        if (UNLIKELY(fraction == 0)) return 0;
        size_t end = after + 1 + fraction;
        if (UNLIKELY((base[end] | 0x20) == 'e')) return cjson_tape_exponent_number(base, start, end, entry);
        *entry = make_entry(KIND_DECIMAL, zero ? FLAG_INTEGRAL : 0, end - start, (int64_t)start);
        return end;
    }
    if (UNLIKELY((base[after] | 0x20) == 'e')) return cjson_tape_exponent_number(base, start, after, entry);
    if (LIKELY(whole <= 19)) {
        uint64_t magnitude = 0;
        for (size_t at = digits; at < after; at++) magnitude = magnitude * 10 + (uint64_t)(base[at] - '0');
        if (negative ? magnitude <= (uint64_t)1 << 63 : magnitude <= (uint64_t)INT64_MAX) {
            *entry = make_entry(KIND_INTEGER, 0, 0, negative ? (int64_t)(0 - magnitude) : (int64_t)magnitude);
            return after;
        }
    }
    *entry = make_entry(KIND_DECIMAL, FLAG_INTEGRAL, after - start, (int64_t)start);
    return after;
}

/// The bytes of the string entry `entry`.
static inline const uint8_t *entry_bytes(cjson_tape_entry entry, const uint8_t *base, const uint8_t *text) {
    return (entry.flags & FLAG_IN_TEXT ? text : base) + entry.payload;
}

/// The parser's filter bit of a member name: `(count + 2 x last byte) mod 64` (the last byte of the empty name
/// is taken as its opening quote).
static inline uint64_t key_bit(cjson_tape_entry key, const uint8_t *base, const uint8_t *text) {
    uint8_t last = key.count == 0 ? '"' : entry_bytes(key, base, text)[key.count - 1];
    return (uint64_t)1 << ((key.count + 2u * last) & 63);
}

// MARK: Names seen before

/// The members of an object often have the names, in the same order, of the object before (rows of samples): each
/// name of such an object is known by one comparison of its bytes with those the object before had there.
#define CACHED_NAMES LINEAR_SCAN_LIMIT

/// A member name as written (`"name":`, at most 16 bytes, no escape, ASCII) and what it decided.
typedef struct {
    uint64_t low, high;            // its bytes, then zeros
    uint64_t low_mask, high_mask;  // ones over its bytes
    uint64_t bit;                  // its filter bit
    uint32_t length;               // its bytes, quotes and colon included
    uint32_t decided;              // `NAME_RESERVED`: one of the reserved names; `NAME_REPEATS`: it repeats a name
                                   // before it (those of the cache's entries before it)
} cached_name;

enum { NAME_RESERVED = 1, NAME_REPEATS = 2 };

/// The names of the members of one object, as written; entry `i` decided with the names of entries `0..<i` before it.
typedef struct {
    cached_name names[CACHED_NAMES];
    uint32_t count;
} name_cache;

/// Whether `"name":` at `at` is the cached name `name`.
static inline int matches_cached(const uint8_t *at, const cached_name *name) {
    uint64_t low, high;
    memcpy(&low, at, 8);
    memcpy(&high, at + 8, 8);
    return (((low ^ name->low) & name->low_mask) | ((high ^ name->high) & name->high_mask)) == 0;
}

/// Records the plain name of `count` bytes whose opening quote is at `at` as the cache's entry `index` (dropping
/// the entries after it); returns 0 when it does not fit one (the cache then ends before `index`).
HIDDEN int cjson_tape_cache_name(name_cache *cache, uint32_t index, const uint8_t *at, size_t count, uint64_t bit, int reserved,
                                 int repeats);

#endif
