// The CRC is a set of static inline functions of include/CCRC32.h; this file makes the target a C library.
#include "CCRC32.h"
