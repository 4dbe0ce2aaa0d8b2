#!/usr/bin/env bash
# Builds a helper executable from sources in Tools/ against the package's modules, with swiftc and
# clang directly, for the builds SwiftPM does not make: libFuzzer targets (-sanitize=fuzzer has no
# main of SwiftPM's kind) and probes whose C objects callgrind must read (DWARF 4).
#
#   Tools/build-swift.sh [--fuzz | --reuse BIN_DIR] OUTPUT_DIR EXECUTABLE "TARGET..." SOURCE...
#
# TARGET... names the package targets the sources import (e.g. "Bolt11 TestSupport"). Which modules
# those need, in which order, and where each lives come from the package graph (`swift package
# describe --type json`, kept in OUTPUT_DIR until Package.swift changes): Package.swift is the only
# list. Each Swift module is compiled from PATH/**/*.swift, whole-module and optimized, into
# OUTPUT_DIR/MODULE.o and OUTPUT_DIR/MODULE.swiftmodule, each C module (e.g. CSHA256) from
# PATH/*.c with clang into OUTPUT_DIR/MODULE-FILE.o, when a source is newer than the object; a
# system library (CSecp256k1) contributes its module map. The executable
# OUTPUT_DIR/EXECUTABLE is then linked from SOURCE... (a file with top-level code is its main;
# otherwise pass -parse-as-library in SWIFTC_EXTRA) and those objects, with the system
# libsecp256k1. --fuzz adds -sanitize=fuzzer,address to everything (for C,
# -fsanitize=fuzzer-no-link,address): the fuzzer and ASan runtimes ship with the Swift toolchain.
# --reuse BIN_DIR (e.g. .build/release, which Tools/package.sh leaves) takes each Swift module
# SwiftPM has already built there (BIN_DIR/Modules/MODULE.swiftmodule newer than the module's
# sources, an object BIN_DIR/MODULE.build/FILE.swift.o for each source) instead of compiling it again; from the first module
# it cannot take on, it compiles as above. C modules are always compiled here (DWARF 4).
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
reuse=""
if [ "${1:-}" = --fuzz ]; then
  flags+=(-sanitize=fuzzer,address)
  cflags+=(-fsanitize=fuzzer-no-link,address)
  shift
elif [ "${1:-}" = --reuse ]; then
  reuse=${2:?--reuse needs a folder}
  shift 2
  # SwiftPM names the package after the checkout's folder; `package` declarations are shared only
  # within one name.
  name=$(grep -o -m 1 '"-package-name","[^"]*"' "$reuse.yaml" 2>/dev/null | cut -d '"' -f 4)
  [ -z "$name" ] || flags[2]=$name
fi
[ $# -ge 4 ] || { sed -n '2,24p' "$0" >&2; exit 2; }
out=$1 executable=$2 roots=$3
shift 3
mkdir -p "$out"
flags+=(-I "$out")

# The modules the roots need, dependencies first, one a line: KIND NAME PATH (KIND: swift, c or
# system).
graph=$out/package-graph.json
if [ ! -e "$graph" ] || [ Package.swift -nt "$graph" ]; then
  swift package describe --type json >"$graph.tmp"
  mv "$graph.tmp" "$graph"
fi
# shellcheck disable=SC2086  # ROOTS is a list of target names
modules=$(python3 - "$graph" $roots <<'EOF'
import json, sys

targets = {t["name"]: t for t in json.load(open(sys.argv[1]))["targets"]}
kinds = {"SwiftTarget": "swift", "ClangTarget": "c", "SystemLibraryTarget": "system"}
order = []

def visit(name):
    if name not in targets:
        sys.exit(f"build-swift: no target {name} in Package.swift")
    if name in order:
        return
    for dependency in targets[name].get("target_dependencies", []):
        visit(dependency)
    order.append(name)

for root in sys.argv[2:]:
    visit(root)
for name in order:
    target = targets[name]
    print(kinds[target["module_type"]], name, target["path"])
EOF
)

# stale OUTPUT INPUT...: whether OUTPUT is missing or older than an input.
stale() {
  local output=$1
  shift
  [ -e "$output" ] || return 0
  for input in "$@"; do [ "$input" -nt "$output" ] && return 0; done
  return 1
}

objects=() link_flags=()
previous=("$0" Package.swift)
while read -r kind module path; do
  case $kind in
    system)
      flags+=(-I "$path")
      ;;
    c)
      flags+=(-I "$path/include")
      for source in "$path"/*.c; do
        object=$out/$module-$(basename "$source" .c).o
        if stale "$object" "$source" "$path"/include/* "${previous[@]}"; then
          echo "build-swift: $module ($out)" >&2
          clang "${cflags[@]}" -I "$path/include" -c -o "$object" "$source"
        fi
        objects+=("$object")
        previous+=("$object")
      done
      ;;
    swift)
      # Sub-folders too (OfflineReceive keeps one per concern).
      mapfile -t sources < <(find "$path" -name '*.swift' | sort)
      if [ -n "$reuse" ]; then
        # One object per current source: a folder that also holds objects of sources since
        # removed or renamed would define their symbols twice.
        prebuilt=()
        for source in "${sources[@]}"; do prebuilt+=("$reuse/$module.build/${source##*/}.o"); done
        if [ -e "${prebuilt[0]}" ] && ls "${prebuilt[@]}" >/dev/null 2>&1 \
          && ! stale "$reuse/Modules/$module.swiftmodule" "${sources[@]}"
        then
          # No copy of our own may shadow SwiftPM's module (-I "$out" comes first).
          rm -f "$out/$module.swiftmodule" "$out/$module.o"
          [[ " ${flags[*]} " == *" $reuse/Modules "* ]] || flags+=(-I "$reuse/Modules")
          objects+=("${prebuilt[@]}")
          # Tools/package.sh builds with --static-swift-stdlib: its objects ask for the static
          # Foundation libraries; linking the runtime statically serves either kind.
          link_flags=(-static-stdlib)
          previous+=("$reuse/Modules/$module.swiftmodule")
          continue
        fi
        # Modules after this one may depend on it: compile them here too.
        echo "build-swift: $module is not built in $reuse; compiling from here on" >&2
        reuse=""
      fi
      if stale "$out/$module.o" "${sources[@]}" "${previous[@]}"; then
        echo "build-swift: $module ($out)" >&2
        swiftc "${flags[@]}" -wmo -parse-as-library -c -module-name "$module" \
          -emit-module -emit-module-path "$out/$module.swiftmodule" -o "$out/$module.o" \
          "${sources[@]}"
      fi
      objects+=("$out/$module.o")
      previous+=("$out/$module.o")
      ;;
  esac
done <<<"$modules"

if stale "$out/$executable" "$@" "${previous[@]}"; then
  echo "build-swift: $executable ($out)" >&2
  # shellcheck disable=SC2086  # SWIFTC_EXTRA is a list of flags
  swiftc "${flags[@]}" "${link_flags[@]}" -wmo ${SWIFTC_EXTRA:-} -use-ld=lld \
    -module-name "Tool_${executable//[^A-Za-z0-9_]/_}" "$@" "${objects[@]}" -lsecp256k1 \
    -o "$out/$executable"
fi
