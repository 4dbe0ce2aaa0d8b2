#!/usr/bin/env bash
# Builds the API documentation of every library module that has a DocC catalog
# (Sources/<Module>/<Module>.docc) with the toolchain's own `docc`, warnings as failures, and
# combines it into one site for static hosting under .build/docs/, with a landing page
# (.build/docs/index.html: what the package is, its version, and one line per module, the first
# paragraph of the module's overview page, linking to .build/docs/documentation/<module>/, module
# names in lower case). Code listings wrap instead of being cut at the page's width.
#
#   Tools/docs.sh                          build the site, and list public symbols without a
#                                          doc comment (Tools/doc-coverage.py)
#   Tools/docs.sh --require-doc-comments   fail when a public symbol has no doc comment
#   Tools/docs.sh --serve                  build it, then serve it at http://127.0.0.1:8000/
#
# Symbol graphs come from `swift package dump-symbol-graph`, which builds the package as
# `swift build` does (reusing its build) and extracts each module's public symbols; no plugin.
#
# Links to another module's symbols: each module is converted after the modules it depends on
# (Package.swift's target dependencies), with their archives as `--dependency`, so a doc comment or
# article can write ``/Bolt11/Invoice`` (the leading slash is needed: docc resolves a dependency's
# symbols only from the top) and declarations link the other module's types. `docc merge` then
# puts the archives into one site, where those links lead somewhere. An unresolved link is a docc
# warning, so a failure here; and every page a rendered page refers to must exist in the site.
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

# The landing page's order: what a wallet links first; any other catalog follows.
order=(Bolt11 Bolt11JSON PaymentInput Secp256k1 Bech32Codec Chains OfflineReceive OfflineReceiveTesting
  Bolt11Conformance)
modules=()
for module in "${order[@]}"; do
  [ -d "Sources/$module/$module.docc" ] && modules+=("$module")
