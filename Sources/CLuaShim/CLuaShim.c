/*
** CLuaShim — see CLuaShim.h for the contract and the stack effects.
** Internal functions named p_* run only inside lua_pcall (they may raise);
** everything public returns a status instead.
*/
#include "CLuaShim.h"
#include "BlockPool.h"
#include "Budget.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Instructions between two calls of the count hook when no smaller budget is
** set: often enough that a budget is kept to the thousand, rarely enough that
** the hook's own work is lost in the VM's. */
#define SY_POLL_STEP 1000

/* Threads an interrupt can reach without a count hook: nested resumes and
** calls from Swift, each a C level, stop at LUAI_MAXCCALLS (200) anyway.
** A thread beyond these polls as before, with the count hook. */
#define SY_RUNNING_MAX 256

/* Instructions the finalizers run by lua_close may take in all when no
** budget is set (about a second): closing a state always ends. */
#define SY_CLOSE_BUDGET 200000000LL

/* The message handler may go this far past the memory cap so that a script
** that failed near the cap still gets its traceback. */
#define SY_HANDLER_HEADROOM ((size_t)256 * 1024)

typedef struct SyState {
  sy_BlockPool pool;                /* where the state's blocks come from */
  size_t used;                      /* bytes held by the state */
  size_t limit;                     /* cap on 'used' (0: none) */
  int in_handler;                   /* message handler running: headroom */
  int memory_refused;               /* the allocator said no */
  long long instruction_limit;      /* budget per top-level call (0: none) */
  long long remaining;              /* of the budget, this call */
  int step;                         /* count-hook period */
  volatile sig_atomic_t interrupt;  /* set from a signal handler */
  int stop;                         /* SY_STOP_* of the current call */
  int depth;                        /* nesting of sy_pcall */
  lua_State *current;               /* thread of the innermost Swift call */
  lua_State *running[SY_RUNNING_MAX];  /* threads running Lua, outermost first */
  atomic_int nrunning;              /* entries of 'running' in use (may pass the max) */
  int infobuilder;                  /* registry ref of sy_pushinfo's builder (0: none yet) */
  char *traceback;                  /* from the message handler (malloc) */
  char where[LUA_IDSIZE + 32];      /* "chunk:line:" of a non-string error */
} SyState;

static void sy_hook (lua_State *L, lua_Debug *ar);
static void sy_sethook_between_stops (lua_State *L, SyState *sy);
static void sy_charge_allocation (SyState *sy, size_t bytes);
static int sy_budget_spent (SyState *sy);

/* Component of a Swift value living in Lua: a function (call != NULL) or an
** object; 'release' is NULL once the box has been let go. */
typedef struct sy_Box {
  sy_SwiftFunction call;
  sy_Release release;
  void *box;
} sy_Box;

static const char sy_box_marker = 0;      /* key in object metatables */
static const char sy_fnbox_mt_key = 0;    /* registry key: function boxes */

/* The state of the top-level call that started last (for signal handlers). */
static _Atomic(lua_State *) sy_active = NULL;


/* [-0, +0, -] */
static SyState *sy_state (lua_State *L) {
  void *ud;
  (void)lua_getallocf(L, &ud);
  return (SyState *)ud;
}


/* ============================================================ allocator */

