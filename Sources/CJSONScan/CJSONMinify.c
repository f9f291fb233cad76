// Stage 1 of the line parse: a JSON text without the whitespace outside its strings, 64 bytes at a time.
//
// Each block of 64 bytes is classified into bit masks (bit i for byte i): quotes, backslashes, whitespace
// (space, tab, line feed, carriage return) and "other" bytes (neither whitespace nor `,:[]{}`). Escaped
// bytes follow the odd runs of backslashes; the bytes inside strings are the prefix XOR of the unescaped
// quotes (a carry-less multiply by all ones where the processor has one); the whitespace outside strings is
// dropped and the other bytes are packed, eight at a time with a byte shuffle (AVX2 kernel), run by run
// (SSE2), or byte by byte (portable). States carry from block to block: an escape, an open string, a
// scalar byte, a gap of whitespace after one.
//
// What removing whitespace could make valid is flagged, never decided here: a gap of whitespace between two
// scalar bytes (`1 2`, `tr ue`, `- 1`, `1. 5`), a text that ends inside a string. The caller parses the
// packed text strictly and falls back to the text itself on a flag or on any error.
#include "CJSONScan.h"
#include <pthread.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// The masks of one block of 64 bytes.
typedef struct {
    uint64_t quote, backslash, whitespace, other;
} block_masks;

/// What one block leaves to the next.
typedef struct {
    uint64_t next_is_escaped;  // 1: the first byte of the next block follows an escaping backslash
    uint64_t in_string;        // all ones: the block ended inside a string
    uint64_t after_scalar;     // 1: the block's last byte is a scalar byte outside strings
    uint64_t gap_carry;        // 1: a gap of whitespace after a scalar byte runs into the next block
    uint64_t joined;           // nonzero once a gap lies between two scalar bytes
} scan_state;

/// The bytes that an escape escapes: the byte after each odd run of backslashes (a run may start in an
/// earlier block; `next_is_escaped` carries its parity).
static inline uint64_t escaped_bytes(scan_state *state, uint64_t backslash) {
    if (backslash == 0) {
        uint64_t escaped = state->next_is_escaped;
        state->next_is_escaped = 0;
        return escaped;
    }
    const uint64_t odd_bits = 0xAAAAAAAAAAAAAAAAull;
    uint64_t potential = backslash & ~state->next_is_escaped;
    // Subtracting the run from the odd bits above it leaves, in each run starting on an even bit, the odd
    // bits (and the byte after an odd run) set, in each run starting on an odd bit the even ones: XOR with the
    // odd bits turns both into "escapes and the escaped byte after the run".
    uint64_t codes = (((potential << 1) | odd_bits) - potential) ^ odd_bits;
    uint64_t escaped = codes ^ (backslash | state->next_is_escaped);
    uint64_t escapes = codes & backslash;
    state->next_is_escaped = escapes >> 63;
    return escaped;
}

static inline uint64_t prefix_xor_shifts(uint64_t bits) {
    bits ^= bits << 1;
    bits ^= bits << 2;
    bits ^= bits << 4;
    bits ^= bits << 8;
    bits ^= bits << 16;
    bits ^= bits << 32;
    return bits;
}

/// The bytes to keep of a block with masks `m`, given the inside of its strings (`quotes_inside`: the
/// prefix XOR of its unescaped quotes); updates `state`.
static inline uint64_t kept_bytes(scan_state *state, block_masks m, uint64_t quotes_inside) {
    uint64_t inside = quotes_inside ^ state->in_string;
    state->in_string = (uint64_t)((int64_t)inside >> 63);
    uint64_t whitespace = m.whitespace & ~inside;
    uint64_t scalar = m.other & ~m.quote & ~inside;
    // A gap starts at whitespace right after a scalar byte; adding its first bit to the whitespace carries
    // to the byte after the gap, which must not be a scalar byte.
    uint64_t gap_starts = whitespace & ((scalar << 1) | state->after_scalar);
    state->after_scalar = scalar >> 63;
    unsigned long long sum, total;
    uint64_t carry = __builtin_uaddll_overflow(whitespace, gap_starts, &sum);
    carry |= __builtin_uaddll_overflow(sum, state->gap_carry, &total);
    state->gap_carry = carry;
    state->joined |= total & ~whitespace & scalar;
    return ~whitespace;
}

/// The unescaped quotes of a block.
static inline uint64_t real_quotes(scan_state *state, block_masks m) {
    return m.quote & ~escaped_bytes(state, m.backslash);
}

/// What every kernel does once the blocks are done: a text that ends inside a string is flagged.
static inline int finish(const scan_state *state) {
    return (state->joined != 0 || state->in_string != 0) ? 1 : 0;
}

// MARK: Portable

/// Byte classes: 1 quote, 2 backslash, 4 whitespace, 8 other.
static const uint8_t byte_classes[256] = {
    8, 8, 8, 8, 8, 8, 8, 8, 8, 4, 4, 8, 8, 4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    4, 8, 9, 8, 8, 8, 8, 8, 8, 8, 8, 8, 0, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 0, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 0, 10, 0, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 0, 8, 0, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
};

