/*
** StandardOutput.c — C's stdout, where Lua's print and io.write and Swift's
** print go: made to survive a Ctrl-C during a write, and asked at exit
** whether every write reached it.
*/
#define _GNU_SOURCE
#include "CLuaShim.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

int sy_flush_stdout (void) {
  if (fflush(stdout) != 0) return errno != 0 ? errno : EIO;
  return ferror(stdout) ? -1 : 0;
}

#if defined(__GLIBC__)

/* Writes all of 'size' bytes to descriptor 1, going on after a signal
** (EINTR) and a short write; stdio flags an error on anything less.  */
static ssize_t sy_write_all (void *cookie, const char *buf, size_t size) {
  size_t done = 0;
  (void)cookie;
  while (done < size) {
    ssize_t n = write(STDOUT_FILENO, buf + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return done > 0 ? (ssize_t)done : -1;
    done += (size_t)n;
  }
  return (ssize_t)done;
}

/* SIGINT's handler is installed without SA_RESTART so that a blocking read
** returns at once; a write to a slow terminal it interrupts would otherwise
** fail with EINTR, and stdio would drop the bytes and report the stream
** broken at exit (seen: a paste holding Ctrl-C while the REPL printed).
** Buffered as stdio buffers descriptor 1: by line on a terminal. */
int sy_stdout_retry_interrupted (void) {
  static const cookie_io_functions_t io = {NULL, sy_write_all, NULL, NULL};
  FILE *stream;
  if (fflush(stdout) != 0) return -1;
  stream = fopencookie(NULL, "w", io);
  if (stream == NULL) return -1;
  setvbuf(stream, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, BUFSIZ);
  stdout = stream;
  return 0;
}

#else

int sy_stdout_retry_interrupted (void) { return -1; }

#endif
