/*
** CLuaShim — see CLuaShim.h for the contract and the stack effects, and
** ShimState.h for the naming rule and which file does what.  This file: the
** state and its allocator, protected calls (sy_pcall and its message
** handler), the protected twins of the API calls that may raise, the
** libraries a state opens, and small reads of the debug interface.
*/
#include "ShimState.h"
#include "Budget.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Instructions the finalizers run by lua_close may take in all when no
** budget is set (about a second): closing a state always ends. */
#define SY_CLOSE_BUDGET 200000000LL

/* The message handler may go this far past the memory cap so that a script
** that failed near the cap still gets its traceback. */
#define SY_HANDLER_HEADROOM ((size_t)256 * 1024)

/* ============================================================ allocator */

/* lua_Alloc with a cap, in general (sy_alloc takes the common cases first).
** Never fails a shrink (Lua relies on that).  Not a stack function: Lua
** calls it with no stack effect. */
__attribute__((noinline))
static void *sy_alloc_general (SyState *sy, void *ptr, size_t osize,
                               size_t nsize) {
  size_t old = (ptr != NULL) ? osize : 0;  /* else osize is a type tag */
  void *block;
  if (nsize == 0) {
    sy_pool_free(&sy->pool, ptr, old);
    sy->used -= old;
    return NULL;
  }
  if (nsize > old && sy->limit != 0) {
    size_t cap = sy->limit + (sy->in_handler ? SY_HANDLER_HEADROOM : 0);
    if (nsize > cap || sy->used - old > cap - nsize) {
      sy->memory_refused = 1;
      return NULL;
    }
  }
  block = sy_pool_realloc(&sy->pool, ptr, old, nsize);
  if (block == NULL) return NULL;
  sy->used = sy->used - old + nsize;
  if (nsize > old && sy->instruction_limit > 0)
    sy_charge_allocation(sy, nsize - old);
  return block;
}

/* The state's lua_Alloc: a pooled block freed, or a new one taken off its
** class's free list within the cap and with no budget to charge, done here
** inline with no call (sy_pool_putfree, sy_pool_takefree); anything else by
** sy_alloc_general.  Through sy_pool_free and sy_pool_realloc each time, a
** 'match' from Lua spent 1,225 instructions in the allocator for about 9
** blocks made and 15 frees (callgrind, 'lua-match query 1000'), 6 of them
** of NULL: Lua frees a table's empty array part, and lua_createtable with
** fields resizes it from nothing to nothing; here, 450 (the frames and
** calls gone).  Not a stack function. */
static void *sy_alloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  SyState *sy = (SyState *)ud;
  if (nsize == 0) {
    if (ptr == NULL) return NULL;
    if (sy_pool_holds(osize)) {
      sy->used -= osize;
      sy_pool_putfree(&sy->pool, ptr, osize);
      return NULL;
    }
  }
  else if (ptr == NULL && sy_pool_holds(nsize) && sy->instruction_limit <= 0
           && (sy->limit == 0 || sy->used + nsize <= sy->limit)) {
    void *block = sy_pool_takefree(&sy->pool, nsize);
    if (block != NULL) {
      sy->used += nsize;
      return block;
    }
  }
  return sy_alloc_general(sy, ptr, osize, nsize);
}


/* [-0, +0, -]: never returns. */
static int sy_panic (lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "switchyard: unprotected Lua error (a bug): %s\n",
          msg ? msg : "(error object is not a string)");
  fflush(stderr);
  abort();
  return 0;
}


lua_State *sy_newstate (size_t memory_limit) {
  lua_State *L;
  SyState *sy = (SyState *)calloc(1, sizeof(SyState));
  if (sy == NULL) return NULL;
  sy->limit = memory_limit;
  sy->step = SY_POLL_STEP;
  L = lua_newstate(sy_alloc, sy);
  if (L == NULL) {
    sy_pool_release(&sy->pool);
    free(sy);
    return NULL;
  }
  sy->current = L;
  lua_atpanic(L, sy_panic);
  sy_set_instruction_limit(L, 0);
  return L;
}


