// GNU readline and its history library (apt libreadline-dev); Package.swift links the static archives.
// readline.h needs stdio.h first: it uses FILE without including it.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
