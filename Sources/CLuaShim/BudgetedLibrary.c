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
**   (and debug.)  finalizer hung the collection that ran it, or lua_close.
**                 Lua never sees a script's finalizer now: a sentinel of
**                 the shim's is finalized in the object's place and runs
**                 whatever __gc the object's metatable holds by then (a
**                 function, a callable table, one replaced later) in a
**                 thread of its own, where hooks are on.
**   coroutine     a stop error ends a coroutine; its resumer went on for up
**                 to a hook period, long enough to start the next one, so
**                 nesting multiplied the budget.  And without a budget no
**                 count hook runs, so an interrupt reaches only the threads
**                 listed as running: resume, wrap and close list theirs.
**   table.move,   one C loop over as many as 2^63 elements (a __len
**   insert,       decides how many for insert and remove).
**   remove
**   table.sort,   one call's work sized by the script (elements, bytes)
**   unpack,       charged as one instruction: each is charged by the
**   load, string  elements or bytes it touches (Budget.h), before the work
**   .byte, .pack  where one call's work is unbounded, after it where the
**   ..., utf8     stack or the string bounds it.
*/
#include "Budget.h"
#include "ShimState.h"

#include <limits.h>

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

/* Registry keys: the table of watched objects ({[object] = sentinel}, weak
** keys, so it keeps neither alive) and the sentinels' metatable. */
static const char sy_watched_key = 0;
static const char sy_sentinel_mt_key = 0;

/* A sentinel: finalized by Lua in its object's place (its uservalue 1). */
typedef struct sy_Sentinel {
  int finalized;  /* its object's finalizer has run (a new one may be set) */
} sy_Sentinel;


/* Runs the finalizer 'fn' (any value: Lua calls a table through __call, and
** reports anything else as an error) on 'object' in a thread of its own,
** where hooks are on (a new thread takes the collecting thread's hook, and
** may run it): the budget and the interrupt reach it.  Its error, the stop
** error included, is raised on as the stock finalizer's would be (Lua makes
** it a warning).  [-0, +0, e] */
static void sy_run_finalizer (lua_State *L, int fn, int object) {
  lua_State *co = lua_newthread(L);
  int results;
  int status;
  lua_pushvalue(L, fn);
  lua_pushvalue(L, object);
  lua_xmove(L, co, 2);
  sy_running_enter(L, co);
  status = lua_resume(co, L, 1, &results);
  sy_running_leave(L);
  if (sy_stopping(L)) sy_stop_soon(L);  /* the collecting call stops too */
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_xmove(co, L, 1);
    lua_error(L);
  }
  lua_pop(L, 1);  /* the thread */
}


/* '__gc' of a sentinel: the finalizer its object's metatable holds now,
** looked up raw as Lua looks it up.  [-1, +0, e] */
static int sy_sentinel_gc (lua_State *L) {
  sy_Sentinel *sentinel = (sy_Sentinel *)lua_touserdata(L, 1);
  sentinel->finalized = 1;
  lua_getiuservalue(L, 1, 1);  /* the object: 2 */
  if (!lua_getmetatable(L, 2)) return 0;
  lua_pushliteral(L, "__gc");
  if (lua_rawget(L, -2) == LUA_TNIL) return 0;
  sy_run_finalizer(L, lua_gettop(L), 2);
  return 0;
}


/* Pushes the registry table at 'key', made by 'make' on first use.
** [-0, +1, e] */
static void sy_push_registry_table (lua_State *L, const char *key,
                                    void (*make) (lua_State *L)) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  make(L);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}


/* [-0, +1, e] */
static void sy_make_watched (lua_State *L) {
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
}


/* [-0, +1, e] */
static void sy_make_sentinel_metatable (lua_State *L) {
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, sy_sentinel_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
}


/* Whether the object at 'object' has a sentinel whose finalizer has not run
** yet.  [-0, +0, e] */
static int sy_watched (lua_State *L, int object) {
  int pending;
  sy_push_registry_table(L, &sy_watched_key, sy_make_watched);
  lua_pushvalue(L, object);
  pending = lua_rawget(L, -2) == LUA_TUSERDATA &&
            !((sy_Sentinel *)lua_touserdata(L, -1))->finalized;
  lua_pop(L, 2);
  return pending;
}


