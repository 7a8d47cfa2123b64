// GNU readline and its history library (pkg-config readline, apt libreadline-dev).
// readline.h needs stdio.h first: it uses FILE without including it.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
