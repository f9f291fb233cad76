#ifndef CINFLATE_FASTLOOP_H
#define CINFLATE_FASTLOOP_H

// The fast loop's iterations (CInflate.c says where they run): literals up to three per load, a length and a
// distance decoded from a load's bits, matches copied in words that may write past their end.

#include <string.h>
#include "bits.h"
#include "tables.h"

#define LITLEN_MASK ((1u << LITLEN_BITS) - 1)
#define DIST_MASK ((1u << DIST_BITS) - 1)
/// The most output one iteration of the fast loop writes: three literals, then a match of 258 bytes whose copy
/// writes up to 31 bytes past its end.
#define ITERATION_ROOM (3 + 258 + 31)

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

/// Writes a word's 8 bytes (only ever one byte repeated, which reads the same in either byte order).
static inline void store_word(uint8_t *p, uint64_t word) {
    memcpy(p, &word, 8);
}

/// The value a length or distance entry decodes to, from the bits at its code's start: base plus extra bits (the
/// entry's flags are 0, so its code's length is the low 6 bits of the entry shifted by 8).
static inline size_t entry_value(uint64_t entry, uint64_t buffer) {
    return (size_t)((entry >> 16) + (low_bits(buffer, ENTRY_CONSUME(entry)) >> ((entry >> 8) & 63)));
}

/// Copies a match of `length` bytes from `from` (before `out`) in words of 8, 16 or 32 bytes: it may write up to 31
/// bytes past the match's end. Each word is read after the one before it is written, so a match that overlaps
/// its own output repeats it as it should.
static inline void copy_match_fast(uint8_t *out, const uint8_t *from, size_t length) {
    size_t distance = (size_t)(out - from);
    uint8_t *end = out + length;
    if (LIKELY(distance >= 32)) {
        memcpy(out, from, 32);
        if (UNLIKELY(length > 32)) {
            out += 32;
            from += 32;
            do {
                memcpy(out, from, 32);
                out += 32;
                from += 32;
            } while (out < end);
        }
    } else if (distance >= 16) {
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
        size_t stride = distance * ((8 + distance - 1) / distance);
        out += 8;
        while (out < end) {
            memcpy(out, out - stride, 8);
            out += 8;
        }
    }
}

/// The fast loop's state. `in` is the byte the next bit is in, `pos` counts the bits of the word at `in` already
/// consumed (adding an entry adds its low byte, the bits to consume), `bits` is that word shifted by them (at
/// least 57 input bits after a load), `entry` the literal/length entry its first bits select, and `out` where
/// the next byte goes.
typedef struct {
    const uint8_t *in;
    uint64_t bits;
    uint32_t entry;
    uint8_t *out;
    uint8_t pos;
} fast_state;

