// zlib: deflate and CRC-32 for the charts' PNG encoder.
#include <zlib.h>
