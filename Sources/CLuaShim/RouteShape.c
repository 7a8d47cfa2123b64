/*
** RouteShape — the table 'route()' returns for each declaration, built in one
** protected call.  Built field by field (one protected call for the strings,
** then one for each of 'links', 'rank', 'validated' and 'entry', each ~1,450
** instructions), it cost 11,000 instructions a route: 11.0M of the 1,000-route
** start-up script.
*/
#include "CLuaShim.h"

/* The builder's upvalues: its keys, made once (a key pushed from C text is
** hashed and looked up in Lua's string table at every table). */
enum { ROUTE_PATTERN = 1, ROUTE_NAME, ROUTE_SITE, ROUTE_TITLE,
       ROUTE_PRESENTATION, ROUTE_LINKS, ROUTE_RANK, ROUTE_VALIDATED,
       ROUTE_ENTRY, ROUTE_NUPVALUES = ROUTE_ENTRY };
static const char *const sy_routekeys[] = {"pattern", "name", "site", "title",
                                           "presentation", "links", "rank",
                                           "validated", "entry"};

/* Registry key of the builder closure. */
static const char sy_routebuilder_key = 0;

/* t[upvalue 'key'] = the text, for the table on top; a NULL text is left
** out.  [-0, +0, m] */
static void sy_settext (lua_State *L, int key, const char *s, size_t len) {
  if (s == NULL) return;
  lua_pushvalue(L, lua_upvalueindex(key));
  lua_pushlstring(L, s, len);
  lua_rawset(L, -3);
}

/* t[upvalue 'key'] = the boolean, for the table on top.  [-0, +0, m] */
static void sy_setflag (lua_State *L, int key, int flag) {
  lua_pushvalue(L, lua_upvalueindex(key));
  lua_pushboolean(L, flag);
  lua_rawset(L, -3);
}

/* The route table for the sy_RouteShape at 1, sized once (links, validated
** and entry always, the rest when given); run as the builder closure.
** [-0, +1, m] */
static int sy_p_pushroute (lua_State *L) {
  const sy_RouteShape *route = (const sy_RouteShape *)lua_touserdata(L, 1);
  int i;
  lua_createtable(L, 0, 3 + (route->pattern != NULL) + (route->name != NULL)
                        + (route->site != NULL) + (route->title != NULL)
                        + (route->presentation != NULL) + route->hasrank);
  sy_settext(L, ROUTE_PATTERN, route->pattern, route->patternlen);
  sy_settext(L, ROUTE_NAME, route->name, route->namelen);
  sy_settext(L, ROUTE_SITE, route->site, route->sitelen);
  sy_settext(L, ROUTE_TITLE, route->title, route->titlelen);
  sy_settext(L, ROUTE_PRESENTATION, route->presentation, route->presentationlen);
  lua_pushvalue(L, lua_upvalueindex(ROUTE_LINKS));
  lua_createtable(L, route->nlinks, 0);
  for (i = 0; i < route->nlinks; i++) {
    lua_pushlstring(L, route->links[i].value, route->links[i].valuelen);
    lua_rawseti(L, -2, i + 1);
  }
  lua_rawset(L, -3);
  if (route->hasrank) {
    lua_pushvalue(L, lua_upvalueindex(ROUTE_RANK));
    lua_pushinteger(L, route->rank);
    lua_rawset(L, -3);
  }
  sy_setflag(L, ROUTE_VALIDATED, route->validated);
  sy_setflag(L, ROUTE_ENTRY, route->entry);
  return 1;
}

/* The builder closure, made once and kept in the registry.  [-0, +1, m] */
static int sy_p_makeroutebuilder (lua_State *L) {
  int i;
  for (i = 0; i < ROUTE_NUPVALUES; i++) lua_pushstring(L, sy_routekeys[i]);
  lua_pushcclosure(L, sy_p_pushroute, ROUTE_NUPVALUES);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &sy_routebuilder_key);
  return 1;
}

int sy_pushroute (lua_State *L, const sy_RouteShape *route) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &sy_routebuilder_key) != LUA_TFUNCTION) {
    int status;
    lua_pop(L, 1);
    lua_pushcfunction(L, sy_p_makeroutebuilder);
    status = lua_pcall(L, 0, 1, 0);
    if (status != LUA_OK) return status;
  }
  lua_pushlightuserdata(L, (void *)route);
  return lua_pcall(L, 1, 1, 0);
}
