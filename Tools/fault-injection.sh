#!/usr/bin/env bash
# Fault injection on the built `bolt11`: every command with standard output on /dev/full, closed,
# and a pipe whose reader is gone (SIGPIPE ignored, as under systemd); standard input closed, a
# directory, and a FIFO whose writer closes at once. Each case must give its documented exit code
# and first line on standard error, within a few seconds (`timeout`), and a failed write must never
# be followed by a success summary.
#
#   Tools/fault-injection.sh [BOLT11]     (default: .build/debug/bolt11, built when missing)
#
# Called by Tools/ci-extra.sh; takes a few seconds. Prints "fault injection: N passed, N failed"
# last and exits 1 when a case failed.
set -uo pipefail
cd "$(dirname "$0")/.."

bin=${1:-.build/debug/bolt11}
if [ ! -x "$bin" ]; then swift build --product bolt11 >/dev/null || exit 1; fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A valid invoice, its JSON for encode, a batch file and a large batch (the spec's coffee example;
# the key below is the BOLT #11 examples' published test key, not a real key).
invoice=lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh
export BOLT11_SIGNING_KEY=e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734
"$bin" decode --json "$invoice" >"$work/invoice.json" || exit 1
for _ in 1 2 3 4 5 6 7 8; do echo "$invoice"; done >"$work/batch.txt"
for _ in $(seq 2500); do cat "$work/batch.txt"; done >"$work/large.txt"  # 20,000 lines
node=03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad

passed=0 failed=0
# check NAME CODE STDERR_PREFIX SHELL_COMMAND: runs the command with `bolt11` and the files above at
# hand, in at most 10 seconds; the exit code and the first line of standard error must match, and
# standard error must never hold a batch summary after a failed write.
check() {
  local name=$1 code=$2 prefix=$3 command=$4 actual first
  timeout 10 bash -c "cd '$work'; $command" bolt11 2>"$work/stderr"
  actual=$?
  first=$(head -n 1 "$work/stderr")
  if [ "$actual" = "$code" ] && [[ "$first" == "$prefix"* ]] \
    && ! { [[ "$prefix" == "error: io.write"* ]] && grep -q '^decoded ' "$work/stderr"; }; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAILED: %s: exit %s (expected %s), stderr: %s\n' "$name" "$actual" "$code" \
      "$(head -c 300 "$work/stderr")"
  fi
}

b="'$bin'"
commands=(
  "decode:$b decode $invoice"
  "decode --json:$b decode --json $invoice"
  "explain:$b explain $invoice"
  "validate:$b validate $invoice --amount-msat 250000000 --node-id $node --now 1496314658"
  "encode:$b encode <invoice.json"
  "vectors:$b vectors '$PWD/Vectors'"
  "decode --batch:$b decode --batch batch.txt"
  "--help:$b --help"
  "--version:$b --version"
  "help decode:$b help decode"
)
for entry in "${commands[@]}"; do
  name=${entry%%:*} command=${entry#*:}
  check "$name > /dev/full" 3 "error: io.write: standard output: " "$command >/dev/full"
  check "$name >&-" 3 "error: io.write: standard output: " "$command >&-"
  # The reader is gone before the first write: the write fails with EPIPE.
  check "$name | (closed), SIGPIPE ignored" 3 "error: io.write: standard output: " \
    "{ sleep 0.3; trap '' PIPE; $command; } | true; exit \${PIPESTATUS[0]}"
done
# A long batch into a pipe whose reader stops after one line ends at once, without a summary.
check "decode --batch - | head -n 1, SIGPIPE ignored" 3 "error: io.write: standard output: " \
  "{ trap '' PIPE; $b decode --batch - <large.txt; } | head -n 1 >/dev/null; exit \${PIPESTATUS[0]}"
# With SIGPIPE at its default the tool dies by it, as Unix tools do (128 + 13).
check "decode --batch - | head -n 1, SIGPIPE default" 141 "" \
  "$b decode --batch - <large.txt | head -n 1 >/dev/null; exit \${PIPESTATUS[0]}"

# Standard input.
check "decode - <&-" 3 "error: io.read: standard input: " "$b decode - <&-"
check "decode --batch - <&-" 3 "error: io.read: standard input: " "$b decode --batch - <&-"
check "encode <&-" 3 "error: io.read: standard input: " "$b encode <&-"
check "decode - < /" 3 "error: io.read: standard input: " "$b decode - </"
check "decode --batch /" 3 "error: io.read: /: " "$b decode --batch /"
check "encode < /" 3 "error: io.read: standard input: " "$b encode </"
# A FIFO whose writer opens and closes it: empty input.
mkfifo "$work/fifo"
fifo="{ exec 3>fifo; exec 3>&-; } & "
check "decode - < FIFO closed" 1 "error: input.empty: " "$fifo $b decode - <fifo"
check "decode --batch FIFO closed" 0 "decoded 0, invalid 0" "$fifo $b decode --batch fifo"
check "encode < FIFO closed" 1 "error: input.invalid_json: " "$fifo $b encode <fifo"

printf 'fault injection: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