static size_t minify_portable(const uint8_t *input, size_t length, uint8_t *output, int *suspicious) {
    scan_state state = {0, 0, 0, 0, 0};
    size_t written = 0;
    for (size_t start = 0; start < length; start += 64) {
        size_t count = length - start < 64 ? length - start : 64;
        block_masks m = {0, 0, 0, 0};
        for (size_t i = 0; i < count; i++) {
            uint64_t class = byte_classes[input[start + i]], bit = (uint64_t)1 << i;
            m.quote |= (class & 1) ? bit : 0;
            m.backslash |= (class & 2) ? bit : 0;
            m.whitespace |= (class & 4) ? bit : 0;
            m.other |= (class & 8) ? bit : 0;
        }
        // Past the end: whitespace, so that nothing there is kept or joins.
        if (count < 64) m.whitespace |= ~(uint64_t)0 << count;
        uint64_t keep = kept_bytes(&state, m, prefix_xor_shifts(real_quotes(&state, m)));
        for (size_t i = 0; i < count; i++) {
            output[written] = input[start + i];
            written += (keep >> i) & 1;
        }
    }
    *suspicious = finish(&state);
    return written;
}

#if defined(__x86_64__)

// MARK: SSE2

static inline uint64_t movemask16(__m128i bytes) { return (uint64_t)(uint32_t)_mm_movemask_epi8(bytes); }

static inline block_masks classify_sse2(const uint8_t *block) {
    block_masks m = {0, 0, 0, 0};
    for (int part = 0; part < 4; part++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(block + 16 * part));
        __m128i whitespace = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                          _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
        // `[` and `]` are `{` and `}` without bit 5.
        __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
        __m128i structural = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')), _mm_cmpeq_epi8(v, _mm_set1_epi8(':'))),
                                          _mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{')), _mm_cmpeq_epi8(folded, _mm_set1_epi8('}'))));
        int shift = 16 * part;
        m.quote |= movemask16(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))) << shift;
        m.backslash |= movemask16(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))) << shift;
        m.whitespace |= movemask16(whitespace) << shift;
        m.other |= (movemask16(_mm_or_si128(whitespace, structural)) ^ 0xFFFF) << shift;
    }
    return m;
}

/// Packs the kept bytes of a block run by run, sixteen bytes at a time (`block` readable and `output`
/// writable 16 bytes past the block and the run).
static inline size_t pack_runs(const uint8_t *block, uint64_t keep, uint8_t *output) {
    size_t written = 0;
    while (keep != 0) {
        int start = __builtin_ctzll(keep);
        uint64_t rest = ~(keep >> start);
        int length = rest == 0 ? 64 - start : __builtin_ctzll(rest);
        for (int done = 0; done < length; done += 16) {
            _mm_storeu_si128((__m128i *)(output + written + done), _mm_loadu_si128((const __m128i *)(block + start + done)));
        }
        written += (size_t)length;
        keep = start + length >= 64 ? 0 : keep & (~(uint64_t)0 << (start + length));
    }
    return written;
}

static size_t minify_sse2(const uint8_t *input, size_t length, uint8_t *output, int *suspicious) {
    scan_state state = {0, 0, 0, 0, 0};
    size_t written = 0, start = 0;
    // The last block (and any within 64 bytes of the end, which `pack_runs` may read past) from a padded copy.
    uint8_t padded[64 + 64];
    while (start < length) {
        const uint8_t *block = input + start;
        size_t count = 64;
        if (length - start < 128) {
            count = length - start < 64 ? length - start : 64;
            memset(padded, ' ', sizeof padded);
            memcpy(padded, input + start, count);
            block = padded;
        }
        block_masks m = classify_sse2(block);
        uint64_t quotes = real_quotes(&state, m);
        uint64_t keep = kept_bytes(&state, m, prefix_xor_shifts(quotes));
        if (count < 64) keep &= ((uint64_t)1 << count) - 1;
        written += pack_runs(block, keep, output + written);
        start += count;
    }
    *suspicious = finish(&state);
    return written;
}

// MARK: AVX2

/// For each 8-bit mask of kept bytes, the shuffle that packs them to the front (`pshufb` indices), made once.
static uint64_t pack_shuffles[256];
static pthread_once_t pack_shuffles_once = PTHREAD_ONCE_INIT;

static void make_pack_shuffles(void) {
    for (int mask = 0; mask < 256; mask++) {
        uint64_t shuffle = 0;
        int at = 0;
        for (int i = 0; i < 8; i++) {
            if (mask & (1 << i)) shuffle |= (uint64_t)i << (8 * at++);
        }
        // Unused lanes take byte 0 (written past the packed bytes, overwritten by the next group).
        pack_shuffles[mask] = shuffle;
    }
}

__attribute__((target("avx2"))) static inline uint64_t movemask32(__m256i bytes) {
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(bytes);
}

