#!/usr/bin/env bash
# The bounded extra checks of CI (.ci/run calls this when it is executable), from a fresh clone:
#
# 1. the API documentation (Tools/docs.sh: docc with warnings as errors; seconds once built),
#    then its pages in headless Chromium (Tools/docs-screenshots.sh: the landing page lists every
#    module, a cross-module link is rendered, no code listing is cut off), Chromium installed with
#    apt-get when missing, and the step skipped, saying so, when it cannot be installed;
# 2. the Debian package (Tools/check-package.sh: release build with the Swift runtime linked
#    statically, dpkg -i, `bolt11 decode` with no toolchain on PATH, dpkg -r), unless PACKAGE=0;
# 3. every fuzz target (Tools/fuzz/run.sh) from one build, from the seeds in Vectors/: no crash,
#    no leak, no timeout; for FUZZ_SECONDS (default 12) each, and half that for the targets that
#    run thousands of inputs a second (bech32, builder, offline, encode: still 18,000 to 235,000
#    inputs here; string, words and roundtrip run 500 to 1,000 a second);
# 4. Tools/bounds.sh at 1000, 4000 and 7089 characters: linear decoding cost, the cap first;
# 5. the differential check against the `bolt11` package from PyPI (Tools/differential/run.py,
#    DIFFERENTIAL_COUNT invoices, default 10,000), when the reference installs; skipped, with a
#    note, when it does not (no network, no pip);
# 6. interop: every invoice our builder writes (a seeded sample of random valid builds, INTEROP_COUNT,
#    default 1,000; the valid vectors and our builder's reproductions of them) read by every
#    reference decoder of Tools/decoders/ (PyPI bolt11, pyln-proto, breez-sdk-liquid's
#    rust-lightning, Debian's electrum, installed by Tools/decoders/setup.sh): any refusal not
#    listed in Tools/decoders/known-divergences.json fails (Tools/differential/interop.py); under
#    a minute once installed; INTEROP=0 skips it;
# 6b. the BOLT 12 differential (Tools/differential/bolt12.py): our offer reader against
#    rust-lightning's (PyPI breez-sdk-liquid) and b12od (PyPI) on the spec's offers, our own
#    and offers collected from public projects; a disagreement not explained in
#    Tools/decoders/known-divergences.json fails; skipped with a note when they do not install;
#    then, always (no reference to install; a second or two), the invoice requests and invoices
#    of public projects (Tools/differential/bolt12_signed.py): our reader against the
#    independent Merkle root and signature check (Tools/bolt12-reference/check.py) and each
#    project's own verdict, every disagreement explained there too;
# 7. fault injection on the built `bolt11` (Tools/fault-injection.sh): full disk, closed and broken
#    standard output, closed or odd standard input; a few seconds;
# 8. our own decoder through the external-decoder line protocol (`bolt11 vectors Vectors --decoder
#    'bolt11 decode --protocol'`): every invoice vector must pass; under a second;
# 9. a package outside this one (Tools/consumer-check.sh): one program per library product, each
#    importing it with neither Foundation nor Glibc, built by path in .build/consumer-check and
#    run: a symbol a library leaves for its user to provide fails the link; about a minute;
# 10. the test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer, unless
#    SANITIZERS=0: each builds the package and its tests again (.build/address, .build/thread),
#    in the background from the start, one compile job at a time beside the steps above; the
#    tests run last (swift test --skip-build). About a minute of tests each here.
#
# The release build of the package step is reused by the bounds probe and the differential
# helper (Tools/build-swift.sh --reuse .build/release): only their own sources are compiled.
#
# Installs what it needs: valgrind (bounds.sh, apt-get), the reference (pip, into
# .build/differential-python) and the interop decoders (Tools/decoders/setup.sh: venvs under
# .build/decoders, python3-venv and python3-electrum with apt-get). The fuzzer and ASan runtimes come with the Swift toolchain.
# Prints "N passed, N failed" last; exits 1 when a check fails.
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0 failed=0
logs=.build/ci-extra
mkdir -p "$logs"
step() { printf '\n--> [%ds] %s\n' "$SECONDS" "$*"; }
pass() { passed=$((passed + 1)); printf 'ok: %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAILED: %s\n' "$*"; }