done
for catalog in Sources/*/*.docc; do
  [ -d "$catalog" ] || continue
  module=$(basename "$(dirname "$catalog")")
  [ "$(basename "$catalog" .docc)" = "$module" ] || continue
  [[ " ${modules[*]} " == *" $module "* ]] || modules+=("$module")
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

# Conversion order: each module after the modules it depends on, with their archives as
# dependencies. A line per module: the module, then the documented modules it depends on (directly
# or not), from Package.swift's target dependencies.
plan=$(swift package describe --type json | python3 -c '
import json, sys
modules = sys.argv[1:]
direct = {t["name"]: t.get("target_dependencies") or [] for t in json.load(sys.stdin)["targets"]}
def below(module, seen):
    for other in direct.get(module, []):
        if other not in seen:
            seen.add(other)
            below(other, seen)
    return seen
done = []
while len(done) < len(modules):
    ready = [m for m in modules if m not in done and below(m, set()) & set(modules) <= set(done)]
    if not ready:
        sys.exit("docs.sh: the documented modules depend on each other in a cycle")
    done.append(ready[0])
    print(ready[0], *[m for m in done[:-1] if m in below(ready[0], set())])
' "${modules[@]}")

archives=.build/docs-archives
rm -rf "$out" "$graphs" "$archives"
mkdir -p "$archives"
while read -r module dependencies; do
  mkdir -p "$graphs/$module"
  # The module's own graph, and its extensions of other modules' types (Module@Other).
  cp "$source_graphs/$module.symbols.json" "$graphs/$module/"
  for extension in "$source_graphs/$module"@*.symbols.json; do
    if [ -e "$extension" ]; then cp "$extension" "$graphs/$module/"; fi
  done
  linked=()
  for dependency in $dependencies; do
    linked+=(--dependency "$archives/$dependency.doccarchive")
  done
  echo "docc convert $module${dependencies:+ (links to $dependencies)}"
  if ! docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "swift-bolt11.$module" \
    --warnings-as-errors --enable-parameters-and-returns-validation \
    --enable-experimental-external-link-support "${linked[@]}" \
    --output-path "$archives/$module.doccarchive" >"$graphs/$module.log" 2>&1; then
    cat "$graphs/$module.log" >&2
    echo "docc failed for $module" >&2
    exit 1
  fi
done <<<"$plan"

archive_paths=()
for module in "${modules[@]}"; do archive_paths+=("$archives/$module.doccarchive"); done
if ! docc merge "${archive_paths[@]}" --synthesized-landing-page-name swift-bolt11 \
  --output-path "$out" >"$graphs/merge.log" 2>&1; then
  cat "$graphs/merge.log" >&2
  echo "docc merge failed" >&2
  exit 1
fi

# Every page a page refers to (a link, a type in a declaration, a topic) is in the site: a link
# to another module's symbol that docc resolved against an archive left out of the merge fails.
python3 - "$out" <<'PYTHON'
import glob, json, os, sys
site = sys.argv[1]
missing, external = set(), 0
for path in glob.glob(os.path.join(site, "data", "documentation", "**", "*.json"), recursive=True):
    page = json.load(open(path))
    own = page["identifier"]["url"].split("/documentation/")[0]
    for identifier, reference in page.get("references", {}).items():
        if reference.get("type") != "topic" or not identifier.startswith("doc://"):
            continue
        url = reference["url"].split("#")[0]
        if not identifier.startswith(own + "/"):
            external += 1
        if not os.path.exists(os.path.join(site, "data", url.strip("/") + ".json")):
            missing.add(f"{identifier} ({url}), from {os.path.relpath(path, site)}")
for line in sorted(missing):
    print(f"docs.sh: no page for {line}", file=sys.stderr)
if missing:
    sys.exit(1)
print(f"links: every referenced page is in the site; {external} references cross modules")
PYTHON

links=""
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' Sources/Bolt11Tool/Tool.swift)
# DocC sets code listings in one unbroken line per source line, cut at the column's width; wrap
# them instead, on every page of the site. A wrapped line goes on with a hanging indent (column 6),
# so that its continuation does not read as a line of its own at column 0.
wrap_code='<style>.code-listing pre, .code-listing code { white-space: pre-wrap !important;'
wrap_code+=' overflow-wrap: anywhere; } .code-listing .container-general { overflow: visible; }'
wrap_code+=' .code-listing .code-line-container { display: inline-block; width: 100%;'
wrap_code+=' box-sizing: border-box; padding-left: 6ch; text-indent: -6ch; }</style>'
find "$out" -name index.html -exec sed -i "s#</head>#$wrap_code</head>#" {} +
for module in "${modules[@]}"; do
  lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
  # The module page's first paragraph, as HTML: code spans kept as code.
  summary=$(awk 'NR > 1 && /^$/ && started { exit } NR > 1 && /[^ ]/ { started = 1; print }' \
    "Sources/$module/$module.docc/$module.md" | tr '\n' ' ' |
    sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/``\([^`]*\)``/<code>\1<\/code>/g;
      s/`\([^`]*\)`/<code>\1<\/code>/g; s/ *$//')
  links+="      <li><a href=\"documentation/$lower/\"><code>$module</code></a>"
  links+="<p>$summary</p></li>"$'\n'
done

cat >"$out/index.html" <<HTML
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>swift-bolt11 $version API documentation</title>
    <style>
      body { font: 17px/1.5 -apple-system, "Helvetica Neue", "DejaVu Sans", sans-serif;
        max-width: 46em; margin: 3em auto; padding: 0 1.5em; color: #1d1d1f; }
      h1 { font-size: 2em; margin-bottom: 0.2em; }
      .version { color: #6e6e73; margin-top: 0; }
      ul { list-style: none; padding: 0; }
      li { margin: 0 0 1.1em; }
      li > a { font-size: 1.15em; font-weight: 600; text-decoration: none; color: #0066cc; }
      li > p { margin: 0.2em 0 0; }
      code { font-family: "SF Mono", Menlo, "DejaVu Sans Mono", monospace; font-size: 0.92em; }
    </style>
  </head>
  <body>
    <h1>swift-bolt11</h1>
    <p class="version">Version $version · API documentation</p>
    <p>Read, check and write Lightning BOLT #11 invoices in Swift: a decoder that checks every
      reader rule of the specification and the signature, an invoice builder and signer, the
      JSON of the <code>bolt11</code> command line, recognition of any pasted payment string, and
      a safe way to show an invoice a wallet can be paid with while offline. The decoding
      libraries use no Foundation; signatures are libsecp256k1's.</p>
    <h2>Modules</h2>
    <ul class="modules">
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
  echo "serving $out at http://127.0.0.1:8000/"
  exec python3 -m http.server 8000 --bind 127.0.0.1 --directory "$out"
fi
