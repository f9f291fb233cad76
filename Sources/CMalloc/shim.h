// glibc's allocator tuning (mallopt), for batch commands that reuse large buffers archive after archive.
#if defined(__linux__)
#include <malloc.h>
#endif
