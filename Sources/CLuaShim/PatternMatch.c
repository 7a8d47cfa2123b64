/*
** PatternMatch.c — Lua 5.4's pattern matching (reference manual §6.4.1) and
** the four functions that use it (string.find, match, gmatch, gsub, §6.4),
** written for Switchyard so that matching is budgeted: Lua's own matcher is
** C that neither the count hook nor an interrupt reaches, so one line such
** as string.find(("a"):rep(26), ("a*"):rep(26) .. "b") hung any host.
**
** Results and error messages are Lua's (a differential fuzzer, FuzzPatterns,
** holds them to the stock functions).  What is new: every matching step is
** counted, and every SY_STEPS_PER_CHARGE steps are charged to the running
** call's instruction budget, which also polls the interrupt flag.
*/
#include "Budget.h"
#include "ShimState.h"

#include <ctype.h>
#include <string.h>

#define SY_MAX_CAPTURES 32      /* LUA_MAXCAPTURES */
#define SY_MAX_DEPTH 200        /* recursion before "pattern too complex" */
#define SY_STEPS_PER_CHARGE 256
#define SY_CAPTURE_OPEN (-1)    /* capture started, not yet closed */
#define SY_CAPTURE_POSITION (-2) /* a "()" capture */
#define SY_SPECIALS "^$*+?.([%-"

#define uchar(c) ((unsigned char)(c))

/* One matching in progress. */
typedef struct sy_Match {
  const char *subject;
  const char *subject_end;
  const char *pattern_end;
  lua_State *L;
  int depth;                    /* recursion left */
  int level;                    /* captures open or closed */
  size_t steps;                 /* since the last charge */
  struct {
    const char *start;
    ptrdiff_t len;
  } capture[SY_MAX_CAPTURES];
} sy_Match;


/* ============================================================ matching */

/* Charges the steps counted since the last charge.  [-0, +0, v] */
static void sy_charge_counted (sy_Match *m) {
  long long steps = (long long)m->steps;
  m->steps = 0;
  sy_budget_spend(m->L, steps);
}


/* Counts a step; every SY_STEPS_PER_CHARGE, charges the budget (which may
** raise the stop error).  [-0, +0, v] */
static void sy_step (sy_Match *m) {
  if (++m->steps >= SY_STEPS_PER_CHARGE) sy_charge_counted(m);
}


/* Counts the work of comparing or copying 'bytes' bytes in one call (memcmp,
** memchr, a copy into the result): a step per SY_BYTES_PER_STEP, charged
** before that work when it is large.  [-0, +0, v] */
static void sy_step_bytes (sy_Match *m, size_t bytes) {
  m->steps += 1 + bytes / SY_BYTES_PER_STEP;
  if (m->steps >= SY_STEPS_PER_CHARGE) sy_charge_counted(m);
}


/* Whether byte 'c' is in the class named by letter 'class' (%a, %d ...; an
** upper-case letter is the complement), or equals it for any other byte. */
static int sy_in_class (int c, int class) {
  int in;
  switch (tolower(class)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = (c == 0); break;  /* %z: gone from the manual, kept by Lua 5.4 */
    default: return class == c;
  }
  return isupper(class) ? !in : in;
}


/* Whether 'c' is in the set that starts at '[' ('open') and ends at ']'
** ('close'): single bytes, ranges x-y and %classes, '^' first to negate. */
static int sy_in_set (int c, const char *open, const char *close) {
  const char *p = open + 1;
  int negated = (*p == '^');
  if (negated) p++;
  for (; p < close; p++) {
    if (*p == '%') {
      p++;
      if (sy_in_class(c, uchar(*p))) return !negated;
    }
    else if (p[1] == '-' && p + 2 < close) {
      if (uchar(p[0]) <= c && c <= uchar(p[2])) return !negated;
      p += 2;
    }
    else if (uchar(*p) == c) return !negated;
  }
  return negated;
}


