// Inflate (RFC 1951) into a buffer of known size. Three loops decode a block's codes:
//
// - the fast loop, in rounds of as many iterations as the input and the output are sure to have room for (each
//   iteration reads at most 8 bytes further and writes at most ITERATION_ROOM bytes), so that no iteration checks
//   either end: the bit buffer is reloaded with one unaligned 64-bit load from the byte the next bit is in (at
//   least 57 bits, enough for a literal and a whole length/distance pair, so no item is checked for missing bits),
//   literals are decoded up to three per load, lengths come whole from the table when their extra bits fit in
//   it, and matches are copied 8, 16 or 32 bytes at a time, writing past the match's end; once 32 KiB are
//   written, no match is checked for reaching back before the output;
// - the same iterations one at a time, each checked, near the output's end (a match without room for its copy's
//   extra bytes is copied byte by byte);
// - the exact loop near the input's end: byte-at-a-time refills, every item checked for missing input bits
//   before it is written (so a cut stream produces exactly the items it holds whole, as zlib does) and every
//   write checked against the output's end.
#include <string.h>
#include "bits.h"
#include "fastloop.h"
#include "tables.h"

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

/// Decodes a Huffman block's codes up to its end-of-block code. Inlined into two functions: one for any
/// processor and, on x86_64, one compiled for BMI2 and AVX2 (shifts and masks by a register's count in one
/// instruction, 32-byte copies).
static inline __attribute__((always_inline)) cinflate_status huffman_block_body(bit_reader *reader, const uint32_t *litlen, const uint32_t *dist,
                                     const uint8_t *output, uint8_t **out_cursor, uint8_t *out_end) {
    uint8_t *out = *out_cursor;
    cinflate_status status = CINFLATE_OK;
    unsigned skip;
    // The fast loops need the output at an address above the longest distance, so that a match's source address
    // can be compared.
    if (reader->end - reader->next >= 8 && out_end - out >= 32 && (uintptr_t)output > 32768) {
        fast_state state;
        state.in = reader->next - ((reader->bits + 7) >> 3);
        state.pos = (uint8_t)((0u - reader->bits) & 7);
        state.out = out;
        state.bits = load_le64(state.in) >> (state.pos & 63);
        state.entry = litlen[state.bits & LITLEN_MASK];
        const uint8_t *in_last = reader->end - 8;
        int ended = 0;
        for (;;) {
            // As many iterations as can run without checking the input's or the output's end: each moves `in` at
            // most 8 bytes on, and writes at most ITERATION_ROOM bytes.
            size_t by_input = (size_t)(in_last - state.in) / 8, by_output = (size_t)(out_end - state.out) / ITERATION_ROOM;
            size_t budget = by_input < by_output ? by_input : by_output;
            if (budget == 0) break;
            // Once 32 KiB are written, no distance reaches back before the output.
            if ((size_t)(state.out - output) >= 32768)
                ended = fast_iterations(&state, budget, 0, 1, in_last, litlen, dist, output, out_end, &status);
            else
                ended = fast_iterations(&state, budget, 0, 0, in_last, litlen, dist, output, out_end, &status);
            if (ended) break;
        }
        // Near the output's end, one checked iteration at a time.
        while (!ended && state.in <= in_last && out_end - state.out >= 32)
            ended = fast_iterations(&state, 1, 1, 0, in_last, litlen, dist, output, out_end, &status);
        // Back to the exact loop's reader: the bytes from `in` on, less the `pos` bits already consumed.
        reader->next = state.in + (state.pos >> 3);
        reader->buffer = 0;
        reader->bits = 0;
        refill(reader);
        consume(reader, state.pos & 7);
        out = state.out;
        if (ended) {
            *out_cursor = out;
            return status;
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
    *out_cursor = out;
    return status;
}

static cinflate_status huffman_block_portable(bit_reader *reader, const uint32_t *litlen, const uint32_t *dist,
                                              const uint8_t *output, uint8_t **out, uint8_t *out_end) {
    return huffman_block_body(reader, litlen, dist, output, out, out_end);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("bmi2,avx2"))) static cinflate_status huffman_block_bmi2(bit_reader *reader, const uint32_t *litlen,
                                                                               const uint32_t *dist, const uint8_t *output,
                                                                               uint8_t **out, uint8_t *out_end) {
    return huffman_block_body(reader, litlen, dist, output, out, out_end);
}

/// The BMI2 and AVX2 decoder where the processor has both, else the portable one.
static cinflate_status huffman_block(bit_reader *reader, const uint32_t *litlen, const uint32_t *dist,
                                     const uint8_t *output, uint8_t **out, uint8_t *out_end) {
    static int known = -1;
    int fast = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (fast < 0) {
        __builtin_cpu_init();
        fast = __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&known, fast, __ATOMIC_RELAXED);
    }
    return fast ? huffman_block_bmi2(reader, litlen, dist, output, out, out_end)
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
            const uint32_t *block_litlen, *block_dist;
            status = cinflate_dynamic_tables(&reader, litlen, dist, &block_litlen, &block_dist);
            if (status == CINFLATE_OK) status = decode(&reader, block_litlen, block_dist, output, &out, out_end);
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
