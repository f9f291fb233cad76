// Stage 2 of the line parse: the tape of the compact text that stage 1 (CJSONMinify.c) wrote.
//
// One pass over the text, the innermost open container in locals and the others on a stack: each value or
// member name becomes one 16-byte entry, as JSONCore's parser writes it (JSONTape.swift, TapeBuilder.swift):
// strings without escapes and decimals by their offset in the text, escaped strings unescaped into the
// workspace's text, integers of up to 64 bits by value, containers closed with their count and end. Repeated
// member names are found as the parser finds them (a 64-bit filter of length and last byte, then a scan of
// the earlier members), and an object whose names are those of the object before (rows of samples) knows each
// by one comparison with a cache of them and of what they decided. The member names of the objects that take
// members are checked against the reserved names, and those objects' ends noted. Whatever is not plain valid
// JSON (every error), an object of more than 16 members (the parser keeps a table of their names) and a failed
// allocation are declined: the caller then parses the text with its whitespace, which decides every error and
// every case.
//
// The text is followed by 64 zero bytes: a zero byte is never part of a token, so every scan stops at one.
#include "CJSONScan.h"
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

enum { KIND_NULL, KIND_FALSE, KIND_TRUE, KIND_INTEGER, KIND_DECIMAL, KIND_STRING, KIND_ARRAY, KIND_OBJECT };
enum { FLAG_NON_ASCII = 1, FLAG_INTEGRAL = 2, FLAG_DUPLICATE_KEYS = 4, FLAG_IN_TEXT = 8 };

/// The objects the parser scans for repeated names; larger ones are declined.
#define LINEAR_SCAN_LIMIT 16

_Static_assert(sizeof(cjson_tape_entry) == 16, "a tape entry is 16 bytes");

/// An open array or object around the innermost one.
typedef struct {
    size_t entry;       // its entry on the tape
    uint64_t key_bits;  // the filter bits of its member names so far
    uint32_t count;     // its elements or members so far
    uint32_t info;      // `OPEN_` bits
} open_container;

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

/// The length of the UTF-8 scalar of two to four bytes at `bytes`, checked as JSONCore's parser checks it
/// (no overlong form, no surrogate, nothing past U+10FFFF), or 0.
static size_t scalar_length(const uint8_t *bytes) {
    uint8_t lead = bytes[0], lower = 0x80, upper = 0xBF;
    size_t length;
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead == 0xE0) { length = 3; lower = 0xA0; }
    else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) length = 3;
    else if (lead == 0xED) { length = 3; upper = 0x9F; }
    else if (lead == 0xF0) { length = 4; lower = 0x90; }
    else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
    else if (lead == 0xF4) { length = 4; upper = 0x8F; }
    else return 0;
    if (bytes[1] < lower || bytes[1] > upper) return 0;
    for (size_t i = 2; i < length; i++) {
        if ((bytes[i] & 0xC0) != 0x80) return 0;
    }
    return length;
}

// MARK: Memory

/// Allocates `size` bytes for entries: aligned to a huge page when large, as JSONCore's `GrowableStorage` does.
static void *allocate_entries(size_t size) {
#if defined(__linux__)
    if (size >= ((size_t)1 << 22)) {
        void *memory = NULL;
        if (posix_memalign(&memory, (size_t)1 << 21, size) != 0) return NULL;
        (void)madvise(memory, size, MADV_HUGEPAGE);
        return memory;
    }
#endif
    return malloc(size);
}

/// Moves the `count` entries to memory at least twice as large with room for `needed` more (freeing the old memory
/// when this call allocated it).
static int grow_entries(cjson_tape_entry **entries, size_t count, size_t *capacity, int *allocated, size_t needed) {
    size_t larger = *capacity < 8 ? 16 : *capacity * 2;
    while (larger - count < needed) larger *= 2;
    cjson_tape_entry *memory = allocate_entries(larger * sizeof(cjson_tape_entry));
    if (memory == NULL) return 0;
    if (count > 0) memcpy(memory, *entries, count * sizeof(cjson_tape_entry));
    if (*allocated) free(*entries);
    *entries = memory;
    *capacity = larger;
    *allocated = 1;
    return 1;
}

