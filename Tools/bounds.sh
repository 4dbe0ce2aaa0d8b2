#!/usr/bin/env bash
# Shows that decoding cost grows linearly with input length up to the 7089-character cap, and that
# a longer input is refused before any Bech32 work, by counting instructions (callgrind), not time.
#
#   Tools/bounds.sh [LENGTH...]        (default: 1000 2000 3000 4000 5000 6000 7089)
#
# For each worst-case shape (Tools/bounds/BoundsProbe.swift: thousands of tiny fields, maximum-
# length descriptions, deep routes, many fallbacks, a 1023-character feature field, a mix, and an
# input that fails after reading every field), a release build of the probe decodes one invoice of
# each length under callgrind, counting only `measuredDecode` (--toggle-collect); the payment-string
# shapes (a URI of many parameters or escapes, an offer of one-character `+` parts, a long LNURL, a
# long Lightning Address) are read by `PaymentString(parsing:)` at 100 times each length. The table gives
# instructions per character. The check: the marginal cost per character over the upper half of
# the lengths is at most 1.5 times that over the lower half (a quadratic step would make it about
# 2.4 times), and refusing a 10 MB input costs at most twice what refusing a 7090-character one
# does (a Bech32 pass over 10 MB would cost thousands of times more). Exits 1 when a check fails.
# Needs valgrind (installed with apt-get when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v valgrind >/dev/null 2>&1; then
  echo "bounds: installing valgrind" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends valgrind >&2 \
    || { $sudo apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive \
      $sudo apt-get install -y -qq --no-install-recommends valgrind >&2; }
fi

lengths=("$@")
[ ${#lengths[@]} -gt 0 ] || lengths=(1000 2000 3000 4000 5000 6000 7089)
out=.build/tools-release
# The Swift modules of the release build Tools/package.sh made, when current (build-swift.sh).
Tools/build-swift.sh --reuse .build/release "$out" bounds-probe "Bolt11 PaymentInput TestSupport" \
  Tools/bounds/BoundsProbe.swift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# instructions KIND LENGTH: the input's real length and the instructions executed inside
# measuredDecode.
instructions() {
  valgrind --tool=callgrind --toggle-collect='*measuredDecode*' \
    --callgrind-out-file="$work/cg" "$out/bounds-probe" "$1" "$2" >"$work/probe" 2>/dev/null
  printf '%s %s\n' "$(awk '{ print $1; exit }' "$work/probe")" \
    "$(awk '/^(summary|totals):/ { print $2; exit }' "$work/cg")"
}

status=0
printf '%-13s' "shape"
for length in "${lengths[@]}"; do printf '%9s' "$length"; done
printf '   (instructions per character)\n'
# The payment-string shapes run at 100 times each length (100,000 to 708,900 characters): the
# classifier has no length cap, so it must be linear at any length.
for kind in tiny descriptions routes fallbacks features mixed late-error \
  uri-params uri-percent offer-plus lnurl address-at; do
  counts=() actual=()
  printf '%-13s' "$kind"
  for length in "${lengths[@]}"; do
    read -r real count < <(instructions "$kind" "$length")
    counts+=("$count")
    actual+=("$real")
    printf '%9s' "$((count / real))"
  done
  first=0 middle=$(( ${#lengths[@]} / 2 )) last=$(( ${#lengths[@]} - 1 ))
  verdict=$(awk -v c0="${counts[$first]}" -v c1="${counts[$middle]}" -v c2="${counts[$last]}" \
    -v l0="${actual[$first]}" -v l1="${actual[$middle]}" -v l2="${actual[$last]}" 'BEGIN {
      low = (c1 - c0) / (l1 - l0); high = (c2 - c1) / (l2 - l1)
      ratio = low > 0 ? high / low : 1
      printf "%s marginal %.0f -> %.0f per char (x%.2f)", (ratio <= 1.5 ? "ok" : "FAIL"), low, high,
        ratio
    }')
  printf '   %s\n' "$verdict"
  case $verdict in FAIL*) status=1 ;; esac
done

read -r _ short < <(instructions too-long 7090)
read -r _ long < <(instructions too-long 10000000)
if [ "$long" -le $((2 * short)) ]; then verdict=ok; else verdict=FAIL; status=1; fi
printf 'refusal      7090 chars: %s instructions; 10 MB: %s instructions   %s\n' \
  "$short" "$long" "$verdict"
exit $status
