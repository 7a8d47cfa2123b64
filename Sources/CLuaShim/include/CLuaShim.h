/*
** CLuaShim — the C between Swift and Lua 5.4.  Swift calls the functions
** declared here, and directly only those lua_* functions that cannot raise
** (reading and moving stack slots, pushing nil, booleans, numbers and light
** userdata, lua_checkstack, lua_tolstring on a value that is a string).
**
** The rule this file exists for: lua_error (a longjmp) never unwinds through a
** Swift frame.  Swift runs Lua only through sy_pcall; every other API call
** that can raise (metamethods, allocation) has a protected twin here that
** returns a status instead; Swift functions called from Lua return an error
** indication to sy_trampoline, and the trampoline raises once Swift has
** returned.
**
** Beside every function: its stack effect in the notation of the Lua manual,
** [-o, +p, x], where x is '-' (never raises; every sy_ function that
** Swift calls is '-'), 'm' (memory errors only) or 'e' (any error).
** Functions returning an int status return LUA_OK or an error code and, on
** error, leave the error object where the result would have been.
*/
#ifndef CLUASHIM_H
#define CLUASHIM_H

#include "../../CLua/CLua.h"
#include <stddef.h>

/* ------------------------------------------------------------------ state */

/* What stopped the last top-level call, beyond an ordinary error. */
enum {
  SY_STOP_NONE = 0,
  SY_STOP_INSTRUCTIONS = 1,   /* instruction budget exhausted */
  SY_STOP_INTERRUPT = 2,      /* sy_request_interrupt was honoured */
  SY_STOP_MEMORY = 3          /* the allocator refused to go past the cap */
};

/* A new state whose allocator refuses to grow past 'memory_limit' bytes
** (0: no limit).  NULL when even the bare state does not fit.  [-0, +0, -] */
lua_State *sy_newstate (size_t memory_limit);

/* Closes 'L' (running pending finalizers) and frees the shim's bookkeeping.
** [-0, +0, -] */
void sy_close (lua_State *L);

/* Opens the standard libraries: all of them, or the sandbox profile
** (no io, os only clock/time/date/difftime, no package, debug, dofile,
** loadfile, string.dump; 'load' forced to text mode).  [-0, +(0|1), -] */
int sy_openlibs (lua_State *L, int sandboxed);

/* Instruction budget per top-level call (0: none).  [-0, +0, -] */
void sy_set_instruction_limit (lua_State *L, long long limit);

/* Bytes the state holds now.  [-0, +0, -] */
size_t sy_memory_in_use (lua_State *L);
/* Changes the cap (0: none); memory already held stays.  [-0, +0, -] */
void sy_set_memory_limit (lua_State *L, size_t limit);

/* One of SY_STOP_*: why the last top-level call stopped.  [-0, +0, -] */
int sy_stop_reason (lua_State *L);

/* Traceback recorded by the message handler for the last error, or NULL.
** Valid until the next call into Lua.  [-0, +0, -] */
const char *sy_traceback (lua_State *L);

/* "chunk:line:" of the innermost Lua function active when the last error
** was raised, recorded for error objects that are not strings; "" if none.
** [-0, +0, -] */
const char *sy_error_where (lua_State *L);

/* The thread Swift runs on: the one whose Swift function is executing (a
** coroutine's, maybe), else the main thread.  [-0, +0, -] */
lua_State *sy_current (lua_State *L);

/* ------------------------------------------------------------- interrupt */

/* Asks the Lua code running in 'L' (or any of its coroutines) to stop with
** the error "interrupted" at its next instruction.  Callable from a signal
** handler: it stores to a 'volatile sig_atomic_t' (async-signal-safe by the
** C standard) and then, as lua.c's 'laction' does, calls lua_sethook on
** 'L' and on each thread running for the call (the calls from the host,
** the coroutines resumed, the finalizers), which only stores a few fields
** of each.  (No count hook runs between stops unless a budget is set: it
** would cost every instruction.)  A request made while no top-level call
** runs is dropped at the next call's start.
** [-0, +0, -] */
void sy_request_interrupt (lua_State *L);

/* sy_request_interrupt for the state whose top-level call started last and
** is still running (none: nothing happens).  Async-signal-safe as above; the
** state pointer is a lock-free atomic.  [-0, +0, -] */
void sy_interrupt_active (void);

