#!/usr/bin/env bash
# Offer decoding beside other decoders, in interleaved rounds: ours (`bolt11-bench
# --bolt12-offers`: the floor and Offer.decode taking turns), rust-lightning through its Python
# binding (PyPI `breez-sdk-liquid`) and `b12od` (PyPI), each over the valid offers of BOLT #12's
# offers-test.json. Prints one table: ns per offer (median of the rounds) and the ratio to our
# floor (regrouping + one secp256k1_ec_pubkey_parse per key) of the same round.
#
#   Tools/bolt11-bench/offer-peers.sh [ROUNDS]
#
# Environment: BENCH (default .build/release/bolt11-bench; build it with
# `swift build -c release --product bolt11-bench`), RL_PYTHON and B12OD_PYTHON (interpreters of
# virtual environments with `breez-sdk-liquid==0.12.4` and `b12od==0.1.3`; default those of
# Tools/decoders/setup.sh under .build/decoders). A peer whose interpreter is missing is skipped
# with a note.
set -uo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
bench=${BENCH:-.build/release/bolt11-bench}
rl=${RL_PYTHON:-.build/decoders/rust-lightning/bin/python}
b12od=${B12OD_PYTHON:-.build/decoders/b12od/bin/python}
[ -x "$bench" ] || { echo "no $bench: swift build -c release --product bolt11-bench" >&2; exit 2; }
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for round in $(seq 1 "$rounds"); do
  "$bench" --bolt12-offers | sed "s/^/$round ours /" >>"$results"
  for peer in rust-lightning:$rl b12od:$b12od; do
    name=${peer%%:*} python=${peer#*:}
    if [ -x "$python" ]; then
      "$python" Tools/bolt11-bench/offer_peers.py --peer "$name" | sed "s/^/$round $name /" \
        >>"$results"
    elif [ "$round" = 1 ]; then
      echo "# $name skipped: no interpreter at $python" >&2
    fi
  done
done
python3 - "$results" <<'PY'
import json, sys, statistics
rows = {}
floors = {}
for line in open(sys.argv[1]):
    round_, name, text = line.split(" ", 2)
    data = json.loads(text)
    if name == "ours":
        floors[round_] = data["offer_floor_ns"]
        rows.setdefault("floor", []).append((round_, data["offer_floor_ns"]))
        rows.setdefault("ours", []).append((round_, data["offer_ns"]))
    else:
        rows.setdefault(name, []).append((round_, data["ns"]))
        if data["refused"]:
            print(f"# {name} refused {data['refused']} of {data['offers']} valid offers")
print(f"{'decoder':<16}{'ns/offer':>12}{'x our floor':>14}")
for name, values in rows.items():
    ns = statistics.median(v for _, v in values)
    ratio = statistics.median(v / floors[r] for r, v in values)
    print(f"{name:<16}{ns:>12.0f}{ratio:>14.3f}")
PY
