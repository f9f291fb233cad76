// Building decoding tables from code lengths (RFC 1951 3.2.2: canonical Huffman codes).
#include <pthread.h>
#include <string.h>
#include "tables.h"

#define MAX_CODE_BITS 15
#define MAX_SYMBOLS 288

// Each symbol's entry before its code's length is added (times 0x101: to the bits to consume and to the code's
// length): its kind, its value and, in the bits to consume, its extra bits (RFC 1951 3.2.5: lengths 3-258 for
// symbols 257-285, distances 1-32768 for symbols 0-29).
#define LITERAL(n) (ENTRY_LITERAL | (uint32_t)(n) << 16)
#define LITERALS4(n) LITERAL(n), LITERAL((n) + 1), LITERAL((n) + 2), LITERAL((n) + 3)
#define LITERALS16(n) LITERALS4(n), LITERALS4((n) + 4), LITERALS4((n) + 8), LITERALS4((n) + 12)
#define LITERALS64(n) LITERALS16(n), LITERALS16((n) + 16), LITERALS16((n) + 32), LITERALS16((n) + 48)
#define BASE(base, extra) ((uint32_t)(base) << 16 | (extra))
// Lengths with extra bits flagged long: those whose code and extra bits fit in the root get resolved entries
// (`resolve_lengths`). A length without extra bits is whole as it is.
#define LENGTH(base, extra) (BASE(base, extra) | ENTRY_LONG_LENGTH)
static const uint32_t litlen_symbols[MAX_SYMBOLS] = {
    LITERALS64(0), LITERALS64(64), LITERALS64(128), LITERALS64(192), ENTRY_END,
    BASE(3, 0), BASE(4, 0), BASE(5, 0), BASE(6, 0), BASE(7, 0), BASE(8, 0), BASE(9, 0), BASE(10, 0),
    LENGTH(11, 1), LENGTH(13, 1), LENGTH(15, 1), LENGTH(17, 1), LENGTH(19, 2), LENGTH(23, 2), LENGTH(27, 2), LENGTH(31, 2),
    LENGTH(35, 3), LENGTH(43, 3), LENGTH(51, 3), LENGTH(59, 3), LENGTH(67, 4), LENGTH(83, 4), LENGTH(99, 4), LENGTH(115, 4),
    LENGTH(131, 5), LENGTH(163, 5), LENGTH(195, 5), LENGTH(227, 5), BASE(258, 0), ENTRY_INVALID, ENTRY_INVALID};
static const uint32_t dist_symbols[32] = {
    BASE(1, 0), BASE(2, 0), BASE(3, 0), BASE(4, 0), BASE(5, 1), BASE(7, 1), BASE(9, 2), BASE(13, 2),
    BASE(17, 3), BASE(25, 3), BASE(33, 4), BASE(49, 4), BASE(65, 5), BASE(97, 5), BASE(129, 6), BASE(193, 6),
    BASE(257, 7), BASE(385, 7), BASE(513, 8), BASE(769, 8), BASE(1025, 9), BASE(1537, 9), BASE(2049, 10),
    BASE(3073, 10), BASE(4097, 11), BASE(6145, 11), BASE(8193, 12), BASE(12289, 12), BASE(16385, 13),
    BASE(24577, 13), ENTRY_DIST_EXCEPTIONAL | ENTRY_INVALID, ENTRY_DIST_EXCEPTIONAL | ENTRY_INVALID};
static const uint32_t codelen_symbols[19] = {BASE(0, 0),  BASE(1, 0),  BASE(2, 0),  BASE(3, 0),  BASE(4, 0),
                                             BASE(5, 0),  BASE(6, 0),  BASE(7, 0),  BASE(8, 0),  BASE(9, 0),
                                             BASE(10, 0), BASE(11, 0), BASE(12, 0), BASE(13, 0), BASE(14, 0),
                                             BASE(15, 0), BASE(16, 0), BASE(17, 0), BASE(18, 0)};

/// The entry of the unused code of an incomplete code (one bit).
static uint32_t unused_code(alphabet kind) {
    return (kind == ALPHABET_DIST ? ENTRY_DIST_EXCEPTIONAL | ENTRY_INVALID : ENTRY_INVALID) + 0x101u;
}

/// Copies the first `size` entries after themselves until the table has `wanted` entries: a code of `n` bits then
/// stands at every index whose low `n` bits are its code.
static unsigned grow(uint32_t *table, unsigned size, unsigned wanted) {
    for (; size < wanted && size < 16; size <<= 1)
        for (unsigned i = 0; i < size; i++) table[size + i] = table[i];
    for (; size < wanted; size <<= 1) memcpy(table + size, table, sizeof(uint32_t) * size);
    return size;
}

