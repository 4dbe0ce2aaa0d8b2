#!/usr/bin/env bash
# Formats the package with the toolchain's swift-format and the checked-in .swift-format.
# `Tools/format.sh --lint` only reports, and exits non-zero on any finding (what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Tools)
if [ "${1:-}" = "--lint" ]; then
  exec swift format lint --strict --recursive --parallel "${paths[@]}"
fi
exec swift format format --in-place --recursive --parallel "${paths[@]}"
