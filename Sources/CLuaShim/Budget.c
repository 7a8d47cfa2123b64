/*
** Budget.c — the instruction budget and the interrupt (Budget.h for the
** shim's library functions; sy_set_instruction_limit and the interrupt
** functions of CLuaShim.h for Swift): the count hook, the stop error, the
** threads an interrupt reaches.  It calls no other file of the shim.
*/
#include "Budget.h"
#include "ShimState.h"

#include <signal.h>
#include <stdatomic.h>

_Atomic(lua_State *) sy_active = NULL;

static void sy_hook (lua_State *L, lua_Debug *ar);
static int sy_budget_spent (SyState *sy);


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
void sy_sethook_between_stops (lua_State *L, SyState *sy) {
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
void sy_charge_allocation (SyState *sy, size_t bytes) {
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
volatile sig_atomic_t sy_interrupt_held = 0;


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
