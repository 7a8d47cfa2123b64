/*
** A C function for Lua that does nothing, built as a shared library so Lua's own
** package.loadlib can bring it into the very state whose Swift functions it is compared with.
*/

#include "LuaNoop.h"

/* [-0, +0, -] */
int switchyard_bench_noop (struct lua_State *L) {
  (void)L;
  return 0;
}
