// Block headers: a stored block's length and bytes, a dynamic block's codes (RFC 1951 3.2.4, 3.2.7).
#include "bits.h"
#include "tables.h"

// RFC 1951 3.2.7: the order in which a dynamic header gives the code-length code's lengths.
static const uint8_t codelen_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/// A stored block: whole bytes from the input, after the bits up to the next byte boundary.
cinflate_status cinflate_stored_block(bit_reader *reader, uint8_t **out, uint8_t *out_end) {
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
cinflate_status cinflate_dynamic_header(bit_reader *reader, uint32_t *litlen, uint32_t *dist) {
    unsigned value;
    if (!read_bits(reader, 14, &value)) return CINFLATE_TRUNCATED;
    unsigned literal_count = (value & 31) + 257, dist_count = ((value >> 5) & 31) + 1, codelen_count = (value >> 10) + 4;
    if (literal_count > 286 || dist_count > 30) return CINFLATE_BAD_CODE_COUNTS;
    uint8_t lengths[286 + 30 + 7];
    uint8_t codelen_lengths[19] = {0};
    for (unsigned i = 0; i < codelen_count; i++) {
        if (!read_bits(reader, 3, &value)) return CINFLATE_TRUNCATED;
        codelen_lengths[codelen_order[i]] = (uint8_t)value;
    }
    uint32_t codelen[CODELEN_ENOUGH];
    if (cinflate_build(codelen, CODELEN_ENOUGH, CODELEN_BITS, codelen_lengths, 19, ALPHABET_CODELEN))
        return CINFLATE_BAD_CODE_LENGTH_CODE;
    // The reader in a local copy, kept in registers (written back before the tables are built).
    bit_reader local = *reader, *bits = &local;
    unsigned total = literal_count + dist_count, filled = 0;
    while (filled < total) {
        // A code (at most 7 bits) and its extra bits (at most 7): a refill holds several unless the input ends.
        if (bits->bits < 14) refill(bits);
        uint32_t entry = codelen[low_bits(bits->buffer, CODELEN_BITS)];
        unsigned symbol = ENTRY_VALUE(entry), code_bits = ENTRY_CONSUME(entry);
        if (symbol < 16) {
            if (code_bits > bits->bits) return CINFLATE_TRUNCATED;
            consume(bits, code_bits);
            lengths[filled++] = (uint8_t)symbol;
            continue;
        }
        unsigned extra = symbol == 16 ? 2 : symbol == 17 ? 3 : 7;
        if (code_bits + extra > bits->bits) return CINFLATE_TRUNCATED;
        consume(bits, code_bits);
        if (symbol == 16 && filled == 0) return CINFLATE_BAD_REPEAT;
        uint64_t repeated = symbol == 16 ? lengths[filled - 1] * UINT64_C(0x0101010101010101) : 0;
        unsigned times = (symbol == 18 ? 11 : 3) + (unsigned)low_bits(bits->buffer, extra);
        consume(bits, extra);
        if (times > total - filled) return CINFLATE_BAD_REPEAT;
        // Eight at a time, up to 7 past the run (into the room `lengths` keeps after the last code).
        for (unsigned i = 0; i < times; i += 8) memcpy(lengths + filled + i, &repeated, 8);
        filled += times;
    }
    *reader = local;
    if (lengths[256] == 0) return CINFLATE_NO_END_OF_BLOCK;
    if (cinflate_build(litlen, LITLEN_ENOUGH, LITLEN_BITS, lengths, literal_count, ALPHABET_LITLEN))
        return CINFLATE_BAD_LITERAL_LENGTH_CODE;
    if (cinflate_build(dist, DIST_ENOUGH, DIST_BITS, lengths + literal_count, dist_count, ALPHABET_DIST))
        return CINFLATE_BAD_DISTANCE_CODE;
    return CINFLATE_OK;
}
