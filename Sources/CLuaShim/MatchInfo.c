/*
** MatchInfo.c — the info tables Lua sees for a matched path: the builder
** sy_pushinfo runs (nav.current, route callbacks), and match(path), whose
** closure shares the builder's upvalues (the keys and the cache of each
** route's strings) to build a lent match's table without Swift.
*/
#include "ShimState.h"

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The info builder's upvalues: its keys, made once, then the routes'
** strings.  Keys set raw from upvalues, the builder fetched from an array
** slot of the registry and pushed before its arguments took 475 off a Lua
** 'match''s 8,820 instructions (callgrind, 'lua-match' in Benchmarks/):
** lua_setfield finds a key through Lua's string cache (a strcmp) at every
** table, and lua_pushcfunction's closure had to be moved under them. */
enum { INFO_PATH = 1, INFO_PATTERN, INFO_FRAGMENT, INFO_PARAMS, INFO_QUERY,
       INFO_ROUTES, INFO_NUPVALUES = INFO_ROUTES };
static const char *const sy_infokeys[] = {"path", "pattern", "fragment",
                                          "params", "query"};

/* The key in upvalue 'key', pushed before its value (rawset after both: no
** lua_insert, 36 instructions a field).  [-0, +1, -] */
#define sy_pushkey(L, key)  lua_pushvalue(L, lua_upvalueindex(key))

/* For a shape with a 'patternslot': the cache's table for that slot,
** {pattern, name 1, ..., name n}, made again unless it holds these bytes for
** the pattern (the slot's route may have been declared again; a pattern's
** text fixes its names).  Lua hashes a short string's every byte to intern
** it: taking them from here saves 333 of a Lua 'match''s 8,350 instructions
** at 1,000 parameter routes, and 20-30 ns.  This pushes the cache's value
** for the slot (any) and says whether it holds these pattern bytes.
** [-0, +1, -] */
static int sy_holdsroutestrings (lua_State *L, int cache, lua_Integer slot,
                              const char *pattern, size_t patternlen) {
  if (lua_rawgeti(L, cache, slot) == LUA_TTABLE) {
    size_t len;
    const char *s;
    lua_rawgeti(L, -1, 1);
    s = lua_tolstring(L, -1, &len);  /* the table keeps it */
    lua_pop(L, 1);
    return s != NULL && len == patternlen && memcmp(s, pattern, len) == 0;
  }
  return 0;
}

/* The cache entry for 'info' (see above) pushed, made when missing.
** [-0, +1, m] */
static void sy_pushroutestrings (lua_State *L, int cache,
                              const sy_InfoTable *info) {
  int i;
  if (sy_holdsroutestrings(L, cache, info->patternslot, info->pattern,
                        info->patternlen))
    return;
  lua_pop(L, 1);
  lua_createtable(L, info->nparams + 1, 0);
  lua_pushlstring(L, info->pattern, info->patternlen);
  lua_rawseti(L, -2, 1);
  for (i = 0; i < info->nparams; i++) {
    lua_pushlstring(L, info->params[i].key, info->params[i].keylen);
    lua_rawseti(L, -2, i + 2);
  }
  lua_pushvalue(L, -1);
  lua_rawseti(L, cache, info->patternslot);
}

/* The params table: keys from the route's strings at 'routes' (by position)
** or the fields' own bytes (0).  [-0, +1, m] */
static void sy_pushparams (lua_State *L, const sy_InfoTable *info, int routes) {
  int i, present = 0;
  if (routes == 0) {
    lua_createtable(L, 0, info->nparams);
    sy_setfields(L, info->params, info->nparams);
    return;
  }
  for (i = 0; i < info->nparams; i++) present += info->params[i].value != NULL;
  lua_createtable(L, 0, present);
  for (i = 0; i < info->nparams; i++) {
    if (info->params[i].value == NULL) continue;
    lua_rawgeti(L, routes, i + 2);
    lua_pushlstring(L, info->params[i].value, info->params[i].valuelen);
    lua_rawset(L, -3);
  }
}

/* The info table for the sy_InfoTable at 1 (the path string at 2 when its
** 'path' is NULL); run as the builder closure.  [-0, +1, m] */
static int sy_p_pushinfo (lua_State *L) {
  const sy_InfoTable *info = (const sy_InfoTable *)lua_touserdata(L, 1);
  int routes = 0;
  if (info->patternslot > 0) {
    sy_pushroutestrings(L, lua_upvalueindex(INFO_ROUTES), info);
    routes = lua_gettop(L);
  }
  lua_createtable(L, 0, 3 + (info->pattern != NULL) + (info->fragment != NULL)
                        + info->nextra);
  sy_pushkey(L, INFO_PATH);
  if (info->path != NULL) lua_pushlstring(L, info->path, info->pathlen);
  else lua_pushvalue(L, 2);
  lua_rawset(L, -3);
  if (info->pattern != NULL) {
    sy_pushkey(L, INFO_PATTERN);
    if (routes != 0) lua_rawgeti(L, routes, 1);
    else lua_pushlstring(L, info->pattern, info->patternlen);
    lua_rawset(L, -3);
  }
  if (info->fragment != NULL) {
    sy_pushkey(L, INFO_FRAGMENT);
    lua_pushlstring(L, info->fragment, info->fragmentlen);
    lua_rawset(L, -3);
  }
  sy_setfields(L, info->extra, info->nextra);
  sy_pushkey(L, INFO_PARAMS);
  sy_pushparams(L, info, routes);
  lua_rawset(L, -3);
  sy_pushkey(L, INFO_QUERY);
  lua_createtable(L, 0, info->nquery);
  sy_setfields(L, info->query, info->nquery);
  lua_rawset(L, -3);
  return 1;
}