/// `memory` (of `*capacity` elements of `size` bytes) moved to memory with room for `needed` elements, or NULL
/// (`memory` left as it is) when none is left.
__attribute__((noinline)) static void *reserve(void *memory, size_t *capacity, size_t needed, size_t size) {
    size_t larger = *capacity < 16 ? 16 : *capacity;
    while (larger < needed) larger *= 2;
    void *grown = realloc(memory, larger * size);
    if (grown != NULL) *capacity = larger;
    return grown;
}

/// Notes the end of an object that takes members (`end`: its closing brace's offset times two, plus one when empty).
static inline int note_object_end(cjson_tape_workspace *workspace, intptr_t end) {
    if (UNLIKELY(workspace->object_end_count == workspace->object_end_capacity)) {
        void *grown = reserve(workspace->object_ends, &workspace->object_end_capacity, workspace->object_end_count + 1, sizeof(intptr_t));
        if (grown == NULL) return 0;
        workspace->object_ends = grown;
    }
    workspace->object_ends[workspace->object_end_count++] = end;
    return 1;
}

// MARK: Strings

/// The UTF-16 unit of the four hex digits at `hex` (of a `u` escape), or 0x10000 where one is no hex digit.
static uint32_t hex_unit(const uint8_t *hex) {
    uint32_t unit = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t byte = hex[i], digit;
        if (byte >= '0' && byte <= '9') digit = byte - '0';
        else if ((byte | 0x20) >= 'a' && (byte | 0x20) <= 'f') digit = (byte | 0x20) - 'a' + 10;
        else return 0x10000;
        unit = unit << 4 | digit;
    }
    return unit;
}

/// Finishes the string whose bytes start at `start` from its first escape at `at`, unescaped into the workspace's
/// text (`ascii`: whether the bytes before were ASCII); returns the offset past its closing quote, or 0.
__attribute__((noinline)) static size_t escaped_string(const uint8_t *base, size_t start, size_t at, int ascii,
                                                       cjson_tape_workspace *workspace, cjson_tape_entry *entry, const int sse2) {
    size_t text_start = workspace->text_count, run_start = start;
    for (;;) {
        // The plain run before `at`, and room for what the special byte at `at` becomes (at most 4 bytes).
        size_t run = at - run_start;
        if (workspace->text_count + run + 4 > workspace->text_capacity) {
            void *grown = reserve(workspace->text, &workspace->text_capacity, workspace->text_count + run + 4, 1);
            if (grown == NULL) return 0;
            workspace->text = grown;
        }
        memcpy(workspace->text + workspace->text_count, base + run_start, run);
        workspace->text_count += run;
        uint8_t *out = workspace->text + workspace->text_count;
        uint8_t byte = base[at];
        if (byte == '"') {
            size_t count = workspace->text_count - text_start;
            *entry = make_entry(KIND_STRING, FLAG_IN_TEXT | (ascii ? 0 : FLAG_NON_ASCII), count, (int64_t)text_start);
            return at + 1;
        }
        if (byte == '\\') {
            uint8_t code = base[at + 1];
            uint8_t simple = 0;
            switch (code) {
            case '"': case '\\': case '/': simple = code; break;
            case 'b': simple = 0x08; break;
            case 'f': simple = 0x0C; break;
            case 'n': simple = 0x0A; break;
            case 'r': simple = 0x0D; break;
            case 't': simple = 0x09; break;
            case 'u': break;
            default: return 0;
            }
            if (code != 'u') {
                out[0] = simple;
                workspace->text_count += 1;
                at += 2;
            } else {
                uint32_t unit = hex_unit(base + at + 2);
                if (unit > 0xFFFF) return 0;
                at += 6;
                uint32_t scalar = unit;
                if (unit >= 0xDC00 && unit <= 0xDFFF) return 0;
                if (unit >= 0xD800 && unit <= 0xDBFF) {
                    if (base[at] != '\\' || base[at + 1] != 'u') return 0;
                    uint32_t low = hex_unit(base + at + 2);
                    if (low < 0xDC00 || low > 0xDFFF) return 0;
                    at += 6;
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                }
                size_t length;
                if (scalar < 0x80) {
                    out[0] = (uint8_t)scalar;
                    length = 1;
                } else if (scalar < 0x800) {
                    out[0] = (uint8_t)(0xC0 | scalar >> 6);
                    out[1] = (uint8_t)(0x80 | (scalar & 0x3F));
                    length = 2;
                } else if (scalar < 0x10000) {
                    out[0] = (uint8_t)(0xE0 | scalar >> 12);
                    out[1] = (uint8_t)(0x80 | ((scalar >> 6) & 0x3F));
                    out[2] = (uint8_t)(0x80 | (scalar & 0x3F));
                    length = 3;
                } else {
                    out[0] = (uint8_t)(0xF0 | scalar >> 18);
                    out[1] = (uint8_t)(0x80 | ((scalar >> 12) & 0x3F));
                    out[2] = (uint8_t)(0x80 | ((scalar >> 6) & 0x3F));
                    out[3] = (uint8_t)(0x80 | (scalar & 0x3F));
                    length = 4;
                }
                if (scalar >= 0x80) ascii = 0;
                workspace->text_count += length;
            }
        } else if (byte < 0x20) {
            return 0;
        } else {
            // A multi-byte scalar (the scan stops at no other byte).
            size_t length = scalar_length(base + at);
            if (length == 0) return 0;
            memcpy(out, base + at, length);
            workspace->text_count += length;
            at += length;
            ascii = 0;
        }
        run_start = at;
        at = plain_string_end(base, at, sse2);
    }
}

