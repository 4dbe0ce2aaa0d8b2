#!/usr/bin/env bash
# Builds a helper executable from sources in Tools/ against the package's library modules, with
# swiftc directly (no SwiftPM, no change to Package.swift).
#
#   Tools/build-swift.sh [--fuzz] OUTPUT_DIR EXECUTABLE "MODULE..." SOURCE...
#
# Each module in MODULE... (in dependency order, e.g. "Bech32Codec Secp256k1 CSHA256 Bolt11") is
# compiled from Sources/MODULE/**/*.swift, whole-module and optimized, into OUTPUT_DIR/MODULE.o and
# OUTPUT_DIR/MODULE.swiftmodule, when a source is newer than the object. A C target (a module with
# an include/ folder, e.g. CSHA256) is compiled from Sources/MODULE/*.c with clang into
# OUTPUT_DIR/MODULE-FILE.o, and the modules after it find its module map in include/. The
# executable OUTPUT_DIR/EXECUTABLE is then linked from SOURCE... (a file with top-level code is its
# main; otherwise pass -parse-as-library in SWIFTC_EXTRA) and those objects, with the system
# libsecp256k1. --fuzz adds -sanitize=fuzzer,address to everything (for C,
# -fsanitize=fuzzer-no-link,address): the fuzzer and ASan runtimes ship with the Swift toolchain.
# Used by Tools/fuzz/run.sh, Tools/bounds.sh and Tools/differential/run.py.
set -euo pipefail
cd "$(dirname "$0")/.."

# SWIFT_OPTIMIZATION=-Onone gives a debug build (messages of failed preconditions are kept); it
# goes without -g, which would make the driver add a second producer of MODULE.o.
optimization=${SWIFT_OPTIMIZATION:--O}
flags=("$optimization" -package-name swift_bolt11)
[ "$optimization" = -Onone ] || flags+=(-g)
# C targets: the toolchain's clang, at the optimization SwiftPM uses. DWARF 4: the callgrind of
# Debian 12 (valgrind 3.19) gives up on clang's default DWARF 5 ("corrupted debuginfo").
cflags=(-gdwarf-4 -O2)
[ "$optimization" != -Onone ] || cflags=(-gdwarf-4 -O0)
if [ "${1:-}" = --fuzz ]; then
  flags+=(-sanitize=fuzzer,address)
  cflags+=(-fsanitize=fuzzer-no-link,address)
  shift
fi
[ $# -ge 4 ] || { sed -n '2,16p' "$0" >&2; exit 2; }
out=$1 executable=$2 modules=$3
shift 3
mkdir -p "$out"
flags+=(-I "$out" -I Sources/CSecp256k1)

# stale OUTPUT INPUT...: whether OUTPUT is missing or older than an input.
stale() {
  local output=$1
  shift
  [ -e "$output" ] || return 0
  for input in "$@"; do [ "$input" -nt "$output" ] && return 0; done
  return 1
}

objects=()
previous=("$0")
for module in $modules; do
  if [ -d "Sources/$module/include" ]; then
    flags+=(-I "Sources/$module/include")
    for source in Sources/"$module"/*.c; do
      object=$out/$module-$(basename "$source" .c).o
      if stale "$object" "$source" Sources/"$module"/include/* "${previous[@]}"; then
        echo "build-swift: $module ($out)" >&2
        clang "${cflags[@]}" -I "Sources/$module/include" -c -o "$object" "$source"
      fi
      objects+=("$object")
      previous+=("$object")
    done
    continue
  fi
  # Sub-folders too (OfflineReceive keeps one per concern).
  mapfile -t sources < <(find Sources/"$module" -name '*.swift' | sort)
  if stale "$out/$module.o" "${sources[@]}" "${previous[@]}"; then
    echo "build-swift: $module ($out)" >&2
    swiftc "${flags[@]}" -wmo -parse-as-library -c -module-name "$module" \
      -emit-module -emit-module-path "$out/$module.swiftmodule" -o "$out/$module.o" \
      "${sources[@]}"
  fi
  objects+=("$out/$module.o")
  previous+=("$out/$module.o")
done

if stale "$out/$executable" "$@" "${previous[@]}"; then
  echo "build-swift: $executable ($out)" >&2
  # shellcheck disable=SC2086  # SWIFTC_EXTRA is a list of flags
  swiftc "${flags[@]}" -wmo ${SWIFTC_EXTRA:-} -use-ld=lld \
    -module-name "Tool_${executable//[^A-Za-z0-9_]/_}" "$@" "${objects[@]}" -lsecp256k1 \
    -o "$out/$executable"
fi
