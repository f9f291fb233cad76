// Dynamic headers decoded before, kept per thread: the same header bits always give the same tables, and the
// entries of a batch of archives (the same small files in each upload) often start with the same header. A hit
// costs a comparison of the header's bits (a few hundred bits) instead of reading its code lengths and building
// three tables. Only headers that decoded without error are kept, with exactly the bits their decoding consumed.
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "tables.h"

/// The most bits a dynamic header can take: 14 bits of counts, 19 code-length codes of 3 bits, and 286 + 30 code
/// lengths of at most 7 + 7 bits (a code and the extra bits of a repeat); and the most bytes they touch.
#define HEADER_MAX_BITS (14 + 19 * 3 + (286 + 30) * 14)
#define HEADER_MAX_BYTES ((7 + HEADER_MAX_BITS + 7) / 8)
#define CACHE_SLOTS 32

/// One decoded header: the input bytes it lies in (from the one its first bit is in), where in them it starts
/// and ends, and its tables.
typedef struct {
    uint32_t litlen[LITLEN_ENOUGH];
    uint32_t dist[DIST_ENOUGH];
    uint8_t bytes[HEADER_MAX_BYTES];
    /// The header's first bit in `bytes[0]` (0-7), and the bit after its last one counted from `bytes[0]`'s first.
    unsigned first_bit, end_bit;
} header_slot;

/// A thread's recent headers. `keys[i]` is slot i's first 8 bytes, the bits before its header cleared, or 0 for an
/// empty slot (a header whose first 64 bits are all 0 gives no code-length a code but 0: it has no end of block).
typedef struct {
    uint64_t keys[CACHE_SLOTS];
    /// When each slot was last used (the least recently used one is replaced).
    uint64_t stamps[CACHE_SLOTS];
    uint64_t clock;
    uint64_t hits;
    header_slot slots[CACHE_SLOTS];
} header_cache;

static pthread_key_t cache_key;
static int cache_key_made;
static pthread_once_t cache_key_once = PTHREAD_ONCE_INIT;
static __thread header_cache *thread_cache;

/// Frees a thread's cache when the thread ends.
static void free_cache(void *cache) {
    thread_cache = NULL;
    free(cache);
}

static void make_cache_key(void) {
    cache_key_made = pthread_key_create(&cache_key, free_cache) == 0;
}

/// This thread's cache, made on first use; NULL when it cannot be allocated (every header is then decoded).
static header_cache *this_thread_cache(void) {
    header_cache *cache = thread_cache;
    if (cache) return cache;
    pthread_once(&cache_key_once, make_cache_key);
    if (!cache_key_made) return NULL;
    cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    if (pthread_setspecific(cache_key, cache) != 0) {
        free(cache);
        return NULL;
    }
    thread_cache = cache;
    return cache;
}

/// The first 8 bytes at `bytes`, the `first_bit` bits before a header cleared.
static inline uint64_t header_key(const uint8_t *bytes, unsigned first_bit) {
    return load_le64(bytes) & (~UINT64_C(0) << first_bit);
}

/// Whether the bytes from `bytes` (at least `slot`'s many) hold the slot's header from the same first bit.
static int header_matches(const header_slot *slot, const uint8_t *bytes) {
    unsigned last = slot->end_bit >> 3, tail = slot->end_bit & 7;
    if (memcmp(bytes + 8, slot->bytes + 8, last - 8) != 0) return 0;
    return tail == 0 || ((bytes[last] ^ slot->bytes[last]) & ((1u << tail) - 1)) == 0;
}

/// Puts the reader at bit `bit` from `bytes`, which lies within the input.
static void seek(bit_reader *reader, const uint8_t *bytes, size_t bit) {
    reader->next = bytes + (bit >> 3);
    reader->buffer = 0;
    reader->bits = 0;
    refill(reader);
    consume(reader, bit & 7);
}

cinflate_status cinflate_dynamic_tables(bit_reader *reader, uint32_t *litlen, uint32_t *dist,
                                        const uint32_t **litlen_used, const uint32_t **dist_used) {
    header_cache *cache = this_thread_cache();
    if (!cache) {
        *litlen_used = litlen;
        *dist_used = dist;
        return cinflate_dynamic_header(reader, litlen, dist);
    }
    // The byte the header's first bit is in, and that bit's place in it.
    const uint8_t *start = reader->next - ((reader->bits + 7) >> 3);
    unsigned first_bit = (0u - reader->bits) & 7;
    size_t available = (size_t)(reader->end - start);
    // Every header takes more than 64 bits (at least 258 code lengths of at least one bit each), and the key of
    // one that decodes is never 0, which marks the empty slots.
    uint64_t key = available >= 8 ? header_key(start, first_bit) : 0;
    if (key != 0) {
        for (unsigned i = 0; i < CACHE_SLOTS; i++) {
            if (cache->keys[i] != key) continue;
            header_slot *slot = &cache->slots[i];
            if (slot->first_bit != first_bit || (slot->end_bit + 7) >> 3 > available || !header_matches(slot, start)) continue;
            seek(reader, start, slot->end_bit);
            cache->stamps[i] = ++cache->clock;
            cache->hits++;
            *litlen_used = slot->litlen;
            *dist_used = slot->dist;
            return CINFLATE_OK;
        }
    }
    unsigned victim = 0;
    for (unsigned i = 1; i < CACHE_SLOTS && cache->keys[victim]; i++)
        if (cache->keys[i] == 0 || cache->stamps[i] < cache->stamps[victim]) victim = i;
    header_slot *slot = &cache->slots[victim];
    cache->keys[victim] = 0;
    const uint8_t *before = reader->next;
    unsigned bits_before = reader->bits;
    cinflate_status status = cinflate_dynamic_header(reader, slot->litlen, slot->dist);
    *litlen_used = slot->litlen;
    *dist_used = slot->dist;
    if (status != CINFLATE_OK) return status;
    // The bit after the header: the bytes the reader moved past, less the bits it holds unread.
    size_t end_bit = first_bit + (size_t)(reader->next - before) * 8 + bits_before - reader->bits;
    if (end_bit <= 64 || end_bit > 7 + HEADER_MAX_BITS) return status;
    memcpy(slot->bytes, start, (end_bit + 7) >> 3);
    slot->first_bit = first_bit;
    slot->end_bit = (unsigned)end_bit;
    cache->keys[victim] = header_key(start, first_bit);
    cache->stamps[victim] = ++cache->clock;
    return status;
}
uint64_t cinflate_header_cache_hits(void) {
    header_cache *cache = thread_cache;
    return cache ? cache->hits : 0;
}
