// Inflate (RFC 1951) into a buffer of known size. Two paths decode a block's codes:
//
// - the fast loop, while at least 8 input bytes and FAST_ROOM output bytes remain: the bit buffer is refilled a
//   64-bit word at a time (at least 56 bits, enough for a whole length/distance pair, so no item is checked
//   for missing bits), literals are decoded up to three per refill, and matches are copied 8 or 16 bytes at a
//   time, possibly writing past the match's end into room the fast loop keeps free;
// - the exact loop near either end: byte-at-a-time refills, every item checked for missing input bits before
//   it is written (so a cut stream produces exactly the items it holds whole, as zlib does) and every write
//   checked against the output's end.
#include <string.h>
#include "tables.h"

// The most a fast-loop step writes: a 258-byte match copied in 16-byte pieces (three literals are less).
#define FAST_ROOM (258 + 16)

// RFC 1951 3.2.7: the order in which a dynamic header gives the code-length code's lengths.
static const uint8_t codelen_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

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

static inline void store_le64(uint8_t *p, uint64_t word) {
    memcpy(p, &word, 8);
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

/// The entry the buffer's next bits select, through a link if there is one; `*skip` is set to the root bits
/// the link stands for (to consume before the entry's own), else 0.
static inline uint32_t lookup(const uint32_t *table, unsigned root, uint64_t buffer, unsigned *skip) {
    uint32_t entry = table[low_bits(buffer, root)];
    *skip = 0;
    if (entry & ENTRY_LINK) {
        *skip = ENTRY_CONSUME(entry);
        entry = table[ENTRY_VALUE(entry) + low_bits(buffer >> *skip, ENTRY_CODE_BITS(entry))];
    }
    return entry;
}

/// The value an entry decodes to once its code's bits are consumed: base plus extra bits.
static inline unsigned entry_value(uint32_t entry, uint64_t buffer) {
    return ENTRY_VALUE(entry) + (unsigned)(low_bits(buffer, ENTRY_CONSUME(entry)) >> ENTRY_CODE_BITS(entry));
}

/// A stored block: whole bytes from the input, after the bits up to the next byte boundary.
static cinflate_status stored_block(bit_reader *reader, uint8_t **out, uint8_t *out_end) {
    consume(reader, reader->bits & 7);
    reader->next -= reader->bits >> 3;
    reader->buffer = 0;
    reader->bits = 0;
    if (reader->end - reader->next < 4) return CINFLATE_TRUNCATED;
    unsigned length = reader->next[0] | (unsigned)reader->next[1] << 8;
    unsigned complement = reader->next[2] | (unsigned)reader->next[3] << 8;
    if (length != (~complement & 0xFFFFu)) return CINFLATE_BAD_STORED_LENGTH;
    reader->next += 4;
    size_t available = (size_t)(reader->end - reader->next), room = (size_t)(out_end - *out);
    // zlib copies what both sides allow: more than the room is an overflow, less than the length a cut.
    if (length > room && available > room) return CINFLATE_OUTPUT_FULL;
    size_t copied = length < available ? length : available;
    if (copied) memcpy(*out, reader->next, copied);
    *out += copied;
    reader->next += copied;
    return copied < length ? CINFLATE_TRUNCATED : CINFLATE_OK;
}

/// Reads a dynamic block's header (RFC 1951 3.2.7) into the literal/length and distance tables.
static cinflate_status dynamic_header(bit_reader *reader, uint32_t *litlen, uint32_t *dist) {
    unsigned value;
    if (!read_bits(reader, 14, &value)) return CINFLATE_TRUNCATED;
    unsigned literal_count = (value & 31) + 257, dist_count = ((value >> 5) & 31) + 1, codelen_count = (value >> 10) + 4;
    if (literal_count > 286 || dist_count > 30) return CINFLATE_BAD_CODE_COUNTS;
    uint8_t lengths[286 + 30];
    uint8_t codelen_lengths[19] = {0};
    for (unsigned i = 0; i < codelen_count; i++) {
        if (!read_bits(reader, 3, &value)) return CINFLATE_TRUNCATED;
        codelen_lengths[codelen_order[i]] = (uint8_t)value;
    }
    uint32_t codelen[CODELEN_ENOUGH];
    if (cinflate_build(codelen, CODELEN_ENOUGH, CODELEN_BITS, codelen_lengths, 19, ALPHABET_CODELEN))
        return CINFLATE_BAD_CODE_LENGTH_CODE;
    unsigned total = literal_count + dist_count, filled = 0;
    while (filled < total) {
        refill(reader);
        uint32_t entry = codelen[low_bits(reader->buffer, CODELEN_BITS)];
        unsigned symbol = ENTRY_VALUE(entry), code_bits = ENTRY_CONSUME(entry);
        if (symbol < 16) {
            if (code_bits > reader->bits) return CINFLATE_TRUNCATED;
            consume(reader, code_bits);
            lengths[filled++] = (uint8_t)symbol;
            continue;
        }
        unsigned extra = symbol == 16 ? 2 : symbol == 17 ? 3 : 7;
        if (code_bits + extra > reader->bits) return CINFLATE_TRUNCATED;
        consume(reader, code_bits);
        if (symbol == 16 && filled == 0) return CINFLATE_BAD_REPEAT;
        uint8_t repeated = symbol == 16 ? lengths[filled - 1] : 0;
        unsigned times = (symbol == 18 ? 11 : 3) + (unsigned)low_bits(reader->buffer, extra);
        consume(reader, extra);
        if (times > total - filled) return CINFLATE_BAD_REPEAT;
        memset(lengths + filled, repeated, times);
        filled += times;
    }
    if (lengths[256] == 0) return CINFLATE_NO_END_OF_BLOCK;
    if (cinflate_build(litlen, LITLEN_ENOUGH, LITLEN_BITS, lengths, literal_count, ALPHABET_LITLEN))
        return CINFLATE_BAD_LITERAL_LENGTH_CODE;
    if (cinflate_build(dist, DIST_ENOUGH, DIST_BITS, lengths + literal_count, dist_count, ALPHABET_DIST))
        return CINFLATE_BAD_DISTANCE_CODE;
    return CINFLATE_OK;
}

/// Copies a match of `length` bytes from `distance` back, in pieces that may run up to 15 bytes past its end.
static inline void copy_match_fast(uint8_t *out, unsigned distance, unsigned length) {
    const uint8_t *from = out - distance;
    uint8_t *end = out + length;
    if (distance >= 16) {
        do {
            memcpy(out, from, 16);
            out += 16;
            from += 16;
        } while (out < end);
    } else if (distance >= 8) {
        do {
            memcpy(out, from, 8);
            out += 8;
            from += 8;
        } while (out < end);
    } else if (distance == 1) {
        uint64_t run = UINT64_C(0x0101010101010101) * *from;
        do {
            store_le64(out, run);
            out += 8;
        } while (out < end);
    } else {
        // Distances 2-7: eight bytes one at a time (an overlapping copy repeats the pattern), then whole words
        // from a multiple of the distance at least 8 bytes back, where the same pattern already lies.
        for (unsigned i = 0; i < 8; i++) out[i] = from[i];
        unsigned stride = distance * ((8 + distance - 1) / distance);
        out += 8;
        while (out < end) {
            memcpy(out, out - stride, 8);
            out += 8;
        }
    }
}

/// Decodes a Huffman block's codes up to its end-of-block code. Inlined into two functions: one for any
/// processor and, on x86_64, one compiled for BMI2 (shifts and masks by a register's count in one instruction).
static inline __attribute__((always_inline)) cinflate_status huffman_block_body(bit_reader *shared_reader, const uint32_t *litlen, const uint32_t *dist,
                                     const uint8_t *output, uint8_t **out_cursor, uint8_t *out_end) {
    // A local copy, which the output's byte stores cannot alias, so that the bit buffer stays in registers.
    bit_reader local = *shared_reader, *reader = &local;
    uint8_t *out = *out_cursor;
    cinflate_status status = CINFLATE_OK;
    unsigned skip;
    // The fast loop: the bits of a whole item are always there, and so is the room to write it. The next
    // literal/length entry is looked up ahead (a refill leaves the bits it was looked up with unchanged).
    if (reader->end - reader->next >= 8 && out_end - out >= FAST_ROOM) {
        const uint8_t *in_last = reader->end - 8;
        const uint8_t *out_last = out_end - FAST_ROOM;
        refill_word(reader);
        uint32_t entry = litlen[low_bits(reader->buffer, LITLEN_BITS)];
        while (reader->next <= in_last && out <= out_last) {
            refill_word(reader);
            if (entry & ENTRY_LITERAL) {
                // Up to three literals per refill (15 bits each at most).
                consume(reader, ENTRY_CONSUME(entry));
                *out++ = (uint8_t)ENTRY_VALUE(entry);
                entry = litlen[low_bits(reader->buffer, LITLEN_BITS)];
                if (entry & ENTRY_LITERAL) {
                    consume(reader, ENTRY_CONSUME(entry));
                    *out++ = (uint8_t)ENTRY_VALUE(entry);
                    entry = litlen[low_bits(reader->buffer, LITLEN_BITS)];
                    if (entry & ENTRY_LITERAL) {
                        consume(reader, ENTRY_CONSUME(entry));
                        *out++ = (uint8_t)ENTRY_VALUE(entry);
                        entry = litlen[low_bits(reader->buffer, LITLEN_BITS)];
                    }
                }
                continue;
            }
            if (entry & ENTRY_LINK) {
                consume(reader, ENTRY_CONSUME(entry));
                entry = litlen[ENTRY_VALUE(entry) + low_bits(reader->buffer, ENTRY_CODE_BITS(entry))];
                if (entry & ENTRY_LITERAL) {
                    consume(reader, ENTRY_CONSUME(entry));
                    *out++ = (uint8_t)ENTRY_VALUE(entry);
                    entry = litlen[low_bits(reader->buffer, LITLEN_BITS)];
                    continue;
                }
            }
            if (entry & (ENTRY_END | ENTRY_INVALID)) {
                consume(reader, ENTRY_CONSUME(entry));
                status = entry & ENTRY_END ? CINFLATE_OK : CINFLATE_BAD_LITERAL_LENGTH_SYMBOL;
                goto done;
            }
            unsigned length = entry_value(entry, reader->buffer);
            consume(reader, ENTRY_CONSUME(entry));
            entry = dist[low_bits(reader->buffer, DIST_BITS)];
            if (entry & ENTRY_LINK) {
                consume(reader, ENTRY_CONSUME(entry));
                entry = dist[ENTRY_VALUE(entry) + low_bits(reader->buffer, ENTRY_CODE_BITS(entry))];
            }
            if (entry & ENTRY_INVALID) {
                status = CINFLATE_BAD_DISTANCE_SYMBOL;
                goto done;
            }
            unsigned distance = entry_value(entry, reader->buffer);
            consume(reader, ENTRY_CONSUME(entry));
            if (distance > (size_t)(out - output)) {
                status = CINFLATE_DISTANCE_TOO_FAR;
                goto done;
            }
            copy_match_fast(out, distance, length);
            out += length;
            entry = litlen[low_bits(reader->buffer, LITLEN_BITS)];
        }
    }
    // The exact loop: each item's bits are checked before it is written, each write against the end.
    for (;;) {
        refill(reader);
        uint32_t entry = lookup(litlen, LITLEN_BITS, reader->buffer, &skip);
        unsigned used = skip + ENTRY_CONSUME(entry);
        if (entry & (ENTRY_LITERAL | ENTRY_END | ENTRY_INVALID)) {
            if (used > reader->bits) {
                status = CINFLATE_TRUNCATED;
                break;
            }
            consume(reader, used);
            if (!(entry & ENTRY_LITERAL)) {
                status = entry & ENTRY_END ? CINFLATE_OK : CINFLATE_BAD_LITERAL_LENGTH_SYMBOL;
                break;
            }
            if (out == out_end) {
                status = CINFLATE_OUTPUT_FULL;
                break;
            }
            *out++ = (uint8_t)ENTRY_VALUE(entry);
            continue;
        }
        // A length, then a distance: at most 48 bits, which a refill holds unless the input ends.
        unsigned length = entry_value(entry, reader->buffer >> skip);
        unsigned dist_skip;
        uint32_t dist_entry = lookup(dist, DIST_BITS, reader->buffer >> used, &dist_skip);
        unsigned dist_code = used + dist_skip + ENTRY_CODE_BITS(dist_entry);
        if (used > reader->bits || dist_code > reader->bits) {
            status = CINFLATE_TRUNCATED;
            break;
        }
        if (dist_entry & ENTRY_INVALID) {
            status = CINFLATE_BAD_DISTANCE_SYMBOL;
            break;
        }
        if (used + dist_skip + ENTRY_CONSUME(dist_entry) > reader->bits) {
            status = CINFLATE_TRUNCATED;
            break;
        }
        consume(reader, used + dist_skip);
        unsigned distance = entry_value(dist_entry, reader->buffer);
        consume(reader, ENTRY_CONSUME(dist_entry));
        if (distance > (size_t)(out - output)) {
            status = CINFLATE_DISTANCE_TOO_FAR;
            break;
        }
        if (length > (size_t)(out_end - out)) {
            status = CINFLATE_OUTPUT_FULL;
            break;
        }
        const uint8_t *from = out - distance;
        for (unsigned i = 0; i < length; i++) out[i] = from[i];
        out += length;
    }
done:
    *shared_reader = local;
    *out_cursor = out;
    return status;
}

static cinflate_status huffman_block_portable(bit_reader *reader, const uint32_t *litlen, const uint32_t *dist,
                                              const uint8_t *output, uint8_t **out, uint8_t *out_end) {
    return huffman_block_body(reader, litlen, dist, output, out, out_end);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("bmi2"))) static cinflate_status huffman_block_bmi2(bit_reader *reader, const uint32_t *litlen,
                                                                          const uint32_t *dist, const uint8_t *output,
                                                                          uint8_t **out, uint8_t *out_end) {
    return huffman_block_body(reader, litlen, dist, output, out, out_end);
}

