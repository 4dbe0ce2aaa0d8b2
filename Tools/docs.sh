#!/usr/bin/env bash
# Builds the API documentation of every library module that has a DocC catalog
# (Sources/<Module>/<Module>.docc) with the toolchain's own `docc`, warnings as failures, and
# transforms it for static hosting: one site under .build/docs/, an index page linking to each
# module at .build/docs/<module>/documentation/<module>/ (module names in lower case).
#
#   Tools/docs.sh                          build the site, and list public symbols without a
#                                          doc comment (Tools/doc-coverage.py)
#   Tools/docs.sh --require-doc-comments   fail when a public symbol has no doc comment
#   Tools/docs.sh --serve                  build it, then serve it at http://localhost:8000/
#
# Symbol graphs come from `swift package dump-symbol-graph`, which builds the package as
# `swift build` does (reusing its build) and extracts each module's public symbols; no plugin.
set -euo pipefail
cd "$(dirname "$0")/.."

serve=0 coverage=""
for argument in "$@"; do
  case "$argument" in
    --serve) serve=1 ;;
    --require-doc-comments) coverage=--strict ;;
    *) echo "usage: Tools/docs.sh [--require-doc-comments] [--serve]" >&2; exit 2 ;;
  esac
done

out=.build/docs
graphs=.build/docs-symbol-graphs
log=.build/docs-symbol-graphs.log

modules=()
for catalog in Sources/*/*.docc; do
  [ -d "$catalog" ] || continue
  module=$(basename "$(dirname "$catalog")")
  [ "$(basename "$catalog" .docc)" = "$module" ] && modules+=("$module")
done
if [ ${#modules[@]} -eq 0 ]; then
  echo "no Sources/<Module>/<Module>.docc catalog" >&2
  exit 1
fi

mkdir -p .build
# It exits non-zero because it cannot load the modules SwiftPM synthesizes for the test bundle
# (swift-bolt11PackageTests, swift-bolt11PackageDiscoveredTests), which have no public symbols;
# a failure for any other module stops the script.
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
  >"$log" 2>&1 || true
if grep -o "Failed to emit symbol graph for '[^']*'" "$log" \
  | grep -v -e "PackageTests'" -e "PackageDiscoveredTests'"; then
  cat "$log" >&2
  exit 1
fi
source_graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [ -z "$source_graphs" ] || [ ! -d "$source_graphs" ]; then
  cat "$log" >&2
  echo "no symbol graphs written" >&2
  exit 1
fi

rm -rf "$out" "$graphs"
mkdir -p "$out"
links=""
for module in "${modules[@]}"; do
  lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
  mkdir -p "$graphs/$module"
  # The module's own graph, and its extensions of other modules' types (Module@Other).
  cp "$source_graphs/$module.symbols.json" "$graphs/$module/"
  for extension in "$source_graphs/$module"@*.symbols.json; do
    if [ -e "$extension" ]; then cp "$extension" "$graphs/$module/"; fi
  done
  echo "docc convert $module"
  if ! docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "swift-bolt11.$module" \
    --warnings-as-errors --enable-parameters-and-returns-validation \
    --transform-for-static-hosting --hosting-base-path "$lower" \
    --output-path "$out/$lower" >"$graphs/$module.log" 2>&1; then
    cat "$graphs/$module.log" >&2
    echo "docc failed for $module" >&2
    exit 1
  fi
  links+="      <li><a href=\"$lower/documentation/$lower/\">$module</a></li>"$'\n'
done

cat >"$out/index.html" <<HTML
<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>swift-bolt11 API documentation</title></head>
  <body>
    <h1>swift-bolt11 API documentation</h1>
    <ul>
$links    </ul>
  </body>
</html>
HTML
echo "documentation for ${modules[*]}: $out/index.html"

coverage_failed=0
for module in "${modules[@]}"; do
  python3 Tools/doc-coverage.py $coverage "$graphs/$module" "$module" || coverage_failed=1
done
[ "$coverage_failed" -eq 0 ] || exit 1

if [ "$serve" -eq 1 ]; then
  echo "serving $out at http://localhost:8000/"
  exec python3 -m http.server 8000 --directory "$out"
fi
