// The scans are static inline functions of include/CJSONScan.h; this file makes the target a C library.
#include "CJSONScan.h"
