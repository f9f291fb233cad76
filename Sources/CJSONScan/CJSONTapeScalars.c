// Stage 2's rare paths for scalars (CJSONTape.c): strings with escapes or non-ASCII bytes, numbers with an
// exponent, and the memory the workspace grows.
#include "CJSONTapeParts.h"

/// The length of the UTF-8 scalar of two to four bytes at `bytes`, checked as JSONCore's parser checks it
/// (no overlong form, no surrogate, nothing past U+10FFFF), or 0.
static size_t scalar_length(const uint8_t *bytes) {
    uint8_t lead = bytes[0], lower = 0x80, upper = 0xBF;
    size_t length;
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead == 0xE0) { length = 3; lower = 0xA0; }
    else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF) length = 3;
    else if (lead == 0xED) { length = 3; upper = 0x9F; }
    else if (lead == 0xF0) { length = 4; lower = 0x90; }
    else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
    else if (lead == 0xF4) { length = 4; upper = 0x8F; }
    else return 0;
    if (bytes[1] < lower || bytes[1] > upper) return 0;
    for (size_t i = 2; i < length; i++) {
        if ((bytes[i] & 0xC0) != 0x80) return 0;
    }
    return length;
}

/// `memory` (of `*capacity` elements of `size` bytes) moved to memory with room for `needed` elements, or NULL
/// (`memory` left as it is) when none is left.
void *cjson_tape_reserve(void *memory, size_t *capacity, size_t needed, size_t size) {
    size_t larger = *capacity < 16 ? 16 : *capacity;
    while (larger < needed) larger *= 2;
    void *grown = realloc(memory, larger * size);
    if (grown != NULL) *capacity = larger;
    return grown;
}

// MARK: Strings

/// The UTF-16 unit of the four hex digits at `hex` (of a `u` escape), or 0x10000 where one is no hex digit.
static uint32_t hex_unit(const uint8_t *hex) {
    uint32_t unit = 0;
    for (int i = 0; i < 4; i++) {
        uint8_t byte = hex[i], digit;
        if (byte >= '0' && byte <= '9') digit = byte - '0';
        else if ((byte | 0x20) >= 'a' && (byte | 0x20) <= 'f') digit = (byte | 0x20) - 'a' + 10;
        else return 0x10000;
        unit = unit << 4 | digit;
    }
    return unit;
}

/// Finishes the string whose bytes start at `start` from its first escape at `at`, unescaped into the workspace's
/// text (`ascii`: whether the bytes before were ASCII); returns the offset past its closing quote, or 0.
__attribute__((noinline)) static size_t escaped_string(const uint8_t *base, size_t start, size_t at, int ascii,
                                                       cjson_tape_workspace *workspace, cjson_tape_entry *entry, const int sse2) {
    size_t text_start = workspace->text_count, run_start = start;
    for (;;) {
        // The plain run before `at`, and room for what the special byte at `at` becomes (at most 4 bytes).
        size_t run = at - run_start;
        if (workspace->text_count + run + 4 > workspace->text_capacity) {
            void *grown = cjson_tape_reserve(workspace->text, &workspace->text_capacity, workspace->text_count + run + 4, 1);
            if (grown == NULL) return 0;
            workspace->text = grown;
        }
        memcpy(workspace->text + workspace->text_count, base + run_start, run);
        workspace->text_count += run;
        uint8_t *out = workspace->text + workspace->text_count;
        uint8_t byte = base[at];
        if (byte == '"') {
            size_t count = workspace->text_count - text_start;
            *entry = make_entry(KIND_STRING, FLAG_IN_TEXT | (ascii ? 0 : FLAG_NON_ASCII), count, (int64_t)text_start);
            return at + 1;
        }
        if (byte == '\\') {
            uint8_t code = base[at + 1];
            uint8_t simple = 0;
            switch (code) {
            case '"': case '\\': case '/': simple = code; break;
            case 'b': simple = 0x08; break;
            case 'f': simple = 0x0C; break;
            case 'n': simple = 0x0A; break;
            case 'r': simple = 0x0D; break;
            case 't': simple = 0x09; break;
            case 'u': break;
            default: return 0;
            }
            if (code != 'u') {
                out[0] = simple;
                workspace->text_count += 1;
                at += 2;
            } else {
                uint32_t unit = hex_unit(base + at + 2);
                if (unit > 0xFFFF) return 0;
                at += 6;
                uint32_t scalar = unit;
                if (unit >= 0xDC00 && unit <= 0xDFFF) return 0;
                if (unit >= 0xD800 && unit <= 0xDBFF) {
                    if (base[at] != '\\' || base[at + 1] != 'u') return 0;
                    uint32_t low = hex_unit(base + at + 2);
                    if (low < 0xDC00 || low > 0xDFFF) return 0;
                    at += 6;
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                }
                size_t length;
                if (scalar < 0x80) {
                    out[0] = (uint8_t)scalar;
                    length = 1;
                } else if (scalar < 0x800) {
                    out[0] = (uint8_t)(0xC0 | scalar >> 6);
                    out[1] = (uint8_t)(0x80 | (scalar & 0x3F));
                    length = 2;
                } else if (scalar < 0x10000) {
                    out[0] = (uint8_t)(0xE0 | scalar >> 12);
                    out[1] = (uint8_t)(0x80 | ((scalar >> 6) & 0x3F));
                    out[2] = (uint8_t)(0x80 | (scalar & 0x3F));
                    length = 3;
                } else {
                    out[0] = (uint8_t)(0xF0 | scalar >> 18);
                    out[1] = (uint8_t)(0x80 | ((scalar >> 12) & 0x3F));
                    out[2] = (uint8_t)(0x80 | ((scalar >> 6) & 0x3F));
                    out[3] = (uint8_t)(0x80 | (scalar & 0x3F));
                    length = 4;
                }
                if (scalar >= 0x80) ascii = 0;
                workspace->text_count += length;
            }
        } else if (byte < 0x20) {
            return 0;
        } else {
            // A multi-byte scalar (the scan stops at no other byte).
            size_t length = scalar_length(base + at);
            if (length == 0) return 0;
            memcpy(out, base + at, length);
            workspace->text_count += length;
            at += length;
            ascii = 0;
        }
        run_start = at;
        at = plain_string_end(base, at, sse2);
    }
}

