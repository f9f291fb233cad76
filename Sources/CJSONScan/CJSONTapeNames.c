// Stage 2's rare paths for member names (CJSONTape.c): reserved names, repeated names, the name cache's records.
#include "CJSONTapeParts.h"

/// Whether the unescaped member name of `count` bytes at `bytes` (its filter bit `bit`) is one of `names`.
int cjson_tape_reserved_name(const uint8_t *bytes, size_t count, uint64_t bit, const cjson_reserved_names *names) {
    if (count > 0 && ((names->last_bits & bit) == 0 || (names->first_bits & ((uint64_t)1 << ((count * 3 + bytes[0]) & 63))) == 0)) return 0;
    size_t from = 0;
    for (size_t name = 0; name < names->count; name++) {
        size_t to = (size_t)names->ends[name];
        if (to - from == count && (count == 0 || memcmp(names->bytes + from, bytes, count) == 0)) return 1;
        from = to;
    }
    return 0;
}

/// Whether an earlier member of the object at `object` (with `members` members before) has the name at `key`.
int cjson_tape_repeats_name(const cjson_tape_entry *entries, size_t object, uint32_t members, size_t key,
                            const uint8_t *base, const uint8_t *text) {
    cjson_tape_entry name = entries[key];
    const uint8_t *bytes = entry_bytes(name, base, text);
    size_t at = object + 1;
    for (uint32_t member = 0; member < members; member++) {
        cjson_tape_entry earlier = entries[at];
        if (earlier.count == name.count && (name.count == 0 || memcmp(entry_bytes(earlier, base, text), bytes, name.count) == 0)) return 1;
        cjson_tape_entry value = entries[at + 1];
        at = value.kind >= KIND_ARRAY ? (size_t)value.payload : at + 2;
    }
    return 0;
}

/// Records the plain name of `count` bytes whose opening quote is at `at` as the cache's entry `index` (dropping
/// the entries after it); returns 0 when it does not fit one (the cache then ends before `index`).
int cjson_tape_cache_name(name_cache *cache, uint32_t index, const uint8_t *at, size_t count, uint64_t bit,
                          int reserved, int repeats) {
    size_t length = count + 3;
    if (length > 16 || index >= CACHED_NAMES) {
        if (cache->count > index) cache->count = index;
        return 0;
    }
    cached_name *name = &cache->names[index];
    uint8_t bytes[16] = {0}, mask[16] = {0};
    memcpy(bytes, at, length);
    memset(mask, 0xFF, length);
    memcpy(&name->low, bytes, 8);
    memcpy(&name->high, bytes + 8, 8);
    memcpy(&name->low_mask, mask, 8);
    memcpy(&name->high_mask, mask + 8, 8);
    name->bit = bit;
    name->length = (uint32_t)length;
    name->decided = (reserved ? NAME_RESERVED : 0) | (repeats ? NAME_REPEATS : 0);
    cache->count = index + 1;
    return 1;
}

