// Stage 2 of the line parse: the tape of the compact text that stage 1 (CJSONMinify.c) wrote.
//
// One pass over the text, the innermost open container in locals and the others on a stack: each value or
// member name becomes one 16-byte entry, as JSONCore's parser writes it (JSONTape.swift, TapeBuilder.swift):
// strings without escapes and decimals by their offset in the text, escaped strings unescaped into the
// workspace's text, integers of up to 64 bits by value, containers closed with their count and end. Repeated
// member names are found as the parser finds them (a 64-bit filter of length and last byte, then a scan of
// the earlier members), and an object whose names are those of the object before (rows of samples) knows each
// by one comparison with a cache of them and of what they decided. The member names of the objects that take
// members are checked against the reserved names, and those objects' ends noted. Whatever is not plain valid
// JSON (every error), an object of more than 16 members (the parser keeps a table of their names) and a failed
// allocation are declined: the caller then parses the text with its whitespace, which decides every error and
// every case.
//
// The text is followed by 64 zero bytes: a zero byte is never part of a token, so every scan stops at one.
#include "CJSONTapeParts.h"
#if defined(__linux__)
#include <sys/mman.h>
#endif

/// An open array or object around the innermost one.
typedef struct {
    size_t entry;       // its entry on the tape
    uint64_t key_bits;  // the filter bits of its member names so far
    uint32_t count;     // its elements or members so far
    uint32_t info;      // `OPEN_` bits
} open_container;

// MARK: Memory

/// Allocates `size` bytes for entries: aligned to a huge page when large, as JSONCore's `GrowableStorage` does.
static void *allocate_entries(size_t size) {
#if defined(__linux__)
    if (size >= ((size_t)1 << 22)) {
        void *memory = NULL;
        if (posix_memalign(&memory, (size_t)1 << 21, size) != 0) return NULL;
        (void)madvise(memory, size, MADV_HUGEPAGE);
        return memory;
    }
#endif
    return malloc(size);
}

/// Moves the `count` entries to memory at least twice as large with room for `needed` more (freeing the old memory
/// when this call allocated it).
static int grow_entries(cjson_tape_entry **entries, size_t count, size_t *capacity, int *allocated, size_t needed) {
    size_t larger = *capacity < 8 ? 16 : *capacity * 2;
    while (larger - count < needed) larger *= 2;
    cjson_tape_entry *memory = allocate_entries(larger * sizeof(cjson_tape_entry));
    if (memory == NULL) return 0;
    if (count > 0) memcpy(memory, *entries, count * sizeof(cjson_tape_entry));
    if (*allocated) free(*entries);
    *entries = memory;
    *capacity = larger;
    *allocated = 1;
    return 1;
}

/// Notes the end of an object that takes members (`end`: its closing brace's offset times two, plus one when empty).
static inline int note_object_end(cjson_tape_workspace *workspace, intptr_t end) {
    if (UNLIKELY(workspace->object_end_count == workspace->object_end_capacity)) {
        void *grown = cjson_tape_reserve(workspace->object_ends, &workspace->object_end_capacity, workspace->object_end_count + 1, sizeof(intptr_t));
        if (grown == NULL) return 0;
        workspace->object_ends = grown;
    }
    workspace->object_ends[workspace->object_end_count++] = end;
    return 1;
}

// MARK: The pass

/// The innermost open container's `info` bits.
/// `OPEN_CACHED`: the object's names so far are the name cache's first ones (it may read and write the cache).
enum { OPEN_OBJECT = 1, OPEN_TAKES_MEMBERS = 2, OPEN_HAS_DUPLICATES = 4, OPEN_CACHED = 8 };

/// The entries an object's members take at most (it is declined past `LINEAR_SCAN_LIMIT` members; the entries of
/// a member's value past its first make room for themselves): room made for them when an object opens, and when
/// the parse returns to it from a container inside.
#define OBJECT_ROOM (2 * LINEAR_SCAN_LIMIT)

