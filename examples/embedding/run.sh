#!/usr/bin/env bash
# Builds the Swift blocks of docs/embedding.md, then the embedding example (its own package,
# depending on the main one by path), runs it, and checks what it prints against expected-output.txt;
# then runs it with --serve and attaches to it with the main package's `switchyard attach`.
# Usage: examples/embedding/run.sh          (scripts/test calls it)
#        examples/embedding/run.sh --update (rewrite expected-output.txt after a reviewed change)
set -euo pipefail
cd "$(dirname "$0")"

# Every Swift block of docs/embedding.md, in order, as one file of the EmbeddingGuide target: built
# here, so the guide cannot drift from the API.
mkdir -p Sources/EmbeddingGuide
awk '/^```swift$/ { inside = 1; next } /^```/ { inside = 0; next } inside' ../../docs/embedding.md \
    > Sources/EmbeddingGuide/Guide.swift
[ -s Sources/EmbeddingGuide/Guide.swift ] || { echo "docs/embedding.md has no swift blocks" >&2; exit 1; }
swift build --target EmbeddingGuide >&2

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

# With --serve the example serves its live view; `switchyard attach` (the main package's debug build,
# which scripts/test builds first) runs a line on it, and the app's own model hears the move.
switchyard="${SWITCHYARD_BIN:-../../.build/debug/switchyard}"
[ -x "$switchyard" ] || { echo "embedding example: $switchyard is not built (swift build in the main package)" >&2; exit 1; }
scratch="$(mktemp -d)"
mkfifo "$scratch/stdin"
swift run --skip-build EmbeddingHost routes.lua --serve <"$scratch/stdin" >"$scratch/host.out" 2>&1 &
host=$!
exec 3>"$scratch/stdin"   # held open: the app serves until it is closed
link=""
for _ in $(seq 1 600); do
    link="$(sed -n "s/^attach a REPL: switchyard attach '\(.*\)'$/\1/p" "$scratch/host.out")"
    [ -n "$link" ] && break
    kill -0 "$host" 2>/dev/null || break
    sleep 0.1
done
attached="$(printf 'nav.push("/album/5")\nprint(nav.path, io == nil)\n' | "$switchyard" attach --no-color "$link" 2>&1 || true)"
exec 3>&-
wait "$host" || true
if ! grep -q "model: now showing /album/5" "$scratch/host.out" || ! grep -q "$(printf '/album/5\ttrue')" <<<"$attached"; then
    echo "embedding example: switchyard attach to EmbeddingHost --serve did not run the line there" >&2
    echo "--- attach printed:" >&2; echo "$attached" >&2
    echo "--- the app printed:" >&2; cat "$scratch/host.out" >&2
    rm -rf "$scratch"
    exit 1
fi
rm -rf "$scratch"
echo "embedding example: attach ok" >&2