/* The builder closure, made once and kept as a registry reference (an array
** slot: lua_rawgetp under a static address cost 130 instructions a call).
** [-0, +1, m] */
static int sy_p_makeinfobuilder (lua_State *L) {
  int i;
  for (i = 0; i < INFO_ROUTES - 1; i++) lua_pushstring(L, sy_infokeys[i]);
  lua_newtable(L);
  lua_pushcclosure(L, sy_p_pushinfo, INFO_NUPVALUES);
  lua_pushvalue(L, -1);
  sy_state(L)->infobuilder = luaL_ref(L, LUA_REGISTRYINDEX);
  return 1;
}

int sy_pushinfo (lua_State *L, const sy_InfoTable *info) {
  int path = info->path == NULL ? lua_absindex(L, info->pathindex) : 0;
  int builder = sy_state(L)->infobuilder;
  if (builder > 0) lua_rawgeti(L, LUA_REGISTRYINDEX, builder);
  else {
    int status = sy_protect_raw(L, sy_p_makeinfobuilder, 0, 1);
    if (status != LUA_OK) return status;
  }
  lua_pushlightuserdata(L, (void *)info);
  if (path == 0) return lua_pcall(L, 1, 1, 0);
  lua_pushvalue(L, path);
  return lua_pcall(L, 2, 1, 0);
}


/* ===================================================== match(path) */

/* The match function's upvalues: the info builder's (keys, route strings),
** then its Swift entry, the argument's position, the lazy fields' metatable
** and the texts its lazy fields are read from (below). */
enum { MATCH_ENTRY = INFO_NUPVALUES + 1, MATCH_ARG, MATCH_LAZY, MATCH_TEXTS,
       MATCH_NUPVALUES = MATCH_TEXTS };

/* A lent match's 'query', and its 'path' when the text goes on past the
** path with a '?' or '#', are built on first read (issue 37 item 3): the
** info table gets the metatable in MATCH_LAZY, shared by every table this
** match returns, and, when the path ends before the text does, an entry in
** MATCH_TEXTS (a table with weak keys and values, invisible to the script:
** Lua never clears a string from a weak table, so the text lives while the
** info table does) from the info table to the argument string.  Its
** __index (sy_p_lazyfield) builds the field read from that text as it was
** built eagerly and stores it raw; once both are there it takes the
** metatable off, so from then on the table is what an eager one was.
** __pairs builds both first, and so do a write of either, the REPL's
** printer and sy_next.  Building the query eagerly cost Lua alone 1,558
** instructions a match (thirteenth session), more than 1.2x a plain hit
** leaves; the path before a '?', as a new string, about 560 (fifteenth
** session; a plain hit's path is the argument itself, no new string).  The
** closure's upvalues: the keys "query" and "path", the texts, the callee,
** then from LAZY_KEYS on one per slot of the query keys it holds, then from
** LAZY_VALUES on one per slot of the values (sy_pushheld). */
enum { LAZY_QUERY = 1, LAZY_PATH, LAZY_TEXTS, LAZY_CALLEE, LAZY_KEYS };

/* The query keys and values 'match' holds: a site's queries use a few keys
** over and over ("tab", "page") and many of their values too (a tab's name,
** a sort order, small page numbers), and Lua hashes and interns a short
** string anew at every push (about 150 instructions for "page" in
** 'lua-match query 1000', against about 25 for the lua_pushvalue of a held
** one).  Each key or value of
** up to SY_HELDLEN bytes takes the slot its bytes pick (sy_keyslot,
** sy_valueslot); the slot's string is kept in that slot's upvalue, so it
** stays alive while the bytes say it is there.  An upvalue is read by
** lua_pushvalue (index2value and a copy): held in a table's array part, a
** key cost a lua_rawgeti (index2value for the table, luaH_getint), about 20
** instructions more a key.
** Values, held in 128 slots of their own (ninth session): 'lua-match query
** 1000' (values "info" and 1 to 99) about 350 instructions a match fewer
** by function: no interning of the value, and Lua's string table no longer
** grows and shrinks at every collection (tablerehash, 180 a match), as the
** values no longer die between collections.  A value the slots do not hold
** costs about 110 instructions more than a plain push (its hash and compare
** ~45, lua_copy into the upvalue ~40, the record and its memcpy ~25, read
** off the executed instructions); a held one about 70 in all.  16 slots,
** as the keys have, cannot hold a hundred values. */
#define SY_KEYSLOTS 16
#define SY_VALUESLOTS 128
#define SY_HELDLEN 15
#define LAZY_VALUES (LAZY_KEYS + SY_KEYSLOTS)
#define LAZY_NUPVALUES (LAZY_VALUES + SY_VALUESLOTS - 1)  /* <= 255 */
typedef struct sy_HeldString {
  unsigned char len;  /* 0: the slot is empty */
  char bytes[SY_HELDLEN];
} sy_HeldString;