/* Marks the object at 'object' for finalization, as Lua marks an object
** whose new metatable has a __gc, but through a sentinel.  [-0, +0, e] */
static void sy_watch (lua_State *L, int object) {
  sy_Sentinel *sentinel;
  if (sy_watched(L, object)) return;
  sy_push_registry_table(L, &sy_watched_key, sy_make_watched);
  lua_pushvalue(L, object);
  sentinel = (sy_Sentinel *)lua_newuserdatauv(L, sizeof(sy_Sentinel), 1);
  sentinel->finalized = 0;
  lua_pushvalue(L, object);
  lua_setiuservalue(L, -2, 1);
  sy_push_registry_table(L, &sy_sentinel_mt_key, sy_make_sentinel_metatable);
  lua_setmetatable(L, -2);  /* Lua marks the sentinel */
  lua_rawset(L, -3);
  lua_pop(L, 1);
}


/* Whether the object at 'object' already has a finalizer Lua will run
** itself: a userdata whose metatable a C library set with a __gc (the shim's
** boxes, io's files).  Replacing that metatable would hand Lua the script's
** __gc to run unbudgeted.  [-0, +0, e] */
static int sy_has_c_finalizer (lua_State *L, int object) {
  int has;
  if (lua_type(L, object) != LUA_TUSERDATA || !lua_getmetatable(L, object))
    return 0;
  lua_pushliteral(L, "__gc");
  has = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return has && !sy_watched(L, object);
}


/* Sets the metatable at 2 (a table or nil, checked) on the value at 1, as
** lua_setmetatable does, except that a __gc in it is hidden from Lua for
** the moment (rawset, so no metamethod is involved) and the object is
** watched instead.  [-0, +0, e] */
static void sy_set_metatable (lua_State *L) {
  int object_type = lua_type(L, 1);
  if ((object_type == LUA_TTABLE || object_type == LUA_TUSERDATA) &&
      lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) {  /* the finalizer: 3 */
      if (sy_has_c_finalizer(L, 1))
        luaL_error(L, "cannot replace the metatable of a userdata that has "
                      "a finalizer");
      lua_pushliteral(L, "__gc");
      lua_pushnil(L);
      lua_rawset(L, 2);
      lua_pushvalue(L, 2);
      lua_setmetatable(L, 1);  /* no __gc: Lua does not mark the object */
      lua_pushliteral(L, "__gc");
      lua_pushvalue(L, 3);
      lua_rawset(L, 2);
      lua_settop(L, 2);
      sy_watch(L, 1);
      return;
    }
    lua_pop(L, 1);
  }
  lua_pushvalue(L, 2);
  lua_setmetatable(L, 1);
}


/* setmetatable(t, mt), with the stock function's checks and messages.
** [-2, +1, e] */
static int sy_setmetatable (lua_State *L) {
  int mt_type = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, mt_type == LUA_TNIL || mt_type == LUA_TTABLE, 2,
                   "nil or table");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  lua_settop(L, 2);
  sy_set_metatable(L);
  lua_settop(L, 1);
  return 1;
}


/* debug.setmetatable(value, mt), with the stock function's checks.
** [-2, +1, e] */
static int sy_debug_setmetatable (lua_State *L) {
  int mt_type = lua_type(L, 2);
  luaL_argexpected(L, mt_type == LUA_TNIL || mt_type == LUA_TTABLE, 2,
                   "nil or table");
  lua_settop(L, 2);
  sy_set_metatable(L);
  lua_settop(L, 1);
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


/* ======================================================= table.insert, remove */

/* What a table function needs of a value that is not a table (as the stock
** library's checks: a metatable with these metamethods). */
enum { SY_TAB_R = 1, SY_TAB_W = 2, SY_TAB_L = 4,
       SY_TAB_RW = SY_TAB_R | SY_TAB_W | SY_TAB_L };


/* Whether the metatable on top has field 'name' (raw).  [-0, +0, -] */
static int sy_has_metafield (lua_State *L, const char *name) {
  int has;
  lua_pushstring(L, name);
  has = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 1);
  return has;
}


