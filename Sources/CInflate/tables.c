// Building decoding tables from code lengths (RFC 1951 3.2.2: canonical Huffman codes).
#include <pthread.h>
#include <string.h>
#include "tables.h"

#define MAX_CODE_BITS 15
#define MAX_SYMBOLS 288

// RFC 1951 3.2.5: lengths 3-258 (symbols 257-285) and distances 1-32768 (symbols 0-29), as base + extra bits.
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/// A symbol's entry before its code length is added: kind, value and extra bits (in the consume field).
static uint32_t symbol_entry(alphabet kind, unsigned symbol) {
    switch (kind) {
    case ALPHABET_CODELEN:
        return (uint32_t)symbol << 16;
    case ALPHABET_LITLEN:
        if (symbol < 256) return ENTRY_LITERAL | (uint32_t)symbol << 16;
        if (symbol == 256) return ENTRY_END;
        if (symbol < 286) return (uint32_t)length_base[symbol - 257] << 16 | length_extra[symbol - 257];
        return ENTRY_INVALID;
    case ALPHABET_DIST:
        if (symbol < 30) return (uint32_t)dist_base[symbol] << 16 | dist_extra[symbol];
        return ENTRY_INVALID;
    }
    return ENTRY_INVALID;
}

/// `code`'s `length` bits in reverse order: DEFLATE sends a Huffman code's first bit in the input's lowest bit.
static unsigned reversed(unsigned code, unsigned length) {
    // All 16 bits reversed (neighbours, pairs, nibbles, bytes swapped), then the low `length` of them kept.
    code = (code & 0x5555u) << 1 | (code >> 1 & 0x5555u);
    code = (code & 0x3333u) << 2 | (code >> 2 & 0x3333u);
    code = (code & 0x0F0Fu) << 4 | (code >> 4 & 0x0F0Fu);
    code = (code & 0x00FFu) << 8 | (code >> 8 & 0x00FFu);
    return code >> (16 - length);
}

/// Writes `entry` at every index of a table of 2^`bits` entries whose low `length` bits are `index`.
static void replicate(uint32_t *table, unsigned bits, unsigned index, unsigned length, uint32_t entry) {
    for (unsigned i = index; i < (1u << bits); i += 1u << length) table[i] = entry;
}

int cinflate_build(uint32_t *table, unsigned capacity, unsigned root, const uint8_t *lengths, unsigned count,
                   alphabet kind) {
    unsigned counts[MAX_CODE_BITS + 1] = {0};
    for (unsigned symbol = 0; symbol < count; symbol++) counts[lengths[symbol]]++;
    counts[0] = 0;
    unsigned longest = 0;
    for (unsigned length = 1; length <= MAX_CODE_BITS; length++)
        if (counts[length]) longest = length;
    if ((1u << root) > capacity) return -1;
    if (longest == 0) {
        // No symbol at all. zlib accepts it and fails at the first use, after one bit; a code-length code
        // with no symbol reads every length as 0, one bit each (then the missing end-of-block code fails).
        uint32_t entry = (kind == ALPHABET_CODELEN ? 0 : ENTRY_INVALID) | 1u << 8 | 1u;
        replicate(table, root, 0, 0, entry);
        return 0;
    }
    // Kraft's inequality: `left` codes of the current length are still free.
    int left = 1;
    for (unsigned length = 1; length <= MAX_CODE_BITS; length++) {
        left = (left << 1) - (int)counts[length];
        if (left < 0) return -1;
    }
    if (left > 0) {
        // Incomplete: allowed only for one literal/length or distance symbol with a one-bit code; its
        // unused code is invalid, detected after that one bit.
        if (kind == ALPHABET_CODELEN || longest != 1) return -1;
    }
    // Symbols sorted by (length, symbol) and their canonical codes, which then increase when left-aligned.
    unsigned offsets[MAX_CODE_BITS + 2];
    offsets[1] = 0;
    for (unsigned length = 1; length <= MAX_CODE_BITS; length++) offsets[length + 1] = offsets[length] + counts[length];
    uint16_t sorted[MAX_SYMBOLS];
    for (unsigned symbol = 0; symbol < count; symbol++)
        if (lengths[symbol]) sorted[offsets[lengths[symbol]]++] = (uint16_t)symbol;
    unsigned total = offsets[MAX_CODE_BITS + 1];
    uint16_t codes[MAX_SYMBOLS];
    unsigned code = 0, position = 0;
    for (unsigned length = 1; length <= MAX_CODE_BITS; length++) {
        for (unsigned i = 0; i < counts[length]; i++) codes[position++] = (uint16_t)reversed(code++, length);
        code <<= 1;
    }
    // Codes of at most `root` bits, by increasing length: the first 2^length entries hold every code up to
    // that length (each written once, at its reversed code), then are doubled for the next length, so that a
    // code ends up at every index whose low bits are its code. Entry 0 starts invalid: what is left of it
    // after an incomplete code's one code is its unused code.
    table[0] = ENTRY_INVALID | 1u << 8 | 1u;
    unsigned i = 0;
    for (unsigned length = 1; length <= root; length++) {
        memcpy(table + (1u << (length - 1)), table, sizeof(uint32_t) << (length - 1));
        for (; i < total && lengths[sorted[i]] == length; i++) table[codes[i]] = symbol_entry(kind, sorted[i]) + length + (length << 8);
    }
    // Longer codes: a link in the root table to a subtable indexed by the bits after the root.
    unsigned next = 1u << root;
    unsigned prefix = ~0u, sub_bits = 0, sub_offset = 0;
    for (; i < total; i++) {
        unsigned symbol = sorted[i], length = lengths[symbol], reversed_code = codes[i];
        unsigned low = reversed_code & ((1u << root) - 1);
        if (low != prefix) {
            // A new subtable for the codes that start with these root bits (a contiguous run in canonical
            // order): as deep as the longest of them, the last of the run.
            unsigned last = i;
            while (last + 1 < total && (codes[last + 1] & ((1u << root) - 1)) == low) last++;
            prefix = low;
            sub_bits = lengths[sorted[last]] - root;
            sub_offset = next;
            if (next + (1u << sub_bits) > capacity) return -1;
            next += 1u << sub_bits;
            table[low] = ENTRY_LINK | (uint32_t)sub_offset << 16 | sub_bits << 8 | root;
        }
        unsigned rest = length - root;
        replicate(table + sub_offset, sub_bits, reversed_code >> root, rest, symbol_entry(kind, symbol) + rest + (rest << 8));
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