/* The end of the single-byte class at 'p' (a byte, '.', %x or a [set]).
** [-0, +0, v] */
static const char *sy_class_end (sy_Match *m, const char *p) {
  char c = *p++;
  if (c == '%') {
    if (p == m->pattern_end)
      luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (*p == '^') p++;
    do {  /* the first byte of a set may be ']' itself */
      if (p == m->pattern_end)
        luaL_error(m->L, "malformed pattern (missing ']')");
      c = *p++;
      if (c == '%' && p < m->pattern_end) p++;
    } while (*p != ']');
    return p + 1;
  }
  return p;
}


/* Whether the subject byte at 's' is in the class p..end. */
static int sy_single (sy_Match *m, const char *s, const char *p,
                      const char *end) {
  int c;
  if (s >= m->subject_end) return 0;
  c = uchar(*s);
  switch (*p) {
    case '.': return 1;
    case '%': return sy_in_class(c, uchar(p[1]));
    case '[': return sy_in_set(c, p, end - 1);
    default: return uchar(*p) == c;
  }
}


static const char *sy_match (sy_Match *m, const char *s, const char *p);


/* %bxy: from an x to its balancing y.  [-0, +0, v] */
static const char *sy_balance (sy_Match *m, const char *s, const char *p) {
  int open, close, depth = 1;
  if (p >= m->pattern_end - 1)
    luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= m->subject_end || *s != *p) return NULL;
  open = *p;
  close = p[1];
  while (++s < m->subject_end) {
    sy_step(m);
    if (*s == close) {
      if (--depth == 0) return s + 1;
    }
    else if (*s == open) depth++;
  }
  return NULL;
}


/* The longest run of the class first, then shorter ones.  [-0, +0, v] */
static const char *sy_longest (sy_Match *m, const char *s, const char *p,
                               const char *end) {
  ptrdiff_t count = 0;
  while (sy_single(m, s + count, p, end)) {
    count++;
    sy_step(m);
  }
  for (; count >= 0; count--) {
    const char *rest = sy_match(m, s + count, end + 1);
    if (rest != NULL) return rest;
  }
  return NULL;
}


/* The shortest run of the class that lets the rest match.  [-0, +0, v] */
static const char *sy_shortest (sy_Match *m, const char *s, const char *p,
                                const char *end) {
  for (;;) {
    const char *rest = sy_match(m, s, end + 1);
    if (rest != NULL) return rest;
    if (!sy_single(m, s, p, end)) return NULL;
    s++;
    sy_step(m);
  }
}


/* '(' or '()': a capture starts here.  [-0, +0, v] */
static const char *sy_open_capture (sy_Match *m, const char *s,
                                    const char *p, ptrdiff_t kind) {
  const char *rest;
  int level = m->level;
  if (level >= SY_MAX_CAPTURES) luaL_error(m->L, "too many captures");
  m->capture[level].start = s;
  m->capture[level].len = kind;
  m->level = level + 1;
  rest = sy_match(m, s, p);
  if (rest == NULL) m->level--;
  return rest;
}


/* ')': the innermost open capture ends here.  [-0, +0, v] */
static const char *sy_close_capture (sy_Match *m, const char *s,
                                     const char *p) {
  const char *rest;
  int level = m->level - 1;
  while (level >= 0 && m->capture[level].len != SY_CAPTURE_OPEN) level--;
  if (level < 0) luaL_error(m->L, "invalid pattern capture");
  m->capture[level].len = s - m->capture[level].start;
  rest = sy_match(m, s, p);
  if (rest == NULL) m->capture[level].len = SY_CAPTURE_OPEN;
  return rest;
}


/* Capture 'n' (a digit '1'..'9'), checked.  [-0, +0, v] */
static int sy_capture_index (sy_Match *m, int digit) {
  int index = digit - '1';
  if (index < 0 || index >= m->level ||
      m->capture[index].len == SY_CAPTURE_OPEN)
    return luaL_error(m->L, "invalid capture index %%%d", index + 1);
  return index;
}


/* %1-%9: the text of an earlier capture again.  [-0, +0, v] */
static const char *sy_backreference (sy_Match *m, const char *s, int digit) {
  int index = sy_capture_index(m, digit);
  size_t len = (size_t)m->capture[index].len;
  sy_step_bytes(m, len);
  if ((size_t)(m->subject_end - s) >= len &&
      memcmp(m->capture[index].start, s, len) == 0)
    return s + len;
  return NULL;
}


