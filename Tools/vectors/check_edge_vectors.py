#!/usr/bin/env python3
"""Cross-check the valid vectors of Vectors/bolt11-edge.json with an independent decoder.

Every valid vector is decoded by the BOLT 11 reference decoder of check_spec_vectors.py (pure
Python: BIP-173 reference code, its own secp256k1 recovery) and, for the payee, by coincurve when
installed; every key of "expect" must match (except "warnings", which that decoder does not
compute). Invalid vectors are not checked here: that decoder does not implement every strict rule
of the contract (padding, 64-bit limits, caller options), so their codes are argued in the
generator, Tools/edge-vectors/main.swift. Last line: "N passed, N failed".

Usage: check_edge_vectors.py [PATH]   (default: Vectors/bolt11-edge.json beside this folder)
"""
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_spec_vectors as ref  # noqa: E402

try:
  import coincurve
except ImportError:
  coincurve = None


def has_n_field(text):
  """Whether the invoice states its payee (then the reference decoder verifies against n)."""
  _, data, _ = ref.decode_generic(text)
  index, end = 7, len(data) - ref.SIG_WORDS
  while index + 3 <= end:
    if ref.CHARSET[data[index]] == "n":
      return True
    index += 3 + data[index + 1] * 32 + data[index + 2]
  return False


def main():
  here = os.path.dirname(os.path.abspath(__file__))
  path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "Vectors",
                                                             "bolt11-edge.json")
  passed = failed = 0
  for vec in json.load(open(path, encoding="utf-8"))["vectors"]:
    if not vec.get("valid"):
      continue
    text = vec["invoice"].strip()
    if text.lower().startswith("lightning:"):
      text = text[len("lightning:"):]
    options = vec.get("options", {})
    problems = []
    try:
      out, details = ref.bolt11_decode(text, options.get("mode", "strict"),
                                       options.get("description"))
    except ref.DecodeError as error:
      problems.append("reference decoder refuses it: %s" % error)
      out, details = {}, None
    for key, value in vec["expect"].items() if details else []:
      if key == "warnings":
        continue
      got = out.get(key, [] if key in ("fallbacks", "routes", "extra") else None)
      if got != value:
        problems.append("%s: reference %r, vector %r" % (key, got, value))
    if details and coincurve and not has_n_field(text):
      sig65 = details["sig65"]
      if sig65[64] <= 3:
        try:
          key = coincurve.PublicKey.from_signature_and_message(
              bytes(sig65), details["digest"], hasher=None).format().hex()
          stated = vec["expect"].get("payee")
          if key != stated:
            problems.append("coincurve recovers %s, vector says %s" % (key, stated))
        except Exception as error:  # noqa: BLE001
          problems.append("coincurve: %s" % error)
    if problems:
      failed += 1
      print("FAIL %s: %s" % (vec["name"], "; ".join(problems)))
    else:
      passed += 1
  print("%d passed, %d failed" % (passed, failed))
  return 1 if failed else 0


if __name__ == "__main__":
  sys.exit(main())
