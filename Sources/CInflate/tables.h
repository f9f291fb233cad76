#ifndef CINFLATE_TABLES_H
#define CINFLATE_TABLES_H

// Decoding tables: one lookup of the next TABLE_BITS input bits gives a whole decoded item, the symbol's
// value together with how many bits its code and its extra bits take.
//
// An entry is 32 bits:
//   bits 0-7    bits to consume: the code's length plus its extra bits (for a link: the root bits)
//   bits 8-11   the code's length alone, where the extra bits start (for a link: the subtable's index bits)
//   bits 12-15  the kind of a literal/length entry that is not a literal, a length nor a distance (flags below)
//   bits 16-30  the value: a literal byte, a length or distance base, a code-length symbol, a subtable offset
//   bit 31      set for a literal (literal/length tables), or for a link or an invalid code (distance tables)
// Codes longer than the root bits go through a link to a subtable indexed by the bits after the root; their
// subtable entries count only the bits after the root.
//
// A length whose code and extra bits fit in the root bits has an entry for each value of its extra bits: the
// entry's value is the whole length, and its code's length is counted as the code and the extra bits (so that
// the value computed from the base and extra bits, as for any other length, is the same). A length whose code
// and extra bits do not fit is flagged ENTRY_LONG_LENGTH: its value is the base, to which the extra bits add.
//
// The layout lets the fast loop shift by the entry itself (a shift counts the low 6 bits of its register), tell
// a literal from the sign, and find every other unusual literal/length entry with one test (ENTRY_EXCEPTIONAL):
// the length of any other literal/length entry is the entry shifted right by 16. A distance entry has no flag,
// so its base is the entry shifted right by 16.

#include <stddef.h>
#include <stdint.h>
#include "CInflate.h"

#define ENTRY_LITERAL 0x80000000u
#define ENTRY_LONG_LENGTH 0x8000u
#define ENTRY_LINK 0x4000u
#define ENTRY_END 0x2000u
#define ENTRY_INVALID 0x1000u
#define ENTRY_EXCEPTIONAL (ENTRY_LONG_LENGTH | ENTRY_LINK | ENTRY_END | ENTRY_INVALID)
/// A distance entry that is a link or an invalid code (ENTRY_LINK or ENTRY_INVALID tells which).
#define ENTRY_DIST_EXCEPTIONAL 0x80000000u

#define ENTRY_CONSUME(e) ((e) & 0xFFu)
#define ENTRY_CODE_BITS(e) (((e) >> 8) & 0xFu)
#define ENTRY_VALUE(e) (((e) >> 16) & 0x7FFFu)

// Root bits of each table. The sizes are the most entries a complete code can need with these roots and
// codes of at most 15 bits (root plus subtables; counted exhaustively for 286 and 30 symbols).
#define LITLEN_BITS 9
#define LITLEN_ENOUGH 852
#define DIST_BITS 8
#define DIST_ENOUGH 400
#define CODELEN_BITS 7
#define CODELEN_ENOUGH 128

/// Which alphabet a table decodes; it chooses each symbol's entry and which incomplete codes are allowed.
typedef enum { ALPHABET_CODELEN, ALPHABET_LITLEN, ALPHABET_DIST } alphabet;

/// Fills `table` (room for `capacity` entries, `root` root bits) for the code whose lengths are `lengths[0..<count]`
/// (each at most 15). Returns 0, or -1 when the code is over-subscribed or incomplete beyond what zlib accepts: a
/// code with no symbol at all, or a literal/length or distance code of a single one-bit code (the unused code
/// decodes as invalid).
int cinflate_build(uint32_t *table, unsigned capacity, unsigned root, const uint8_t *lengths, unsigned count,
                   alphabet kind);

/// The fixed literal/length and distance tables of RFC 1951 3.2.6 (built once, then shared read-only).
void cinflate_fixed_tables(const uint32_t **litlen, const uint32_t **dist);

#endif