/// The next canonical code of `mask`'s length after `code`, both bit-reversed (as the input sends them): the
/// highest 0 bit set and the 1 bits above it cleared, that is the complement's highest 1 bit and those below it
/// flipped back. `code` must not be the last one (all ones).
static inline unsigned next_reversed(unsigned code, unsigned mask) {
    unsigned complement = code ^ mask;
    return complement ^ (0x7FFFFFFFu >> __builtin_clz(complement));
}

/// A length symbol's code within the root: its symbol's entry, its code (bit-reversed) and the code's length.
typedef struct {
    uint32_t entry;
    unsigned code, length;
} root_length;

/// Rewrites the root entries of the lengths in `lengths[0..<count]` whose code and extra bits fit in `root` bits:
/// one entry for each value of the extra bits, holding the whole length (the code then counts as code and extra
/// bits together), with no flag. The others keep their flagged entry (base and extra bits).
static void resolve_lengths(uint32_t *table, unsigned root, const root_length *lengths, unsigned count) {
    for (const root_length *item = lengths; item < lengths + count; item++) {
        unsigned extra = ENTRY_CONSUME(item->entry), whole = item->length + extra;
        if (whole > root) continue;
        uint32_t entry = (item->entry & ~ENTRY_LONG_LENGTH & 0xFFFF0000u) + whole * 0x101u;
        for (unsigned value = 0; value < (1u << extra); value++, entry += 1u << 16)
            for (unsigned i = item->code | value << item->length; i < (1u << root); i += 1u << whole) table[i] = entry;
    }
}

/// The lengths of `count` symbols eight at a time: whether the eight from `symbol` on are all 0 (no code).
static inline int none_coded(const uint8_t *lengths, unsigned symbol) {
    uint64_t word;
    memcpy(&word, lengths + symbol, 8);
    return word == 0;
}

