// Linux's syncfs, which glibc declares only under _GNU_SOURCE (and Swift's Glibc module is built without
// it): flushing one file system, the one holding an open file, instead of all of them (sync).
#if defined(__linux__)
extern int syncfs(int fd);

/// Flushes the file system holding the open file `fd` (syncfs); 0, or -1 with errno set.
static inline int cfilesync_syncfs(int fd) {
    return syncfs(fd);
}
#endif