void sy_close (lua_State *L) {
  SyState *sy = sy_state(L);
  lua_State *expected = L;
  atomic_compare_exchange_strong(&sy_active, &expected, NULL);
  /* lua_close runs the pending finalizers: one last call, under the budget
  ** (SY_CLOSE_BUDGET when none is set), so that closing always ends.  No
  ** interrupt reaches it: a signal handler must not touch a state that
  ** lua_close is about to free. */
  if (sy->instruction_limit == 0) sy->instruction_limit = SY_CLOSE_BUDGET;
  sy->remaining = sy->instruction_limit;
  sy->stop = SY_STOP_NONE;
  sy->interrupt = 0;
  sy_sethook_between_stops(L, sy);
  lua_close(L);
  sy_pool_release(&sy->pool);
  free(sy->traceback);
  free(sy);
}


size_t sy_memory_in_use (lua_State *L) { return sy_state(L)->used; }
void sy_set_memory_limit (lua_State *L, size_t limit) {
  sy_state(L)->limit = limit;
}
int sy_stop_reason (lua_State *L) { return sy_state(L)->stop; }
const char *sy_traceback (lua_State *L) { return sy_state(L)->traceback; }
const char *sy_error_where (lua_State *L) { return sy_state(L)->where; }
lua_State *sy_current (lua_State *L) { return sy_state(L)->current; }


/* ====================================================== message handler */

/* No stack effect: copies 'text' out of the Lua heap. */
static void sy_keep_traceback (SyState *sy, const char *text) {
  size_t len = strlen(text);
  char *copy = (char *)malloc(len + 1);
  free(sy->traceback);
  sy->traceback = copy;
  if (copy != NULL) memcpy(copy, text, len + 1);
}


/* "chunk:line:" of the innermost Lua function on the stack.  [-0, +0, -] */
static void sy_record_where (lua_State *L, SyState *sy) {
  lua_Debug ar;
  int level;
  sy->where[0] = '\0';
  for (level = 1; lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      snprintf(sy->where, sizeof(sy->where), "%s:%d:", ar.short_src,
               ar.currentline);
      return;
    }
  }
}


/* Keeps the error object as it is (so the host can describe it) and records
** a traceback and, for non-strings, where it was raised.  [-0, +0, m] */
static int sy_msghandler (lua_State *L) {
  SyState *sy = sy_state(L);
  sy->in_handler = 1;
  if (lua_type(L, 1) != LUA_TSTRING) sy_record_where(L, sy);
  else sy->where[0] = '\0';
  luaL_traceback(L, L, NULL, 1);
  sy_keep_traceback(sy, lua_tostring(L, -1));
  lua_pop(L, 1);
  sy->in_handler = 0;
  return 1;
}


/* ================================================================ calls */

/* Start of a top-level call: fresh budget, no stop, no stale interrupt
** (unless one is held: sy_interrupt_and_hold).  [-0, +0, -] */
static void sy_begin (lua_State *L, SyState *sy) {
  sy->remaining = sy->instruction_limit;
  sy->stop = SY_STOP_NONE;
  sy->memory_refused = 0;
  sy->interrupt = sy_interrupt_held;  /* sy_running_enter hooks it if set */
  sy->where[0] = '\0';
  free(sy->traceback);
  sy->traceback = NULL;
  sy_sethook_between_stops(L, sy);
  atomic_store(&sy_active, L);
}


/* End of a top-level call: classify a refused allocation.  [-0, +0, -] */
static void sy_end (lua_State *L, SyState *sy, int status) {
  lua_State *expected = L;
  if (status == LUA_ERRMEM && sy->memory_refused && sy->stop == SY_STOP_NONE)
    sy->stop = SY_STOP_MEMORY;
  sy->in_handler = 0;
  atomic_compare_exchange_strong(&sy_active, &expected, NULL);
  sy_sethook_between_stops(L, sy);
}


int sy_pcall (lua_State *L, int nargs, int nresults) {
  SyState *sy = sy_state(L);
  int base = lua_gettop(L) - nargs;  /* the function */
  int status;
  if (!lua_checkstack(L, 2)) {
    lua_pop(L, nargs + 1);
    lua_pushnil(L);
    return LUA_ERRMEM;
  }
  lua_pushcfunction(L, sy_msghandler);
  lua_insert(L, base);
  if (sy->depth++ == 0) sy_begin(L, sy);
  sy_running_enter(L, L);
  status = lua_pcall(L, nargs, nresults, base);
  sy_running_leave(L);
  if (--sy->depth == 0) sy_end(L, sy, status);
  lua_remove(L, base);
  return status;
}