/// Runs `budget` iterations of the fast loop (each: up to three literals, then a match if one comes), or fewer
/// when the block ends or is malformed: then returns 1 with `*status` set, else 0. Unless `checked`, the caller
/// makes sure that no iteration loads from past `in_last` (the input's last 8 bytes) nor writes `ITERATION_ROOM`
/// bytes past `out_end`; when `checked` (one iteration, from `in` at most `in_last` and with 32 bytes of room), a
/// match whose copy would pass `out_end` is copied byte by byte, or refused when it does not fit, and no word is
/// loaded from past `in_last` (the iteration stops there, for the exact loop). Inlined into each loop, with
/// `checked` and `far` constants.
static inline __attribute__((always_inline)) int fast_iterations(fast_state *state, size_t budget, int checked, int far,
                                                                 const uint8_t *in_last,
                                                                 const uint32_t *litlen, const uint32_t *dist,
                                                                 const uint8_t *output, uint8_t *out_end,
                                                                 cinflate_status *status) {
    const uint8_t *in = state->in;
    uint64_t bits = state->bits;
    uint32_t entry = state->entry;
    uint8_t *out = state->out, pos = state->pos;
    int ended = 0;
    for (;;) {
        size_t length;
        if ((int32_t)entry < 0) {
            // Up to three literals per load (15 bits each at most), then a match if the bits for one are left.
            bits >>= entry & 63;
            pos += (uint8_t)entry;
            out[0] = (uint8_t)(entry >> 16);
            entry = litlen[bits & LITLEN_MASK];
            if ((int32_t)entry >= 0) {
                out += 1;
            } else {
                bits >>= entry & 63;
                pos += (uint8_t)entry;
                out[1] = (uint8_t)(entry >> 16);
                entry = litlen[bits & LITLEN_MASK];
                if ((int32_t)entry < 0) {
                    bits >>= entry & 63;
                    pos += (uint8_t)entry;
                    out[2] = (uint8_t)(entry >> 16);
                    out += 3;
                    goto next;
                }
                out += 2;
            }
            if (pos > 64 - 48) goto next;
        }
        if (UNLIKELY(entry & ENTRY_EXCEPTIONAL)) {
            if (entry & ENTRY_LINK) {
                // A code longer than the root bits: its subtable entry.
                bits >>= entry & 63;
                pos += (uint8_t)entry;
                entry = litlen[(entry >> 16) + (bits & ((1u << ENTRY_CODE_BITS(entry)) - 1))];
                if ((int32_t)entry < 0) {
                    bits >>= entry & 63;
                    pos += (uint8_t)entry;
                    *out++ = (uint8_t)(entry >> 16);
                    goto next;
                }
            }
            if (entry & (ENTRY_END | ENTRY_INVALID)) {
                pos += (uint8_t)entry;
                *status = entry & ENTRY_END ? CINFLATE_OK : CINFLATE_BAD_LITERAL_LENGTH_SYMBOL;
                ended = 1;
                break;
            }
            // A length whose extra bits the table does not hold.
            length = entry_value(entry, bits);
        } else {
            length = entry >> 16;
        }
        // A length and a distance: at most 20 + 28 bits.
        bits >>= entry & 63;
        pos += (uint8_t)entry;
        entry = dist[bits & DIST_MASK];
        if (UNLIKELY((int32_t)entry < 0)) {
            if (entry & ENTRY_LINK) {
                bits >>= entry & 63;
                pos += (uint8_t)entry;
                entry = dist[ENTRY_VALUE(entry) + (bits & ((1u << ENTRY_CODE_BITS(entry)) - 1))];
            }
            if ((int32_t)entry < 0) {
                *status = CINFLATE_BAD_DISTANCE_SYMBOL;
                ended = 1;
                break;
            }
        }
        pos += (uint8_t)entry;
        // Addresses compared as integers: a distance is at most 32,768, the output lies above that address.
        uintptr_t from = (uintptr_t)out - entry_value(entry, bits);
        bits >>= entry & 63;
        if (!far && UNLIKELY(from < (uintptr_t)output)) {
            *status = CINFLATE_DISTANCE_TOO_FAR;
            ended = 1;
            break;
        }
        size_t room = (size_t)(out_end - out);
        if (checked && UNLIKELY(length > room)) {
            *status = CINFLATE_OUTPUT_FULL;
            ended = 1;
            break;
        }
        // The next entry, looked up before the word is loaded again (so that the lookup waits for no load) from
        // the bits the match left: at least 64 - 7 - 48, the table's root, after a match at a load's start, but
        // after literals (up to 16 bits) fewer may be left: then it is looked up again from the new load. A
        // checked iteration loads nothing past `in_last`: the exact loop goes on from there.
        int stale = pos > 64 - LITLEN_BITS;
        entry = litlen[bits & LITLEN_MASK];
        in += pos >> 3;
        pos &= 7;
        int reload = !checked || in <= in_last;
        if (reload) {
            bits = load_le64(in) >> (pos & 63);
            if (UNLIKELY(stale)) entry = litlen[bits & LITLEN_MASK];
        }
        if (!checked || LIKELY(room >= length + 31))
            copy_match_fast(out, (const uint8_t *)from, length);
        else
            for (size_t i = 0; i < length; i++) out[i] = ((const uint8_t *)from)[i];
        out += length;
        if (!reload || UNLIKELY(--budget == 0)) break;
        continue;
    next:
        // After literals alone (at most 16 bits, then 15 of a literal in a subtable, or three of 15): at least
        // 64 - 7 - 45 bits are left, more than the table's root, so the next entry is looked up before the load.
        entry = litlen[bits & LITLEN_MASK];
        in += pos >> 3;
        pos &= 7;
        if (checked && in > in_last) break;
        bits = load_le64(in) >> (pos & 63);
        if (UNLIKELY(--budget == 0)) break;
    }
    state->in = in;
    state->bits = bits;
    state->entry = entry;
    state->out = out;
    state->pos = pos;
    return ended;
}

#endif
