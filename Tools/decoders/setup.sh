#!/usr/bin/env bash
# Installs the third-party decoders that Tools/decoders/*.py put behind the line protocol of
# `bolt11 vectors --decoder`, each apart from the others:
#
#   bolt11      PyPI `bolt11` 2.2.0, in the virtual environment .build/decoders/bolt11
#   pyln-proto  PyPI `pyln-proto` (Core Lightning's Python package), in .build/decoders/pyln-proto
#   electrum    Debian's `python3-electrum` (apt-get, as root), run with /usr/bin/python3
#   rust-lightning  PyPI `breez-sdk-liquid` 0.12.4, rust-lightning's `lightning-invoice` in a
#               compiled module (a binary wheel only: CPython 3.10 to 3.13 on x86_64 Linux with
#               glibc 2.31 or later), in .build/decoders/rust-lightning; its SDK also reads
#               BOLT 12 offers with rust-lightning's offer reader
#   b12od       PyPI `b12od` 0.1.3, a C decoder of BOLT 12 offers, in .build/decoders/b12od
#
# Usage: Tools/decoders/setup.sh [bolt11|pyln-proto|electrum|rust-lightning|b12od]...   (default: all)
# Each one that fails to install is reported and the others still go on; exits 1 when any failed.
# Needs network access to PyPI and Debian's archive; writes only under .build/decoders/ (and the
# system's packages, for electrum and, where Python's venv module is missing, python3-venv:
# apt-get as root, or through sudo).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=.build/decoders
mkdir -p "$root"
python=${PYTHON:-python3}
failed=0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
apt_install() {  # apt_install PACKAGE...: Debian's packages, quietly, logged
  command -v apt-get >/dev/null 2>&1 || return 1
  { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
    $sudo apt-get install -y -qq --no-install-recommends "$@"; } >>"$root/apt.log" 2>&1
}
# A fresh Debian has python3 without its venv module (the python3-venv package).
if ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
  apt_install python3-venv || echo "could not install python3-venv (see $root/apt.log)"
fi

venv() {  # venv NAME PACKAGE...
  local name=$1
  shift
  if [ -x "$root/$name/bin/python" ] && "$root/$name/bin/python" -c 'import sys' 2>/dev/null; then
    :
  else
    "$python" -m venv "$root/$name" || return 1
  fi
  "$root/$name/bin/python" -m pip install --quiet --disable-pip-version-check "$@"
}

for decoder in "${@:-bolt11 pyln-proto electrum rust-lightning b12od}"; do
  for name in $decoder; do
    case $name in
      bolt11) venv bolt11 'bolt11==2.2.0' 'bitstring<5' ;;
      pyln-proto) venv pyln-proto 'pyln-proto==26.6.9' 'bitstring<5' ;;
      rust-lightning) venv rust-lightning 'breez-sdk-liquid==0.12.4' --only-binary=:all: ;;
      b12od) venv b12od 'b12od==0.1.3' ;;
      electrum)
        /usr/bin/python3 -c 'import electrum' 2>/dev/null || apt_install python3-electrum
        ;;
      *) echo "unknown decoder $name (bolt11, pyln-proto, electrum, rust-lightning or b12od)" >&2; false ;;
    esac
    if [ $? -eq 0 ]; then echo "ok: $name"; else echo "FAILED: $name did not install"; failed=1; fi
  done
done
exit $failed
