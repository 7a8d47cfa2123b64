/*
** SwiftBox.c — Swift functions and objects living in Lua: a box userdata
** holds the Swift side's pointer and lets go of it exactly once (__gc); a
** Swift function is a closure over its box, called through sy_trampoline,
** which raises what the Swift function returned only after it returned.
*/
#include "ShimState.h"

/* Component of a Swift value living in Lua: a function (call != NULL) or an
** object; 'release' is NULL once the box has been let go. */
typedef struct sy_Box {
  sy_SwiftFunction call;
  sy_Release release;
  void *box;
} sy_Box;

static const char sy_box_marker = 0;      /* key in object metatables */
static const char sy_fnbox_mt_key = 0;    /* registry key: function boxes */


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
void sy_push_fnbox_metatable (lua_State *L) {
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
static int sy_p_pushswiftfunction (lua_State *L) {
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
  status = sy_protect_raw(L, sy_p_pushswiftfunction, 1, 1);
  if (spec.release != NULL) spec.release(box);  /* never adopted */
  return status;
}


/* [-0, +1, m] */
static int sy_p_newboxmetatable (lua_State *L) {
  lua_createtable(L, 0, 4);
  lua_pushcfunction(L, sy_box_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushboolean(L, 1);
  lua_rawsetp(L, -2, &sy_box_marker);
  return 1;
}

int sy_newboxmetatable (lua_State *L) {
  return sy_protect_raw(L, sy_p_newboxmetatable, 0, 1);
}


/* The userdata for the box spec at 1, metatable at 2.  [-0, +1, m] */
static int sy_p_pushbox (lua_State *L) {
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
  status = sy_protect_raw(L, sy_p_pushbox, 2, 1);
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