/* Matches pattern 'p' at subject position 's': the end of the match, or
** NULL.  Recursion is bounded by SY_MAX_DEPTH, the rest loops.
** [-0, +0, v] */
static const char *sy_match (sy_Match *m, const char *s, const char *p) {
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  for (;;) {
    const char *end;
    sy_step(m);
    if (p == m->pattern_end) break;
    if (*p == '(') {
      s = (p[1] == ')') ? sy_open_capture(m, s, p + 2, SY_CAPTURE_POSITION)
                        : sy_open_capture(m, s, p + 1, SY_CAPTURE_OPEN);
      break;
    }
    if (*p == ')') {
      s = sy_close_capture(m, s, p + 1);
      break;
    }
    if (*p == '$' && p + 1 == m->pattern_end) {
      if (s != m->subject_end) s = NULL;
      break;
    }
    if (*p == '%' && p[1] == 'b') {
      s = sy_balance(m, s, p + 2);
      if (s == NULL) break;
      p += 4;
      continue;
    }
    if (*p == '%' && p[1] == 'f') {
      int before, here;
      p += 2;
      if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
      end = sy_class_end(m, p);
      before = (s == m->subject) ? '\0' : uchar(s[-1]);
      here = (s < m->subject_end) ? uchar(*s) : '\0';
      if (sy_in_set(before, p, end - 1) || !sy_in_set(here, p, end - 1)) {
        s = NULL;
        break;
      }
      p = end;
      continue;
    }
    if (*p == '%' && isdigit(uchar(p[1]))) {
      s = sy_backreference(m, s, uchar(p[1]));
      if (s == NULL) break;
      p += 2;
      continue;
    }
    /* a single-byte class, maybe with a quantifier */
    end = sy_class_end(m, p);
    if (!sy_single(m, s, p, end)) {
      if (*end == '*' || *end == '?' || *end == '-') {
        p = end + 1;  /* zero of it is fine */
        continue;
      }
      s = NULL;
      break;
    }
    if (*end == '?') {
      const char *rest = sy_match(m, s + 1, end + 1);
      if (rest != NULL) {
        s = rest;
        break;
      }
      p = end + 1;
      continue;
    }
    if (*end == '+') { s = sy_longest(m, s + 1, p, end); break; }
    if (*end == '*') { s = sy_longest(m, s, p, end); break; }
    if (*end == '-') { s = sy_shortest(m, s, p, end); break; }
    s++;
    p = end;
  }
  m->depth++;
  return s;
}


/* A fresh matching of pattern p..p+len in the subject. */
static void sy_prepare (sy_Match *m, lua_State *L, const char *s, size_t ls,
                        const char *p, size_t lp) {
  m->L = L;
  m->subject = s;
  m->subject_end = s + ls;
  m->pattern_end = p + lp;
  m->depth = SY_MAX_DEPTH;
  m->level = 0;
  m->steps = 0;
}


/* Ready for another attempt at another position. */
static void sy_restart (sy_Match *m) {
  m->level = 0;
  m->depth = SY_MAX_DEPTH;
}


/* ========================================================== captures */

/* Pushes capture 'i' (the whole match s..e when there are no captures).
** [-0, +1, v] */
static void sy_push_capture (sy_Match *m, int i, const char *s,
                             const char *e) {
  if (i >= m->level) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(m->L, s, (size_t)(e - s));
    return;
  }
  if (m->capture[i].len == SY_CAPTURE_OPEN)
    luaL_error(m->L, "unfinished capture");
  else if (m->capture[i].len == SY_CAPTURE_POSITION)
    lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
  else
    lua_pushlstring(m->L, m->capture[i].start, (size_t)m->capture[i].len);
}


/* Pushes every capture (or the whole match when 's' is given and there
** are none); returns how many.  [-0, +n, v] */
static int sy_push_captures (sy_Match *m, const char *s, const char *e) {
  int i;
  int count = (m->level == 0 && s != NULL) ? 1 : m->level;
  luaL_checkstack(m->L, count, "too many captures");
  for (i = 0; i < count; i++) sy_push_capture(m, i, s, e);
  return count;
}


/* ==================================================== the functions */

