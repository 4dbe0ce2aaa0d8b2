#!/usr/bin/env bash
# Builds and runs Tools/consumer-check/: a package outside this one that depends on it by path and
# has one executable per library product, each importing its product with neither Foundation nor
# Glibc, as a wallet's own program would. A symbol a library leaves for its user to provide (libm's
# `round` from a `Double` operation, say) fails the link here, where the package's own tests (which
# link Foundation) would not see it.
#
#   Tools/consumer-check.sh            build (debug) and run every executable
#
# Builds in .build/consumer-check (its own scratch folder: the package's .build is never touched
# by this build, and a clone's Tools/consumer-check/ gets no .build of its own). Bounded: a
# build of the libraries it uses and eight small programs; each program runs in under a second
# (a 60 s timeout each). Exits 1 on any failure, naming it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=$root/.build/consumer-check
consumer=$root/Tools/consumer-check

# The programs must stand for a user's: no Foundation, no Glibc (nor Musl, nor Darwin).
if grep -rnE '^\s*(@[a-zA-Z_]+\s+)?((public|internal|package|private|fileprivate)\s+)?import\s+(Foundation|FoundationEssentials|Glibc|Musl|Darwin)\b' \
  "$consumer/Sources" "$consumer/Package.swift"; then
  echo "consumer-check: a program imports a C library or Foundation (above)" >&2
  exit 1
fi

mkdir -p "$scratch"
# SwiftPM plans a path dependency's sources once: a file added to a library since the last run
# here would be missed. Removing the plan makes it look again (a few seconds).
rm -f "$scratch/debug.yaml"
if ! swift build --package-path "$consumer" --scratch-path "$scratch" >"$scratch/build.log" 2>&1
then
  grep -v '^\[' "$scratch/build.log" | tail -n 60
  echo "consumer-check: FAILED to build (a library product does not link on its own)" >&2
  exit 1
fi

bin=$(swift build --package-path "$consumer" --scratch-path "$scratch" --show-bin-path)
failed=0 count=0
for source in "$consumer"/Sources/*/; do
  program=$(basename "$source")
  count=$((count + 1))
  if output=$(timeout 60 "$bin/$program" 2>&1); then
    printf 'ok: %s: %s\n' "$program" "$(printf '%s' "$output" | head -c 300)"
  else
    failed=$((failed + 1))
    printf 'FAILED: %s\n%s\n' "$program" "$(printf '%s' "$output" | head -n 20)"
  fi
done
echo "consumer-check: $((count - failed)) of $count programs built without Foundation or Glibc ran"
[ "$failed" -eq 0 ]
