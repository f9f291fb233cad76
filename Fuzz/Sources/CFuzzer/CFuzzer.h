// The libFuzzer entry points the fuzz executables call (libFuzzer is linked by -sanitize=fuzzer).
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's command-line driver with `callback` as the target.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// libFuzzer's built-in mutator, for use inside a custom mutator.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);