/// Moves the entries to memory with room for `needed` more (rebasing `*next` and `*limit`).
__attribute__((noinline)) static int make_room(cjson_tape_entry **entries, cjson_tape_entry **next, cjson_tape_entry **limit, int *allocated,
                                               size_t needed) {
    size_t count = (size_t)(*next - *entries), capacity = (size_t)(*limit - *entries);
    if (!grow_entries(entries, count, &capacity, allocated, needed)) return 0;
    *next = *entries + count;
    *limit = *entries + capacity;
    return 1;
}

/// Writes one entry: two 64-bit stores.
static inline void put(cjson_tape_entry *entry, uint8_t kind, uint8_t flags, size_t count, int64_t payload) {
    *entry = make_entry(kind, flags, count, payload);
}

/// The number at `at` by one 16-byte load (SSE2): a decimal without exponent of up to 15 bytes or an integer of
/// up to 15 digits; returns the offset past it, or 0 for any other text (which `number` then reads).
static inline size_t short_number(const uint8_t *base, size_t at, cjson_tape_entry *entry) {
#if defined(__SSE2__)
    const uint8_t *text = base + at;
    uint32_t marks = cjson_digits16(text);
    // Bit i: byte i is no digit (the sign is skipped), and the 16 bytes are followed by one.
    uint32_t negative = text[0] == '-', others = (~marks & 0xFFFF) | 0x10000;
    uint32_t point = (uint32_t)__builtin_ctz(others & ~negative);
    uint32_t whole = point - negative;
    // One to fifteen digits, no leading zero, ending inside the block.
    if (UNLIKELY(whole - 1 >= 14) || UNLIKELY(whole > 1 && text[negative] == '0')) return 0;
    if (text[point] == '.') {
        uint32_t end = (uint32_t)__builtin_ctz(others & (0xFFFFFFFEu << point));
        if (UNLIKELY(end == point + 1) || UNLIKELY(end >= 16) || UNLIKELY((text[end] | 0x20) == 'e')) return 0;
        // The fraction's bits, and the zeros among them (bits 16-31 of the marks).
        uint32_t fraction = (1u << end) - (2u << point);
        put(entry, KIND_DECIMAL, ((marks >> 16) & fraction) == fraction ? FLAG_INTEGRAL : 0, end, (int64_t)at);
        return at + end;
    }
    if (UNLIKELY((text[point] | 0x20) == 'e')) return 0;
    int64_t magnitude = 0;
    for (uint32_t digit = negative; digit < point; digit++) magnitude = magnitude * 10 + (text[digit] - '0');
    put(entry, KIND_INTEGER, 0, 0, negative ? -magnitude : magnitude);
    return at + point;
#else
    (void)base, (void)at, (void)entry;
    return 0;
#endif
}

