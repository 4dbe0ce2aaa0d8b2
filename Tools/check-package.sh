#!/usr/bin/env bash
# Proves the Debian package works where no Swift toolchain is: builds it (Tools/package.sh),
# installs it with dpkg -i, checks every installed file, decodes the spec's second example with
# the installed `bolt11` from a folder outside the checkout with only /usr/bin and /bin on PATH,
# and removes the package again. Before installing, lintian (installed with apt-get when missing)
# must report no error; its warnings are printed. The manual page must render (man -l) without a
# Markdown backtick, and Depends must carry versions. Then the static tarball: its bolt11 must
# be no dynamic executable and decode the same example with an empty environment. The start-up
# of each against a C no-op is printed (Tools/startup-bench.py). Needs root or sudo (dpkg). Checks on one
# machine take turns, and each waits for dpkg's lock if apt or dpkg holds it. Prints
# "package: ok" last.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

# dpkg "$@", waiting up to two minutes while another dpkg or apt holds dpkg's lock.
dpkg_waiting() {
  local errors tries=0
  errors=$(mktemp)
  until $sudo dpkg "$@" >/dev/null 2>"$errors"; do
    tries=$((tries + 1))
    # "dpkg frontend lock was locked by another process", "... database is locked by ...".
    if ! grep -q "locked by another process" "$errors" || [ "$tries" -ge 60 ]; then
      cat "$errors" >&2
      rm -f "$errors"
      return 1
    fi
    sleep 2
  done
  rm -f "$errors"
}

deb=$(Tools/package.sh | tail -n 1)
echo "package: $deb ($(du -h "$deb" | cut -f1))"

depends=$(dpkg-deb -f "$deb" Depends)
echo "package: Depends: $depends"
for library in libc6 libstdc++6 libgcc-s1; do
  if [[ ", $depends" != *", $library (>= "* ]]; then
    echo "package: Depends names no version of $library: $depends" >&2
    exit 1
  fi
done

if ! command -v lintian >/dev/null; then
  $sudo apt-get install -y --no-install-recommends lintian >/dev/null
fi
# Errors fail the check; warnings and notes are printed for the release note.
echo "package: lintian $(lintian --version | awk '{ print $2 }')"
lintian --fail-on error --display-info "$deb" 2>&1 | grep -v 'running with root privileges' |
  sed 's/^/  /' || true
lintian --fail-on error "$deb" >/dev/null 2>&1 || {
  echo "package: lintian reports errors" >&2
  exit 1
}
# The package is installed machine-wide: two clones' checks on one machine take turns from
# install to removal, rather than one removing what the other is checking.
# One file for the machine, read-only, so that any user can take it whoever made it.
lock=/tmp/swift-bolt11-package-check.lock
[ -e "$lock" ] || : >"$lock"
exec 9<"$lock"
flock -w 900 9 || { echo "package: another check held the lock for 15 minutes" >&2; exit 1; }
dpkg_waiting -i "$deb"
trap 'dpkg_waiting -r bolt11 || true' EXIT

for file in /usr/bin/bolt11 /usr/share/man/man1/bolt11.1.gz \
  /usr/share/bash-completion/completions/bolt11 /usr/share/zsh/vendor-completions/_bolt11 \
  /usr/share/fish/vendor_completions.d/bolt11.fish /usr/share/doc/bolt11/copyright \
  /usr/share/doc/bolt11/changelog.Debian.gz; do
  [ -s "$file" ] || { echo "package: $file is missing or empty" >&2; exit 1; }
done
if ldd /usr/bin/bolt11 | grep -i swift; then
  echo "package: the installed bolt11 needs a Swift library" >&2
  exit 1
fi
bash -c 'source /usr/share/bash-completion/completions/bolt11 && complete -p bolt11' >/dev/null
# The manual as man shows it: no Markdown left in it.
if MANWIDTH=80 man -l /usr/share/man/man1/bolt11.1.gz 2>/dev/null | grep -n '`'; then
  echo "package: the manual page shows Markdown backticks" >&2
  exit 1
fi

# "Please send $3 for a cup of coffee to the same peer, within one minute" (BOLT #11, Examples):
# 2500u is 250,000,000 msat, payee 03e7156a...
invoice=lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh
payee=03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad
elsewhere=$(mktemp -d)
output=$(cd "$elsewhere" && env -i PATH=/usr/bin:/bin sh -c '
  if command -v swift >/dev/null 2>&1; then echo "swift is on PATH" >&2; exit 1; fi
  bolt11 decode --json "$1"' sh "$invoice") || {
  echo "package: the installed bolt11 could not decode the spec's example" >&2
  exit 1
}
rmdir "$elsewhere"
secp_version=$(pkg-config --modversion libsecp256k1)
# The binary $1 decoded the example as $2, and its --version names the libsecp256k1 release it
# was built against.
check_decoded() {
  local expected
  for expected in '"valid":true' '"amount_msat":250000000' "\"payee\":\"$payee\""; do
    if ! grep -qF "$expected" <<<"$2"; then
      echo "package: $1 decode printed $2; expected $expected" >&2
      exit 1
    fi
  done
  if ! "$1" --version | grep -qF "(libsecp256k1 $secp_version)"; then
    echo "package: $1 --version does not name libsecp256k1 $secp_version: $("$1" --version)" >&2
    exit 1
  fi
}
check_decoded /usr/bin/bolt11 "$output"

# The start-up of one decode, against a C program that only starts: the installed binary, then
# the static one (reported, never asserted: Tools/startup-bench.py).
python3 Tools/startup-bench.py /usr/bin/bolt11 --runs 200 | sed 's/^/  /'

dpkg_waiting -r bolt11
trap - EXIT
if [ -e /usr/bin/bolt11 ]; then
  echo "package: /usr/bin/bolt11 is still there after dpkg -r" >&2
  exit 1
fi

# The static executable decodes the same example with an empty environment, from its unpacked
# tarball, and needs no library.
tarball=$(ls .build/package/bolt11-*-linux-static.tar.gz)
unpacked=$(mktemp -d)
tar -C "$unpacked" -xzf "$tarball"
static=$(ls "$unpacked"/*/bolt11)
# Beside it: an install note and the licence of everything it embeds.
for file in INSTALL LICENSE licenses/bolt11-libsecp256k1-swift-runtime licenses/Apache-2.0 \
  licenses/glibc licenses/libstdc++; do
  if [ ! -s "$(dirname "$static")/$file" ]; then
    echo "package: the static tarball has no $file" >&2
    exit 1
  fi
done
if ldd "$static" >/dev/null 2>&1; then
  echo "package: the static bolt11 is a dynamic executable" >&2
  exit 1
fi
output=$(cd "$unpacked" && env -i "$static" decode --json "$invoice") || {
  echo "package: the static bolt11 could not decode the spec's example" >&2
  exit 1
}
check_decoded "$static" "$output"
echo "package: $tarball ($(du -h "$tarball" | cut -f1)), static, decodes"
python3 Tools/startup-bench.py "$static" --runs 200 | sed 's/^/  /'
# How much of the start-up order (Tools/startup-order.txt) the build still has: when the count
# falls, Tools/startup-order.py writes the list anew.
listed=$(grep -c . Tools/startup-order.txt)
found=$(nm .build/static/release/bolt11 | awk '{print $NF}' | sort -u \
  | comm -12 - <(sort -u Tools/startup-order.txt) | wc -l)
echo "  start-up order: $found of the $listed symbols it lists are in the static build"
rm -rf "$unpacked"
echo "package: ok"
