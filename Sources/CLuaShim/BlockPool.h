/*
** BlockPool — Lua's small blocks (tables, short strings, closures, upvalues)
** from free lists by size class.  Lua frees what it allocated in bursts at
** every collection step; malloc's per-thread cache holds a handful of blocks
** of each size and sends the rest through its slow path, which was a fifth of
** every match() from Lua.  Lua passes a block's size when it frees it, so the
** pool keeps no header: a free block is the link to the next one.
** Private to the shim.
*/
#ifndef SWITCHYARD_BLOCK_POOL_H
#define SWITCHYARD_BLOCK_POOL_H

#include <stddef.h>

/* Blocks up to SY_POOL_LARGEST bytes come from the pool, in classes
** SY_POOL_GRAIN bytes apart; larger ones from malloc.  Under AddressSanitizer
** every block comes from malloc, so the sanitizer still sees each one. */
#define SY_POOL_GRAIN 16
#if defined(__SANITIZE_ADDRESS__)
#define SY_POOL_LARGEST 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SY_POOL_LARGEST 0
#endif
#endif
#ifndef SY_POOL_LARGEST
#define SY_POOL_LARGEST 256
#endif
#define SY_POOL_CLASSES (SY_POOL_LARGEST / SY_POOL_GRAIN + 1)

typedef struct sy_BlockPool {
  void *free[SY_POOL_CLASSES];  /* per class: first free block, or NULL */
  char *next, *end;             /* unused tail of the newest chunk */
  void *chunks;                 /* every chunk, linked by its first word */
} sy_BlockPool;

/* The class of a block of 'size' bytes, 1 <= size <= SY_POOL_LARGEST.
** [-0, +0, -] */
static inline size_t sy_pool_class (size_t size) {
  return (size + SY_POOL_GRAIN - 1) / SY_POOL_GRAIN;
}

/* Whether a block of 'size' bytes comes from the pool.  [-0, +0, -] */
static inline int sy_pool_holds (size_t size) {
  return size != 0 && size <= SY_POOL_LARGEST;
}

/* The first free block of the class of 'size' (sy_pool_holds(size)) taken
** off its list, or NULL when the list is empty (sy_pool_realloc then carves
** one from a chunk).  Inline, for the allocator's common case: a new small
** block while blocks of its size come and go at every collection.
** [-0, +0, -] */
static inline void *sy_pool_takefree (sy_BlockPool *pool, size_t size) {
  size_t c = sy_pool_class(size);
  void *block = pool->free[c];
  if (block != NULL) pool->free[c] = *(void **)block;
  return block;
}

/* Gives back the block 'ptr' of 'size' bytes, sy_pool_holds(size), to its
** class's list: what sy_pool_free does for a pooled block, inline.
** [-0, +0, -] */
static inline void sy_pool_putfree (sy_BlockPool *pool, void *ptr,
                                    size_t size) {
  size_t c = sy_pool_class(size);
  *(void **)ptr = pool->free[c];
  pool->free[c] = ptr;
}

/* realloc's contract for a lua_Alloc: 'ptr' may be NULL (osize is then 0);
** nsize is never 0 (free with sy_pool_free).  Never fails a shrink. */
void *sy_pool_realloc (sy_BlockPool *pool, void *ptr, size_t osize,
                       size_t nsize);

/* Gives back a block of 'size' bytes from sy_pool_realloc. */
void sy_pool_free (sy_BlockPool *pool, void *ptr, size_t size);

/* Returns every chunk to malloc (after lua_close: no block is in use). */
void sy_pool_release (sy_BlockPool *pool);

#endif
