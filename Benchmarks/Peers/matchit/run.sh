#!/usr/bin/env bash
# matchit beside Switchyard, counted the same way (issue 37 item 2): instructions per lookup, each side
# net of its own empty loop, on the same route sets and the same 1,024 queries.
#
#   Benchmarks/Peers/matchit/run.sh MATCHIT_SOURCE [--matchit-only] [SET ROUTES]...
#
# MATCHIT_SOURCE is a directory holding matchit's source (its Cargo.toml), for example from a clone:
#   git clone https://github.com/ibraheemdev/matchit /tmp/matchit-src
#   (cd Benchmarks && swift build -c release --product switchyard-bench)
#   Benchmarks/Peers/matchit/run.sh /tmp/matchit-src                      # every shape of issue 37
#   Benchmarks/Peers/matchit/run.sh /tmp/matchit-src query 1000 splat 1000
#   Benchmarks/Peers/matchit/run.sh /tmp/matchit-src --matchit-only misses 1000   # matchit's side alone
#
# It makes a temporary cargo project (its only dependency matchit, by path; built offline) around
# main.rs, writes each set with `switchyard-bench --dump-set`, holds matchit to Switchyard's answers
# (`matchit-peer check`), and counts both sides under callgrind: matchit's `at` in `matchit-peer count`,
# Switchyard's `withMatch` and `match` in `switchyard-bench --counted-loop` (case 11). Each runs a
# warm-up ring, then one and eleven rings of the lookup, then one and eleven of an empty body; per
# lookup = ((lookup 11 - lookup 1) - (empty 11 - empty 1)) / 10,240. Where matchit needs the query
# prepared (a `?query` cut off; a case-insensitive set lower-cased), that happens in its loop, and a
# second figure has it done beforehand. Needs cargo, valgrind, strip and a release switchyard-bench.
set -euo pipefail

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in
  ""|-h|--help) usage; [ -n "${1:-}" ]; exit $? ;;
esac
source_dir=$(cd "$1" && pwd) || { echo "run.sh: $1: no such directory" >&2; exit 2; }
shift
grep -q '^name = "matchit"' "$source_dir/Cargo.toml" 2>/dev/null \
  || { echo "run.sh: $source_dir/Cargo.toml is not matchit's" >&2; exit 2; }
matchit_only=no
if [ "${1:-}" = "--matchit-only" ]; then matchit_only=yes; shift; fi
if [ $# -eq 0 ]; then
  set -- github-rest 453 parameter-heavy 1000 parameter-heavy 100000 static-heavy 1000 static-heavy 100000 \
    splat 1000 optional 1000 long-static 1000 twenty-four 1000 six-parameters 1000 misses 1000 query 1000 \
    percent-encoded 1000 case-insensitive 1000
fi
if [ $(( $# % 2 )) -ne 0 ]; then echo "run.sh: sets come as SET ROUTES pairs" >&2; exit 2; fi

here=$(cd "$(dirname "$0")" && pwd)
bench=$(cd "$here/../.." && pwd)/.build/release/switchyard-bench
[ -x "$bench" ] || { echo "run.sh: $bench is missing: cd Benchmarks && swift build -c release --product switchyard-bench" >&2; exit 2; }
for tool in cargo valgrind strip awk; do
  command -v "$tool" >/dev/null || { echo "run.sh: $tool is not installed" >&2; exit 2; }
done

work=$(mktemp -d /tmp/matchit-peer.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project"
cat > "$work/project/Cargo.toml" <<TOML
[package]
name = "matchit-peer"
version = "0.1.0"
edition = "2021"
publish = false

[[bin]]
name = "matchit-peer"
path = "$here/main.rs"

[dependencies]
matchit = { path = "$source_dir" }

# matchit's own benchmark profile.
[profile.release]
opt-level = 3
lto = true
codegen-units = 1

[workspace]
TOML
CARGO_TARGET_DIR="$work/target" cargo build --quiet --release --offline --manifest-path "$work/project/Cargo.toml"
peer="$work/target/release/matchit-peer"
# valgrind 3.19 cannot read the Swift executable's debug information: count a stripped copy.
strip -g -o "$work/switchyard-bench" "$bench"

# Per operation from the four dumps of one callgrind run: ((2 - 1) - (4 - 3)) / 10,240, and the
# empty loop's own per iteration.
counted() {
  local out="$work/cg.$RANDOM"
  mkdir -p "$out"
  valgrind --tool=callgrind --callgrind-out-file="$out/cg.out" "$@" > "$out/log" 2>&1 \
    || { echo "run.sh: callgrind failed: $*" >&2; tail -20 "$out/log" >&2; exit 1; }
  for part in 1 2 3 4; do awk '/^(totals|summary):/ { print $2; exit }' "$out/cg.out.$part"; done \
    | awk '{ v[NR] = $1 } END { if (NR != 4) exit 1; printf "%.1f %.1f\n", ((v[2]-v[1])-(v[4]-v[3]))/10240, (v[4]-v[3])/10240 }'
  rm -rf "$out"
}
swift_count() {
  counted --zero-before='*ProfileLoop*loop*' --dump-before='*InstructionCounts*loopEnded*' \
    "$work/switchyard-bench" --counted-loop "$@"
}
matchit_count() {
  counted --zero-before='*counted_loop*' --dump-before='*loop_ended*' "$peer" count "$@"
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)"
echo "matchit $(awk -F'"' '/^version/ { print $2; exit }' "$source_dir/Cargo.toml") from $source_dir"
echo
echo "| shape | routes | Switchyard withMatch | Switchyard match | matchit at | withMatch / matchit | match / matchit | loops (Swift, Rust) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
notes=()
while [ $# -gt 0 ]; do
  set_name=$1 routes=$2
  shift 2
  dir="$work/sets/$set_name-$routes"
  "$work/switchyard-bench" --dump-set "$set_name" "$routes" "$dir" > /dev/null
  notes+=("$("$peer" check "$dir")")
  counts=$(matchit_count "$dir")
  read -r at rust_loop <<< "$counts"
  with_match=- match=- swift_loop=-
  if [ "$matchit_only" = no ]; then
    counts=$(swift_count withMatch "$set_name" "$routes")
    read -r with_match swift_loop <<< "$counts"
    counts=$(swift_count match "$set_name" "$routes")
    read -r match _ <<< "$counts"
  fi
  ratio() { [ "$1" = - ] && echo - || awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
  echo "| $set_name | $routes | $with_match | $match | $at | $(ratio "$with_match" "$at") | $(ratio "$match" "$at") | $swift_loop, $rust_loop |"
  if grep -q 'case-insensitive yes' "$dir/set.txt"; then
    counts=$(matchit_count "$dir" beforehand)
    read -r prepared _ <<< "$counts"
    notes+=("$set_name $routes: matchit at $prepared with the queries lower-cased before the loop instead of in it")
  elif grep -q '[?#]' "$dir/queries.txt"; then
    counts=$(matchit_count "$dir" beforehand)
    read -r prepared _ <<< "$counts"
    notes+=("$set_name $routes: matchit at $prepared with the queries cut at '?' or '#' before the loop instead of in it")
  fi
done
echo
printf -- '- %s\n' "${notes[@]}"
