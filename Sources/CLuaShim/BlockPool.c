/*
** BlockPool — see BlockPool.h.
*/
#include "BlockPool.h"

#include <stdlib.h>
#include <string.h>

/* Chunks are carved into blocks of one class at a time, as they are asked
** for; a chunk is never given back before the pool is released. */
#define SY_POOL_CHUNK ((size_t)64 * 1024)


/* A fresh chunk; the old tail (less than one largest block) is dropped. */
static int sy_add_chunk (sy_BlockPool *pool) {
  char *chunk = (char *)malloc(SY_POOL_CHUNK);
  if (chunk == NULL) return 0;
  *(void **)chunk = pool->chunks;
  pool->chunks = chunk;
  pool->next = chunk + SY_POOL_GRAIN;  /* keeps blocks 16-byte aligned */
  pool->end = chunk + SY_POOL_CHUNK;
  return 1;
}

static void *sy_pool_alloc (sy_BlockPool *pool, size_t size) {
  size_t bytes = sy_pool_class(size) * SY_POOL_GRAIN;
  void *block = sy_pool_takefree(pool, size);
  if (block != NULL) return block;
  if ((size_t)(pool->end - pool->next) < bytes && !sy_add_chunk(pool))
    return NULL;
  block = pool->next;
  pool->next += bytes;
  return block;
}

void sy_pool_free (sy_BlockPool *pool, void *ptr, size_t size) {
  if (ptr == NULL) return;
  if (sy_pool_holds(size)) sy_pool_putfree(pool, ptr, size);
  else free(ptr);
}


void *sy_pool_realloc (sy_BlockPool *pool, void *ptr, size_t osize,
                       size_t nsize) {
  void *block;
  if (!sy_pool_holds(osize) && !sy_pool_holds(nsize))
    return realloc(ptr, nsize);
  if (ptr != NULL && sy_pool_holds(osize) && sy_pool_holds(nsize)
      && sy_pool_class(osize) == sy_pool_class(nsize))
    return ptr;
  block = sy_pool_holds(nsize) ? sy_pool_alloc(pool, nsize) : malloc(nsize);
  if (block == NULL)  /* a shrink keeps its (roomier) block */
    return (ptr != NULL && nsize <= osize) ? ptr : NULL;
  if (ptr != NULL) {
    memcpy(block, ptr, osize < nsize ? osize : nsize);
    sy_pool_free(pool, ptr, osize);
  }
  return block;
}


void sy_pool_release (sy_BlockPool *pool) {
  while (pool->chunks != NULL) {
    void *next = *(void **)pool->chunks;
    free(pool->chunks);
    pool->chunks = next;
  }
  memset(pool, 0, sizeof(*pool));
}
