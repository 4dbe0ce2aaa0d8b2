#!/usr/bin/env bash
# Builds and runs one libFuzzer target.
#
#   Tools/fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
#   Tools/fuzz/run.sh --build            (build every target, run none)
#   Tools/fuzz/run.sh --list             (print the target names)
#
# Targets (Tools/fuzz/*Target.swift):
#   bech32      Bech32 decoder on raw bytes (re-encoding, regrouping, segwit addresses)
#   string      invoice decoder on raw bytes (hygiene, length cap, Bech32, human-readable part)
#   words       invoice decoder on re-checksummed words, so mutations reach the field parsers
#   roundtrip   words signed with a fake key: decode, re-encode, rebuild with InvoiceBuilder
#   builder     InvoiceBuilder on arbitrary values (what `bolt11 encode` is handed): throws or
#               builds an invoice that decodes, never traps
#   offline     the offline-receive validator on signed invoices and arbitrary policies and clocks
#   encode      `bolt11 encode` on arbitrary standard input (its JSON): exit 0 with an invoice that
#               decodes, or exit 1 and one escaped error line; never a trap or a huge allocation
#   payment     the payment-string classifier (PaymentString) and its inspect JSON on raw bytes:
#               recognition agrees with parsing, positions lie in the input, the JSON parses
#   offer       the BOLT #12 offer reader on raw text or on TLV bytes written as an lno1 string:
#               positions and offsets lie in the input, a valid offer rebuilds to its own bytes
#   signed      the BOLT #12 invoice request and invoice readers and the Merkle root, on raw text
#               or TLV bytes written as an lnr1 or lni1 string: a valid string rereads the same,
#               its root is its own stream's, its signature verifies, its JSON parses
#
# How it builds: with swiftc directly, not SwiftPM (Tools/build-swift.sh --fuzz). Each module a
# target needs (from the package graph) is compiled with -sanitize=fuzzer,address into an object
# (and a .swiftmodule) under Tools/fuzz/out/build; each target is compiled with Common.swift and
# linked with them and the system libsecp256k1 (uninstrumented). The fuzzer and ASan runtimes ship
# with the Swift toolchain (usr/lib/clang/*/lib/linux/libclang_rt.fuzzer-*, .asan-*), so nothing
# else is installed. Modules are rebuilt when a source is newer.
#
# How it runs: one process (the machine is shared), seeded from every invoice and Bech32 string in
# Vectors/*.json (Tools/fuzz/seeds.py, converted to each target's input form), with the corpus kept
# in Tools/fuzz/out/corpus/TARGET between runs and crash reproducers written to
# Tools/fuzz/out/artifacts/TARGET/. Flags: -max_total_time=SECONDS -timeout=2 -rss_limit_mb=2048;
# leak detection is on (libFuzzer's default with ASan). The exit status is libFuzzer's: non-zero on
# a crash, a leak, a timeout or running out of memory.
#
# Reproduce a crash:  Tools/fuzz/out/build/TARGET Tools/fuzz/out/artifacts/TARGET/crash-...
set -euo pipefail
cd "$(dirname "$0")/../.."

targets="bech32 string words roundtrip builder offline encode payment offer signed"
out=Tools/fuzz/out
build=$out/build
mkdir -p "$build"

source_of() {
  case $1 in
    bech32) echo Tools/fuzz/Bech32Target.swift ;;
    string) echo Tools/fuzz/InvoiceStringTarget.swift ;;
    words) echo Tools/fuzz/InvoiceWordsTarget.swift ;;
    roundtrip) echo Tools/fuzz/RoundTripTarget.swift ;;
    builder) echo Tools/fuzz/BuilderTarget.swift ;;
    offline) echo Tools/fuzz/OfflineTarget.swift ;;
    encode) echo Tools/fuzz/EncodeJSONTarget.swift ;;
    payment) echo Tools/fuzz/PaymentStringTarget.swift ;;
    offer) echo Tools/fuzz/OfferTarget.swift ;;
    signed) echo Tools/fuzz/Bolt12SignedTarget.swift ;;
    *) return 1 ;;
  esac
}

# The package targets a fuzz target imports; build-swift.sh adds what those need.
imports_of() {
  case $1 in
    bech32) echo Bech32Codec ;;
    offline) echo "OfflineReceive TestSupport" ;;
    encode) echo "Bolt11Tool TestSupport" ;;
    payment) echo "PaymentInput Bolt11JSON TestSupport" ;;
    offer | signed) echo "Bolt12 Bolt11JSON TestSupport" ;;
    *) echo "Bolt11 TestSupport" ;;
  esac
}

build_target() {
  local target=$1 source
  source=$(source_of "$target") || { echo "fuzz: unknown target '$target' ($targets)" >&2; exit 2; }
  local sources=(Tools/fuzz/Common.swift "$source")
  [ "$target" != bech32 ] || sources=("$source")
  SWIFTC_EXTRA=-parse-as-library Tools/build-swift.sh --fuzz "$build" "$target" \
    "$(imports_of "$target")" "${sources[@]}"
}

# stale OUTPUT INPUT...: whether OUTPUT is missing or older than an input.
stale() {
  local output=$1
  shift
  [ -e "$output" ] || return 0
  for input in "$@"; do [ "$input" -nt "$output" ] && return 0; done
  return 1
}

seed() {
  local target=$1 seeds=$out/seeds/$1
  if [ ! -d "$seeds" ] || stale "$seeds" Vectors/*.json Tools/fuzz/seeds.py; then
    rm -rf "$seeds"
    mkdir -p "$seeds"
    if command -v python3 >/dev/null 2>&1; then
      python3 Tools/fuzz/seeds.py "$target" "$seeds" Vectors/*.json
    else
      echo "fuzz: python3 not found; running $target without seeds" >&2
    fi
    touch "$seeds"
  fi
}

case ${1:-} in
  --list) echo "$targets"; exit 0 ;;
  --build)
    # encode needs every module; the other targets then only compile and link their own source,
    # FUZZ_JOBS (default 2) at a time.
    build_target encode
    # shellcheck disable=SC2086  # targets is a list of names
    printf '%s\n' ${targets/encode/} \
      | xargs -P "${FUZZ_JOBS:-2}" -I{} Tools/fuzz/run.sh --build-target {}
    exit 0
    ;;
  --build-target) build_target "${2:?}"; exit 0 ;;
  "" | -h | --help) sed -n '2,8p' "$0"; exit 2 ;;
esac

target=$1
seconds=${2:-60}
shift $(( $# >= 2 ? 2 : 1 ))
build_target "$target"
seed "$target"
mkdir -p "$out/corpus/$target" "$out/artifacts/$target"
echo "fuzz: running $target for ${seconds}s" >&2
# Halt on the first error ASan finds; report leaks (LeakSanitizer) at exit of each input.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1}
# The Swift runtime's backtracer would fight ASan for the crash; let libFuzzer report it.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
exec "$build/$target" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 \
  -max_len=8192 -print_final_stats=1 -artifact_prefix="$out/artifacts/$target/" "$@" \
  "$out/corpus/$target" "$out/seeds/$target"