/* sy_interrupt_active, and every top-level call that starts afterwards, in
** any state, is interrupted at its first instruction until
** sy_release_interrupt: for a host that calls Lua many times for one
** command.  Async-signal-safe as above.  [-0, +0, -] */
void sy_interrupt_and_hold (void);

/* Ends what sy_interrupt_and_hold began; calls start clean again.
** [-0, +0, -] */
void sy_release_interrupt (void);

/* A ready-made SIGINT handler for a REPL:
**     struct sigaction sa = {0}; sa.sa_handler = sy_signal_handler;
**     sigaction(SIGINT, &sa, &old);   ... run the chunk ...   restore 'old'
** It only calls sy_interrupt_active.  [-0, +0, -] */
void sy_signal_handler (int signo);

/* ------------------------------------------------------------------ calls */

/* lua_pcall with the traceback message handler.  At depth 0 (a top-level
** call from the host) it also resets the instruction budget, the interrupt
** flag and the stop reason.  [-(nargs+1), +(nresults|1), -] */
int sy_pcall (lua_State *L, int nargs, int nresults);

/* Compiles text (never binary) as a function.  [-0, +1, -] */
int sy_load (lua_State *L, const char *code, size_t len, const char *chunkname);

/* Replaces the value at 'idx' by a string describing it as an error object:
** strings and numbers as themselves, a '__tostring' result (run protected,
** under the budget), else "error object is a T value"; a '__tostring' that
** fails is described as well.  Should even that fail, the value becomes
** nil.  [-0, +0, -] */
void sy_describe_error (lua_State *L, int idx);

/* ---------------------------------------------------- protected accessors */

/* t[k] with metamethods; 't' is a stack index, the key is on top.
** [-1, +1, -] */
int sy_gettable (lua_State *L, int t);

/* t[k] = v with metamethods; key and value on top.  [-2, +(0|1), -] */
int sy_settable (lua_State *L, int t);

/* rawset(t, k, v); key and value on top (the table can grow).
** [-2, +(0|1), -] */
int sy_rawset (lua_State *L, int t);

/* One step of 'next': pops the key, pushes the next key and value and sets
** '*more' to 1, or pushes nothing and sets it to 0.  [-1, +(2|0|1), -] */
int sy_next (lua_State *L, int t, int *more);

/* #v with '__len'; stores an integer length in '*len'.  [-0, +(0|1), -] */
int sy_len (lua_State *L, int idx, lua_Integer *len);

/* A copy of the string (may hold NULs).  [-0, +1, -] */
int sy_pushlstring (lua_State *L, const char *s, size_t len);

/* A new table with room for 'narr' array and 'nrec' hash items.
** [-0, +1, -] */
int sy_newtable (lua_State *L, int narr, int nrec);

/* One string field for sy_pushfields: key and value as bytes (NULs allowed);
** a NULL value leaves the field out. */
typedef struct sy_Field {
  const char *key;
  size_t keylen;
  const char *value;
  size_t valuelen;
} sy_Field;

/* A new table {key = value, ...} from 'n' fields, in one protected call (for
** the info tables the API builds on every match).  [-0, +1, -] */
int sy_pushfields (lua_State *L, const sy_Field *fields, int n);

/* A route match's info table, fed from the caller's bytes.  'path' NULL:
** the path is the string at stack index 'pathindex' (the argument 'match'
** was given, when it is the path already: no copy to intern).  'pattern' or
** 'fragment' NULL: no such field.  'extra': further string fields (a
** screen's title and view).  'patternslot' > 0: a number for the route whose
** pattern this is (its index + 1), to reuse the Lua strings made for its
** pattern and parameter names the last time while the pattern is the same;
** 'params' are then every parameter of the pattern in order, an absent one
** with a NULL value. */
typedef struct sy_InfoTable {
  const char *path;
  size_t pathlen;
  int pathindex;
  const char *pattern;
  size_t patternlen;
  lua_Integer patternslot;
  const char *fragment;
  size_t fragmentlen;
  const sy_Field *params;
  int nparams;
  const sy_Field *query;
  int nquery;
  const sy_Field *extra;
  int nextra;
} sy_InfoTable;

