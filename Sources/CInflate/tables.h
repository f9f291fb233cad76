#ifndef CINFLATE_TABLES_H
#define CINFLATE_TABLES_H

// Decoding tables: one lookup of the next TABLE_BITS input bits gives a whole decoded item, the symbol's
// value together with how many bits its code and its extra bits take.
//
// An entry is 32 bits:
//   bits 0-7    bits to consume: the code's length plus its extra bits (for a link: the root bits)
//   bits 8-11   the code's length alone, where the extra bits start (for a link: the subtable's index bits)
//   bits 12-15  the kind (flags below); none set: a length or a distance with its extra bits
//   bits 16-31  the value: a literal byte, a length or distance base, a code-length symbol, a subtable offset
// Codes longer than the root bits go through a link to a subtable indexed by the bits after the root; their
// subtable entries count only the bits after the root.

#include <stddef.h>
#include <stdint.h>
#include "CInflate.h"

#define ENTRY_LITERAL 0x8000u
#define ENTRY_LINK 0x4000u
#define ENTRY_END 0x2000u
#define ENTRY_INVALID 0x1000u

#define ENTRY_CONSUME(e) ((e) & 0xFFu)
#define ENTRY_CODE_BITS(e) (((e) >> 8) & 0xFu)
#define ENTRY_VALUE(e) ((e) >> 16)

// Root bits of each table. The sizes are the most entries a complete code can need with these roots and
// codes of at most 15 bits (root plus subtables; counted exhaustively for 286 and 30 symbols).
#define LITLEN_BITS 10
#define LITLEN_ENOUGH 1332
#define DIST_BITS 8
#define DIST_ENOUGH 400
#define CODELEN_BITS 7
#define CODELEN_ENOUGH 128

/// Which alphabet a table decodes; it chooses each symbol's entry and which incomplete codes are allowed.
typedef enum { ALPHABET_CODELEN, ALPHABET_LITLEN, ALPHABET_DIST } alphabet;

/// Fills `table` (room for `capacity` entries, `root` root bits) for the code whose lengths are `lengths[0..<count]`.
/// Returns 0, or -1 when the code is over-subscribed or incomplete beyond what zlib accepts: a code with no
/// symbol at all, or a literal/length or distance code of a single one-bit code (the unused code decodes as invalid).
int cinflate_build(uint32_t *table, unsigned capacity, unsigned root, const uint8_t *lengths, unsigned count,
                   alphabet kind);

/// The fixed literal/length and distance tables of RFC 1951 3.2.6 (built once, then shared read-only).
void cinflate_fixed_tables(const uint32_t **litlen, const uint32_t **dist);

#endif