static inline __attribute__((always_inline)) int tape_compact(const uint8_t *base, size_t length, size_t max_depth,
                                                              const cjson_reserved_names *names, cjson_tape_workspace *workspace,
                                                              const int sse2) {
    cjson_tape_entry *entries = workspace->entries, *next = entries, *limit = entries + workspace->entry_capacity;
    int allocated = 0, refused = 0, duplicates = 0, result = CJSON_TAPE_DECLINED;
    size_t cursor = 0, depth = 0;
    const size_t field_depth = base[0] == '{' ? 1 : base[0] == '[' ? 2 : 0;
    const uint64_t reserved_bits = names->last_bits;
    // The innermost open container: its entry, members or elements so far, filter bits of its names, `OPEN_` bits.
    size_t open_entry = 0;
    uint32_t members = 0, info = 0;
    uint64_t key_bits = 0;
    open_container *stack = workspace->stack;
    name_cache cache;
    cache.count = 0;
    workspace->text_count = 0;
    workspace->object_end_count = 0;

value:
    if (UNLIKELY(next == limit) && !make_room(&entries, &next, &limit, &allocated, 1)) goto done;
value_with_room: {
    uint8_t byte = base[cursor];
    // `-`, the digits and (refused by `number`) `.` and `/` lie from `-` to `9`.
    if ((uint8_t)(byte - '-') <= '9' - '-') {
        size_t end = sse2 ? short_number(base, cursor, next) : 0;
        if (UNLIKELY(end == 0)) {
            end = number(base, cursor, next, sse2);
            if (end == 0) goto done;
        }
        next++;
        cursor = end;
    } else if (byte == '"') {
        size_t start = cursor + 1, stop = plain_string_end(base, start, sse2);
        if (LIKELY(base[stop] == '"')) {
            put(next++, KIND_STRING, 0, stop - start, (int64_t)start);
            cursor = stop + 1;
        } else {
            cursor = cjson_tape_special_string(base, start, stop, workspace, next, sse2);
            if (cursor == 0) goto done;
            next++;
        }
    } else if ((byte | 0x20) == '{') {
        // `{` or `[` (`[` is `{` with bit 5 clear; nothing else is either with it set).
        uint32_t is_object = byte == '{';
        if (UNLIKELY(++depth > max_depth)) goto done;
        put(next++, is_object ? KIND_OBJECT : KIND_ARRAY, 0, 0, 0);
        cursor++;
        uint32_t takes_members = is_object && depth == field_depth ? OPEN_TAKES_MEMBERS : 0;
        if (base[cursor] == byte + 2) {
            // Empty (`}` and `]` are two after `{` and `[`).
            if (takes_members && !note_object_end(workspace, (intptr_t)(cursor << 1 | 1))) goto done;
            next[-1].payload = (int64_t)(next - entries);
            cursor++;
            depth--;
        } else {
            if (depth > 1) {
                if (UNLIKELY(depth - 1 > workspace->stack_capacity)) {
                    void *grown = cjson_tape_reserve(workspace->stack, &workspace->stack_capacity, depth - 1, sizeof(open_container));
                    if (grown == NULL) goto done;
                    workspace->stack = stack = grown;
                }
                // An object inside takes the name cache over.
                stack[depth - 2] = (open_container){open_entry, key_bits, members, info & ~(uint32_t)OPEN_CACHED};
            }
            open_entry = (size_t)(next - entries) - 1;
            members = 0;
            key_bits = 0;
            info = is_object ? OPEN_OBJECT | OPEN_CACHED | takes_members : 0;
            if (!is_object) goto value;
            if (UNLIKELY(limit - next < OBJECT_ROOM) && !make_room(&entries, &next, &limit, &allocated, OBJECT_ROOM)) goto done;
            goto member;
        }
    } else if (byte == 't' && memcmp(base + cursor, "true", 4) == 0) {
        put(next++, KIND_TRUE, 0, 0, 0);
        cursor += 4;
    } else if (byte == 'f' && memcmp(base + cursor + 1, "alse", 4) == 0) {
        put(next++, KIND_FALSE, 0, 0, 0);
        cursor += 5;
    } else if (byte == 'n' && memcmp(base + cursor, "null", 4) == 0) {
        put(next++, KIND_NULL, 0, 0, 0);
        cursor += 4;
    } else {
        goto done;
    }
}
    // The value is done: count it in its container; close the containers that end here.
    while (depth > 0) {
        members++;
        uint8_t byte = base[cursor++];
        if (byte == ',') {
            if (info & OPEN_OBJECT) goto member;
            goto value;
        }
        if (UNLIKELY(byte != ((info & OPEN_OBJECT) ? '}' : ']'))) goto done;
        if ((info & OPEN_TAKES_MEMBERS) && !note_object_end(workspace, (intptr_t)((cursor - 1) << 1))) goto done;
        cjson_tape_entry *closed = entries + open_entry;
        closed->count = members;
        closed->payload = (int64_t)(next - entries);
        if (info & OPEN_HAS_DUPLICATES) closed->flags = FLAG_DUPLICATE_KEYS;
        depth--;
        if (depth > 0) {
            open_container outer = stack[depth - 1];
            open_entry = outer.entry;
            key_bits = outer.key_bits;
            members = outer.count;
            info = outer.info;
            if ((info & OPEN_OBJECT) && UNLIKELY(limit - next < OBJECT_ROOM) && !make_room(&entries, &next, &limit, &allocated, OBJECT_ROOM)) goto done;
        }
    }
    if (cursor == length) result = CJSON_TAPE_DONE;
    goto done;

member: {
    // `"name":`, then the member's value (the room for both was made when the object opened or was returned to).
    // (A cached name is one of the first `LINEAR_SCAN_LIMIT`.)
    if ((info & OPEN_CACHED) && members < cache.count && matches_cached(base + cursor, &cache.names[members])) {
        const cached_name *name = &cache.names[members];
        put(next++, KIND_STRING, 0, name->length - 3, (int64_t)cursor + 1);
        if (UNLIKELY(name->decided != 0)) {
            if ((name->decided & NAME_RESERVED) && (info & OPEN_TAKES_MEMBERS)) refused = 1;
            if (name->decided & NAME_REPEATS) {
                info |= OPEN_HAS_DUPLICATES;
                duplicates = 1;
            }
        }
        key_bits |= name->bit;
        cursor += name->length;
        goto value_with_room;
    }
    if (UNLIKELY(base[cursor] != '"') || UNLIKELY(members >= LINEAR_SCAN_LIMIT)) goto done;
    size_t start = cursor + 1, stop = plain_string_end(base, start, sse2);
    cjson_tape_entry *key = next;
    uint64_t bit;
    int plain = base[stop] == '"', reserved = 0, repeats = 0;
    if (LIKELY(plain)) {
        put(next++, KIND_STRING, 0, stop - start, (int64_t)start);
        bit = (uint64_t)1 << ((stop - start + 2u * base[stop - 1]) & 63);
        cursor = stop + 1;
        if ((reserved_bits & bit) != 0 || stop == start) reserved = cjson_tape_reserved_name(base + start, stop - start, bit, names);
    } else {
        cursor = cjson_tape_special_string(base, start, stop, workspace, next, sse2);
        if (cursor == 0) goto done;
        next++;
        bit = key_bit(*key, base, workspace->text);
        reserved = (key->flags & FLAG_IN_TEXT) || cjson_tape_reserved_name(base + start, key->count, bit, names);
    }
    if (reserved && (info & OPEN_TAKES_MEMBERS)) refused = 1;
    if (UNLIKELY(key_bits & bit) && cjson_tape_repeats_name(entries, open_entry, members, (size_t)(key - entries), base, workspace->text)) {
        info |= OPEN_HAS_DUPLICATES;
        duplicates = 1;
        repeats = 1;
    }
    key_bits |= bit;
    if (UNLIKELY(base[cursor] != ':')) goto done;
    if (info & OPEN_CACHED) {
        // Non-ASCII names are left out (the plain scan stops at their bytes).
        if (!(plain && cjson_tape_cache_name(&cache, members, base + start - 1, stop - start, bit, reserved, repeats))) {
            info &= ~(uint32_t)OPEN_CACHED;
        }
    }
    cursor++;
    goto value_with_room;
}

done:
    workspace->entries = entries;
    workspace->entry_count = (size_t)(next - entries);
    workspace->entry_capacity = (size_t)(limit - entries);
    workspace->has_duplicate_keys = duplicates;
    workspace->is_refused = refused;
    return result;
}

