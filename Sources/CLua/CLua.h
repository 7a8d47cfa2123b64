// Lua 5.4's public C API, as Debian's liblua5.4-dev installs it (pkg-config lua5.4).
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