typedef struct sy_MatchCallee {
  sy_MatchEntry entry;
  void *runtime;
  sy_HeldString keys[SY_KEYSLOTS];
  sy_HeldString values[SY_VALUESLOTS];
} sy_MatchCallee;

/* lua_pushlstring without its result, to stand in for sy_pushdecoded.
** [-0, +1, m] */
static void sy_pushbytes (lua_State *L, const char *s, size_t len) {
  lua_pushlstring(L, s, len);
}

/* Whether 'len' bytes at 's' are UTF-8 as Swift's String(validating:)
** reads it: no stray continuation byte, no overlong form, no surrogate,
** nothing past U+10FFFF, no sequence cut short.  [-0, +0, -] */
static int sy_isutf8 (const unsigned char *s, size_t len) {
  size_t i = 0;
  while (i < len) {
    unsigned char c = s[i], low = 0x80, high = 0xBF;
    size_t more, k;
    if (c < 0x80) { i++; continue; }
    if (c >= 0xC2 && c <= 0xDF) more = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      if (c == 0xE0) low = 0xA0;       /* overlong */
      else if (c == 0xED) high = 0x9F;  /* surrogates */
    }
    else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      if (c == 0xF0) low = 0x90;       /* overlong */
      else if (c == 0xF4) high = 0x8F;  /* past U+10FFFF */
    }
    else return 0;
    if (len - i <= more) return 0;
    if (s[i + 1] < low || s[i + 1] > high) return 0;
    for (k = 2; k <= more; k++)
      if (s[i + k] < 0x80 || s[i + k] > 0xBF) return 0;
    i += more + 1;
  }
  return 1;
}

static int sy_hexdigit (char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* The 'len' bytes at 's' with their %XX escapes decoded, as
** PercentCoding.decode reads them: a malformed escape ('%', '%z', '%zz')
** kept as written, and the text as it was when the decoded bytes are not
** UTF-8.  [-0, +1, m] */
static void sy_pushdecoded (lua_State *L, const char *s, size_t len) {
  luaL_Buffer b;
  size_t i = 0;
  size_t n;
  const char *decoded;
  if (memchr(s, '%', len) == NULL) {
    lua_pushlstring(L, s, len);
    return;
  }
  luaL_buffinit(L, &b);
  while (i < len) {
    int high, low;
    if (s[i] == '%' && i + 2 < len && (high = sy_hexdigit(s[i + 1])) >= 0
        && (low = sy_hexdigit(s[i + 2])) >= 0) {
      luaL_addchar(&b, (char)(high * 16 + low));
      i += 3;
    }
    else luaL_addchar(&b, s[i++]);
  }
  luaL_pushresult(&b);
  decoded = lua_tolstring(L, -1, &n);
  if (!sy_isutf8((const unsigned char *)decoded, n)) {
    lua_pop(L, 1);
    lua_pushlstring(L, s, len);
  }
}

/* The query table of 'q' (the text between '?' and any '#'), read as
** Location.parseQuery reads it: pairs split at '&' (empty ones skipped),
** key and value split at the pair's first '=' (none: the value is empty),
** each decoded (sy_pushdecoded), a later key replacing an earlier one.
** [-0, +1, m] */
static void sy_pushplainquery (lua_State *L, const char *q, size_t len) {
  const char *end = q + len, *pair = q;
  int npairs = len > 0;
  const char *c;
  /* Escapes are rare: text without any is pushed as it is. */
  void (*push) (lua_State *, const char *, size_t) =
      memchr(q, '%', len) != NULL ? sy_pushdecoded : sy_pushbytes;
  for (c = q; c < end; c++) npairs += *c == '&';
  lua_createtable(L, 0, npairs);
  while (pair < end) {
    const char *stop = (const char *)memchr(pair, '&', (size_t)(end - pair));
    const char *equals;
    if (stop == NULL) stop = end;
    if (stop > pair) {
      equals = (const char *)memchr(pair, '=', (size_t)(stop - pair));
      if (equals == NULL) {
        push(L, pair, (size_t)(stop - pair));
        lua_pushliteral(L, "");
      }
      else {
        push(L, pair, (size_t)(equals - pair));
        push(L, equals + 1, (size_t)(stop - equals - 1));
      }
      lua_rawset(L, -3);
    }
    if (stop == end) break;
    pair = stop + 1;
  }
}

/* Up to this many pairs a query is read in one scan (sy_scanquery); a
** longer one by sy_pushplainquery. */
#define SY_QUERY_PAIRS 16

/* What sy_scanquery sorts a query's bytes into (0: any other byte).  A
** '\0' stops the scan's inner loop as a '#' does: the text's terminating
** zero ends it with no bound to check at each byte. */
enum { SY_QB_PAIR = 1, SY_QB_EQUALS, SY_QB_ESCAPE, SY_QB_STOP };
static const unsigned char sy_querybyte[256] = {
  ['&'] = SY_QB_PAIR, ['='] = SY_QB_EQUALS, ['%'] = SY_QB_ESCAPE,
  ['#'] = SY_QB_STOP, ['\0'] = SY_QB_STOP
};

/* A query read by sy_scanquery: where it ends, its non-empty pairs (each
** with its first '=', or NULL), whether any byte is a '%'. */
typedef struct sy_QueryScan {
  const char *end;   /* the '#' that ends it, or the end of the text */
  int npairs;        /* more than SY_QUERY_PAIRS: 'pairs' holds the first */
  int escaped;
  struct { const char *start, *equals, *stop; } pairs[SY_QUERY_PAIRS];
} sy_QueryScan;

/* Notes the pair from 'pair' to 'stop' (its first '=' at 'equals'), unless
** it is empty.  [-0, +0, -] */
static void sy_notepair (sy_QueryScan *scan, int *n, const char *pair,
                         const char *equals, const char *stop) {
  if (stop == pair) return;
  if (*n < SY_QUERY_PAIRS) {
    scan->pairs[*n].start = pair;
    scan->pairs[*n].equals = equals;
    scan->pairs[*n].stop = stop;
  }
  (*n)++;
}

/* Reads the query at 'q' (after its '?') up to a '#' or 'end' in one scan;
** '*end' is the text's terminating '\0' (Lua's strings have one).  A
** memchr for the '#', another for the '%', one for each '&' and '=' and a
** loop counting the pairs cost 175 instructions in memchr alone on
** "tab=info&page=17" (callgrind, 'lua-match query 1000'); a byte that is
** none of these costs 6 here (written as a loop testing at its foot, clang
** makes the same 6).  [-0, +0, -] */
static void sy_scanquery (sy_QueryScan *scan, const char *q, const char *end) {
  const char *pair = q, *equals = NULL, *c = q;
  int n = 0, escaped = 0;
  for (;; c++) {
    unsigned char kind;
    while ((kind = sy_querybyte[(unsigned char)*c]) == 0) c++;
    if (kind == SY_QB_EQUALS) { if (equals == NULL) equals = c; }
    else if (kind == SY_QB_PAIR) {
      sy_notepair(scan, &n, pair, equals, c);
      pair = c + 1;
      equals = NULL;
    }
    else if (kind == SY_QB_ESCAPE) escaped = 1;
    else if (*c == '#' || c >= end) break;  /* a '\0' before 'end' is a byte */
  }
  sy_notepair(scan, &n, pair, equals, c);
  scan->end = c;
  scan->npairs = n;
  scan->escaped = escaped;
}

#if defined(__SSE2__)
/* Bit i set when byte i of the 16 at 'p' is a '&', '=', '%' or '#'.
** [-0, +0, -] */
static inline unsigned sy_querymarks (const char *p) {
  __m128i b = _mm_loadu_si128((const __m128i *)(const void *)p);
  __m128i pairs = _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('&')),
                               _mm_cmpeq_epi8(b, _mm_set1_epi8('=')));
  __m128i others = _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('%')),
                                _mm_cmpeq_epi8(b, _mm_set1_epi8('#')));
  return (unsigned)_mm_movemask_epi8(_mm_or_si128(pairs, others));
}