__attribute__((target("avx2"))) static inline block_masks classify_avx2(const uint8_t *block) {
    // Nibble tables: a byte's class is low[low nibble] & high[high nibble]; bits 0-1 whitespace
    // (tab, line feed, return; space), bits 2-4 structural (`,`; `:`; `[`, `]`, `{`, `}`).
    const __m256i low = _mm256_setr_epi8(2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 9, 16, 4, 17, 0, 0,
                                         2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 9, 16, 4, 17, 0, 0);
    const __m256i high = _mm256_setr_epi8(1, 0, 6, 8, 0, 16, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0,
                                          1, 0, 6, 8, 0, 16, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i nibble = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
    block_masks m = {0, 0, 0, 0};
    for (int part = 0; part < 2; part++) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(block + 32 * part));
        __m256i classes = _mm256_and_si256(_mm256_shuffle_epi8(low, _mm256_and_si256(v, nibble)),
                                           _mm256_shuffle_epi8(high, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble)));
        int shift = 32 * part;
        m.quote |= movemask32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'))) << shift;
        m.backslash |= movemask32(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))) << shift;
        m.whitespace |= (movemask32(_mm256_cmpeq_epi8(_mm256_and_si256(classes, _mm256_set1_epi8(3)), zero)) ^ 0xFFFFFFFFull) << shift;
        m.other |= movemask32(_mm256_cmpeq_epi8(classes, zero)) << shift;
    }
    return m;
}

__attribute__((target("avx2,pclmul"))) static inline uint64_t prefix_xor_clmul(uint64_t bits) {
    return (uint64_t)_mm_cvtsi128_si64(_mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)bits), _mm_set1_epi8((char)0xFF), 0));
}

/// Packs the kept bytes of a block eight at a time (`output` writable 8 bytes past them).
__attribute__((target("avx2"))) static inline size_t pack_shuffled(const uint8_t *block, uint64_t keep, uint8_t *output) {
    size_t written = 0;
    for (int group = 0; group < 8; group++) {
        unsigned bits = (unsigned)(keep >> (8 * group)) & 0xFF;
        __m128i bytes = _mm_loadl_epi64((const __m128i *)(block + 8 * group));
        __m128i shuffle = _mm_cvtsi64_si128((long long)pack_shuffles[bits]);
        _mm_storel_epi64((__m128i *)(output + written), _mm_shuffle_epi8(bytes, shuffle));
        written += (size_t)__builtin_popcount(bits);
    }
    return written;
}

__attribute__((target("avx2,pclmul"))) static size_t minify_avx2(const uint8_t *input, size_t length, uint8_t *output, int *suspicious) {
    pthread_once(&pack_shuffles_once, make_pack_shuffles);
    scan_state state = {0, 0, 0, 0, 0};
    size_t written = 0, start = 0;
    for (; length - start >= 64; start += 64) {
        block_masks m = classify_avx2(input + start);
        uint64_t keep = kept_bytes(&state, m, prefix_xor_clmul(real_quotes(&state, m)));
        written += pack_shuffled(input + start, keep, output + written);
    }
    if (start < length) {
        // The last bytes, from a copy padded with whitespace (none of it kept).
        uint8_t padded[64];
        size_t count = length - start;
        memset(padded, ' ', sizeof padded);
        memcpy(padded, input + start, count);
        block_masks m = classify_avx2(padded);
        uint64_t keep = kept_bytes(&state, m, prefix_xor_clmul(real_quotes(&state, m)));
        written += pack_shuffled(padded, keep & (((uint64_t)1 << count) - 1), output + written);
    }
    *suspicious = finish(&state);
    return written;
}

#endif

// MARK: Choice

int cjson_minify_kernel_available(int kernel) {
    switch (kernel) {
    case CJSON_MINIFY_PORTABLE: return 1;
#if defined(__x86_64__)
    case CJSON_MINIFY_SSE2: return 1;
    case CJSON_MINIFY_AVX2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul");
#endif
    default: return 0;
    }
}

size_t cjson_minify(const uint8_t *input, size_t length, uint8_t *output, int kernel, int *suspicious) {
#if defined(__x86_64__)
    static int best = 0;
    if (kernel == CJSON_MINIFY_BEST) {
        int chosen = __atomic_load_n(&best, __ATOMIC_RELAXED);
        if (chosen == 0) {
            chosen = cjson_minify_kernel_available(CJSON_MINIFY_AVX2) ? CJSON_MINIFY_AVX2 : CJSON_MINIFY_SSE2;
            __atomic_store_n(&best, chosen, __ATOMIC_RELAXED);
        }
        kernel = chosen;
    }
    if (kernel == CJSON_MINIFY_AVX2) return minify_avx2(input, length, output, suspicious);
    if (kernel == CJSON_MINIFY_SSE2) return minify_sse2(input, length, output, suspicious);
#endif
    return minify_portable(input, length, output, suspicious);
}