/// The string whose bytes start at `start`, from the first byte the plain scan stopped at (`at`, not a quote):
/// UTF-8 checked in place, escapes unescaped into the workspace's text. Returns the offset past its closing
/// quote, or 0.
__attribute__((noinline)) static size_t special_string(const uint8_t *base, size_t start, size_t at, cjson_tape_workspace *workspace,
                                                       cjson_tape_entry *entry, const int sse2) {
    int ascii = 1;
    for (;;) {
        uint8_t byte = base[at];
        if (byte == '"') {
            *entry = make_entry(KIND_STRING, ascii ? 0 : FLAG_NON_ASCII, at - start, (int64_t)start);
            return at + 1;
        }
        if (byte == '\\') return escaped_string(base, start, at, ascii, workspace, entry, sse2);
        if (byte < 0x80) return 0;
        size_t length = scalar_length(base + at);
        if (length == 0) return 0;
        ascii = 0;
        at = plain_string_end(base, at + length, sse2);
    }
}

// MARK: Numbers

/// The number at `start` with an exponent (its digits before the exponent already checked, `e` or `E` at
/// `exponent`), as a decimal entry flagged integral as `ExactDecimal.lexemeIsIntegral` decides; returns the
/// offset past it, or 0.
__attribute__((noinline)) static size_t exponent_number(const uint8_t *base, size_t start, size_t exponent, cjson_tape_entry *entry) {
    int64_t fraction_digits = 0, trailing_zeros = 0;
    int nonzero = 0, after_point = 0;
    for (size_t at = start + (base[start] == '-'); at < exponent; at++) {
        uint8_t byte = base[at];
        if (byte == '.') {
            after_point = 1;
            continue;
        }
        if (after_point) fraction_digits++;
        if (byte == '0') {
            trailing_zeros++;
        } else {
            trailing_zeros = 0;
            nonzero = 1;
        }
    }
    size_t at = exponent + 1;
    int64_t sign = 1;
    if (base[at] == '-') {
        sign = -1;
        at++;
    } else if (base[at] == '+') {
        at++;
    }
    if ((uint8_t)(base[at] - '0') >= 10) return 0;
    const int64_t limit = (int64_t)1 << 40;
    int64_t written = 0;
    while ((uint8_t)(base[at] - '0') < 10) {
        written = written * 10 + (base[at] - '0');
        if (written > limit) written = limit;
        at++;
    }
    int integral = !nonzero || sign * written - fraction_digits + trailing_zeros >= 0;
    *entry = make_entry(KIND_DECIMAL, integral ? FLAG_INTEGRAL : 0, at - start, (int64_t)start);
    return at;
}

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
        if (UNLIKELY((base[end] | 0x20) == 'e')) return exponent_number(base, start, end, entry);
        *entry = make_entry(KIND_DECIMAL, zero ? FLAG_INTEGRAL : 0, end - start, (int64_t)start);
        return end;
    }
    if (UNLIKELY((base[after] | 0x20) == 'e')) return exponent_number(base, start, after, entry);
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

