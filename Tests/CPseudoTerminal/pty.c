#define _XOPEN_SOURCE 600
#include "CPseudoTerminal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int gl_test_open_pty(char *name, size_t capacity) {
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0) return -1;
  const char *path = NULL;
  if (grantpt(master) != 0 || unlockpt(master) != 0 || !(path = ptsname(master)) ||
      strlen(path) + 1 > capacity) {
    close(master);
    return -1;
  }
  strcpy(name, path);
  return master;
}
