#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/* Allocations (malloc, calloc, realloc, aligned variants) made by the calling thread since it
   last called allocation_counter_reset. Frees are counted apart. */
uint64_t allocation_counter_allocations(void);
uint64_t allocation_counter_frees(void);
void allocation_counter_reset(void);

/* Bytes the C heap holds in live allocations (glibc's mallinfo2), beside the RSS that also counts
   freed memory the allocator keeps. */
uint64_t allocation_counter_heap_in_use(void);

#endif