/* What sy_scanquery finds, read 16 bytes at a time: each block's '&', '=',
** '%' and '#' found at once (sy_querymarks), then only those bytes visited.
** The last block is the text's last 16 bytes, its bytes before 'q' or
** already read masked off, so nothing before 'text' or past 'end' is read;
** false (nothing done) when the text is shorter than 16 bytes.  On
** "tab=info&page=17" the byte loop took 160 instructions (10 a byte,
** callgrind, 'lua-match query 1000'), this about 125: a block costs about
** 25 and each mark 12 to 20, so a longer query gains more.  A '\0' is a
** byte as any other.
** [-0, +0, -] */
static int sy_scanqueryblocks (sy_QueryScan *scan, const char *q,
                               const char *end, const char *text) {
  const char *pair = q, *equals = NULL, *at = q, *stop = end;
  int n = 0, escaped = 0;
  if (end - text < 16) return 0;
  while (at < end && stop == end) {
    const char *base = end - at >= 16 ? at : end - 16;
    unsigned marks = sy_querymarks(base) & (0xFFFFu << (at - base));
    while (marks != 0) {
      const char *c = base + __builtin_ctz(marks);
      marks &= marks - 1;
      if (*c == '=') { if (equals == NULL) equals = c; }
      else if (*c == '&') {
        sy_notepair(scan, &n, pair, equals, c);
        pair = c + 1;
        equals = NULL;
      }
      else if (*c == '%') escaped = 1;
      else { stop = c; break; }  /* the '#' */
    }
    at = base + 16;
  }
  sy_notepair(scan, &n, pair, equals, stop);
  scan->end = stop;
  scan->npairs = n;
  scan->escaped = escaped;
  return 1;
}
#endif

/* The query at 'q' (after its '?') up to a '#' or 'end' read into 'scan':
** by blocks where the text 'text' allows, else byte by byte.
** [-0, +0, -] */
static void sy_readquery (sy_QueryScan *scan, const char *q, const char *end,
                          const char *text) {
#if defined(__SSE2__)
  if (sy_scanqueryblocks(scan, q, end, text)) return;
#else
  (void)text;
#endif
  sy_scanquery(scan, q, end);
}