/* lua_Alloc with a cap.  Never fails a shrink (Lua relies on that).
** Not a stack function: Lua calls it with no stack effect. */
static void *sy_alloc (void *ud, void *ptr, size_t osize, size_t nsize) {
  SyState *sy = (SyState *)ud;
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


/* ================================================================ hooks */

/* Raises the stop error with "chunk:line: " of the function 'ar' describes
** (when it is a Lua function).  Leaves a count hook of 1 behind so that a
** 'pcall' in the script cannot swallow it: the next instruction raises
** again, all the way out.  The one place a stop error is raised, from the
** count hook and from the budgeted library functions alike.  [-0, +1, v] */
static void sy_raise_stop (lua_State *L, lua_Debug *ar, SyState *sy) {
  lua_sethook(L, sy_hook, LUA_MASKCOUNT, 1);
  if (ar != NULL && lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
    lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
  else
    lua_pushliteral(L, "");
  if (sy->stop == SY_STOP_INTERRUPT)
    lua_pushliteral(L, "interrupted");
  else
    lua_pushfstring(L, "instruction limit of %I exceeded",
                    (LUAI_UACINT)sy->instruction_limit);
  lua_concat(L, 2);
  lua_error(L);
}


/* Spends 'steps' of the budget and polls the interrupt flag: the count
** hook's bookkeeping, shared with C code that loops on the script's behalf.
** Returns whether the call must stop now.  [-0, +0, -] */
static int sy_spend (SyState *sy, long long steps) {
  if (sy->stop == SY_STOP_NONE) {
    if (sy->interrupt)
      sy->stop = SY_STOP_INTERRUPT;
    else if (sy->instruction_limit > 0) {
      sy->remaining -= steps;
      if (sy->remaining <= 0) sy->stop = SY_STOP_INSTRUCTIONS;
    }
  }
  return sy->stop == SY_STOP_INTERRUPT || sy->stop == SY_STOP_INSTRUCTIONS;
}


/* The hook of a thread between stops: with a budget, the count hook, which
** spends it and polls the interrupt flag; without one, none, as in lua.c: a
** count hook of any period sends every VM instruction through
** luaG_traceexec (plain Lua ran 2.2x slower under it), and an interrupt
** reaches the running threads through 'running' instead.  [-0, +0, -] */
static void sy_sethook_between_stops (lua_State *L, SyState *sy) {
  if (sy->instruction_limit > 0)
    lua_sethook(L, sy_hook, LUA_MASKCOUNT, sy->step);
  else
    lua_sethook(L, NULL, 0, 0);
}


/* The hook of a budget, of an interrupt and of a stop: spends the budget
** and polls the interrupt flag.  [-0, +(0|1), v] */
static void sy_hook (lua_State *L, lua_Debug *ar) {
  SyState *sy = sy_state(L);
  if (sy->stop == SY_STOP_NONE && lua_gethookcount(L) != sy->step) {
    /* a thread still on a stop hook from an earlier call: back to normal
       (unless an interrupt or an allocation that spent the budget set it) */
    sy_sethook_between_stops(L, sy);
    if (!sy->interrupt && !sy_budget_spent(sy)) return;
  }
  if (sy_spend(sy, ar->event == LUA_HOOKCOUNT ? sy->step : 0))
    sy_raise_stop(L, ar, sy);
}


void sy_budget_spend (lua_State *L, long long steps) {
  SyState *sy = sy_state(L);
  if (sy_spend(sy, steps)) sy_raise_stopped(L);
}


int sy_budgeted (lua_State *L) {
  return sy_state(L)->instruction_limit > 0;
}


int sy_stopping (lua_State *L) {
  int stop = sy_state(L)->stop;
  return stop == SY_STOP_INTERRUPT || stop == SY_STOP_INSTRUCTIONS;
}


void sy_stop_soon (lua_State *L) {
  lua_sethook(L, sy_hook, LUA_MASKCOUNT, 1);
}


/* Raises the stop error at the innermost Lua function calling the C code
** that stops (table.sort's comparison is two C levels below the script's
** line).  [-0, +1, v] */
void sy_raise_stopped (lua_State *L) {
  lua_Debug ar;
  int level;
  for (level = 1; lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "l", &ar) && ar.currentline > 0) break;
  }
  sy_raise_stop(L, lua_getstack(L, level, &ar) ? &ar : NULL, sy_state(L));
}


void sy_set_instruction_limit (lua_State *L, long long limit) {
  SyState *sy = sy_state(L);
  sy->instruction_limit = (limit > 0) ? limit : 0;
  sy->step = (limit > 0 && limit < SY_POLL_STEP) ? (int)limit : SY_POLL_STEP;
  sy_sethook_between_stops(L, sy);
}


