// Linux's sync_file_range, which glibc declares only under _GNU_SOURCE (and Swift's Glibc module is built
// without it): starting a file's writeback without waiting for it.
#if defined(__linux__)
#include <sys/types.h>

extern int sync_file_range(int fd, off_t offset, off_t nbytes, unsigned int flags);

/// Starts writing every dirty page of `fd` to disk and returns without waiting (SYNC_FILE_RANGE_WRITE).
static inline int cfilesync_start_writeback(int fd) {
    return sync_file_range(fd, 0, 0, 2);
}
#endif