# The sanitizer builds (each the whole package and its tests again) run in the background, in
# folders of their own (.build/address, .build/thread), one compile job at a time while the steps
# below run (they mostly keep one core busy: docc, fuzzing, callgrind, Python); a build that
# starts after them takes every core. (nice would not do: SwiftPM's compile jobs do not inherit
# it.) Their tests run at the end.
sanitizers=""
[ "${SANITIZERS:-1}" = 0 ] || sanitizers="address thread"
rm -f "$logs/steps-done"
if [ -n "$sanitizers" ]; then
  for sanitizer in $sanitizers; do rm -f "$logs/build-$sanitizer.status"; done
  (
    for sanitizer in $sanitizers; do
      jobs=1
      [ ! -e "$logs/steps-done" ] || jobs=$(nproc)
      swift build --build-tests --sanitize="$sanitizer" --scratch-path ".build/$sanitizer" \
        -j "$jobs" >"$logs/build-$sanitizer.log" 2>&1
      echo $? >"$logs/build-$sanitizer.status"
    done
  ) &
  sanitizer_builds=$!
  trap 'kill "$sanitizer_builds" 2>/dev/null' EXIT
fi

# First, while the build of .ci/run is still the current one: docs.sh reuses it.
step "API documentation (Tools/docs.sh)"
docs_built=0
if Tools/docs.sh --require-doc-comments >"$logs/docs.log" 2>&1; then
  docs_built=1
  pass "docs: $(grep -o 'documentation for .*' "$logs/docs.log")"
  grep -e 'public symbols' -e '^links: ' "$logs/docs.log"
else
  tail -n 40 "$logs/docs.log"
  fail "docs"
fi

step "API documentation in a browser (Tools/docs-screenshots.sh, headless Chromium)"
# Chromium comes from apt-get when missing: about 16 s for its 47 packages here, and the
# screenshots take about 5 s.
if [ "$docs_built" = 0 ]; then
  echo "skipped: the documentation did not build"
else
  rm -f "$logs/chromium-install.log"
  if ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
      --no-install-recommends chromium fonts-dejavu-core; } >"$logs/chromium-install.log" 2>&1 \
      || true
  fi
  if ! command -v chromium >/dev/null 2>&1; then
    why="no apt-get"
    [ ! -e "$logs/chromium-install.log" ] || why="see $logs/chromium-install.log"
    echo "skipped: no chromium, and it could not be installed ($why): no screenshots taken"
  elif Tools/docs-screenshots.sh >"$logs/docs-screenshots.log" 2>&1; then
    pass "docs screenshots: $(grep -o 'article code: .*' "$logs/docs-screenshots.log")"
    grep -o '\.build/docs-screenshots/[^ ]*\.png' "$logs/docs-screenshots.log" | tr '\n' ' '
    echo
  else
    cat "$logs/docs-screenshots.log"
    fail "docs screenshots (pictures in .build/docs-screenshots/)"
  fi
fi

if [ "${PACKAGE:-1}" != 0 ]; then
  step "Debian package: build, install, decode without a toolchain, remove"
  if Tools/check-package.sh >"$logs/package.log" 2>&1; then
    pass "$(grep '^package: .*deb' "$logs/package.log")"
    # Start-up of the package's binary, then the static one's, each beside a C no-op (reported,
    # never a gate: two shared cores).
    grep -e '^  bolt11: ' -e '^  c-noop ' -e '^  bolt11 ' -e '^  ratio ' -e '^  start-up order' \
      "$logs/package.log" || true
  else
    tail -n 40 "$logs/package.log"
    fail "package (see $logs/package.log)"
  fi