int cinflate_build(uint32_t *table, unsigned capacity, unsigned root, const uint8_t *lengths, unsigned count,
                   alphabet kind) {
    const uint32_t *symbols = kind == ALPHABET_LITLEN ? litlen_symbols : kind == ALPHABET_DIST ? dist_symbols : codelen_symbols;
    // Symbols without a code come in long runs (bytes a text never uses): skipped eight at a time.
    unsigned counts[MAX_CODE_BITS + 1] = {0};
    unsigned whole = count & ~7u;
    for (unsigned symbol = 0; symbol < whole; symbol += 8) {
        if (none_coded(lengths, symbol)) continue;
        for (unsigned i = symbol; i < symbol + 8; i++) counts[lengths[i]]++;
    }
    for (unsigned symbol = whole; symbol < count; symbol++) counts[lengths[symbol]]++;
    counts[0] = 0;
    // Kraft's inequality: `left` codes of the current length are still free.
    int left = 1;
    unsigned shortest = 0, longest = 0;
    for (unsigned length = 1; length <= MAX_CODE_BITS; length++) {
        left = (left << 1) - (int)counts[length];
        if (left < 0) return -1;
        if (counts[length]) {
            longest = length;
            if (!shortest) shortest = length;
        }
    }
    if ((1u << root) > capacity) return -1;
    if (longest == 0) {
        // No symbol at all. zlib accepts it and fails at the first use, after one bit; a code-length code
        // with no symbol reads every length as 0, one bit each (then the missing end-of-block code fails).
        table[0] = kind == ALPHABET_CODELEN ? symbols[0] + 0x101u : unused_code(kind);
        grow(table, 1, 1u << root);
        return 0;
    }
    // Symbols sorted by (length, symbol): the order of their canonical codes. Symbols without a code go after
    // them all (offsets[0]), never read.
    unsigned offsets[MAX_CODE_BITS + 1];
    offsets[1] = 0;
    for (unsigned length = 1; length < MAX_CODE_BITS; length++) offsets[length + 1] = offsets[length] + counts[length];
    offsets[0] = offsets[MAX_CODE_BITS] + counts[MAX_CODE_BITS];
    uint16_t sorted[MAX_SYMBOLS];
    for (unsigned symbol = 0; symbol < whole; symbol += 8) {
        if (none_coded(lengths, symbol)) continue;
        for (unsigned i = symbol; i < symbol + 8; i++) sorted[offsets[lengths[i]]++] = (uint16_t)i;
    }
    for (unsigned symbol = whole; symbol < count; symbol++) sorted[offsets[lengths[symbol]]++] = (uint16_t)symbol;
    if (left > 0) {
        // Incomplete: allowed only for one literal/length or distance symbol with a one-bit code; its
        // unused code is invalid, detected after that one bit.
        if (kind == ALPHABET_CODELEN || longest != 1) return -1;
        table[0] = symbols[sorted[0]] + 0x101u;
        table[1] = unused_code(kind);
        grow(table, 2, 1u << root);
        return 0;
    }
    // A complete code: its shortest codes come within the root (a code with none would need 2^(root + 1)
    // symbols; the guard keeps every root entry written whatever the alphabet). Codes by increasing length: the
    // table is as long as the current length's codes need (each written once, at its bit-reversed code), then
    // grown by copies for the next length.
    if (shortest > root) return -1;
    unsigned code = 0, size = 1, next = 0;
    root_length lengths_in_root[MAX_SYMBOLS - 256];
    unsigned length_count = 0;
    for (unsigned length = shortest; length <= root && length <= longest; length++) {
        if (!counts[length]) continue;
        size = grow(table, size, 1u << length);
        uint32_t add = length * 0x101u;
        for (unsigned n = counts[length]; n; n--) {
            unsigned symbol = sorted[next++];
            table[code] = symbols[symbol] + add;
            if (kind == ALPHABET_LITLEN && (symbols[symbol] & ENTRY_LONG_LENGTH)) lengths_in_root[length_count++] = (root_length){symbols[symbol], code, length};
            if (code == size - 1) {
                // The last code (all ones): the code ends within the root.
                grow(table, size, 1u << root);
                resolve_lengths(table, root, lengths_in_root, length_count);
                return 0;
            }
            code = next_reversed(code, size - 1);
        }
    }
    grow(table, size, 1u << root);
    resolve_lengths(table, root, lengths_in_root, length_count);
    // Longer codes: a link in the root table to a subtable indexed by the bits after the root.
    unsigned root_mask = (1u << root) - 1, free_entry = 1u << root;
    unsigned prefix = ~0u, sub_bits = 0;
    uint32_t *sub = table, link = kind == ALPHABET_DIST ? ENTRY_DIST_EXCEPTIONAL | ENTRY_LINK : ENTRY_LINK;
    for (unsigned length = root + 1; length <= longest; length++) {
        unsigned rest = length - root;
        uint32_t add = rest * 0x101u;
        for (unsigned n = counts[length]; n; n--) {
            if ((code & root_mask) != prefix) {
                // A new subtable for the codes that start with these root bits (a run in canonical order): as
                // deep as the codes from here need to fill it.
                prefix = code & root_mask;
                sub_bits = rest;
                for (unsigned filled = n; filled < (1u << sub_bits) && root + sub_bits < MAX_CODE_BITS;)
                    filled = (filled << 1) + counts[root + ++sub_bits];
                if (free_entry + (1u << sub_bits) > capacity) return -1;
                table[prefix] = link | (uint32_t)free_entry << 16 | sub_bits << 8 | root;
                sub = table + free_entry;
                free_entry += 1u << sub_bits;
            }
            // Never true of a complete code; a guard that keeps every write inside the subtable.
            if (rest > sub_bits) return -1;
            uint32_t entry = symbols[sorted[next++]] + add;
            for (unsigned i = code >> root; i < (1u << sub_bits); i += 1u << rest) sub[i] = entry;
            if (code == (1u << length) - 1) return 0;
            code = next_reversed(code, (1u << length) - 1);
        }
    }
    return 0;
}

static uint32_t fixed_litlen[1u << LITLEN_BITS], fixed_dist[1u << DIST_BITS];
static pthread_once_t fixed_once = PTHREAD_ONCE_INIT;

/// RFC 1951 3.2.6: literal/length codes of 8, 9, 7 and 8 bits by range, distance codes of 5 bits.
static void build_fixed(void) {
    uint8_t lengths[MAX_SYMBOLS];
    for (unsigned symbol = 0; symbol < 288; symbol++)
        lengths[symbol] = symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8;
    cinflate_build(fixed_litlen, 1u << LITLEN_BITS, LITLEN_BITS, lengths, 288, ALPHABET_LITLEN);
    for (unsigned symbol = 0; symbol < 32; symbol++) lengths[symbol] = 5;
    cinflate_build(fixed_dist, 1u << DIST_BITS, DIST_BITS, lengths, 32, ALPHABET_DIST);
}

void cinflate_fixed_tables(const uint32_t **litlen, const uint32_t **dist) {
    pthread_once(&fixed_once, build_fixed);
    *litlen = fixed_litlen;
    *dist = fixed_dist;
}