/// The string whose bytes start at `start`, from the first byte the plain scan stopped at (`at`, not a quote):
/// UTF-8 checked in place, escapes unescaped into the workspace's text. Returns the offset past its closing
/// quote, or 0.
size_t cjson_tape_special_string(const uint8_t *base, size_t start, size_t at, cjson_tape_workspace *workspace,
                                 cjson_tape_entry *entry, int sse2) {
    int ascii = 1;
    for (;;) {
        uint8_t byte = base[at];
        if (byte == '"') {
            *entry = make_entry(KIND_STRING, ascii ? 0 : FLAG_NON_ASCII, at - start, (int64_t)start);
            return at + 1;
        }
        if (byte == '\\') return escaped_string(base, start, at, ascii, workspace, entry, sse2);
        if (byte < 0x80) return 0;
        size_t length = scalar_length(base + at);
        if (length == 0) return 0;
        ascii = 0;
        at = plain_string_end(base, at + length, sse2);
    }
}

// MARK: Numbers

/// The number at `start` with an exponent (its digits before the exponent already checked, `e` or `E` at
/// `exponent`), as a decimal entry flagged integral as `ExactDecimal.lexemeIsIntegral` decides; returns the
/// offset past it, or 0.
size_t cjson_tape_exponent_number(const uint8_t *base, size_t start, size_t exponent, cjson_tape_entry *entry) {
    int64_t fraction_digits = 0, trailing_zeros = 0;
    int nonzero = 0, after_point = 0;
    for (size_t at = start + (base[start] == '-'); at < exponent; at++) {
        uint8_t byte = base[at];
        if (byte == '.') {
            after_point = 1;
            continue;
        }
        if (after_point) fraction_digits++;
        if (byte == '0') {
            trailing_zeros++;
        } else {
            trailing_zeros = 0;
            nonzero = 1;
        }
    }
    size_t at = exponent + 1;
    int64_t sign = 1;
    if (base[at] == '-') {
        sign = -1;
        at++;
    } else if (base[at] == '+') {
        at++;
    }
    if ((uint8_t)(base[at] - '0') >= 10) return 0;
    const int64_t limit = (int64_t)1 << 40;
    int64_t written = 0;
    while ((uint8_t)(base[at] - '0') < 10) {
        written = written * 10 + (base[at] - '0');
        if (written > limit) written = limit;
        at++;
    }
    int integral = !nonzero || sign * written - fraction_digits + trailing_zeros >= 0;
    *entry = make_entry(KIND_DECIMAL, integral ? FLAG_INTEGRAL : 0, at - start, (int64_t)start);
    return at;
}

