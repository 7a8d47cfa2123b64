#ifndef LUA_NOOP_H
#define LUA_NOOP_H

struct lua_State;

/* The reference for the bridge benchmark: a lua_CFunction that does nothing, loaded into the
   benchmark's engine with package.loadlib(path, "switchyard_bench_noop").  [-0, +0, -] */
int switchyard_bench_noop (struct lua_State *L);

#endif