/* Calls 'f' with the 'n' values on top, through sy_pcall: for work that can
** run Lua code (metamethods), which must be under budget and interruptible.
** [-n, +(r|1), -] */
static int sy_protect (lua_State *L, lua_CFunction f, int n, int r) {
  lua_pushcfunction(L, f);
  lua_insert(L, -(n + 1));
  return sy_pcall(L, n, r);
}


int sy_load (lua_State *L, const char *code, size_t len,
             const char *chunkname) {
  /* lua_load runs the parser protected already */
  return luaL_loadbufferx(L, code, len, chunkname, "t");
}


/* [-0, +1, e] */
static int sy_p_tolstring (lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}


/* [-0, +1, e]: a string describing the error object at 1. */
static int sy_p_describe (lua_State *L) {
  if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushcfunction(L, sy_p_tolstring);
    lua_pushvalue(L, 1);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK) return 1;
    if (lua_type(L, -1) == LUA_TSTRING)
      lua_pushfstring(L, "error object is a %s value (its __tostring failed: %s)",
                      luaL_typename(L, 1), lua_tostring(L, -1));
    else
      lua_pushfstring(L, "error object is a %s value (its __tostring raised a %s value)",
                      luaL_typename(L, 1), luaL_typename(L, -1));
    return 1;
  }
  if (lua_type(L, 1) == LUA_TNUMBER) {
    luaL_tolstring(L, 1, NULL);
    return 1;
  }
  lua_pushfstring(L, "error object is a %s value", luaL_typename(L, 1));
  return 1;
}


void sy_describe_error (lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TSTRING) return;
  lua_pushvalue(L, idx);
  /* a failure leaves a string too (memory, budget); should it not, nil
     (pushing nil cannot fail) tells the host to use its own words */
  if (sy_protect(L, sy_p_describe, 1, 1) != LUA_OK && !lua_isstring(L, -1)) {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
  lua_replace(L, idx);
}


/* ============================================================ accessors */

/* t[k] for t, k at 1, 2.  [-1, +1, e] */
static int sy_p_gettable (lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}

int sy_gettable (lua_State *L, int t) {
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -2);
  return sy_protect(L, sy_p_gettable, 2, 1);
}


/* t[k] = v for t, k, v at 1, 2, 3.  [-2, +0, e] */
static int sy_p_settable (lua_State *L) {
  lua_settable(L, 1);
  return 0;
}

int sy_settable (lua_State *L, int t) {
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -3);
  return sy_protect(L, sy_p_settable, 3, 0);
}


/* rawset for t, k, v at 1, 2, 3.  [-2, +0, m] */
static int sy_p_rawset (lua_State *L) {
  lua_rawset(L, 1);
  return 0;
}

int sy_rawset (lua_State *L, int t) {
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -3);
  return sy_protect_raw(L, sy_p_rawset, 3, 0);
}


/* next(t, k) for t, k at 1, 2; a match's table builds its path and query
** before the first step (sy_settlelazyinfo), so the walk lists them.
** [-1, +(2|0), e] */
static int sy_p_next (lua_State *L) {
  if (lua_isnil(L, 2)) sy_settlelazyinfo(L, 1);
  return lua_next(L, 1) ? 2 : 0;
}

int sy_next (lua_State *L, int t, int *more) {
  int base = lua_gettop(L) - 1;  /* below the key */
  int status;
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -2);
  status = sy_protect_raw(L, sy_p_next, 2, LUA_MULTRET);
  *more = (status == LUA_OK && lua_gettop(L) - base == 2);
  return status;
}


/* #v for v at 1, which must be an integer.  [-0, +1, e] */
static int sy_p_len (lua_State *L) {
  int isnum;
  lua_len(L, 1);
  lua_tointegerx(L, -1, &isnum);
  if (!isnum) return luaL_error(L, "object length is not an integer");
  return 1;
}