/* An initial position as the string functions take it: negative counts
** from the end; returns a 1-based position, at least 1. */
static size_t sy_start (lua_Integer position, size_t len) {
  if (position > 0) return (size_t)position;
  if (position == 0) return 1;
  if (position < -(lua_Integer)len) return 1;
  return len + (size_t)position + 1;
}


/* Whether the pattern has no magic at all (a plain search suffices). */
static int sy_plain (const char *p, size_t lp) {
  size_t i;
  for (i = 0; i < lp; i++)
    if (strchr(SY_SPECIALS, p[i]) != NULL && p[i] != '\0') return 0;
  return 1;
}


/* The first occurrence of needle in haystack, or NULL.  Each candidate is
** charged for the bytes memchr skipped to reach it and for the whole needle
** memcmp may compare, before comparing.  [-0, +0, v] */
static const char *sy_search (sy_Match *m, const char *hay, size_t lh,
                              const char *needle, size_t ln) {
  if (ln == 0) return hay;
  while (ln <= lh) {
    const char *found = (const char *)memchr(hay, *needle, lh - ln + 1);
    if (found == NULL) {
      sy_step_bytes(m, lh - ln + 1);
      return NULL;
    }
    sy_step_bytes(m, (size_t)(found - hay) + ln);
    if (memcmp(found + 1, needle + 1, ln - 1) == 0) return found;
    lh -= (size_t)(found + 1 - hay);
    hay = found + 1;
  }
  return NULL;
}


/* string.find (find = 1) and string.match (find = 0).  [-n, +r, v] */
static int sy_find_or_match (lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = sy_start(luaL_optinteger(L, 3, 1), ls) - 1;
  sy_Match m;
  int anchored;
  const char *at;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  sy_prepare(&m, L, s, ls, p, lp);
  if (find && (lua_toboolean(L, 4) || sy_plain(p, lp))) {
    const char *found = sy_search(&m, s + init, ls - init, p, lp);
    if (found == NULL) {
      luaL_pushfail(L);
      return 1;
    }
    lua_pushinteger(L, (found - s) + 1);
    lua_pushinteger(L, (found - s) + (lua_Integer)lp);
    return 2;
  }
  anchored = (*p == '^');
  if (anchored) {
    p++;
    lp--;
    sy_prepare(&m, L, s, ls, p, lp);
  }
  at = s + init;
  do {
    const char *e;
    sy_restart(&m);
    e = sy_match(&m, at, p);
    if (e != NULL) {
      if (find) {
        lua_pushinteger(L, (at - s) + 1);
        lua_pushinteger(L, e - s);
        return sy_push_captures(&m, NULL, NULL) + 2;
      }
      return sy_push_captures(&m, at, e);
    }
  } while (at++ < m.subject_end && !anchored);
  luaL_pushfail(L);
  return 1;
}


static int sy_str_find (lua_State *L) { return sy_find_or_match(L, 1); }
static int sy_str_match (lua_State *L) { return sy_find_or_match(L, 0); }


/* What a gmatch iterator keeps between calls. */
typedef struct sy_Iteration {
  const char *next;             /* where the next attempt starts */
  const char *pattern;
  const char *last;             /* end of the last match (no empty match there again) */
  sy_Match m;
} sy_Iteration;


/* The iterator: upvalues are the subject, the pattern and the state.
** [-0, +r, v] */
static int sy_gmatch_next (lua_State *L) {
  sy_Iteration *it = (sy_Iteration *)lua_touserdata(L, lua_upvalueindex(3));
  const char *at;
  it->m.L = L;
  for (at = it->next; at <= it->m.subject_end; at++) {
    const char *e;
    sy_restart(&it->m);
    e = sy_match(&it->m, at, it->pattern);
    if (e != NULL && e != it->last) {
      it->next = it->last = e;
      return sy_push_captures(&it->m, at, e);
    }
  }
  return 0;
}