/* The slot of the 'len' bytes at 's' (1 <= len <= SY_HELDLEN) among the
** held keys.  [-0, +0, -] */
static unsigned sy_keyslot (const char *s, size_t len) {
  return ((unsigned)len * 7u + (unsigned char)s[0] * 3u
          + (unsigned char)s[len - 1]) % SY_KEYSLOTS;
}

/* The slot of the 'len' bytes at 's' (1 <= len <= SY_HELDLEN) among the
** held values: every byte counts (values differ anywhere: "17", "71",
** "117"), FNV-1a then a multiply to bring the mixing to the top bits (FNV's
** own top bits put "info" and 1 to 99 in 30 slots, 7 of them alone:
** measured, no gain; with the multiply, 82 slots, 65 alone).  [-0, +0, -] */
static unsigned sy_valueslot (const char *s, size_t len) {
  unsigned h = 2166136261u;
  size_t i;
  for (i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return ((h * 0x9E3779B1u) >> 25) % SY_VALUESLOTS;
}

/* Whether the 'len' bytes at 'a' and 'b' are the same (1 <= len <= 15),
** read in two overlapping words of 8, 4 or 2 bytes (or the one byte), none
** past the last: memcmp went through the PLT to bcmp, about 20 instructions
** a held key or value ('lua-match query 1000' compares four a match).
** [-0, +0, -] */
static inline int sy_samebytes (const char *a, const char *b, size_t len) {
  if (len >= 8) {
    uint64_t a1, b1, a2, b2;
    memcpy(&a1, a, 8); memcpy(&b1, b, 8);
    memcpy(&a2, a + len - 8, 8); memcpy(&b2, b + len - 8, 8);
    return ((a1 ^ b1) | (a2 ^ b2)) == 0;
  }
  if (len >= 4) {
    uint32_t a1, b1, a2, b2;
    memcpy(&a1, a, 4); memcpy(&b1, b, 4);
    memcpy(&a2, a + len - 4, 4); memcpy(&b2, b + len - 4, 4);
    return ((a1 ^ b1) | (a2 ^ b2)) == 0;
  }
  if (len >= 2) {
    uint16_t a1, b1, a2, b2;
    memcpy(&a1, a, 2); memcpy(&b1, b, 2);
    memcpy(&a2, a + len - 2, 2); memcpy(&b2, b + len - 2, 2);
    return ((a1 ^ b1) | (a2 ^ b2)) == 0;
  }
  return a[0] == b[0];
}

/* The 'len' bytes at 's' (1 <= len <= SY_HELDLEN) as the string in upvalue
** 'upvalue' when 'held' (that slot's record) says it has these bytes, else
** pushed as a new string and held there in place of the slot's last.
** Inlined in both callers: left to itself clang made it a call, which took
** back what the compare saves (+9 a match against memcmp; inlined, -68).
** [-0, +1, m] */
__attribute__((always_inline))
static inline void sy_pushheld (lua_State *L, sy_HeldString *held, int upvalue,
                         const char *s, size_t len) {
  if (held->len == len && sy_samebytes(held->bytes, s, len)) {
    lua_pushvalue(L, lua_upvalueindex(upvalue));
    return;
  }
  lua_pushlstring(L, s, len);
  lua_copy(L, -1, lua_upvalueindex(upvalue));
  memcpy(held->bytes, s, len);
  held->len = (unsigned char)len;
}

/* The query key of the 'len' bytes at 's' (no escape in the query), held
** (sy_pushheld) when it is short enough.  [-0, +1, m] */
static void sy_pushquerykey (lua_State *L, sy_MatchCallee *callee,
                             const char *s, size_t len) {
  unsigned slot;
  if (len == 0 || len > SY_HELDLEN) {
    lua_pushlstring(L, s, len);
    return;
  }
  slot = sy_keyslot(s, len);
  sy_pushheld(L, &callee->keys[slot], LAZY_KEYS + (int)slot, s, len);
}

/* The query value of the 'len' bytes at 's' (no escape in the query), held
** (sy_pushheld) when it is short enough.  [-0, +1, m] */
static void sy_pushqueryvalue (lua_State *L, sy_MatchCallee *callee,
                               const char *s, size_t len) {
  unsigned slot;
  if (len == 0 || len > SY_HELDLEN) {
    lua_pushlstring(L, s, len);
    return;
  }
  slot = sy_valueslot(s, len);
  sy_pushheld(L, &callee->values[slot], LAZY_VALUES + (int)slot, s, len);
}

/* The query table of the query 'q' that 'scan' read, as sy_pushplainquery
** builds it, made at its size; keys and values held by 'callee'
** (sy_pushquerykey, sy_pushqueryvalue) when nothing needs decoding.
** [-0, +1, m] */
static void sy_pushscannedquery (lua_State *L, sy_MatchCallee *callee,
                                 const sy_QueryScan *scan, const char *q) {
  int i;
  if (scan->npairs > SY_QUERY_PAIRS) {
    sy_pushplainquery(L, q, (size_t)(scan->end - q));
    return;
  }
  lua_createtable(L, 0, scan->npairs);
  for (i = 0; i < scan->npairs; i++) {
    const char *start = scan->pairs[i].start, *equals = scan->pairs[i].equals;
    const char *stop = scan->pairs[i].stop;
    const char *keyend = equals != NULL ? equals : stop;
    /* Direct calls, not one through a pointer chosen per query: the
    ** indirect call to sy_pushbytes cost 8 instructions a match ('lua-match
    ** query 1000', two values). */
    if (scan->escaped) sy_pushdecoded(L, start, (size_t)(keyend - start));
    else sy_pushquerykey(L, callee, start, (size_t)(keyend - start));
    if (equals == NULL) lua_pushliteral(L, "");
    else if (scan->escaped)
      sy_pushdecoded(L, equals + 1, (size_t)(stop - equals - 1));
    else sy_pushqueryvalue(L, callee, equals + 1, (size_t)(stop - equals - 1));
    lua_rawset(L, -3);
  }
}

/* The info table of a lent match: pattern and parameter names from the
** route strings, values from the spans of the argument's bytes 's' ('len'
** of them), the fragment from what follows the path, the path (the
** argument string at 'path' when it is the whole path) and the lazy
** fields' metatable, with the argument noted in the texts when the path ends
** before it ('r->pathend' bytes: a '?' or '#' follows).  [-0, +1, m] */
static void sy_pushlent (lua_State *L, const sy_MatchResult *r, int path,
                         const char *s, size_t len) {
  int i, present = 0, names;
  const char *hash = NULL;
  if (r->pathend >= 0) {
    const char *rest = s + r->pathend;
    hash = (const char *)memchr(rest, '#', len - (size_t)r->pathend);
  }
  lua_rawgeti(L, lua_upvalueindex(INFO_ROUTES), r->slot);
  names = lua_gettop(L);
  for (i = 0; i < r->nparams; i++) present += r->spans[i].start >= 0;
  /* Room for path and query too, so their first reads do not resize it. */
  lua_createtable(L, 0, 4 + (hash != NULL));
  if (r->pathend < 0) {
    sy_pushkey(L, INFO_PATH);
    lua_pushvalue(L, path);
    lua_rawset(L, -3);
  }
  if (hash != NULL) {
    sy_pushkey(L, INFO_FRAGMENT);
    lua_pushlstring(L, hash + 1, (size_t)(s + len - hash - 1));
    lua_rawset(L, -3);
  }
  sy_pushkey(L, INFO_PATTERN);
  lua_rawgeti(L, names, 1);
  lua_rawset(L, -3);
  sy_pushkey(L, INFO_PARAMS);
  lua_createtable(L, 0, present);
  for (i = 0; i < r->nparams; i++) {
    if (r->spans[i].start < 0) continue;
    lua_rawgeti(L, names, i + 2);
    lua_pushlstring(L, s + r->spans[i].start,
                    (size_t)(r->spans[i].end - r->spans[i].start));
    lua_rawset(L, -3);
  }
  lua_rawset(L, -3);
  lua_pushvalue(L, lua_upvalueindex(MATCH_LAZY));
  lua_setmetatable(L, -2);
  if (r->pathend >= 0) {
    lua_pushvalue(L, -1);
    lua_pushvalue(L, path);
    lua_rawset(L, lua_upvalueindex(MATCH_TEXTS));
  }
  lua_replace(L, names);
}

/* The text of the info table at 1 pushed (its argument string, noted when
** its path ends before the text does), and where in it its path ends; or
** nothing pushed and NULL when it has none.  The builders below leave it
** under what they push: a C function returns its top values only, and a
** lua_remove cost 42 instructions a read.  [-0, +(1|0), -] */
static const char *sy_pushtext (lua_State *L, size_t *len, size_t *pathend) {
  const char *s;
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(LAZY_TEXTS)) != LUA_TSTRING) {
    lua_pop(L, 1);
    return NULL;
  }
  s = lua_tolstring(L, -1, len);
  *pathend = (size_t)sy_plainquerystart(s, *len);  /* >= 0: it was noted */
  return s;
}