fi

seconds=${FUZZ_SECONDS:-12}
fast_seconds=$(( (seconds + 1) / 2 ))
step "fuzz targets, ${seconds}s each (${fast_seconds}s for bech32, builder, offline, encode)"
if Tools/fuzz/run.sh --build >"$logs/fuzz-build.log" 2>&1; then
  for target in $(Tools/fuzz/run.sh --list); do
    case $target in
      bech32 | builder | offline | encode) budget=$fast_seconds ;;
      *) budget=$seconds ;;
    esac
    if Tools/fuzz/run.sh "$target" "$budget" >"$logs/fuzz-$target.log" 2>&1; then
      runs=$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$logs/fuzz-$target.log")
      pass "fuzz $target: $runs"
    else
      tail -n 40 "$logs/fuzz-$target.log"
      fail "fuzz $target (reproducer under Tools/fuzz/out/artifacts/$target/)"
    fi
  done
else
  tail -n 40 "$logs/fuzz-build.log"
  fail "fuzz build"
fi

step "bounds: linear decoding cost, length cap before Bech32"
if Tools/bounds.sh 1000 4000 7089; then pass "bounds"; else fail "bounds"; fi

step "differential check against bolt11 2.2.0 (PyPI)"
pylib=.build/differential-python
if ! PYTHONPATH=$pylib python3 -c 'import bolt11, coincurve' 2>/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check --target "$pylib" \
    'bolt11==2.2.0' 'bitstring<5' >"$logs/pip.log" 2>&1 || true
fi
if PYTHONPATH=$pylib python3 -c 'import bolt11, coincurve' 2>/dev/null; then
  if PYTHONPATH=$pylib python3 Tools/differential/run.py --count "${DIFFERENTIAL_COUNT:-10000}" \
    --report "$logs/differential-report.jsonl" 2>&1 | cut -c1-400; then
    pass "differential (every disagreement explained; report in $logs/differential-report.jsonl)"
  else
    fail "differential: unexplained disagreements (see above and $logs/differential-report.jsonl)"
  fi
else
  echo "skipped: the reference did not install (see $logs/pip.log)"
fi

step "interop: what our builder writes, read by every reference decoder"
if [ "${INTEROP:-1}" = 0 ]; then
  echo "skipped (INTEROP=0)"
elif Tools/decoders/setup.sh >"$logs/decoders-setup.log" 2>&1; then
  if .build/decoders/bolt11/bin/python Tools/differential/interop.py \
    --count "${INTEROP_COUNT:-1000}" --decoders bolt11,pyln-proto,electrum,rust-lightning \
    --report "$logs/interop-report.jsonl" 2>&1 | cut -c1-400; then
    pass "interop (every refusal a known divergence; report in $logs/interop-report.jsonl)"
  else
    fail "interop: a refusal no known divergence explains (Tools/decoders/known-divergences.json)"
  fi
else
  cat "$logs/decoders-setup.log"
  fail "interop: a reference decoder did not install (Tools/decoders/setup.sh; INTEROP=0 skips)"
fi

step "BOLT 12 differential: our offer reader against rust-lightning and b12od"
# The spec's offers, ours and offers of public projects (Tools/differential/bolt12-offers.json):
# every disagreement must be explained in Tools/decoders/known-divergences.json. Seconds once
# the references are installed; skipped, saying so, when they cannot be.
if [ "${INTEROP:-1}" = 0 ]; then
  echo "skipped (INTEROP=0)"
elif timeout 600 Tools/decoders/setup.sh rust-lightning b12od >"$logs/bolt12-setup.log" 2>&1; then
  if timeout 300 python3 Tools/differential/bolt12.py --report "$logs/bolt12-differential.jsonl" \
    2>&1 | cut -c1-400; then
    pass "BOLT 12 differential (every disagreement explained; $logs/bolt12-differential.jsonl)"
  else
    fail "BOLT 12 differential: a disagreement no known divergence explains"
  fi
