#ifndef CINFLATE_H
#define CINFLATE_H

// Raw DEFLATE (RFC 1951, no zlib or gzip wrapper) inflated whole into a buffer of known size, as zip entries
// are: the central directory gives each entry's size before its data is read. Written for this project from
// the RFC; it accepts and refuses exactly the streams zlib's inflate does, and for a stream that ends early or
// overflows the buffer it reports the same number of bytes zlib would have produced (ZipArchiveTests and the
// `inflate` fuzz target compare the two).
//
// Memory safety on hostile input: nothing is read outside [input, input + input_length) and nothing is
// written outside [output, output + capacity), whatever the bytes say.

#include <stddef.h>
#include <stdint.h>

/// How an inflate ended. `CINFLATE_OK`, `CINFLATE_TRUNCATED` and `CINFLATE_OUTPUT_FULL` concern sizes; every
/// other value is a malformed stream.
typedef enum {
    /// The final block ended; `*produced` bytes were written.
    CINFLATE_OK = 0,
    /// The input ended before the final block did; `*produced` bytes (every complete literal, match and
    /// stored byte before the end) were written.
    CINFLATE_TRUNCATED = 1,
    /// The stream holds more bytes than `capacity`.
    CINFLATE_OUTPUT_FULL = 2,
    /// Block type 3, which RFC 1951 reserves.
    CINFLATE_BAD_BLOCK_TYPE = 3,
    /// A stored block whose length and its one's complement disagree.
    CINFLATE_BAD_STORED_LENGTH = 4,
    /// A dynamic header declaring more than 286 literal/length or 30 distance codes.
    CINFLATE_BAD_CODE_COUNTS = 5,
    /// The code-length code is over-subscribed or incomplete.
    CINFLATE_BAD_CODE_LENGTH_CODE = 6,
    /// A repeat code (16) with no length before it, or a repeat running past the declared code count.
    CINFLATE_BAD_REPEAT = 7,
    /// The literal/length code gives the end-of-block symbol (256) no code.
    CINFLATE_NO_END_OF_BLOCK = 8,
    /// The literal/length code is over-subscribed, or incomplete beyond a single one-bit code.
    CINFLATE_BAD_LITERAL_LENGTH_CODE = 9,
    /// The distance code is over-subscribed, or incomplete beyond a single one-bit code.
    CINFLATE_BAD_DISTANCE_CODE = 10,
    /// A literal/length code that stands for no symbol (286, 287, or the unused code of an incomplete one).
    CINFLATE_BAD_LITERAL_LENGTH_SYMBOL = 11,
    /// A distance code that stands for no symbol (30, 31, or the unused code of an incomplete one).
    CINFLATE_BAD_DISTANCE_SYMBOL = 12,
    /// A match reaching back before the first byte of the output.
    CINFLATE_DISTANCE_TOO_FAR = 13,
} cinflate_status;

/// Inflates the raw DEFLATE stream `input` into `output` (room for `capacity` bytes); `*produced` is set to the
/// number of bytes written, whatever the status. Input after the final block is ignored. Thread-safe: each thread
/// keeps the tables of its 32 most recent dynamic block headers (about 180 KB, allocated on its first dynamic block
/// and freed when it ends) and reuses them for a block whose header has the same bits.
cinflate_status cinflate(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity, size_t *produced);

/// `cinflate` without processor-specific code (on x86_64 `cinflate` uses BMI2 where the processor has it), so
/// that tests and fuzzing check both on any machine. Same arguments, same results.
cinflate_status cinflate_portable(const uint8_t *input, size_t input_length, uint8_t *output, size_t capacity,
                                  size_t *produced);

/// How many dynamic blocks this thread has decoded with the tables of an identical header decoded before (the
/// header cache: tests check that it is used).
uint64_t cinflate_header_cache_hits(void);

#endif