/* {path, pattern, fragment, params = {...}, query = {...}, extra...} in one
** protected call (the table 'match' and every callback receive).
** [-0, +1, -] */
int sy_pushinfo (lua_State *L, const sy_InfoTable *info);

/* ---------------------------------------------------------- match(path) */

/* Parameters a lent match hands over (more: the entry pushes the table). */
#define SY_MATCH_SPANS 8

/* A parameter's value as byte offsets into the path; start < 0: absent. */
typedef struct sy_MatchSpan {
  ptrdiff_t start;
  ptrdiff_t end;
} sy_MatchSpan;

/* What the match entry found, for sy_match to build from.  'cache': where
** the route strings are (set by sy_match, for sy_matchnames_*).  'pathend':
** where the path ends when the argument has a '?' (the first '?' or an
** earlier '#'; set by sy_match before the entry runs, -1 when it has no
** '?'); the entry sets it, for a lent match whose table's 'query' (decoded)
** and 'fragment' (as written) are to be read from what follows, to where the
** path ends, and to -1 for any other. */
typedef struct sy_MatchResult {
  int cache;
  lua_Integer slot;          /* the route's index + 1 */
  int nparams;               /* every parameter of the pattern, in order */
  sy_MatchSpan *spans;       /* room for SY_MATCH_SPANS */
  ptrdiff_t pathend;         /* < 0: the argument is the path */
} sy_MatchResult;

enum {
  SY_MATCH_NONE = 0,    /* no match: 'match' returns nil */
  SY_MATCH_LENT = 1,    /* the result is filled and the route strings are held */
  SY_MATCH_PUSHED = 2   /* the entry pushed the info table itself */
};

/* The Swift side of 'match': looks up the path's bytes ('pathindex' is its
** stack index) and returns SY_MATCH_*, or SY_RAISE / SY_RAISE_WHERE with the
** error object pushed.  It must not raise.  [-0, +(0|1), -] */
typedef int (*sy_MatchEntry) (lua_State *L, void *runtime, const char *path,
                              size_t len, int pathindex,
                              sy_MatchResult *result);

/* The C function 'match': reads its argument at 'arg' (1, or 2 when called
** as a table's '__call'), calls 'entry(L, runtime, ...)', builds a lent
** match's info table itself and raises what the entry reports.  'runtime'
** must outlive the state.  [-0, +1, -] */
int sy_pushmatchfunction (lua_State *L, sy_MatchEntry entry, void *runtime,
                          int arg);

/* For text 's' ('len' bytes) that may go on past its path (sy_match, before
** its entry runs): where the path ends (the first '?' or '#'), or -1 when
** there is neither.  [-0, +0, -] */
ptrdiff_t sy_plainquerystart (const char *s, size_t len);

/* Inside the entry: whether the route strings of 'result->slot' are those
** of this pattern.  [-0, +0, -] */
int sy_matchnames_held (lua_State *L, const sy_MatchResult *result,
                        const char *pattern, size_t len);

/* Inside the entry: stores the pattern and parameter names of 'names'
** ('patternslot' = result->slot) as the slot's route strings.  [-0, +0, -]
** (or the error object on failure: [-0, +1, -]) */
int sy_matchnames_store (lua_State *L, const sy_MatchResult *result,
                         const sy_InfoTable *names);

/* A declared route as 'route()' returns it, fed from the caller's bytes.  A
** NULL text: no such field.  'links': the values only (keys unused).
** 'hasrank' 0: no 'rank' field. */
typedef struct sy_RouteShape {
  const char *pattern;
  size_t patternlen;
  const char *name;
  size_t namelen;
  const char *site;
  size_t sitelen;
  const char *title;
  size_t titlelen;
  const char *presentation;
  size_t presentationlen;
  const sy_Field *links;
  int nlinks;
  int hasrank;
  lua_Integer rank;
  int validated;
  int entry;
} sy_RouteShape;

/* {pattern, name, site, title, presentation, links = {...}, rank, validated,
** entry} in one protected call.  [-0, +1, -] */
int sy_pushroute (lua_State *L, const sy_RouteShape *route);