static int tape_compact_portable(const uint8_t *text, size_t length, size_t max_depth, const cjson_reserved_names *names,
                                 cjson_tape_workspace *workspace) {
    return tape_compact(text, length, max_depth, names, workspace, 0);
}

#if defined(__SSE2__)
static int tape_compact_sse2(const uint8_t *text, size_t length, size_t max_depth, const cjson_reserved_names *names,
                             cjson_tape_workspace *workspace) {
    return tape_compact(text, length, max_depth, names, workspace, 1);
}
#endif

int cjson_tape_compact(const uint8_t *text, size_t length, size_t max_depth, const cjson_reserved_names *names, int portable,
                       cjson_tape_workspace *workspace) {
#if defined(__SSE2__)
    if (!portable) return tape_compact_sse2(text, length, max_depth, names, workspace);
#endif
    (void)portable;
    return tape_compact_portable(text, length, max_depth, names, workspace);
}

void cjson_tape_workspace_free(cjson_tape_workspace *workspace) {
    free(workspace->text);
    free(workspace->object_ends);
    free(workspace->stack);
    workspace->text = NULL;
    workspace->object_ends = NULL;
    workspace->stack = NULL;
    workspace->text_capacity = workspace->object_end_capacity = workspace->stack_capacity = 0;
}
