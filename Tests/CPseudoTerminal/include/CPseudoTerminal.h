// Opens a pseudo-terminal for the REPL's end-to-end tests (Swift's Glibc module does not
// expose posix_openpt, grantpt, unlockpt and ptsname).
#ifndef CPSEUDOTERMINAL_H
#define CPSEUDOTERMINAL_H

#include <stddef.h>

/// The master side's descriptor, with the slave's path in `name`; -1 on failure.
int gl_test_open_pty(char *name, size_t capacity);

#endif