/* As lua.c's 'laction': 'L' stops at its very next instruction, call or
** line.  [-0, +0, -] */
static void sy_hook_interrupt (lua_State *L) {
  lua_sethook(L, sy_hook,
              LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}


/* Whether the budget is spent (the next hook stops the call).
** [-0, +0, -] */
static int sy_budget_spent (SyState *sy) {
  return sy->instruction_limit > 0 && sy->remaining <= 0;
}


/* Charges an allocation's growth to the budget, a step per
** SY_BYTES_PER_STEP bytes: the C functions that build a result (upper,
** rep, concat, format, the '..' operator) each run as one instruction but
** touch as many bytes as they allocate.  The allocator may not raise, so
** when this spends the budget every running thread gets a count hook of 1,
** which stops it at its next VM instruction (with that line's position).
** No stack effect. */
static void sy_charge_allocation (SyState *sy, size_t bytes) {
  int n, i;
  if (sy->remaining <= 0 || bytes < SY_BYTES_PER_STEP) return;
  sy->remaining -= (long long)(bytes / SY_BYTES_PER_STEP);
  if (sy->remaining > 0) return;
  n = atomic_load(&sy->nrunning);
  for (i = 0; i < n && i < SY_RUNNING_MAX; i++)
    lua_sethook(sy->running[i], sy_hook, LUA_MASKCOUNT, 1);
}


void sy_request_interrupt (lua_State *L) {
  SyState *sy = sy_state(L);
  int n, i;
  sy->interrupt = 1;
  /* from another thread: the flag is seen before the list is read, so that
     a thread listed meanwhile either is in what is read here or sees the
     flag in sy_running_enter (whose store to 'nrunning' is a full fence) */
  atomic_thread_fence(memory_order_seq_cst);
  sy_hook_interrupt(L);
  n = atomic_load(&sy->nrunning);
  for (i = 0; i < n && i < SY_RUNNING_MAX; i++) sy_hook_interrupt(sy->running[i]);
}


void sy_running_enter (lua_State *L, lua_State *co) {
  SyState *sy = sy_state(L);
  int n = atomic_load(&sy->nrunning);
  if (n < SY_RUNNING_MAX) sy->running[n] = co;
  atomic_store(&sy->nrunning, n + 1);
  /* an interrupt that came before 'co' was listed still reaches it; one past
     the list's end polls with the count hook */
  if (sy->interrupt) sy_hook_interrupt(co);
  else if (n >= SY_RUNNING_MAX) lua_sethook(co, sy_hook, LUA_MASKCOUNT, sy->step);
}


void sy_running_leave (lua_State *L) {
  atomic_fetch_sub(&sy_state(L)->nrunning, 1);
}


void sy_interrupt_active (void) {
  lua_State *L = atomic_load(&sy_active);
  if (L != NULL) sy_request_interrupt(L);
}


/* Set by sy_interrupt_and_hold, cleared by sy_release_interrupt: while set,
** every top-level call starts interrupted, in every state.  A host loop that
** calls Lua once per item (a crawl's titles, a walk's invariants) then stops
** at the next call instead of at the end of the loop. */
static volatile sig_atomic_t sy_interrupt_held = 0;


void sy_interrupt_and_hold (void) {
  sy_interrupt_held = 1;
  sy_interrupt_active();
}


void sy_release_interrupt (void) {
  sy_interrupt_held = 0;
}


void sy_signal_handler (int signo) {
  (void)signo;
  sy_interrupt_active();
}


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


/* The same for work that runs no Lua code (only allocates), so it touches
** neither the budget nor the recorded error.  [-n, +(r|1), -] */
static int sy_protect_raw (lua_State *L, lua_CFunction f, int n, int r) {
  lua_pushcfunction(L, f);
  lua_insert(L, -(n + 1));
  return lua_pcall(L, n, r, 0);
}


int sy_load (lua_State *L, const char *code, size_t len,
             const char *chunkname) {
  /* lua_load runs the parser protected already */
  return luaL_loadbufferx(L, code, len, chunkname, "t");
}


/* [-0, +1, e] */
static int p_tolstring (lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}


/* [-0, +1, e]: a string describing the error object at 1. */
static int p_describe (lua_State *L) {
  if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    lua_pushcfunction(L, p_tolstring);
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
  if (sy_protect(L, p_describe, 1, 1) != LUA_OK && !lua_isstring(L, -1)) {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
  lua_replace(L, idx);
}


/* ============================================================ accessors */

/* t[k] for t, k at 1, 2.  [-1, +1, e] */
static int p_gettable (lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}

int sy_gettable (lua_State *L, int t) {
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -2);
  return sy_protect(L, p_gettable, 2, 1);
}


/* t[k] = v for t, k, v at 1, 2, 3.  [-2, +0, e] */
static int p_settable (lua_State *L) {
  lua_settable(L, 1);
  return 0;
}

int sy_settable (lua_State *L, int t) {
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -3);
  return sy_protect(L, p_settable, 3, 0);
}


