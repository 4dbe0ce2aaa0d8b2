#!/usr/bin/env bash
# Measures the conformance matrix of the decoders here on Vectors/: our own (through
# `bolt11 decode --protocol`) and each third-party adapter that Tools/decoders/setup.sh installed.
# Writes .build/decoders/report.md and report.html; prints the runner's summary. Then the BOLT #12
# matrix: the offer decoders (ours, rust-lightning's offer reader, b12od) on BOLT 12's
# offers-test.json and format-string-test.json as published (the runner reads their shapes) and
# Vectors/bolt12.json, in .build/decoders/bolt12/report.md.
# Usage: Tools/decoders/matrix.sh [EXTRA_DECODER_COMMAND]...
set -uo pipefail
cd "$(dirname "$0")/../.."
swift build --product bolt11 >/dev/null || exit 3
bolt11=$(swift build --show-bin-path)/bolt11
bolt11=${bolt11#"$PWD"/}  # a relative path: it names the decoder in the report
decoders=(--decoder "$bolt11 decode --protocol")
[ -x .build/decoders/bolt11/bin/python ] && decoders+=(--decoder 'Tools/decoders/run bolt11')
[ -x .build/decoders/pyln-proto/bin/python ] && decoders+=(--decoder 'Tools/decoders/run pyln-proto')
/usr/bin/python3 -c 'import electrum' 2>/dev/null && decoders+=(--decoder 'Tools/decoders/run electrum')
# An import, not the interpreter alone: a failed install leaves the virtual environment behind.
.build/decoders/rust-lightning/bin/python -c 'import breez_sdk_liquid' 2>/dev/null \
  && decoders+=(--decoder 'Tools/decoders/run rust-lightning')
.build/decoders/b12od/bin/python -c 'import b12od' 2>/dev/null \
  && decoders+=(--decoder 'Tools/decoders/run b12od')
for extra in "$@"; do decoders+=(--decoder "$extra"); done
mkdir -p .build/decoders
"$bolt11" vectors Vectors "${decoders[@]}" --report .build/decoders/report.html >/dev/null
"$bolt11" vectors Vectors "${decoders[@]}" --report .build/decoders/report.md

# BOLT #12: the decoders that read offers, on the spec's offers and ours.
offers=(--decoder "$bolt11 decode --protocol")
for name in rust-lightning b12od; do
  [[ " ${decoders[*]} " == *"run $name "* ]] \
    && offers+=(--decoder "Tools/decoders/run $name")
done
mkdir -p .build/decoders/bolt12
cp Vectors/spec/bolt12/offers-test.json Vectors/spec/bolt12/format-string-test.json \
  Vectors/bolt12.json .build/decoders/bolt12/ || exit 3
"$bolt11" vectors .build/decoders/bolt12 "${offers[@]}" --timeout 30 \
  --report .build/decoders/bolt12/report.md