int sy_len (lua_State *L, int idx, lua_Integer *len) {
  int status;
  lua_pushvalue(L, idx);
  status = sy_protect(L, sy_p_len, 1, 1);
  if (status != LUA_OK) return status;
  *len = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return LUA_OK;
}


/* The string at pointer 1, length 2.  [-0, +1, m] */
static int sy_p_pushlstring (lua_State *L) {
  lua_pushlstring(L, (const char *)lua_touserdata(L, 1),
                  (size_t)lua_tointeger(L, 2));
  return 1;
}

int sy_pushlstring (lua_State *L, const char *s, size_t len) {
  if (len == 0) s = "";  /* Swift may hand over NULL for an empty buffer */
  lua_pushlightuserdata(L, (void *)s);
  lua_pushinteger(L, (lua_Integer)len);
  return sy_protect_raw(L, sy_p_pushlstring, 2, 1);
}


/* A table sized by 1 and 2.  [-0, +1, m] */
static int sy_p_newtable (lua_State *L) {
  lua_createtable(L, (int)lua_tointeger(L, 1), (int)lua_tointeger(L, 2));
  return 1;
}

int sy_newtable (lua_State *L, int narr, int nrec) {
  lua_pushinteger(L, narr);
  lua_pushinteger(L, nrec);
  return sy_protect_raw(L, sy_p_newtable, 2, 1);
}

/* The table for the field array at 1, count at 2.  [-0, +1, m] */
static int sy_p_pushfields (lua_State *L) {
  const sy_Field *fields = (const sy_Field *)lua_touserdata(L, 1);
  int n = (int)lua_tointeger(L, 2);
  lua_createtable(L, 0, n);
  sy_setfields(L, fields, n);
  return 1;
}

int sy_pushfields (lua_State *L, const sy_Field *fields, int n) {
  lua_pushlightuserdata(L, (void *)fields);
  lua_pushinteger(L, n);
  return sy_protect_raw(L, sy_p_pushfields, 2, 1);
}


/* t[key] = v for t, v, key pointer, key length at 1..4.  [-0, +0, m] */
static int sy_p_setfield (lua_State *L) {
  lua_pushlstring(L, (const char *)lua_touserdata(L, 3),
                  (size_t)lua_tointeger(L, 4));
  lua_pushvalue(L, 2);
  lua_rawset(L, 1);
  return 0;
}

int sy_setfield (lua_State *L, int t, const char *key, size_t keylen) {
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -2);  /* t, v */
  lua_pushlightuserdata(L, (void *)key);
  lua_pushinteger(L, (lua_Integer)keylen);
  return sy_protect_raw(L, sy_p_setfield, 4, 0);
}


/* A reference to the value at 1.  [-1, +1, m] */
static int sy_p_ref (lua_State *L) {
  lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
  return 1;
}

int sy_ref (lua_State *L, int *ref) {
  int status = sy_protect_raw(L, sy_p_ref, 1, 1);
  if (status != LUA_OK) return status;
  *ref = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return LUA_OK;
}


/* Frees reference 1.  [-0, +0, m] */
static int sy_p_unref (lua_State *L) {
  luaL_unref(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 1));
  return 0;
}

void sy_unref (lua_State *L, int ref) {
  if (ref == LUA_NOREF || ref == LUA_REFNIL) return;
  if (!lua_checkstack(L, 3)) return;  /* leaks one slot rather than fail */
  lua_pushinteger(L, ref);
  if (sy_protect_raw(L, sy_p_unref, 1, 0) != LUA_OK) lua_pop(L, 1);
}


void sy_getref (lua_State *L, int ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
}


/* ============================================================ libraries */

/* 'load' of the sandbox: the original with its mode forced to text.
** [-n, +r, e] like 'load' */
static int sy_textload (lua_State *L) {
  int n = lua_gettop(L);
  if (n < 3) lua_settop(L, n = 3);  /* an explicit nil 'env' stays apart */
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, LUA_MULTRET);
  return lua_gettop(L);
}


/* [-0, +0, e]: keeps only the listed fields of the global table 'name'. */
static void sy_keep_only (lua_State *L, const char *name,
                          const char *const keep[]) {
  int i;
  lua_getglobal(L, name);
  lua_newtable(L);
  for (i = 0; keep[i] != NULL; i++) {
    lua_getfield(L, -2, keep[i]);
    lua_setfield(L, -2, keep[i]);
  }
  lua_setglobal(L, name);
  lua_pop(L, 1);
}