/* rawset for t, k, v at 1, 2, 3.  [-2, +0, m] */
static int p_rawset (lua_State *L) {
  lua_rawset(L, 1);
  return 0;
}

int sy_rawset (lua_State *L, int t) {
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -3);
  return sy_protect_raw(L, p_rawset, 3, 0);
}


/* next(t, k) for t, k at 1, 2.  [-1, +(2|0), e] */
static int p_next (lua_State *L) {
  return lua_next(L, 1) ? 2 : 0;
}

int sy_next (lua_State *L, int t, int *more) {
  int base = lua_gettop(L) - 1;  /* below the key */
  int status;
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  lua_insert(L, -2);
  status = sy_protect_raw(L, p_next, 2, LUA_MULTRET);
  *more = (status == LUA_OK && lua_gettop(L) - base == 2);
  return status;
}


/* #v for v at 1, which must be an integer.  [-0, +1, e] */
static int p_len (lua_State *L) {
  int isnum;
  lua_len(L, 1);
  lua_tointegerx(L, -1, &isnum);
  if (!isnum) return luaL_error(L, "object length is not an integer");
  return 1;
}

int sy_len (lua_State *L, int idx, lua_Integer *len) {
  int status;
  lua_pushvalue(L, idx);
  status = sy_protect(L, p_len, 1, 1);
  if (status != LUA_OK) return status;
  *len = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return LUA_OK;
}


/* The string at pointer 1, length 2.  [-0, +1, m] */
static int p_pushlstring (lua_State *L) {
  lua_pushlstring(L, (const char *)lua_touserdata(L, 1),
                  (size_t)lua_tointeger(L, 2));
  return 1;
}

int sy_pushlstring (lua_State *L, const char *s, size_t len) {
  if (len == 0) s = "";  /* Swift may hand over NULL for an empty buffer */
  lua_pushlightuserdata(L, (void *)s);
  lua_pushinteger(L, (lua_Integer)len);
  return sy_protect_raw(L, p_pushlstring, 2, 1);
}


/* A table sized by 1 and 2.  [-0, +1, m] */
static int p_newtable (lua_State *L) {
  lua_createtable(L, (int)lua_tointeger(L, 1), (int)lua_tointeger(L, 2));
  return 1;
}

int sy_newtable (lua_State *L, int narr, int nrec) {
  lua_pushinteger(L, narr);
  lua_pushinteger(L, nrec);
  return sy_protect_raw(L, p_newtable, 2, 1);
}


/* t[key] = value for the table on top, for each field with a value.
** [-0, +0, m] */
static void setfields (lua_State *L, const sy_Field *fields, int n) {
  int i;
  for (i = 0; i < n; i++) {
    if (fields[i].value == NULL) continue;
    lua_pushlstring(L, fields[i].key, fields[i].keylen);
    lua_pushlstring(L, fields[i].value, fields[i].valuelen);
    lua_rawset(L, -3);
  }
}

/* The table for the field array at 1, count at 2.  [-0, +1, m] */
static int p_pushfields (lua_State *L) {
  const sy_Field *fields = (const sy_Field *)lua_touserdata(L, 1);
  int n = (int)lua_tointeger(L, 2);
  lua_createtable(L, 0, n);
  setfields(L, fields, n);
  return 1;
}

int sy_pushfields (lua_State *L, const sy_Field *fields, int n) {
  lua_pushlightuserdata(L, (void *)fields);
  lua_pushinteger(L, n);
  return sy_protect_raw(L, p_pushfields, 2, 1);
}


