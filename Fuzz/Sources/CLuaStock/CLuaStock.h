// Stock Lua 5.4 (pkg-config lua5.4), for FuzzPatterns: its own string library is the reference that
// Switchyard's pattern matcher is held to.
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
