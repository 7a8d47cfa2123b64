/*
** ShimState.h — private to the shim's C files: the state every lua_State of
** Switchyard carries (its allocator's 'ud'), and the few helpers more than
** one file needs.  Swift never sees it.
**
** Naming, in every C file of the shim: every function is sy_…; those
** declared in a header (CLuaShim.h for Swift, Budget.h, BlockPool.h or this
** one for the shim's own files) are exported, every other is static.  A
** static body that an exported function runs under a protected call (it may
** raise; its caller returns a status instead) is sy_p_….
**
** Which file does what: CLuaShim.c the state, the allocator, protected
** calls and the protected twins of the API; Budget.c the instruction
** budget and the interrupt; BudgetedLibrary.c and PatternMatch.c the
** library functions that charge it; SwiftBox.c Swift functions and objects
** in Lua; MatchInfo.c the info tables and match(path); RouteShape.c the
** table route() returns; BlockPool.c the allocator's small blocks;
** StandardOutput.c C's stdout.
*/
#ifndef CLUASHIM_SHIMSTATE_H
#define CLUASHIM_SHIMSTATE_H

#include "CLuaShim.h"
#include "BlockPool.h"

#include <signal.h>
#include <stdatomic.h>

/* Instructions between two calls of the count hook when no smaller budget is
** set: often enough that a budget is kept to the thousand, rarely enough that
** the hook's own work is lost in the VM's. */
#define SY_POLL_STEP 1000

/* Threads an interrupt can reach without a count hook: nested resumes and
** calls from Swift, each a C level, stop at LUAI_MAXCCALLS (200) anyway.
** A thread beyond these polls as before, with the count hook. */
#define SY_RUNNING_MAX 256

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

/* [-0, +0, -] */
static inline SyState *sy_state (lua_State *L) {
  void *ud;
  (void)lua_getallocf(L, &ud);
  return (SyState *)ud;
}


/* ---------------------------------------------- Budget.c, for CLuaShim.c */

/* The state of the top-level call that started last (for signal handlers):
** set and cleared by sy_pcall, read by sy_interrupt_active. */
extern _Atomic(lua_State *) sy_active;

/* Set by sy_interrupt_and_hold, cleared by sy_release_interrupt: while set,
** every top-level call starts interrupted (sy_pcall reads it). */
extern volatile sig_atomic_t sy_interrupt_held;

/* The hook of a thread between stops: with a budget, the count hook, which
** spends it and polls the interrupt flag; without one, none.
** [-0, +0, -] */
void sy_sethook_between_stops (lua_State *L, SyState *sy);

/* Charges an allocation's growth to the budget (the allocator calls it).
** No stack effect. */
void sy_charge_allocation (SyState *sy, size_t bytes);


/* ----------------- BudgetedLibrary.c and PatternMatch.c, for CLuaShim.c */

/* Replaces the library functions that would escape the budget or the
** interrupt (xpcall, setmetatable's and debug.setmetatable's finalizers,
** coroutine.resume, wrap and close, the table functions' loops, load's
** reading, and the string and utf8 functions whose work a script sizes)
** with budgeted ones.  [-0, +0, e] */
void sy_open_budgeted (lua_State *L);

/* Replaces string.find, match, gmatch and gsub (also the strings' methods)
** with Switchyard's own matcher, whose steps are charged to the budget
** (PatternMatch.c).  [-0, +0, e] */
void sy_open_patterns (lua_State *L);


/* --------------------------------------------- MatchInfo.c, for CLuaShim.c */

/* Builds the path and query of a lent match's info table at 't' that no one
** has read yet (its metatable's __index is the lazy fields'), so a raw walk
** of 't' sees them; anything else is left alone.  [-0, +0, m] */
void sy_settlelazyinfo (lua_State *L, int t);


/* --------------------------------------------- SwiftBox.c, for CLuaShim.c */

/* [-0, +1, m]: the metatable of function boxes, made on first use. */
void sy_push_fnbox_metatable (lua_State *L);


/* ------------------------------------------------- shared by every file */

/* Calls 'f' with the 'n' values on top through lua_pcall, for work that runs
** no Lua code (only allocates), so it touches neither the budget nor the
** recorded error.  [-n, +(r|1), -] */
static inline int sy_protect_raw (lua_State *L, lua_CFunction f, int n,
                                  int r) {
  lua_pushcfunction(L, f);
  lua_insert(L, -(n + 1));
  return lua_pcall(L, n, r, 0);
}

/* Raises the error object a Swift function left on top for the code 'n'
** (SY_RAISE, SY_RAISE_WHERE), once that function has returned.
** [-1, +0, v] */
static inline int sy_raise (lua_State *L, int n) {
  if (n == SY_RAISE_WHERE && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}


/* t[key] = value for the table on top, for each field with a value.
** [-0, +0, m] */
static inline void sy_setfields (lua_State *L, const sy_Field *fields, int n) {
  int i;
  for (i = 0; i < n; i++) {
    if (fields[i].value == NULL) continue;
    lua_pushlstring(L, fields[i].key, fields[i].keylen);
    lua_pushlstring(L, fields[i].value, fields[i].valuelen);
    lua_rawset(L, -3);
  }
}

#endif