/* Raises the error object a Swift function left on top for the code 'n'
** (SY_RAISE, SY_RAISE_WHERE), once that function has returned.
** [-1, +0, v] */
static int sy_raise (lua_State *L, int n) {
  if (n == SY_RAISE_WHERE && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}


/* The info builder's upvalues: its keys, made once, then the routes'
** strings.  Keys set raw from upvalues, the builder fetched from an array
** slot of the registry and pushed before its arguments took 475 off a Lua
** 'match''s 8,820 instructions (callgrind, 'lua-match' in Benchmarks/):
** lua_setfield finds a key through Lua's string cache (a strcmp) at every
** table, and lua_pushcfunction's closure had to be moved under them. */
enum { INFO_PATH = 1, INFO_PATTERN, INFO_FRAGMENT, INFO_PARAMS, INFO_QUERY,
       INFO_ROUTES, INFO_NUPVALUES = INFO_ROUTES };
static const char *const sy_infokeys[] = {"path", "pattern", "fragment",
                                          "params", "query"};

/* The key in upvalue 'key', pushed before its value (rawset after both: no
** lua_insert, 36 instructions a field).  [-0, +1, -] */
#define pushkey(L, key)  lua_pushvalue(L, lua_upvalueindex(key))

/* For a shape with a 'patternslot': the cache's table for that slot,
** {pattern, name 1, ..., name n}, made again unless it holds these bytes for
** the pattern (the slot's route may have been declared again; a pattern's
** text fixes its names).  Lua hashes a short string's every byte to intern
** it: taking them from here saves 333 of a Lua 'match''s 8,350 instructions
** at 1,000 parameter routes, and 20-30 ns.  This pushes the cache's value
** for the slot (any) and says whether it holds these pattern bytes.
** [-0, +1, -] */
static int holdsroutestrings (lua_State *L, int cache, lua_Integer slot,
                              const char *pattern, size_t patternlen) {
  if (lua_rawgeti(L, cache, slot) == LUA_TTABLE) {
    size_t len;
    const char *s;
    lua_rawgeti(L, -1, 1);
    s = lua_tolstring(L, -1, &len);  /* the table keeps it */
    lua_pop(L, 1);
    return s != NULL && len == patternlen && memcmp(s, pattern, len) == 0;
  }
  return 0;
}

/* The cache entry for 'info' (see above) pushed, made when missing.
** [-0, +1, m] */
static void pushroutestrings (lua_State *L, int cache,
                              const sy_InfoTable *info) {
  int i;
  if (holdsroutestrings(L, cache, info->patternslot, info->pattern,
                        info->patternlen))
    return;
  lua_pop(L, 1);
  lua_createtable(L, info->nparams + 1, 0);
  lua_pushlstring(L, info->pattern, info->patternlen);
  lua_rawseti(L, -2, 1);
  for (i = 0; i < info->nparams; i++) {
    lua_pushlstring(L, info->params[i].key, info->params[i].keylen);
    lua_rawseti(L, -2, i + 2);
  }
  lua_pushvalue(L, -1);
  lua_rawseti(L, cache, info->patternslot);
}

/* The params table: keys from the route's strings at 'routes' (by position)
** or the fields' own bytes (0).  [-0, +1, m] */
static void pushparams (lua_State *L, const sy_InfoTable *info, int routes) {
  int i, present = 0;
  if (routes == 0) {
    lua_createtable(L, 0, info->nparams);
    setfields(L, info->params, info->nparams);
    return;
  }
  for (i = 0; i < info->nparams; i++) present += info->params[i].value != NULL;
  lua_createtable(L, 0, present);
  for (i = 0; i < info->nparams; i++) {
    if (info->params[i].value == NULL) continue;
    lua_rawgeti(L, routes, i + 2);
    lua_pushlstring(L, info->params[i].value, info->params[i].valuelen);
    lua_rawset(L, -3);
  }
}

/* The info table for the sy_InfoTable at 1 (the path string at 2 when its
** 'path' is NULL); run as the builder closure.  [-0, +1, m] */
static int p_pushinfo (lua_State *L) {
  const sy_InfoTable *info = (const sy_InfoTable *)lua_touserdata(L, 1);
  int routes = 0;
  if (info->patternslot > 0) {
    pushroutestrings(L, lua_upvalueindex(INFO_ROUTES), info);
    routes = lua_gettop(L);
  }
  lua_createtable(L, 0, 3 + (info->pattern != NULL) + (info->fragment != NULL)
                        + info->nextra);
  pushkey(L, INFO_PATH);
  if (info->path != NULL) lua_pushlstring(L, info->path, info->pathlen);
  else lua_pushvalue(L, 2);
  lua_rawset(L, -3);
  if (info->pattern != NULL) {
    pushkey(L, INFO_PATTERN);
    if (routes != 0) lua_rawgeti(L, routes, 1);
    else lua_pushlstring(L, info->pattern, info->patternlen);
    lua_rawset(L, -3);
  }
  if (info->fragment != NULL) {
    pushkey(L, INFO_FRAGMENT);
    lua_pushlstring(L, info->fragment, info->fragmentlen);
    lua_rawset(L, -3);
  }
  setfields(L, info->extra, info->nextra);
  pushkey(L, INFO_PARAMS);
  pushparams(L, info, routes);
  lua_rawset(L, -3);
  pushkey(L, INFO_QUERY);
  lua_createtable(L, 0, info->nquery);
  setfields(L, info->query, info->nquery);
  lua_rawset(L, -3);
  return 1;
}

/* The builder closure, made once and kept as a registry reference (an array
** slot: lua_rawgetp under a static address cost 130 instructions a call).
** [-0, +1, m] */
static int p_makeinfobuilder (lua_State *L) {
  int i;
  for (i = 0; i < INFO_ROUTES - 1; i++) lua_pushstring(L, sy_infokeys[i]);
  lua_newtable(L);
  lua_pushcclosure(L, p_pushinfo, INFO_NUPVALUES);
  lua_pushvalue(L, -1);
  sy_state(L)->infobuilder = luaL_ref(L, LUA_REGISTRYINDEX);
  return 1;
}

int sy_pushinfo (lua_State *L, const sy_InfoTable *info) {
  int path = info->path == NULL ? lua_absindex(L, info->pathindex) : 0;
  int builder = sy_state(L)->infobuilder;
  if (builder > 0) lua_rawgeti(L, LUA_REGISTRYINDEX, builder);
  else {
    int status = sy_protect_raw(L, p_makeinfobuilder, 0, 1);
    if (status != LUA_OK) return status;
  }
  lua_pushlightuserdata(L, (void *)info);
  if (path == 0) return lua_pcall(L, 1, 1, 0);
  lua_pushvalue(L, path);
  return lua_pcall(L, 2, 1, 0);
}


/* ===================================================== match(path) */

/* The match function's upvalues: the info builder's (keys, route strings),
** then its Swift entry and the argument's position. */
enum { MATCH_ENTRY = INFO_NUPVALUES + 1, MATCH_ARG, MATCH_NUPVALUES = MATCH_ARG };

typedef struct sy_MatchCallee {
  sy_MatchEntry entry;
  void *runtime;
} sy_MatchCallee;

/* The info table of a lent match: path (the argument string at 'path'),
** pattern and parameter names from the route strings, values from the
** spans of the path's bytes 's', an empty query.  [-0, +1, m] */
static void pushlent (lua_State *L, const sy_MatchResult *r, int path,
                      const char *s) {
  int i, present = 0, names;
  lua_rawgeti(L, lua_upvalueindex(INFO_ROUTES), r->slot);
  names = lua_gettop(L);
  for (i = 0; i < r->nparams; i++) present += r->spans[i].start >= 0;
  lua_createtable(L, 0, 4);
  pushkey(L, INFO_PATH);
  lua_pushvalue(L, path);
  lua_rawset(L, -3);
  pushkey(L, INFO_PATTERN);
  lua_rawgeti(L, names, 1);
  lua_rawset(L, -3);
  pushkey(L, INFO_PARAMS);
  lua_createtable(L, 0, present);
  for (i = 0; i < r->nparams; i++) {
    if (r->spans[i].start < 0) continue;
    lua_rawgeti(L, names, i + 2);
    lua_pushlstring(L, s + r->spans[i].start,
                    (size_t)(r->spans[i].end - r->spans[i].start));
    lua_rawset(L, -3);
  }
  lua_rawset(L, -3);
  pushkey(L, INFO_QUERY);
  lua_createtable(L, 0, 0);
  lua_rawset(L, -3);
  lua_replace(L, names);
}

/* match(path): the path read here, looked up by the Swift entry (no
** trampoline, no closure, no protected call around the table), the info
** table of a lent match built here; anything the entry raises is raised
** here, after it returned.  [-0, +1, e] */
static int sy_match (lua_State *L) {
  const sy_MatchCallee *callee =
      (const sy_MatchCallee *)lua_touserdata(L, lua_upvalueindex(MATCH_ENTRY));
  int path = (int)lua_tointeger(L, lua_upvalueindex(MATCH_ARG));
  SyState *sy = sy_state(L);
  lua_State *caller = sy->current;
  sy_MatchSpan spans[SY_MATCH_SPANS];
  sy_MatchResult result;
  const char *s;
  size_t len;
  int n;
  if (lua_type(L, path) != LUA_TSTRING) {
    lua_pushfstring(L, "bad argument #1 to 'match' (string expected, got %s)",
                    luaL_typename(L, path));
    return sy_raise(L, SY_RAISE_WHERE);
  }
  s = lua_tolstring(L, path, &len);
  result.cache = lua_upvalueindex(INFO_ROUTES);
  result.slot = 0;
  result.nparams = 0;
  result.spans = spans;
  sy->current = L;  /* a validator calling Lua uses this thread */
  n = callee->entry(L, callee->runtime, s, len, path, &result);
  sy->current = caller;  /* before any raise: nothing longjmps past here */
  switch (n) {
    case SY_MATCH_NONE: lua_pushnil(L); return 1;
    case SY_MATCH_LENT: pushlent(L, &result, path, s); return 1;
    case SY_MATCH_PUSHED: return 1;
    default: return sy_raise(L, n);
  }
}

/* The match closure for the callee at 1, argument position at 2.
** [-0, +1, m] */
static int p_pushmatchfunction (lua_State *L) {
  const sy_MatchCallee *spec = (const sy_MatchCallee *)lua_touserdata(L, 1);
  int arg = (int)lua_tointeger(L, 2);
  sy_MatchCallee *callee;
  int i;
  for (i = 0; i < INFO_ROUTES - 1; i++) lua_pushstring(L, sy_infokeys[i]);
  lua_newtable(L);
  callee = (sy_MatchCallee *)lua_newuserdatauv(L, sizeof(sy_MatchCallee), 0);
  *callee = *spec;
  lua_pushinteger(L, arg);
  lua_pushcclosure(L, sy_match, MATCH_NUPVALUES);
  return 1;
}

int sy_pushmatchfunction (lua_State *L, sy_MatchEntry entry, void *runtime,
                          int arg) {
  sy_MatchCallee spec;
  spec.entry = entry;
  spec.runtime = runtime;
  lua_pushlightuserdata(L, &spec);
  lua_pushinteger(L, arg);
  return sy_protect_raw(L, p_pushmatchfunction, 2, 1);
}

int sy_matchnames_held (lua_State *L, const sy_MatchResult *result,
                        const char *pattern, size_t len) {
  int held = holdsroutestrings(L, result->cache, result->slot, pattern, len);
  lua_pop(L, 1);
  return held;
}

/* The route strings of the sy_InfoTable at 1 stored in the cache at 2.
** [-0, +0, m] */
static int p_storematchnames (lua_State *L) {
  pushroutestrings(L, 2, (const sy_InfoTable *)lua_touserdata(L, 1));
  return 0;
}

int sy_matchnames_store (lua_State *L, const sy_MatchResult *result,
                         const sy_InfoTable *names) {
  lua_pushlightuserdata(L, (void *)names);
  lua_pushvalue(L, result->cache);
  return sy_protect_raw(L, p_storematchnames, 2, 0);
}


/* t[key] = v for t, v, key pointer, key length at 1..4.  [-0, +0, m] */
static int p_setfield (lua_State *L) {
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
  return sy_protect_raw(L, p_setfield, 4, 0);
}


/* A reference to the value at 1.  [-1, +1, m] */
static int p_ref (lua_State *L) {
  lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
  return 1;
}

int sy_ref (lua_State *L, int *ref) {
  int status = sy_protect_raw(L, p_ref, 1, 1);
  if (status != LUA_OK) return status;
  *ref = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return LUA_OK;
}


/* Frees reference 1.  [-0, +0, m] */
static int p_unref (lua_State *L) {
  luaL_unref(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 1));
  return 0;
}

