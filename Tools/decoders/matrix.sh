#!/usr/bin/env bash
# Measures the conformance matrix of the decoders here on Vectors/: our own (through
# `bolt11 decode --protocol`) and each third-party adapter that Tools/decoders/setup.sh installed.
# Writes .build/decoders/report.md and report.html; prints the runner's summary.
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
for extra in "$@"; do decoders+=(--decoder "$extra"); done
mkdir -p .build/decoders
"$bolt11" vectors Vectors "${decoders[@]}" --report .build/decoders/report.html >/dev/null
"$bolt11" vectors Vectors "${decoders[@]}" --report .build/decoders/report.md