/// The BMI2 decoder where the processor has BMI2, else the portable one.
static cinflate_status huffman_block(bit_reader *reader, const uint32_t *litlen, const uint32_t *dist,
                                     const uint8_t *output, uint8_t **out, uint8_t *out_end) {
    static int known = -1;
    int bmi2 = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (bmi2 < 0) {
        __builtin_cpu_init();
        bmi2 = __builtin_cpu_supports("bmi2") ? 1 : 0;
        __atomic_store_n(&known, bmi2, __ATOMIC_RELAXED);
    }
    return bmi2 ? huffman_block_bmi2(reader, litlen, dist, output, out, out_end)
                : huffman_block_portable(reader, litlen, dist, output, out, out_end);
}
#else
#define huffman_block huffman_block_portable
#endif

/// A function that decodes one Huffman block (the portable one, or the fastest the processor runs).
typedef cinflate_status (*block_decoder)(bit_reader *reader, const uint32_t *litlen, const uint32_t *dist,
                                         const uint8_t *output, uint8_t **out, uint8_t *out_end);

/// The whole stream, block after block, with `decode` for the Huffman blocks.
static cinflate_status inflate_stream(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity,
                                      size_t *produced, block_decoder decode) {
    static const uint8_t nothing[1] = {0};
    static uint8_t no_room[1];
    if (input == NULL) input = nothing, input_length = 0;
    if (output == NULL) output = no_room, capacity = 0;
    bit_reader reader = {input, input + input_length, 0, 0};
    uint8_t *out = output, *out_end = output + capacity;
    uint32_t litlen[LITLEN_ENOUGH], dist[DIST_ENOUGH];
    cinflate_status status = CINFLATE_OK;
    for (;;) {
        unsigned header;
        if (!read_bits(&reader, 3, &header)) {
            status = CINFLATE_TRUNCATED;
            break;
        }
        unsigned type = header >> 1;
        if (type == 0) {
            status = stored_block(&reader, &out, out_end);
        } else if (type == 1) {
            const uint32_t *fixed_litlen, *fixed_dist;
            cinflate_fixed_tables(&fixed_litlen, &fixed_dist);
            status = decode(&reader, fixed_litlen, fixed_dist, output, &out, out_end);
        } else if (type == 2) {
            status = dynamic_header(&reader, litlen, dist);
            if (status == CINFLATE_OK) status = decode(&reader, litlen, dist, output, &out, out_end);
        } else {
            status = CINFLATE_BAD_BLOCK_TYPE;
        }
        if (status != CINFLATE_OK || (header & 1)) break;
    }
    *produced = (size_t)(out - output);
    return status;
}

cinflate_status cinflate(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity, size_t *produced) {
    return inflate_stream(input, input_length, output, capacity, produced, huffman_block);
}

cinflate_status cinflate_portable(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity,
                                  size_t *produced) {
    return inflate_stream(input, input_length, output, capacity, produced, huffman_block_portable);
}
