/*
** BudgetedLibrary.c — the standard library functions through which a
** script could escape the instruction budget and the interrupt, replaced by
** versions that cannot.  Each replacement keeps the stock function's results
** and error messages; the stock one does the work where it can.
**
** Why each one escaped (docs/reliability.md has the attacks):
**   xpcall        Lua runs a message handler for an error a hook raised with
**                 hooks still off, so a handler that loops after the budget
**                 stopped the body could never be stopped.
**   setmetatable  Lua runs __gc finalizers with hooks off, so a looping
**                 finalizer hung the collection that ran it, or lua_close.
**   coroutine     a stop error ends a coroutine; its resumer went on for up
**                 to a hook period, long enough to start the next one, so
**                 nesting multiplied the budget.  And without a budget no
**                 count hook runs, so an interrupt reaches only the threads
**                 listed as running: resume, wrap and close list theirs.
**   table.move    one C loop over as many as 2^63 elements.
*/
#include "Budget.h"

/* Elements table.move copies between two charges to the budget. */
#define SY_MOVE_CHUNK 4096


/* ================================================================ xpcall */

/* The handler xpcall installs around the script's: once the call is being
** stopped the script's handler is not run (it would run with hooks off) and
** the stop error goes on unchanged.  [-1, +1, e] */
static int sy_guarded_handler (lua_State *L) {
  if (sy_stopping(L)) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}


/* Continuation of sy_xpcall (and its ending when nothing yielded):
** true and the results, or false and the error.  [-0, +r, -] */
static int sy_xpcall_done (lua_State *L, int status, lua_KContext below) {
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)below;
}


/* xpcall(f, msgh, ...), yieldable as the stock one.  [-n, +r, e] */
static int sy_xpcall (lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, sy_guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);  /* the first result */
  lua_pushvalue(L, 1);    /* the function */
  lua_rotate(L, 3, 2);    /* both below the arguments */
  return sy_xpcall_done(L, lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2,
                                      sy_xpcall_done), 2);
}


/* ============================================================ finalizers */

/* A finalizer run in a thread of its own, where hooks are on (a new thread
** takes the collecting thread's hook, and may run it): the budget and the
** interrupt reach it.  Its error, the stop error included, is raised on as
** the stock finalizer's would be (Lua makes it a warning).  [-1, +0, e] */
static int sy_guarded_finalizer (lua_State *L) {
  lua_State *co = lua_newthread(L);
  int results;
  int status;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 2);
  sy_running_enter(L, co);
  status = lua_resume(co, L, 1, &results);
  sy_running_leave(L);
  if (sy_stopping(L)) sy_stop_soon(L);  /* the collecting call stops too */
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_xmove(co, L, 1);
    return lua_error(L);
  }
  return 0;
}


/* setmetatable(t, mt): a function in mt.__gc is first wrapped to run as
** above (rawset, so the metatable's own metamethods are not involved).
** [-2, +1, e] */
static int sy_setmetatable (lua_State *L) {
  lua_settop(L, 2);
  if (lua_type(L, 2) == LUA_TTABLE &&
      lua_getfield(L, 2, "__gc") == LUA_TFUNCTION &&
      lua_tocfunction(L, -1) != sy_guarded_finalizer) {
    lua_pushcclosure(L, sy_guarded_finalizer, 1);
    lua_setfield(L, 2, "__gc");
  }
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}


/* ============================================================ coroutines */

/* The stock function (upvalue 1) on the arguments, with 'co' (NULL: none)
** listed as running meanwhile; when the coroutine ended because the call is
** being stopped, the caller stops at once too.  [-n, +r, e] */
static int sy_run_coroutine (lua_State *L, lua_State *co) {
  int status;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  if (co != NULL) sy_running_enter(L, co);
  status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (co != NULL) sy_running_leave(L);
  if (sy_stopping(L)) sy_raise_stopped(L);
  if (status != LUA_OK) return lua_error(L);
  return lua_gettop(L);
}


/* coroutine.resume(co, ...) and coroutine.close(co) (which runs co's
** pending __close).  [-n, +r, e] */
static int sy_resume (lua_State *L) {
  return sy_run_coroutine(L, lua_tothread(L, 1));
}


/* The function coroutine.wrap returns: the stock one (upvalue 1) on its
** coroutine (upvalue 2).  [-n, +r, e] */
static int sy_wrapped (lua_State *L) {
  return sy_run_coroutine(L, lua_tothread(L, lua_upvalueindex(2)));
}


/* coroutine.wrap(f): the stock function, and its coroutine (the stock
** function's one upvalue).  [-1, +1, e] */
static int sy_wrap (lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  if (lua_getupvalue(L, -1, 1) == NULL) lua_pushnil(L);
  lua_pushcclosure(L, sy_wrapped, 2);
  return 1;
}


/* ============================================================ table.move */

/* The stock table.move on a1[f..e] → a2[t...], with a2 at index 'dest'.
** [-0, +0, e] */
static void sy_move_range (lua_State *L, int dest, lua_Integer f,
                           lua_Integer e, lua_Integer t) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_pushinteger(L, f);
  lua_pushinteger(L, e);
  lua_pushinteger(L, t);
  lua_pushvalue(L, dest);
  lua_call(L, 5, 0);
}


/* table.move(a1, f, e, t [, a2]): large moves go in chunks, each charged to
** the budget first, in the order the stock function would copy (backwards
** when the ranges overlap with the destination above the source), so the
** result is the same.  [-n, +1, e] */
static int sy_table_move (lua_State *L) {
  lua_Integer f = luaL_checkinteger(L, 2);
  lua_Integer e = luaL_checkinteger(L, 3);
  lua_Integer t = luaL_checkinteger(L, 4);
  int dest = !lua_isnoneornil(L, 5) ? 5 : 1;
  lua_Integer n, done;
  int forward;
  lua_settop(L, 5);
  sy_move_range(L, dest, 1, 0, 1);  /* the stock checks of both tables */
  if (e >= f) {
    luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3,
                  "too many elements to move");
    n = e - f + 1;
    luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4,
                  "destination wrap around");
    forward = t > e || t <= f || (dest != 1 && !lua_rawequal(L, 1, dest));
    for (done = 0; done < n; ) {
      lua_Integer count = (n - done < SY_MOVE_CHUNK) ? n - done : SY_MOVE_CHUNK;
      lua_Integer from = forward ? f + done : e - done - count + 1;
      sy_budget_spend(L, count);
      sy_move_range(L, dest, from, from + count - 1, t + (from - f));
      done += count;
    }
  }
  lua_pushvalue(L, dest);
  return 1;
}


/* ================================================================ install */

/* Replaces field 'name' of the table on top by a C closure over the stock
** function.  [-0, +0, e] */
static void sy_replace_field (lua_State *L, const char *name,
                              lua_CFunction f) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, f, 1);
  lua_setfield(L, -2, name);
}


void sy_open_budgeted (lua_State *L) {
  lua_pushglobaltable(L);
  lua_pushcfunction(L, sy_xpcall);
  lua_setfield(L, -2, "xpcall");
  sy_replace_field(L, "setmetatable", sy_setmetatable);
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_COLIBNAME) == LUA_TTABLE) {
    sy_replace_field(L, "resume", sy_resume);
    sy_replace_field(L, "close", sy_resume);
    sy_replace_field(L, "wrap", sy_wrap);
  }
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_TABLIBNAME) == LUA_TTABLE)
    sy_replace_field(L, "move", sy_table_move);
  lua_pop(L, 1);
}
