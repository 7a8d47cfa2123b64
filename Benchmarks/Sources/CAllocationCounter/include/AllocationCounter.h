#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/* Allocations (malloc, calloc, realloc, aligned variants) made by the calling thread since it
   last called allocation_counter_reset. Frees are counted apart. */
uint64_t allocation_counter_allocations(void);
uint64_t allocation_counter_frees(void);
void allocation_counter_reset(void);

#endif