/* Checks that the value at 'arg' is a table, or has the metamethods 'what'
** asks for; the stock "table expected" error otherwise.  [-0, +0, v] */
static void sy_check_table (lua_State *L, int arg, int what) {
  int usable;
  if (lua_type(L, arg) == LUA_TTABLE) return;
  if (lua_getmetatable(L, arg)) {
    usable = (!(what & SY_TAB_R) || sy_has_metafield(L, "__index")) &&
             (!(what & SY_TAB_W) || sy_has_metafield(L, "__newindex")) &&
             (!(what & SY_TAB_L) || sy_has_metafield(L, "__len"));
    lua_pop(L, 1);
    if (usable) return;
  }
  luaL_checktype(L, arg, LUA_TTABLE);
}


/* Elements left in the current chunk when 'done' of them are moved: each
** chunk is charged to the budget before it moves.  [-0, +0, v] */
static void sy_charge_chunk (lua_State *L, lua_Integer done,
                             lua_Integer left) {
  if (done % SY_MOVE_CHUNK == 0)
    sy_budget_spend(L, left < SY_MOVE_CHUNK ? left : SY_MOVE_CHUNK);
}


/* t[i] = t[i - 1] for i from 'last' down to 'first' + 1 (t at 1), the
** stock insert's order.  [-0, +0, e] */
static void sy_shift_up (lua_State *L, lua_Integer first, lua_Integer last) {
  lua_Integer i;
  for (i = last; i > first; i--) {
    sy_charge_chunk(L, last - i, i - first);
    lua_geti(L, 1, i - 1);
    lua_seti(L, 1, i);
  }
}


/* t[i] = t[i + 1] for i from 'first' up to 'last' - 1 (t at 1), the stock
** remove's order.  [-0, +0, e] */
static void sy_shift_down (lua_State *L, lua_Integer first,
                           lua_Integer last) {
  lua_Integer i;
  for (i = first; i < last; i++) {
    sy_charge_chunk(L, i - first, last - i);
    lua_geti(L, 1, i + 1);
    lua_seti(L, 1, i);
  }
}


/* table.insert(t, [pos,] v): the stock function's checks, messages and
** order of accesses; the shift charged.  [-(2|3), +0, e] */
static int sy_table_insert (lua_State *L) {
  lua_Integer e, pos;
  sy_check_table(L, 1, SY_TAB_RW);
  e = (lua_Integer)((lua_Unsigned)luaL_len(L, 1) + 1u);  /* first empty */
  switch (lua_gettop(L)) {
    case 2:
      pos = e;
      break;
    case 3:
      pos = luaL_checkinteger(L, 2);
      luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2,
                    "position out of bounds");
      sy_shift_up(L, pos, e);
      break;
    default:
      return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, pos);
  return 0;
}


/* table.remove(t [, pos]): as the stock function; the shift charged.
** [-(1|2), +1, e] */
static int sy_table_remove (lua_State *L) {
  lua_Integer size, pos;
  sy_check_table(L, 1, SY_TAB_RW);
  size = luaL_len(L, 1);
  pos = luaL_optinteger(L, 2, size);
  if (pos != size)  /* stock Lua 5.4 names argument 1 here, not 2 */
    luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1,
                  "position out of bounds");
  lua_geti(L, 1, pos);  /* the result */
  sy_shift_down(L, pos, size);
  lua_pushnil(L);
  lua_seti(L, 1, pos < size ? size : pos);
  return 1;
}


/* ============================================================ table.sort */

/* The comparison table.sort makes when it has no Lua comparator: 'a < b',
** or the C function in upvalue 1, charged a step, plus the bytes strcoll may
** read when both are strings.  [-2, +1, e] */
static int sy_charged_less (lua_State *L) {
  size_t shorter = 0;
  if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING) {
    size_t a = lua_rawlen(L, 1), b = lua_rawlen(L, 2);
    shorter = a < b ? a : b;
  }
  sy_budget_spend(L, 1 + (long long)(shorter / SY_BYTES_PER_STEP));
  if (lua_isnil(L, lua_upvalueindex(1))) {
    lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}