void sy_unref (lua_State *L, int ref) {
  if (ref == LUA_NOREF || ref == LUA_REFNIL) return;
  if (!lua_checkstack(L, 3)) return;  /* leaks one slot rather than fail */
  lua_pushinteger(L, ref);
  if (sy_protect_raw(L, p_unref, 1, 0) != LUA_OK) lua_pop(L, 1);
}


void sy_getref (lua_State *L, int ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
}


/* ======================================================= Swift in Lua */

/* '__gc' of every box: lets go of the Swift object exactly once.
** [-0, +0, -] */
static int sy_box_gc (lua_State *L) {
  sy_Box *b = (sy_Box *)lua_touserdata(L, 1);
  if (b != NULL && b->release != NULL) {
    sy_Release release = b->release;
    void *box = b->box;
    b->release = NULL;
    b->box = NULL;
    release(box);
  }
  return 0;
}


/* The lua_CFunction behind every Swift function: the longjmp of lua_error
** happens here, after the Swift function has returned.  [-0, +n, e] */
static int sy_trampoline (lua_State *L) {
  sy_Box *b = (sy_Box *)lua_touserdata(L, lua_upvalueindex(1));
  SyState *sy = sy_state(L);
  lua_State *caller = sy->current;
  int n;
  if (b == NULL || b->release == NULL)
    return luaL_error(L, "this Swift function has been released");
  sy->current = L;  /* Swift calling back into Lua uses this thread */
  n = b->call(L, b->box);
  sy->current = caller;  /* before any raise: nothing longjmps past here */
  return n >= 0 ? n : sy_raise(L, n);
}