/* t[key] = v, raw, for the value on top and the table at 't' (a key given as
** bytes).  [-1, +(0|1), -] */
int sy_setfield (lua_State *L, int t, const char *key, size_t keylen);

/* Pops the value on top into a fresh registry reference.  [-1, +(0|1), -] */
int sy_ref (lua_State *L, int *ref);

/* Releases a registry reference (a no-op for LUA_NOREF/LUA_REFNIL).
** [-0, +0, -] */
void sy_unref (lua_State *L, int ref);

/* Pushes the value of a registry reference.  [-0, +1, -] */
void sy_getref (lua_State *L, int ref);

/* --------------------------------------------------- Swift values in Lua */

/* A Swift function as seen from C: reads its arguments at 1..lua_gettop(L),
** pushes its results and returns how many, or returns SY_RAISE /
** SY_RAISE_WHERE with the error object pushed.  It must not raise. */
typedef int (*sy_SwiftFunction) (lua_State *L, void *box);
/* Lets go of the Swift object in a box (Unmanaged release). */
typedef void (*sy_Release) (void *box);

enum {
  SY_RAISE = -1,        /* raise the value on top as it is */
  SY_RAISE_WHERE = -2   /* prefix the string on top with "chunk:line: " */
};

/* A C closure that calls 'fn(L, box)' through sy_trampoline; the closure's
** only upvalue is a userdata owning 'box', released by its '__gc'.
** [-0, +1, -] */
int sy_pushswiftfunction (lua_State *L, sy_SwiftFunction fn, void *box,
                          sy_Release release);

/* A new metatable for boxed Swift objects ('__gc' releases the box; marked
** so sy_tobox recognises its userdata).  [-0, +1, -] */
int sy_newboxmetatable (lua_State *L);

/* A full userdata owning 'box', with the metatable at index 'mt' (made by
** sy_newboxmetatable).  [-0, +1, -] */
int sy_pushbox (lua_State *L, void *box, sy_Release release, int mt);

/* The box held by the userdata at 'idx', or NULL if it is not one (or has
** been finalized).  [-0, +0, -] */
void *sy_tobox (lua_State *L, int idx);

/* ---------------------------------------------------------------- output */

/* Flushes C's stdout, where Lua's print and io.write go, and reports
** whether any write to it failed since the start (a full disk, a closed
** pipe): 0, the errno of the failure, or -1 when an earlier write failed
** (its errno is gone).  [-0, +0, -] */
int sy_flush_stdout (void);

/* Makes stdout a stream whose writes go on after a signal interrupts them
** (EINTR) instead of dropping the bytes: call once, before anything is
** written or read.  0, or -1 where the C library cannot (not glibc).
** [-0, +0, -] */
int sy_stdout_retry_interrupted (void);

/* ------------------------------------------------------- macros as calls */

void sy_pushglobaltable (lua_State *L);            /* [-0, +1, -] */
int sy_isinteger (lua_State *L, int idx);          /* [-0, +0, -] */

/* "chunk:line" of the Lua function 'level' levels up the call stack of 'L'
** (1: the caller of the running C function), written into 'buf' (at most
** 'size' bytes, NUL-terminated); returns its length in bytes, 0 when that
** level is not a Lua function.  [-0, +0, -] */
int sy_where (lua_State *L, int level, char *buf, size_t size);

/* The source ("@file", "=name" or code) of that level's function, or NULL.
** [-0, +0, -] */
const char *sy_source (lua_State *L, int level);

/* Where the function at 'idx' was defined, and its parameters, for help():
** 'source' is its chunk name ("@file", "=stdin" or the code itself), valid
** while the function lives; 'linedefined' is -1 for a C function.  Needs
** one free stack slot.  Returns 0 when 'idx' holds no function.
** [-0, +0, -] */
typedef struct sy_FunctionDefinition {
  const char *source;
  size_t srclen;
  int linedefined;
  int nparams;
  int isvararg;
} sy_FunctionDefinition;
int sy_functiondefinition (lua_State *L, int idx, sy_FunctionDefinition *def);

/* Name of parameter 'n' (1-based) of the Lua function at 'idx', or NULL (a C
** function, or no such parameter).  Needs one free stack slot.
** [-0, +0, -] */
const char *sy_parametername (lua_State *L, int idx, int n);

#endif
