#!/usr/bin/env bash
# Builds the Swift blocks of docs/embedding.md, then the embedding example (its own package,
# depending on the main one by path), runs it, and checks what it prints against expected-output.txt.
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