/* The value at the top stored raw in the table at 1 under the key in
** upvalue 'key', and left pushed.  [-0, +0, -] */
static void sy_storelazy (lua_State *L, int key) {
  lua_pushvalue(L, lua_upvalueindex(key));
  lua_pushvalue(L, -2);
  lua_rawset(L, 1);
}

/* The query of the info table at 1 (which has the lazy metatable), built
** from its text (a '?' ending the path starts the query) as it was built
** eagerly, or empty when there is none, stored raw and pushed.  Run as the
** lazy fields' closure.  [-0, +1, m] */
static void sy_pushbuiltquery (lua_State *L) {
  sy_MatchCallee *callee =
      (sy_MatchCallee *)lua_touserdata(L, lua_upvalueindex(LAZY_CALLEE));
  size_t len, pathend;
  const char *s = sy_pushtext(L, &len, &pathend);
  if (s != NULL && s[pathend] == '?') {
    sy_QueryScan scan;
    sy_readquery(&scan, s + pathend + 1, s + len, s);
    sy_pushscannedquery(L, callee, &scan, s + pathend + 1);
  }
  else lua_createtable(L, 0, 0);
  sy_storelazy(L, LAZY_QUERY);
}

/* The path of the info table at 1 (which has the lazy metatable): the text
** up to its '?' or '#', stored raw and pushed; with no text, whatever the
** table holds raw.  Run as the lazy fields' closure.  [-0, +1, m] */
static void sy_pushbuiltpath (lua_State *L) {
  size_t len, pathend;
  const char *s = sy_pushtext(L, &len, &pathend);
  if (s == NULL) {
    lua_pushvalue(L, 2);
    lua_rawget(L, 1);
    return;
  }
  lua_pushlstring(L, s, pathend);
  sy_storelazy(L, LAZY_PATH);
}