/* [-0, +1, m]: the metatable of function boxes, made on first use. */
static void sy_push_fnbox_metatable (lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &sy_fnbox_mt_key) == LUA_TTABLE)
    return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, sy_box_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  /* scripts cannot reach '__gc' */
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &sy_fnbox_mt_key);
}


/* [-0, +1, m]: a box userdata adopting *spec (then marked adopted by
** clearing spec->release); the metatable must be on top. */
static void sy_newbox (lua_State *L, sy_Box *spec) {
  sy_Box *b = (sy_Box *)lua_newuserdatauv(L, sizeof(sy_Box), 0);
  b->call = NULL;
  b->release = NULL;
  b->box = NULL;
  lua_rotate(L, -2, 1);  /* userdata below its metatable */
  lua_setmetatable(L, -2);
  *b = *spec;
  spec->release = NULL;
}


/* The closure for the box spec at 1.  [-0, +1, m] */
static int p_pushswiftfunction (lua_State *L) {
  sy_Box *spec = (sy_Box *)lua_touserdata(L, 1);
  sy_push_fnbox_metatable(L);
  sy_newbox(L, spec);
  lua_pushcclosure(L, sy_trampoline, 1);
  return 1;
}

int sy_pushswiftfunction (lua_State *L, sy_SwiftFunction fn, void *box,
                          sy_Release release) {
  sy_Box spec;
  int status;
  spec.call = fn;
  spec.release = release;
  spec.box = box;
  lua_pushlightuserdata(L, &spec);
  status = sy_protect_raw(L, p_pushswiftfunction, 1, 1);
  if (spec.release != NULL) spec.release(box);  /* never adopted */
  return status;
}