/* string.gmatch(s, pattern [, init]).  [-n, +1, v] */
static int sy_str_gmatch (lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = sy_start(luaL_optinteger(L, 3, 1), ls) - 1;
  sy_Iteration *it;
  lua_settop(L, 2);
  it = (sy_Iteration *)lua_newuserdatauv(L, sizeof(sy_Iteration), 0);
  if (init > ls) init = ls + 1;  /* nothing to match */
  sy_prepare(&it->m, L, s, ls, p, lp);
  it->next = s + init;
  it->pattern = p;
  it->last = NULL;
  lua_pushcclosure(L, sy_gmatch_next, 3);
  return 1;
}


/* Appends the replacement string (arg 3) for the match s..e, with its
** %0-%9 and %%.  [-0, +0, v] */
static void sy_add_template (sy_Match *m, luaL_Buffer *b, const char *s,
                             const char *e) {
  size_t len;
  lua_State *L = m->L;
  const char *t = lua_tolstring(L, 3, &len);
  const char *end = t + len;
  const char *percent;
  sy_step_bytes(m, len);
  while ((percent = (const char *)memchr(t, '%', (size_t)(end - t))) != NULL) {
    luaL_addlstring(b, t, (size_t)(percent - t));
    percent++;
    if (*percent == '%')
      luaL_addchar(b, '%');
    else if (isdigit(uchar(*percent))) {
      if (*percent == '0') {
        sy_step_bytes(m, (size_t)(e - s));
        luaL_addlstring(b, s, (size_t)(e - s));
      }
      else {  /* the capture's bytes, or a position's digits: never a
                 __tostring (the strings' metatable is the script's) */
        sy_push_capture(m, *percent - '1', s, e);
        sy_step_bytes(m, lua_rawlen(L, -1));
        luaL_addvalue(b);
      }
    }
    else
      luaL_error(L, "invalid use of '%c' in replacement string", '%');
    t = percent + 1;
  }
  luaL_addlstring(b, t, (size_t)(end - t));
}


/* Appends the replacement for the match s..e: from the template, the
** table or the function (arg 3); nil or false keeps the match.  Returns
** whether the match was replaced (a template always replaces it).
** [-0, +0, v] */
static int sy_add_replacement (sy_Match *m, luaL_Buffer *b, const char *s,
                               const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    int n;
    lua_pushvalue(L, 3);
    n = sy_push_captures(m, s, e);
    lua_call(L, n, 1);
  }
  else if (kind == LUA_TTABLE) {
    sy_push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  }
  else {
    sy_add_template(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1))
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  sy_step_bytes(m, lua_rawlen(L, -1));
  luaL_addvalue(b);
  return 1;
}


/* string.gsub(s, pattern, repl [, n]): when nothing was replaced, the
** subject itself, as stock Lua returns it.  [-n, +2, v] */
static int sy_str_gsub (lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *last = NULL;
  int kind = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  lua_Integer count = 0;
  int changed = 0;
  int anchored = (*p == '^');
  sy_Match m;
  luaL_Buffer b;
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING ||
                      kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
                   "string/function/table");
  luaL_buffinit(L, &b);
  if (anchored) {
    p++;
    lp--;
  }
  sy_prepare(&m, L, s, ls, p, lp);
  while (count < most) {
    const char *e;
    sy_restart(&m);
    e = sy_match(&m, s, p);
    if (e != NULL && e != last) {
      count++;
      changed |= sy_add_replacement(&m, &b, s, e, kind);
      s = last = e;
    }
    else if (s < m.subject_end)
      luaL_addchar(&b, *s++);
    else break;
    if (anchored) break;
  }
  if (changed) {
    luaL_addlstring(&b, s, (size_t)(m.subject_end - s));
    luaL_pushresult(&b);
  }
  else
    lua_pushvalue(L, 1);  /* the buffer is left unfinished: it was a copy */
  lua_pushinteger(L, count);
  return 2;
}


/* ============================================================ install */

void sy_open_patterns (lua_State *L) {
  static const luaL_Reg functions[] = {
    {"find", sy_str_find}, {"match", sy_str_match},
    {"gmatch", sy_str_gmatch}, {"gsub", sy_str_gsub}, {NULL, NULL}
  };
  if (lua_getglobal(L, LUA_STRLIBNAME) == LUA_TTABLE)
    luaL_setfuncs(L, functions, 0);  /* the strings' __index is this table */
  lua_pop(L, 1);
}
