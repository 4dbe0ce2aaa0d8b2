#!/usr/bin/env bash
# Serves the built API documentation (.build/docs, from Tools/docs.sh, built first when missing)
# on 127.0.0.1 and takes headless Chromium screenshots, 1280 px wide, of the landing page, of
# OfflineReceive's module page and of one article (OfflineReceive's "Writing a provider adapter",
# the one with the most code), into .build/docs-screenshots/. Fails unless the landing page lists
# every module with a link and a summary, the module page links another module's symbols (its
# node ids are Secp256k1's PublicKey), and the article has rendered its code listings with none
# cut off: no listing wider than its box, none reaching past the page's right edge. Look at the
# pictures too.
#
#   Tools/docs-screenshots.sh     needs chromium (Debian: apt-get install chromium) and python3
set -euo pipefail
cd "$(dirname "$0")/.."

docs=.build/docs
out=.build/docs-screenshots
article=documentation/offlinereceive/writingaprovideradapter/
module_page=documentation/offlinereceive/
[ -f "$docs/index.html" ] || Tools/docs.sh >/dev/null
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$chromium" ]; then
  echo "docs-screenshots: no chromium on PATH (apt-get install chromium)" >&2
  exit 1
fi
mkdir -p "$out"

# A page of the same origin that loads the article in a 1280 px frame, waits for DocC to render
# it, measures each code listing and writes what it found into its own DOM for --dump-dom.
probe=$docs/.screenshot-probe.html
cat >"$probe" <<HTML
<!doctype html><html><body>
<iframe id="page" src="/$article" width="1280" height="1600"></iframe>
<pre id="result">pending</pre>
<script>
  function measure(tries) {
    const page = document.getElementById("page").contentDocument;
    const listings = page ? page.querySelectorAll(".code-listing pre") : [];
    if (listings.length === 0 && tries > 0) { setTimeout(() => measure(tries - 1), 250); return; }
    let cut = 0, lines = 0;
    for (const listing of listings) {
      lines += listing.textContent.split("\n").length;
      const box = listing.getBoundingClientRect();
      if (listing.scrollWidth > listing.clientWidth + 1 || box.right > 1280) cut += 1;
    }
    document.getElementById("result").textContent =
      "listings=" + listings.length + " lines=" + lines + " cut=" + cut;
  }
  window.addEventListener("load", () => setTimeout(() => measure(40), 500));
</script>
</body></html>
HTML

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$docs" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -f "$probe"' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" \
    2>/dev/null && break
  sleep 0.1
done
base=http://127.0.0.1:$port

# Root needs --no-sandbox; the flags keep Chromium from reaching any network service.
browse() {
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --disable-extensions --disable-background-networking --disable-sync \
    --user-data-dir="$out/profile" --window-size="$1" --virtual-time-budget=15000 "${@:2}" \
    2>/dev/null
}
browse 1280,1300 --screenshot="$out/landing.png" "$base/" >/dev/null
browse 1280,3000 --screenshot="$out/article.png" "$base/$article" >/dev/null
browse 1280,2400 --screenshot="$out/module.png" "$base/$module_page" >/dev/null
landing=$(browse 1280,1100 --dump-dom "$base/")
module_dom=$(browse 1280,1100 --dump-dom "$base/$module_page")
result=$(browse 1280,1600 --dump-dom "$base/.screenshot-probe.html" |
  sed -n 's/.*<pre id="result">\([^<]*\)<\/pre>.*/\1/p')
rm -rf "$out/profile"

failed=0
for catalog in Sources/*/*.docc; do
  module=$(basename "$catalog" .docc)
  lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
  if ! grep -q "href=\"documentation/$lower/\"><code>$module</code></a><p>[^<]" \
    <<<"$landing"; then
    echo "docs-screenshots: the landing page has no line for $module" >&2
    failed=1
  fi
done
# A link docc resolved against another module's archive, as the rendered page shows it.
if ! grep -q '<a href="/documentation/secp256k1/publickey"' <<<"$module_dom"; then
  echo "docs-screenshots: $module_page does not link Secp256k1's PublicKey" >&2
  failed=1
fi
echo "docs-screenshots: article code: ${result:-nothing measured}"
case "$result" in
  listings=0*|"") echo "docs-screenshots: the article rendered no code listing" >&2; failed=1 ;;
  *" cut=0") ;;
  *) echo "docs-screenshots: code listings are cut off at 1280 px" >&2; failed=1 ;;
esac
echo "docs-screenshots: $out/landing.png $out/module.png $out/article.png"
[ "$failed" -eq 0 ] && echo "docs-screenshots: ok"
exit "$failed"