/* [-0, +1, m] */
static int p_newboxmetatable (lua_State *L) {
  lua_createtable(L, 0, 4);
  lua_pushcfunction(L, sy_box_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushboolean(L, 1);
  lua_rawsetp(L, -2, &sy_box_marker);
  return 1;
}

int sy_newboxmetatable (lua_State *L) {
  return sy_protect_raw(L, p_newboxmetatable, 0, 1);
}


/* The userdata for the box spec at 1, metatable at 2.  [-0, +1, m] */
static int p_pushbox (lua_State *L) {
  sy_Box *spec = (sy_Box *)lua_touserdata(L, 1);
  lua_pushvalue(L, 2);
  sy_newbox(L, spec);
  return 1;
}

int sy_pushbox (lua_State *L, void *box, sy_Release release, int mt) {
  sy_Box spec;
  int status;
  mt = lua_absindex(L, mt);
  spec.call = NULL;
  spec.release = release;
  spec.box = box;
  lua_pushlightuserdata(L, &spec);
  lua_pushvalue(L, mt);
  status = sy_protect_raw(L, p_pushbox, 2, 1);
  if (spec.release != NULL) spec.release(box);  /* never adopted */
  return status;
}


void *sy_tobox (lua_State *L, int idx) {
  sy_Box *b;
  int marked;
  if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx))
    return NULL;
  marked = (lua_rawgetp(L, -1, &sy_box_marker) == LUA_TBOOLEAN);
  lua_pop(L, 2);
  if (!marked) return NULL;
  b = (sy_Box *)lua_touserdata(L, idx);
  return (b->release != NULL) ? b->box : NULL;
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
static int p_openlibs (lua_State *L) {
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
  return sy_protect(L, p_openlibs, 1, 0);
}


/* =============================================================== output */

int sy_flush_stdout (void) {
  if (fflush(stdout) != 0) return errno != 0 ? errno : EIO;
  return ferror(stdout) ? -1 : 0;
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
