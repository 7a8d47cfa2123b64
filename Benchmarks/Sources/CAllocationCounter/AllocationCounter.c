/*
** Counts heap allocations by defining the allocator's entry points in the executable: the dynamic
** linker binds every library's malloc (Swift runtime, Foundation, libc itself) to these, and they
** forward to glibc's own implementations. Counters are thread-local so a benchmark counts only
** its own thread, and initial-exec TLS in the executable needs no allocation to reach.
*/

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

#include "AllocationCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Thread_local uint64_t allocations;
static _Thread_local uint64_t frees;

uint64_t allocation_counter_allocations(void) { return allocations; }
uint64_t allocation_counter_frees(void) { return frees; }

void allocation_counter_reset(void) {
  allocations = 0;
  frees = 0;
}

uint64_t allocation_counter_heap_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

void *malloc(size_t size) {
  allocations++;
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  allocations++;
  return __libc_calloc(count, size);
}

/* realloc(NULL, n) allocates and realloc(p, 0) frees; growing in place still counts as one call. */
void *realloc(void *pointer, size_t size) {
  if (pointer == NULL) allocations++;
  else if (size == 0) frees++;
  else allocations++;
  return __libc_realloc(pointer, size);
}

void free(void *pointer) {
  if (pointer != NULL) frees++;
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  allocations++;
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  allocations++;
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  void *pointer;
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  allocations++;
  pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}
