// Inflate (RFC 1951) into a buffer of known size. Two paths decode a block's codes:
//
// - the fast loop, while at least 8 input bytes and the room for the next item remain: the bit buffer is refilled a
//   64-bit word at a time (at least 56 bits, enough for a whole length/distance pair, so no item is checked
//   for missing bits), literals are decoded up to three per refill, and matches are copied 8 or 16 bytes at a
//   time, possibly writing past the match's end into room the fast loop checks for;
// - the exact loop near either end: byte-at-a-time refills, every item checked for missing input bits before
//   it is written (so a cut stream produces exactly the items it holds whole, as zlib does) and every write
//   checked against the output's end.
#include <string.h>
#include "bits.h"
#include "tables.h"

/// Writes a word's 8 bytes (only ever one byte repeated, which reads the same in either byte order).
static inline void store_word(uint8_t *p, uint64_t word) {
    memcpy(p, &word, 8);
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

/// Copies a match of `length` bytes from `distance` back, 8 or 16 bytes at a time: it may write up to 15 bytes
/// past the match's end.
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
            store_word(out, run);
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
    // The fast loop: the bits of a whole item are always there, and so is the room to write it (three bytes for
    // literals, a match's length and 15 more for its copy, checked before it is consumed). The next
    // literal/length entry is looked up ahead (a refill leaves the bits it was looked up with unchanged).
    if (reader->end - reader->next >= 8 && out_end - out >= 3) {
        const uint8_t *in_last = reader->end - 8;
        const uint8_t *out_last = out_end - 3;
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
            // A code longer than the root bits: its subtable entry, the root bits (`skip`) not consumed yet.
            unsigned skip = 0;
            if (entry & ENTRY_LINK) {
                skip = ENTRY_CONSUME(entry);
                entry = litlen[ENTRY_VALUE(entry) + low_bits(reader->buffer >> skip, ENTRY_CODE_BITS(entry))];
                if (entry & ENTRY_LITERAL) {
                    consume(reader, skip + ENTRY_CONSUME(entry));
                    *out++ = (uint8_t)ENTRY_VALUE(entry);
                    entry = litlen[low_bits(reader->buffer, LITLEN_BITS)];
                    continue;
                }
            }
            if (entry & (ENTRY_END | ENTRY_INVALID)) {
                consume(reader, skip + ENTRY_CONSUME(entry));
                status = entry & ENTRY_END ? CINFLATE_OK : CINFLATE_BAD_LITERAL_LENGTH_SYMBOL;
                goto done;
            }
            unsigned length = entry_value(entry, reader->buffer >> skip);
            if ((size_t)(out_end - out) < length + 15) break;  // the exact loop decodes this match again
            consume(reader, skip + ENTRY_CONSUME(entry));
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
            status = cinflate_stored_block(&reader, &out, out_end);
        } else if (type == 1) {
            const uint32_t *fixed_litlen, *fixed_dist;
            cinflate_fixed_tables(&fixed_litlen, &fixed_dist);
            status = decode(&reader, fixed_litlen, fixed_dist, output, &out, out_end);
        } else if (type == 2) {
            status = cinflate_dynamic_header(&reader, litlen, dist);
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
