// Lua 5.4's public C API, as Debian's liblua5.4-dev installs it (/usr/include/lua5.4). Named by
// directory rather than through pkg-config's -I: pkg-config would also put the shared library on
// every link, and Package.swift links the static archive (see there).
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