/* table.sort(t [, comp]) under a budget: a Lua comparator is budgeted
** already; without one, or with a C function, each comparison goes through
** sy_charged_less.  Without a budget the stock function alone (an interrupt
** waits for the sort, which the table's size bounds).  [-(1|2), +0, e] */
static int sy_table_sort (lua_State *L) {
  int comparator = lua_type(L, 2);
  if (sy_budgeted(L) && (comparator == LUA_TNONE || comparator == LUA_TNIL ||
                         lua_iscfunction(L, 2))) {
    lua_settop(L, 2);
    lua_pushcclosure(L, sy_charged_less, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 0);
  return 0;
}


/* ================================================= charged stock functions */

/* The stock function (upvalue 1) on the arguments.  [-n, +r, e] */
static int sy_call_stock (lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}


/* The stock function, then a step per result: utf8.codepoint pushes up to a
** million values (the stack's limit) in one call.  [-n, +r, e] */
static int sy_charge_results (lua_State *L) {
  int results = sy_call_stock(L);
  sy_budget_spend(L, results);
  return results;
}


/* The stock function, charged first a step per byte of its string argument
** 1: load's chunk, which the parser reads (a 2 MB expression took 0.1 s to
** parse), and string.pack's, packsize's and unpack's format, each byte an
** option read (30 MB of spaces took 0.45 s).  [-n, +r, e] */
static int sy_charge_first_string (lua_State *L) {
  if (lua_type(L, 1) == LUA_TSTRING)
    sy_budget_spend(L, (long long)lua_rawlen(L, 1));
  return sy_call_stock(L);
}


/* A position as the string and utf8 functions read one (negative from the
** end), clipped to 0..len. */
static size_t sy_position (lua_Integer pos, size_t len) {
  if (pos >= 0) return (lua_Unsigned)pos > len ? len : (size_t)pos;
  if (pos < -(lua_Integer)len) return 0;
  return len + (size_t)pos + 1;
}


/* table.unpack(t [, i [, j]]), written here rather than wrapped so that an
** ordinary call costs what the stock one does: the same checks and
** messages, charged a step per value (up to a million, the stack's limit,
** in one call).  [-n, +r, e] */
static int sy_table_unpack (lua_State *L) {
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1)
                                        : luaL_checkinteger(L, 3);
  lua_Unsigned n;
  if (i > e) return 0;
  n = (lua_Unsigned)e - (lua_Unsigned)i;  /* values - 1: no overflow */
  if (n >= (lua_Unsigned)INT_MAX || !lua_checkstack(L, (int)(++n)))
    return luaL_error(L, "too many results to unpack");
  sy_budget_spend(L, (long long)n);
  for (; i < e; i++) lua_geti(L, 1, i);
  lua_geti(L, 1, e);
  return (int)n;
}


/* string.byte(s [, i [, j]]), written here for the same reason: the stock
** function's range rules and messages, a step per value.  [-n, +r, e] */
static int sy_string_byte (lua_State *L) {
  size_t len, first, last, k;
  const char *s = luaL_checklstring(L, 1, &len);
  lua_Integer i = luaL_optinteger(L, 2, 1);
  first = i > 0 ? (size_t)i : (i == 0 ? 1 : sy_position(i, len));
  if (first == 0) first = 1;
  last = sy_position(luaL_optinteger(L, 3, i), len);
  if (first > last) return 0;
  if (last - first >= (size_t)INT_MAX)
    return luaL_error(L, "string slice too long");
  luaL_checkstack(L, (int)(last - first + 1), "string slice too long");
  sy_budget_spend(L, (long long)(last - first + 1));
  for (k = first; k <= last; k++) lua_pushinteger(L, (unsigned char)s[k - 1]);
  return (int)(last - first + 1);
}