/* [-0, +0, e] */
static void sy_open_sandbox (lua_State *L) {
  static const luaL_Reg libs[] = {
    {LUA_GNAME, luaopen_base}, {LUA_COLIBNAME, luaopen_coroutine},
    {LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
    {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8},
    {LUA_OSLIBNAME, luaopen_os}, {NULL, NULL}
  };
  static const char *const os_kept[] = {"clock", "time", "date", "difftime",
                                         NULL};
  const luaL_Reg *lib;
  for (lib = libs; lib->func != NULL; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  sy_keep_only(L, LUA_OSLIBNAME, os_kept);
  lua_pushnil(L);
  lua_setglobal(L, "dofile");
  lua_pushnil(L);
  lua_setglobal(L, "loadfile");
  lua_getglobal(L, "load");
  lua_pushcclosure(L, sy_textload, 1);
  lua_setglobal(L, "load");
  lua_getglobal(L, LUA_STRLIBNAME);  /* also the strings' '__index' */
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
}


/* Profile flag at 1.  [-0, +0, e] */
static int sy_p_openlibs (lua_State *L) {
  int sandboxed = lua_toboolean(L, 1);
  sy_push_fnbox_metatable(L);
  lua_pop(L, 1);
  if (sandboxed) sy_open_sandbox(L);
  else luaL_openlibs(L);
  sy_open_budgeted(L);
  sy_open_patterns(L);
  return 0;
}

int sy_openlibs (lua_State *L, int sandboxed) {
  lua_pushboolean(L, sandboxed);
  return sy_protect(L, sy_p_openlibs, 1, 0);
}


/* ================================================== macros as functions */

void sy_pushglobaltable (lua_State *L) { lua_pushglobaltable(L); }
int sy_isinteger (lua_State *L, int idx) { return lua_isinteger(L, idx); }


/* Written by hand: route() asks this once per declaration, and snprintf was
** 1,000 of the 1,700 instructions it took (callgrind, 1,000 routes). */
int sy_where (lua_State *L, int level, char *buf, size_t size) {
  lua_Debug ar;
  char digits[24];
  size_t srclen, ndigits = 0, n;
  unsigned long line;
  if (size > 0) buf[0] = '\0';
  if (size == 0 || !lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar) ||
      ar.currentline <= 0)
    return 0;
  for (line = (unsigned long)ar.currentline; line > 0; line /= 10)
    digits[ndigits++] = (char)('0' + line % 10);
  srclen = strlen(ar.short_src);
  if (srclen > size - 1) srclen = size - 1;
  memcpy(buf, ar.short_src, srclen);
  n = srclen;
  if (n < size - 1) buf[n++] = ':';
  while (ndigits > 0 && n < size - 1) buf[n++] = digits[--ndigits];
  buf[n] = '\0';
  return (int)n;
}


const char *sy_source (lua_State *L, int level) {
  lua_Debug ar;
  if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "S", &ar)) return NULL;
  return ar.source;
}


/* lua_getinfo with "S" and "u" reads the closure's prototype only: it
** neither allocates nor raises.  ('>' pops the copy pushed for it.) */
int sy_functiondefinition (lua_State *L, int idx, sy_FunctionDefinition *def) {
  lua_Debug ar;
  if (lua_type(L, idx) != LUA_TFUNCTION) return 0;
  lua_pushvalue(L, idx);
  if (!lua_getinfo(L, ">Su", &ar)) return 0;
  def->source = ar.source;
  def->srclen = ar.srclen;
  def->linedefined = ar.what[0] == 'C' ? -1 : ar.linedefined;
  def->nparams = ar.nparams;
  def->isvararg = ar.isvararg;
  return 1;
}


/* lua_getlocal with a NULL 'ar' names the parameters of the function on
** top, pushing nothing. */
const char *sy_parametername (lua_State *L, int idx, int n) {
  const char *name;
  if (lua_type(L, idx) != LUA_TFUNCTION) return NULL;
  lua_pushvalue(L, idx);
  name = lua_getlocal(L, NULL, n);
  lua_pop(L, 1);
  return name;
}