else
  echo "skipped: rust-lightning or b12od did not install (see $logs/bolt12-setup.log)"
fi
# No decoder installable here reads an lni or an lnr that answers an offer: the requests and
# invoices of public projects (Tools/differential/bolt12-signed.json) are judged against the
# independent check and each project's own verdict.
bolt12_signed=(python3 Tools/differential/bolt12_signed.py --report "$logs/bolt12-signed.jsonl")
[ -x .build/debug/bolt11 ] && bolt12_signed+=(--bolt11 .build/debug/bolt11)
if timeout 300 "${bolt12_signed[@]}" 2>&1 | cut -c1-400; then
  pass "BOLT 12 requests and invoices of public projects (every disagreement explained)"
else
  fail "BOLT 12 requests and invoices: a disagreement no known divergence explains"
fi

step "fault injection: the built bolt11 on a full disk, closed and broken pipes"
if Tools/fault-injection.sh >"$logs/fault-injection.log" 2>&1; then
  pass "$(tail -n 1 "$logs/fault-injection.log")"
else
  tail -n 40 "$logs/fault-injection.log"
  fail "fault injection"
fi

step "our decoder through the external-decoder protocol on Vectors/ (must pass every vector)"
# The third-party adapters of Tools/decoders/ are not scored on Vectors/ here: their results on
# invalid vectors are measurements, not checks (Tools/decoders/matrix.sh); the interop step above
# checks that they read what we write.
if [ -x .build/debug/bolt11 ] || swift build --product bolt11 >"$logs/protocol-build.log" 2>&1; then
  if .build/debug/bolt11 vectors Vectors --decoder '.build/debug/bolt11 decode --protocol' \
    --report "$logs/protocol-report.md" >"$logs/protocol.log" 2>&1; then
    pass "decode --protocol: $(tail -n 1 "$logs/protocol.log")"
  else
    grep '^FAIL' "$logs/protocol.log" | head -n 20
    fail "decode --protocol: $(tail -n 1 "$logs/protocol.log") (report: $logs/protocol-report.md)"
  fi
else
  tail -n 40 "$logs/protocol-build.log"
  fail "build for the protocol check"
fi

step "a consumer package: every library product linked without Foundation or Glibc"
if Tools/consumer-check.sh >"$logs/consumer-check.log" 2>&1; then
  pass "$(tail -n 1 "$logs/consumer-check.log")"
else
  tail -n 40 "$logs/consumer-check.log"
  fail "consumer check (see $logs/consumer-check.log)"
fi

touch "$logs/steps-done"
for sanitizer in $sanitizers; do
  step "swift test --sanitize=$sanitizer (built in .build/$sanitizer)"
  while [ ! -e "$logs/build-$sanitizer.status" ] && kill -0 "$sanitizer_builds" 2>/dev/null; do
    sleep 1
  done
  if [ "$(cat "$logs/build-$sanitizer.status" 2>/dev/null)" != 0 ]; then
    tail -n 60 "$logs/build-$sanitizer.log"
    fail "swift build --build-tests --sanitize=$sanitizer"
    continue
  fi
  # XCTest's own leaks at exit are suppressed (Tools/sanitizers/lsan-suppressions.txt).
  if LSAN_OPTIONS=suppressions=$PWD/Tools/sanitizers/lsan-suppressions.txt \
    swift test --skip-build --sanitize="$sanitizer" --scratch-path ".build/$sanitizer" \
    >"$logs/test-$sanitizer.log" 2>&1; then
    summary=$(grep -o 'Test run with .*' "$logs/test-$sanitizer.log" | tail -n 1)
    pass "swift test --sanitize=$sanitizer: $summary"
  else
    tail -n 60 "$logs/test-$sanitizer.log"
    fail "swift test --sanitize=$sanitizer"
  fi
done
[ -z "$sanitizers" ] || wait "$sanitizer_builds"

printf '\nextra: %d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
