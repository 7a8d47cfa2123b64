/*
** Budget.h — the instruction budget and the interrupt, for the shim's own C
** code that loops or runs Lua on a script's behalf (BudgetedLibrary.c,
** PatternMatch.c).  Budget.c implements it.
** Internal: Swift never sees these; they may raise, so only C functions
** called from Lua use them.
*/
#ifndef CLUASHIM_BUDGET_H
#define CLUASHIM_BUDGET_H

#include "../CLua/CLua.h"

/* Bytes that count as one instruction where the shim charges work by the
** bytes it touches: compared (string.find, back-references), copied into
** a result (gsub), read (load, utf8.len), or allocated (every allocation
** of a budgeted call: sy_charge_allocation).  At about 0.1-1 ns a byte this keeps a
** charged byte-step near the cost of a VM instruction (docs/reliability.md
** has the measured multiple). */
#define SY_BYTES_PER_STEP 32

/* Whether the running top-level call has an instruction budget.
** [-0, +0, -] */
int sy_budgeted (lua_State *L);

/* Charges 'steps' instructions to the running top-level call's budget and
** polls the interrupt flag; when either says stop, raises the stop error
** exactly as the count hook does.  [-0, +0, v] */
void sy_budget_spend (lua_State *L, long long steps);

/* Whether the running top-level call has been stopped by the budget or an
** interrupt (its stop error is on its way out).  [-0, +0, -] */
int sy_stopping (lua_State *L);

/* Makes 'L' raise the stop error at its next instruction, where raising it
** now would be swallowed (a finalizer's error becomes a warning).
** [-0, +0, -] */
void sy_stop_soon (lua_State *L);

/* Raises the current call's stop error at the calling Lua function's line.
** [-0, +1, v] */
void sy_raise_stopped (lua_State *L);

/* Lists 'co' (a thread about to run Lua code for 'L''s call) among those an
** interrupt reaches; each enter has its leave, with nothing raised between
** (so the caller runs the code protected).  [-0, +0, -] */
void sy_running_enter (lua_State *L, lua_State *co);
void sy_running_leave (lua_State *L);

#endif
