#ifndef CINFLATE_BITS_H
#define CINFLATE_BITS_H

// The input as a stream of bits, least significant first (RFC 1951 3.1.1), through a 64-bit buffer.

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "CInflate.h"

/// The input and the bit buffer: the low `bits` bits of `buffer` are the next input bits; above them
/// `buffer` holds zeros or the input bytes that follow (never anything else).
typedef struct {
    const uint8_t *next;
    const uint8_t *end;
    uint64_t buffer;
    unsigned bits;
} bit_reader;

static inline uint64_t load_le64(const uint8_t *p) {
    uint64_t word;
    memcpy(&word, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    return word;
}

/// Tops the buffer up to 56-63 bits with the next 8 input bytes, which must be there (the bytes it holds beyond
/// the counted bits are the input's next ones, so later refills agree with them).
static inline void refill_word(bit_reader *reader) {
    reader->buffer |= load_le64(reader->next) << reader->bits;
    reader->next += (63 - reader->bits) >> 3;
    reader->bits |= 56;
}

/// Tops the buffer up to at least 56 bits, or with every input byte left.
static inline void refill(bit_reader *reader) {
    if (reader->end - reader->next >= 8) {
        refill_word(reader);
    } else {
        while (reader->bits < 56 && reader->next < reader->end) {
            reader->buffer |= (uint64_t)*reader->next++ << reader->bits;
            reader->bits += 8;
        }
    }
}

static inline uint64_t low_bits(uint64_t value, unsigned count) {
    return value & ((UINT64_C(1) << count) - 1);
}

static inline void consume(bit_reader *reader, unsigned count) {
    reader->buffer >>= count;
    reader->bits -= count;
}

/// Reads `count` (at most 32) bits; false when the input ends first.
static inline int read_bits(bit_reader *reader, unsigned count, unsigned *value) {
    if (reader->bits < count) refill(reader);
    if (reader->bits < count) return 0;
    *value = (unsigned)low_bits(reader->buffer, count);
    consume(reader, count);
    return 1;
}

/// Reads a stored block's length (from the next byte boundary) and copies its bytes to `*out`, at most up to `out_end`.
cinflate_status cinflate_stored_block(bit_reader *reader, uint8_t **out, uint8_t *out_end);

/// Reads a dynamic block's header (RFC 1951 3.2.7) into the literal/length and distance tables.
cinflate_status cinflate_dynamic_header(bit_reader *reader, uint32_t *litlen, uint32_t *dist);

/// A dynamic block's tables: those this thread decoded before from the same header bits when there are any
/// (`cache.c`), else read into a cache slot, or into `litlen` and `dist` when there is no cache. `*litlen_used`
/// and `*dist_used` are set to the tables to decode the block with.
cinflate_status cinflate_dynamic_tables(bit_reader *reader, uint32_t *litlen, uint32_t *dist,
                                        const uint32_t **litlen_used, const uint32_t **dist_used);

#endif
