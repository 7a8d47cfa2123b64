#!/usr/bin/env bash
# Builds the embedding example (its own package, depending on the main one by path), runs it,
# and checks what it prints against expected-output.txt.
# Usage: examples/embedding/run.sh          (scripts/test calls it)
#        examples/embedding/run.sh --update (rewrite expected-output.txt after a reviewed change)
set -euo pipefail
cd "$(dirname "$0")"

swift build --product EmbeddingHost >&2
actual="$(swift run --skip-build EmbeddingHost routes.lua)"

if [[ "${1:-}" == "--update" ]]; then
    printf '%s\n' "$actual" > expected-output.txt
    echo "embedding example: expected-output.txt rewritten" >&2
    exit 0
fi

if ! diff -u expected-output.txt <(printf '%s\n' "$actual"); then
    echo "embedding example: output differs from expected-output.txt (above)" >&2
    exit 1
fi
echo "embedding example: ok" >&2
