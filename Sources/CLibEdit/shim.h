// libedit's native API, found through pkg-config (`libedit`: -I/usr/include/editline).
#include <histedit.h>