/* utf8.len(s [, i [, j]]): charged for the bytes i..j it reads, first.
** [-n, +r, e] */
static int sy_utf8_len (lua_State *L) {
  size_t len;
  if (lua_type(L, 1) == LUA_TSTRING) {
    size_t i, j;
    lua_tolstring(L, 1, &len);
    i = sy_position(luaL_optinteger(L, 2, 1), len);
    j = sy_position(luaL_optinteger(L, 3, -1), len);
    if (j >= i) sy_budget_spend(L, (long long)((j - i) / SY_BYTES_PER_STEP));
  }
  return sy_call_stock(L);
}


/* utf8.offset(s, n [, i]): charged, after, for the bytes between where it
** started and what it found (the whole string when it found nothing).
** [-n, +r, e] */
static int sy_utf8_offset (lua_State *L) {
  size_t len = 0, start = 0, scanned;
  int results;
  if (lua_type(L, 1) == LUA_TSTRING) {
    lua_Integer n = luaL_optinteger(L, 2, 0);
    lua_tolstring(L, 1, &len);
    start = sy_position(luaL_optinteger(L, 3, n >= 0 ? 1 : (lua_Integer)len + 1),
                        len);
  }
  results = sy_call_stock(L);
  if (lua_isinteger(L, -results)) {
    lua_Integer found = lua_tointeger(L, -results);
    scanned = found > (lua_Integer)start ? (size_t)found - start
                                          : start - (size_t)(found < 0 ? 0 : found);
  }
  else
    scanned = len;
  sy_budget_spend(L, (long long)(scanned / SY_BYTES_PER_STEP));
  return results;
}


/* The reader load calls (upvalue 1: the script's), charged a step per byte
** of each piece it gives the parser: an endless comment read piece by piece
** was a single instruction.  [-0, +1, e] */
static int sy_charged_reader (lua_State *L) {
  lua_settop(L, 0);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_call(L, 0, 1);
  if (lua_type(L, 1) == LUA_TSTRING)
    sy_budget_spend(L, (long long)lua_rawlen(L, 1));
  return 1;
}


/* load(chunk, ...): a string chunk charged a step per byte, a function's
** pieces each as it gives them.  [-n, +r, e] */
static int sy_charged_load (lua_State *L) {
  if (lua_type(L, 1) == LUA_TFUNCTION) {
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, sy_charged_reader, 1);
    lua_replace(L, 1);
  }
  return sy_charge_first_string(L);
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
  lua_pushcfunction(L, sy_setmetatable);
  lua_setfield(L, -2, "setmetatable");
  sy_replace_field(L, "load", sy_charged_load);
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_COLIBNAME) == LUA_TTABLE) {
    sy_replace_field(L, "resume", sy_resume);
    sy_replace_field(L, "close", sy_resume);
    sy_replace_field(L, "wrap", sy_wrap);
  }
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_TABLIBNAME) == LUA_TTABLE) {
    sy_replace_field(L, "move", sy_table_move);
    lua_pushcfunction(L, sy_table_insert);
    lua_setfield(L, -2, "insert");
    lua_pushcfunction(L, sy_table_remove);
    lua_setfield(L, -2, "remove");
    sy_replace_field(L, "sort", sy_table_sort);
    lua_pushcfunction(L, sy_table_unpack);
    lua_setfield(L, -2, "unpack");
  }
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_STRLIBNAME) == LUA_TTABLE) {
    lua_pushcfunction(L, sy_string_byte);
    lua_setfield(L, -2, "byte");
    sy_replace_field(L, "pack", sy_charge_first_string);
    sy_replace_field(L, "packsize", sy_charge_first_string);
    sy_replace_field(L, "unpack", sy_charge_first_string);
  }
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_UTF8LIBNAME) == LUA_TTABLE) {
    sy_replace_field(L, "codepoint", sy_charge_results);
    sy_replace_field(L, "len", sy_utf8_len);
    sy_replace_field(L, "offset", sy_utf8_offset);
  }
  lua_pop(L, 1);
  if (lua_getglobal(L, LUA_DBLIBNAME) == LUA_TTABLE) {
    lua_pushcfunction(L, sy_debug_setmetatable);
    lua_setfield(L, -2, "setmetatable");
  }
  lua_pop(L, 1);
}
