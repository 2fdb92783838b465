// zlib (Debian: zlib1g-dev, which the Swift toolchain already needs).
#include <zlib.h>