// MARK: Member names

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

/// Whether the unescaped member name of `count` bytes at `bytes` (its filter bit `bit`) is one of `names`.
__attribute__((noinline)) static int reserved_name(const uint8_t *bytes, size_t count, uint64_t bit, const cjson_reserved_names *names) {
    if (count > 0 && ((names->last_bits & bit) == 0 || (names->first_bits & ((uint64_t)1 << ((count * 3 + bytes[0]) & 63))) == 0)) return 0;
    size_t from = 0;
    for (size_t name = 0; name < names->count; name++) {
        size_t to = (size_t)names->ends[name];
        if (to - from == count && (count == 0 || memcmp(names->bytes + from, bytes, count) == 0)) return 1;
        from = to;
    }
    return 0;
}

/// Whether an earlier member of the object at `object` (with `members` members before) has the name at `key`.
__attribute__((noinline)) static int repeats_name(const cjson_tape_entry *entries, size_t object, uint32_t members, size_t key,
                                                  const uint8_t *base, const uint8_t *text) {
    cjson_tape_entry name = entries[key];
    const uint8_t *bytes = entry_bytes(name, base, text);
    size_t at = object + 1;
    for (uint32_t member = 0; member < members; member++) {
        cjson_tape_entry earlier = entries[at];
        if (earlier.count == name.count && (name.count == 0 || memcmp(entry_bytes(earlier, base, text), bytes, name.count) == 0)) return 1;
        cjson_tape_entry value = entries[at + 1];
        at = value.kind >= KIND_ARRAY ? (size_t)value.payload : at + 2;
    }
    return 0;
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
__attribute__((noinline)) static int cache_name(name_cache *cache, uint32_t index, const uint8_t *at, size_t count, uint64_t bit,
                                                int reserved, int repeats) {
    size_t length = count + 3;
    if (length > 16 || index >= CACHED_NAMES) {
        if (cache->count > index) cache->count = index;
        return 0;
    }
    cached_name *name = &cache->names[index];
    uint8_t bytes[16] = {0}, mask[16] = {0};
    memcpy(bytes, at, length);
    memset(mask, 0xFF, length);
    memcpy(&name->low, bytes, 8);
    memcpy(&name->high, bytes + 8, 8);
    memcpy(&name->low_mask, mask, 8);
    memcpy(&name->high_mask, mask + 8, 8);
    name->bit = bit;
    name->length = (uint32_t)length;
    name->decided = (reserved ? NAME_RESERVED : 0) | (repeats ? NAME_REPEATS : 0);
    cache->count = index + 1;
    return 1;
}

// MARK: The pass

/// The innermost open container's `info` bits.
/// `OPEN_CACHED`: the object's names so far are the name cache's first ones (it may read and write the cache).
enum { OPEN_OBJECT = 1, OPEN_TAKES_MEMBERS = 2, OPEN_HAS_DUPLICATES = 4, OPEN_CACHED = 8 };

/// The entries an object's members take at most (it is declined past `LINEAR_SCAN_LIMIT` members; the entries of
/// a member's value past its first make room for themselves): room made for them when an object opens, and when
/// the parse returns to it from a container inside.
#define OBJECT_ROOM (2 * LINEAR_SCAN_LIMIT)

/// Moves the entries to memory with room for `needed` more (rebasing `*next` and `*limit`).
__attribute__((noinline)) static int make_room(cjson_tape_entry **entries, cjson_tape_entry **next, cjson_tape_entry **limit, int *allocated,
                                               size_t needed) {
    size_t count = (size_t)(*next - *entries), capacity = (size_t)(*limit - *entries);
    if (!grow_entries(entries, count, &capacity, allocated, needed)) return 0;
    *next = *entries + count;
    *limit = *entries + capacity;
    return 1;
}

/// Writes one entry: two 64-bit stores.
static inline void put(cjson_tape_entry *entry, uint8_t kind, uint8_t flags, size_t count, int64_t payload) {
    *entry = make_entry(kind, flags, count, payload);
}

/// The number at `at` by one 16-byte load (SSE2): a decimal without exponent of up to 15 bytes or an integer of
/// up to 15 digits; returns the offset past it, or 0 for any other text (which `number` then reads).
static inline size_t short_number(const uint8_t *base, size_t at, cjson_tape_entry *entry) {
#if defined(__SSE2__)
    const uint8_t *text = base + at;
    uint32_t marks = cjson_digits16(text);
    // Bit i: byte i is no digit (the sign is skipped), and the 16 bytes are followed by one.
    uint32_t negative = text[0] == '-', others = (~marks & 0xFFFF) | 0x10000;
    uint32_t point = (uint32_t)__builtin_ctz(others & ~negative);
    uint32_t whole = point - negative;
    // One to fifteen digits, no leading zero, ending inside the block.
    if (UNLIKELY(whole - 1 >= 14) || UNLIKELY(whole > 1 && text[negative] == '0')) return 0;
    if (text[point] == '.') {
        uint32_t end = (uint32_t)__builtin_ctz(others & (0xFFFFFFFEu << point));
        if (UNLIKELY(end == point + 1) || UNLIKELY(end >= 16) || UNLIKELY((text[end] | 0x20) == 'e')) return 0;
        // The fraction's bits, and the zeros among them (bits 16-31 of the marks).
        uint32_t fraction = (1u << end) - (2u << point);
        put(entry, KIND_DECIMAL, ((marks >> 16) & fraction) == fraction ? FLAG_INTEGRAL : 0, end, (int64_t)at);
        return at + end;
    }
    if (UNLIKELY((text[point] | 0x20) == 'e')) return 0;
    int64_t magnitude = 0;
    for (uint32_t digit = negative; digit < point; digit++) magnitude = magnitude * 10 + (text[digit] - '0');
    put(entry, KIND_INTEGER, 0, 0, negative ? -magnitude : magnitude);
    return at + point;
#else
    (void)base, (void)at, (void)entry;
    return 0;
#endif
}

static inline __attribute__((always_inline)) int tape_compact(const uint8_t *base, size_t length, size_t max_depth,
                                                              const cjson_reserved_names *names, cjson_tape_workspace *workspace,
                                                              const int sse2) {
    cjson_tape_entry *entries = workspace->entries, *next = entries, *limit = entries + workspace->entry_capacity;
    int allocated = 0, refused = 0, duplicates = 0, result = CJSON_TAPE_DECLINED;
    size_t cursor = 0, depth = 0;
    const size_t field_depth = base[0] == '{' ? 1 : base[0] == '[' ? 2 : 0;
    const uint64_t reserved_bits = names->last_bits;
    // The innermost open container: its entry, members or elements so far, filter bits of its names, `OPEN_` bits.
    size_t open_entry = 0;
    uint32_t members = 0, info = 0;
    uint64_t key_bits = 0;
    open_container *stack = workspace->stack;
    name_cache cache;
    cache.count = 0;
    workspace->text_count = 0;
    workspace->object_end_count = 0;

value:
    if (UNLIKELY(next == limit) && !make_room(&entries, &next, &limit, &allocated, 1)) goto done;
value_with_room: {
    uint8_t byte = base[cursor];
    // `-`, the digits and (refused by `number`) `.` and `/` lie from `-` to `9`.
    if ((uint8_t)(byte - '-') <= '9' - '-') {
        size_t end = sse2 ? short_number(base, cursor, next) : 0;
        if (UNLIKELY(end == 0)) {
            end = number(base, cursor, next, sse2);
            if (end == 0) goto done;
        }
        next++;
        cursor = end;
    } else if (byte == '"') {
        size_t start = cursor + 1, stop = plain_string_end(base, start, sse2);
        if (LIKELY(base[stop] == '"')) {
            put(next++, KIND_STRING, 0, stop - start, (int64_t)start);
            cursor = stop + 1;
        } else {
            cursor = special_string(base, start, stop, workspace, next, sse2);
            if (cursor == 0) goto done;
            next++;
        }
    } else if ((byte | 0x20) == '{') {
        // `{` or `[` (`[` is `{` with bit 5 clear; nothing else is either with it set).
        uint32_t is_object = byte == '{';
        if (UNLIKELY(++depth > max_depth)) goto done;
        put(next++, is_object ? KIND_OBJECT : KIND_ARRAY, 0, 0, 0);
        cursor++;
        uint32_t takes_members = is_object && depth == field_depth ? OPEN_TAKES_MEMBERS : 0;
        if (base[cursor] == byte + 2) {
            // Empty (`}` and `]` are two after `{` and `[`).
            if (takes_members && !note_object_end(workspace, (intptr_t)(cursor << 1 | 1))) goto done;
            next[-1].payload = (int64_t)(next - entries);
            cursor++;
            depth--;
        } else {
            if (depth > 1) {
                if (UNLIKELY(depth - 1 > workspace->stack_capacity)) {
                    void *grown = reserve(workspace->stack, &workspace->stack_capacity, depth - 1, sizeof(open_container));
                    if (grown == NULL) goto done;
                    workspace->stack = stack = grown;
                }
                // An object inside takes the name cache over.
                stack[depth - 2] = (open_container){open_entry, key_bits, members, info & ~(uint32_t)OPEN_CACHED};
            }
            open_entry = (size_t)(next - entries) - 1;
            members = 0;
            key_bits = 0;
            info = is_object ? OPEN_OBJECT | OPEN_CACHED | takes_members : 0;
            if (!is_object) goto value;
            if (UNLIKELY(limit - next < OBJECT_ROOM) && !make_room(&entries, &next, &limit, &allocated, OBJECT_ROOM)) goto done;
            goto member;
        }
    } else if (byte == 't' && memcmp(base + cursor, "true", 4) == 0) {
        put(next++, KIND_TRUE, 0, 0, 0);
        cursor += 4;
    } else if (byte == 'f' && memcmp(base + cursor + 1, "alse", 4) == 0) {
        put(next++, KIND_FALSE, 0, 0, 0);
        cursor += 5;
    } else if (byte == 'n' && memcmp(base + cursor, "null", 4) == 0) {
        put(next++, KIND_NULL, 0, 0, 0);
        cursor += 4;
    } else {
        goto done;
    }
}
    // The value is done: count it in its container; close the containers that end here.
    while (depth > 0) {
        members++;
        uint8_t byte = base[cursor++];
        if (byte == ',') {
            if (info & OPEN_OBJECT) goto member;
            goto value;
        }
        if (UNLIKELY(byte != ((info & OPEN_OBJECT) ? '}' : ']'))) goto done;
        if ((info & OPEN_TAKES_MEMBERS) && !note_object_end(workspace, (intptr_t)((cursor - 1) << 1))) goto done;
        cjson_tape_entry *closed = entries + open_entry;
        closed->count = members;
        closed->payload = (int64_t)(next - entries);
        if (info & OPEN_HAS_DUPLICATES) closed->flags = FLAG_DUPLICATE_KEYS;
        depth--;
        if (depth > 0) {
            open_container outer = stack[depth - 1];
            open_entry = outer.entry;
            key_bits = outer.key_bits;
            members = outer.count;
            info = outer.info;
            if ((info & OPEN_OBJECT) && UNLIKELY(limit - next < OBJECT_ROOM) && !make_room(&entries, &next, &limit, &allocated, OBJECT_ROOM)) goto done;
        }
    }
    if (cursor == length) result = CJSON_TAPE_DONE;
    goto done;

member: {
    // `"name":`, then the member's value (the room for both was made when the object opened or was returned to).
    // (A cached name is one of the first `LINEAR_SCAN_LIMIT`.)
    if ((info & OPEN_CACHED) && members < cache.count && matches_cached(base + cursor, &cache.names[members])) {
        const cached_name *name = &cache.names[members];
        put(next++, KIND_STRING, 0, name->length - 3, (int64_t)cursor + 1);
        if (UNLIKELY(name->decided != 0)) {
            if ((name->decided & NAME_RESERVED) && (info & OPEN_TAKES_MEMBERS)) refused = 1;
            if (name->decided & NAME_REPEATS) {
                info |= OPEN_HAS_DUPLICATES;
                duplicates = 1;
            }
        }
        key_bits |= name->bit;
        cursor += name->length;
        goto value_with_room;
    }
    if (UNLIKELY(base[cursor] != '"') || UNLIKELY(members >= LINEAR_SCAN_LIMIT)) goto done;
    size_t start = cursor + 1, stop = plain_string_end(base, start, sse2);
    cjson_tape_entry *key = next;
    uint64_t bit;
    int plain = base[stop] == '"', reserved = 0, repeats = 0;
    if (LIKELY(plain)) {
        put(next++, KIND_STRING, 0, stop - start, (int64_t)start);
        bit = (uint64_t)1 << ((stop - start + 2u * base[stop - 1]) & 63);
        cursor = stop + 1;
        if ((reserved_bits & bit) != 0 || stop == start) reserved = reserved_name(base + start, stop - start, bit, names);
    } else {
        cursor = special_string(base, start, stop, workspace, next, sse2);
        if (cursor == 0) goto done;
        next++;
        bit = key_bit(*key, base, workspace->text);
        reserved = (key->flags & FLAG_IN_TEXT) || reserved_name(base + start, key->count, bit, names);
    }
    if (reserved && (info & OPEN_TAKES_MEMBERS)) refused = 1;
    if (UNLIKELY(key_bits & bit) && repeats_name(entries, open_entry, members, (size_t)(key - entries), base, workspace->text)) {
        info |= OPEN_HAS_DUPLICATES;
        duplicates = 1;
        repeats = 1;
    }
    key_bits |= bit;
    if (UNLIKELY(base[cursor] != ':')) goto done;
    if (info & OPEN_CACHED) {
        // Non-ASCII names are left out (the plain scan stops at their bytes).
        if (!(plain && cache_name(&cache, members, base + start - 1, stop - start, bit, reserved, repeats))) {
            info &= ~(uint32_t)OPEN_CACHED;
        }
    }
    cursor++;
    goto value_with_room;
}

done:
    workspace->entries = entries;
    workspace->entry_count = (size_t)(next - entries);
    workspace->entry_capacity = (size_t)(limit - entries);
    workspace->has_duplicate_keys = duplicates;
    workspace->is_refused = refused;
    return result;
}

static int tape_compact_portable(const uint8_t *text, size_t length, size_t max_depth, const cjson_reserved_names *names,
                                 cjson_tape_workspace *workspace) {
    return tape_compact(text, length, max_depth, names, workspace, 0);
}

#if defined(__SSE2__)
static int tape_compact_sse2(const uint8_t *text, size_t length, size_t max_depth, const cjson_reserved_names *names,
                             cjson_tape_workspace *workspace) {
    return tape_compact(text, length, max_depth, names, workspace, 1);
}
#endif

int cjson_tape_compact(const uint8_t *text, size_t length, size_t max_depth, const cjson_reserved_names *names, int portable,
                       cjson_tape_workspace *workspace) {
#if defined(__SSE2__)
    if (!portable) return tape_compact_sse2(text, length, max_depth, names, workspace);
#endif
    (void)portable;
    return tape_compact_portable(text, length, max_depth, names, workspace);
}

void cjson_tape_workspace_free(cjson_tape_workspace *workspace) {
    free(workspace->text);
    free(workspace->object_ends);
    free(workspace->stack);
    workspace->text = NULL;
    workspace->object_ends = NULL;
    workspace->stack = NULL;
    workspace->text_capacity = workspace->object_end_capacity = workspace->stack_capacity = 0;
}