/* __index of a lent match's table (t, key at 1, 2): its query or path,
** built (sy_pushbuiltquery, sy_pushbuiltpath), for "query" or "path"; nil
** for any other key.  The key is told by its object: "path" and "query"
** are short strings, which Lua keeps one of for each text, so the same
** object is the same string (lua_rawequal went through luaV_equalobj, 86
** instructions a read).  [-0, +1, e] */
static int sy_p_lazyfield (lua_State *L) {
  int other;
  const void *key;
  luaL_checktype(L, 1, LUA_TTABLE);
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  key = lua_topointer(L, 2);
  if (key == lua_topointer(L, lua_upvalueindex(LAZY_QUERY))) {
    sy_pushbuiltquery(L);
    other = LAZY_PATH;
  }
  else if (key == lua_topointer(L, lua_upvalueindex(LAZY_PATH))) {
    sy_pushbuiltpath(L);
    other = LAZY_QUERY;
  }
  else return 0;
  /* Both there raw: the metatable is taken off. */
  lua_pushvalue(L, lua_upvalueindex(other));
  if (lua_rawget(L, 1) != LUA_TNIL) {
    lua_pushnil(L);
    lua_setmetatable(L, 1);
  }
  lua_pop(L, 1);
  return 1;
}

/* next(t, k), raw: what __pairs below returns.  [-0, +(2|1), e] */
static int sy_p_rawnext (lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

/* __pairs of a lent match's table (t at 1): its path and query built (its
** __index reached through the table's), then next, t, nil.  [-0, +3, e] */
static int sy_p_lazypairs (lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "path");
  lua_getfield(L, 1, "query");
  lua_pushcfunction(L, sy_p_rawnext);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* The lazy field the string at 'i' names: "path" or "query" (the other's
** name in '*other'), or NULL.  [-0, +0, -] */
static const char *sy_lazykey (lua_State *L, int i, const char **other) {
  size_t len;
  const char *key;
  if (lua_type(L, i) != LUA_TSTRING) return NULL;
  key = lua_tolstring(L, i, &len);
  if (len == 5 && memcmp(key, "query", 5) == 0) *other = "path";
  else if (len == 4 && memcmp(key, "path", 4) == 0) *other = "query";
  else return NULL;
  return key;
}

/* __newindex of a lent match's table (t, key, value at 1, 2, 3): a raw set;
** a "path" or "query" set before any read builds the other (read through
** the table) and takes the metatable off, so a nil stays nil as in a table
** built eagerly.  [-0, +0, m] */
static int sy_p_lazynewindex (lua_State *L) {
  const char *other;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 3);
  if (sy_lazykey(L, 2, &other) == NULL) {
    lua_rawset(L, 1);
    return 0;
  }
  lua_getfield(L, 1, other);
  lua_pop(L, 1);
  lua_rawset(L, 1);
  lua_pushnil(L);
  lua_setmetatable(L, 1);
  return 0;
}

