#!/usr/bin/env bash
# Installs what the package needs from the system: libsecp256k1 (with its pkg-config file) and
# pkg-config. Does nothing when both are already there. Debian/Ubuntu (apt-get), as root or with sudo.
set -euo pipefail

if pkg-config --exists libsecp256k1 2>/dev/null; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: libsecp256k1 and pkg-config are missing and apt-get is not available;" >&2
  echo "setup: install them with your package manager (e.g. brew install secp256k1 pkg-config)." >&2
  exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: run as root or install sudo" >&2; exit 1; }
  sudo="sudo"
fi

echo "setup: installing libsecp256k1-dev and pkg-config" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends libsecp256k1-dev pkg-config >&2
pkg-config --exists libsecp256k1