/* Calls the lazy fields' own __index, not whatever the metatable's holds
** now: sy_next runs protected but unbudgeted, so it must run no Lua code. */
void sy_settlelazyinfo (lua_State *L, int t) {
  static const char *const fields[] = {"path", "query"};
  int i;
  t = lua_absindex(L, t);
  if (!lua_getmetatable(L, t)) return;
  lua_pushliteral(L, "__index");
  if (lua_rawget(L, -2) != LUA_TFUNCTION
      || lua_tocfunction(L, -1) != sy_p_lazyfield) {
    lua_pop(L, 2);
    return;
  }
  for (i = 0; i < 2; i++) {
    lua_pushvalue(L, -1);
    lua_pushvalue(L, t);
    lua_pushstring(L, fields[i]);
    lua_call(L, 2, 1);
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

/* The lazy fields' metatable for the callee at the top, which is popped:
** its __index closure holds the texts and the held keys and values.
** [-1, +1, m] */
static void sy_pushlazymetatable (lua_State *L, int texts) {
  int i;
  int callee = lua_gettop(L);
  lua_createtable(L, 0, 4);
  /* Protected: a script's setmetatable on a table not yet read is refused
  ** (replaced, its path and query would be lost without a word), and no
  ** script can change what every later match's table shares. */
  lua_pushliteral(L, "match info: its path and query are built on first read");
  lua_setfield(L, -2, "__metatable");
  lua_pushstring(L, "query");
  lua_pushstring(L, "path");
  lua_pushvalue(L, texts);
  lua_pushvalue(L, callee);
  for (i = 0; i < SY_KEYSLOTS + SY_VALUESLOTS; i++) lua_pushnil(L);
  lua_pushcclosure(L, sy_p_lazyfield, LAZY_NUPVALUES);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, sy_p_lazypairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushcfunction(L, sy_p_lazynewindex);
  lua_setfield(L, -2, "__newindex");
  lua_remove(L, callee);
}

/* match(path): the path read here, looked up by the Swift entry (no
** trampoline, no closure, no protected call around the table), the info
** table of a lent match built here; anything the entry raises is raised
** here, after it returned.  [-0, +1, e] */
static int sy_route_match (lua_State *L) {
  sy_MatchCallee *callee =
      (sy_MatchCallee *)lua_touserdata(L, lua_upvalueindex(MATCH_ENTRY));
  int path = (int)lua_tointeger(L, lua_upvalueindex(MATCH_ARG));
  SyState *sy = sy_state(L);
  lua_State *caller = sy->current;
  sy_MatchSpan spans[SY_MATCH_SPANS];
  sy_MatchResult result;
  const char *s, *query;
  size_t len;
  int n;
  if (lua_type(L, path) != LUA_TSTRING) {
    lua_pushfstring(L, "bad argument #1 to 'match' (string expected, got %s)",
                    luaL_typename(L, path));
    return sy_raise(L, SY_RAISE_WHERE);
  }
  s = lua_tolstring(L, path, &len);
  result.cache = lua_upvalueindex(INFO_ROUTES);
  result.slot = 0;
  result.nparams = 0;
  result.spans = spans;
  /* Where a path going on with a query ends (a '#' before the '?' ends it
  ** sooner), found here once: the entry looks that path up alone, and the
  ** table's query and fragment are read from what follows.  One scan for a
  ** plain path (most): a fragment with no '?' is left to the entry. */
  query = (const char *)memchr(s, '?', len);
  if (query == NULL) result.pathend = -1;
  else {  /* sy_plainquerystart without its second look for the '?' */
    const char *hash = (const char *)memchr(s, '#', (size_t)(query - s));
    result.pathend = (hash != NULL ? hash : query) - s;
  }
  sy->current = L;  /* a validator calling Lua uses this thread */
  n = callee->entry(L, callee->runtime, s, len, path, &result);
  sy->current = caller;  /* before any raise: nothing longjmps past here */
  switch (n) {
    case SY_MATCH_NONE: lua_pushnil(L); return 1;
    case SY_MATCH_LENT: sy_pushlent(L, &result, path, s, len); return 1;
    case SY_MATCH_PUSHED: return 1;
    default: return sy_raise(L, n);
  }
}

/* The match closure for the callee at 1, argument position at 2.
** [-0, +1, m] */
static int sy_p_pushmatchfunction (lua_State *L) {
  const sy_MatchCallee *spec = (const sy_MatchCallee *)lua_touserdata(L, 1);
  int arg = (int)lua_tointeger(L, 2);
  sy_MatchCallee *callee;
  int i;
  luaL_checkstack(L, LAZY_NUPVALUES + 8, "match's upvalues");
  for (i = 0; i < INFO_ROUTES - 1; i++) lua_pushstring(L, sy_infokeys[i]);
  lua_newtable(L);
  callee = (sy_MatchCallee *)lua_newuserdatauv(L, sizeof(sy_MatchCallee), 0);
  callee->entry = spec->entry;
  callee->runtime = spec->runtime;
  memset(callee->keys, 0, sizeof(callee->keys));  /* nothing held */
  memset(callee->values, 0, sizeof(callee->values));
  lua_pushinteger(L, arg);
  lua_createtable(L, 0, 0);  /* the texts, keys and values weak (strings are never cleared) */
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "kv");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -3);  /* the callee */
  sy_pushlazymetatable(L, lua_gettop(L) - 1);
  lua_insert(L, -2);  /* the metatable, then the texts */
  lua_pushcclosure(L, sy_route_match, MATCH_NUPVALUES);
  return 1;
}

int sy_pushmatchfunction (lua_State *L, sy_MatchEntry entry, void *runtime,
                          int arg) {
  sy_MatchCallee spec;
  spec.entry = entry;
  spec.runtime = runtime;
  lua_pushlightuserdata(L, &spec);
  lua_pushinteger(L, arg);
  return sy_protect_raw(L, sy_p_pushmatchfunction, 2, 1);
}

ptrdiff_t sy_plainquerystart (const char *s, size_t len) {
  const char *question = (const char *)memchr(s, '?', len);
  const char *hash = (const char *)memchr(s, '#', question != NULL
                                                  ? (size_t)(question - s) : len);
  const char *end = hash != NULL ? hash : question;
  return end != NULL ? end - s : -1;
}

int sy_matchnames_held (lua_State *L, const sy_MatchResult *result,
                        const char *pattern, size_t len) {
  int held = sy_holdsroutestrings(L, result->cache, result->slot, pattern, len);
  lua_pop(L, 1);
  return held;
}

/* The route strings of the sy_InfoTable at 1 stored in the cache at 2.
** [-0, +0, m] */
static int sy_p_storematchnames (lua_State *L) {
  sy_pushroutestrings(L, 2, (const sy_InfoTable *)lua_touserdata(L, 1));
  return 0;
}

int sy_matchnames_store (lua_State *L, const sy_MatchResult *result,
                         const sy_InfoTable *names) {
  lua_pushlightuserdata(L, (void *)names);
  lua_pushvalue(L, result->cache);
  return sy_protect_raw(L, sy_p_storematchnames, 2, 0);
}
