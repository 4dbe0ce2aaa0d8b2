#!/usr/bin/env python3
"""Differential check of BOLT 12 invoice requests and invoices collected from public projects.

No decoder installable here reads an `lni`, or an `lnr` that answers an offer, so each string of
Tools/differential/bolt12-signed.json (with the repository, path, line and commit it was read
at, and the verdict of that project's own test) is judged three ways:

- our reader, through the line protocol of `bolt11 vectors --decoder` (`bolt11 decode
  --protocol`): valid, or the code of the first rule it breaks, and its `merkle_root`;
- the independent check Tools/bolt12-reference/check.py, which shares no code with the library:
  the Merkle root of BOLT 12's "Signature Calculation" and the BIP-340 signature through
  libsecp256k1;
- the source project's verdict (`source_verdict`).

A disagreement is one of:

- `verdict`: our verdict is not the project's;
- `signature`: we accept a string whose signature the check does not verify or whose root
  differs from the check's, or we refuse one with `bolt12.signature_invalid` that it verifies;
  or the project's test checks the signature of a string (`source_checks_signature`) and calls
  it valid, and the check does not verify it;
- `tree`: the signature verifies only when the records of types 241 to 1000 are leaves too
  (the tree Eclair and lightning-kmp sign), whatever our verdict.

Each must be explained by an entry of the `bolt12_signed` list of
Tools/decoders/known-divergences.json that names the string in `strings` and, when it gives
them, the same `disagreement`, `ours` (our code, or `valid`) and `source` (`valid` or
`invalid`); otherwise the check fails, as it does for an entry that explains nothing.

Usage: Tools/differential/bolt12_signed.py [--bolt11 PATH] [--report FILE.jsonl]
Exits 0 when every disagreement is explained, 1 otherwise. Needs python3 and libsecp256k1 (for
the check), no network; a second or two."""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tools", "bolt12-reference"))
import check  # noqa: E402  (Tools/bolt12-reference/check.py)
from bolt12 import built_bolt11  # noqa: E402  (Tools/differential/bolt12.py)

# The tree of writers that leave out only the signature record (240) and keep every other
# record of 241 to 1000 as a leaf.
ONLY_SIGNATURE = range(240, 241)


def reference(text, secp):
    """The independent check: the spec's root and signature verdict, and whether the
    signature verifies over the other tree."""
    answer = check.check(text, secp)
    answer["other_tree_valid"] = None
    hrp, data = check.string_bytes(text)
    stream = check.records(data)
    signature = next((value for kind, _, _, value in stream if kind == 240), None)
    if hrp in check.SIGNED_BY and signature is not None and answer["signer"]:
        key_type, name = check.SIGNED_BY[hrp]
        root = check.merkle_root(stream, left_out=ONLY_SIGNATURE)
        key = bytes.fromhex(answer["signer"])
        digest = check.tagged(b"lightning" + name.encode() + b"signature", root)
        answer["other_tree_valid"] = len(key) == 33 and len(signature) == 64 \
            and secp.verify(signature, digest, key[1:])
    return answer


def disagreements(entry, ours, theirs):
    """What differs, as dicts with `disagreement`, `ours` and `source`."""
    our_valid = bool(ours.get("valid"))
    code = "valid" if our_valid else (ours.get("error") or {}).get("code")
    base = {"ours": code, "source": entry["source_verdict"]}
    found = []
    if our_valid != (entry["source_verdict"] == "valid"):
        found.append({"disagreement": "verdict", **base})
    if our_valid and (theirs["signature_valid"] is False
                      or ours.get("merkle_root") != theirs["merkle_root"]):
        found.append({"disagreement": "signature", **base,
                      "our_root": ours.get("merkle_root"), "their_root": theirs["merkle_root"],
                      "their_signature_valid": theirs["signature_valid"]})
    if code == "bolt12.signature_invalid" and theirs["signature_valid"]:
        found.append({"disagreement": "signature", **base, "their_signature_valid": True})
    if entry.get("source_checks_signature") and entry["source_verdict"] == "valid" \
            and theirs["signature_valid"] is False:
        found.append({"disagreement": "signature", **base, "their_signature_valid": False,
                      "against": "the project's signature check"})
    if theirs["signature_valid"] is False and theirs["other_tree_valid"]:
        found.append({"disagreement": "tree", **base})
    return found


def explained(known, text, difference):
    for entry in known:
        if text not in entry["strings"]:
            continue
        if any(key in entry and entry[key] != difference[key]
               for key in ("disagreement", "ours", "source")):
            continue
        return entry["id"]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bolt11", help="a built bolt11 (default: swift build's)")
    parser.add_argument("--report", help="write every string's three verdicts as JSON lines here")
    arguments = parser.parse_args()
    bolt11 = built_bolt11(arguments.bolt11)
    with open(os.path.join(ROOT, "Tools", "differential", "bolt12-signed.json"),
              encoding="utf-8") as handle:
        entries = json.load(handle)["strings"]
    with open(os.path.join(ROOT, "Tools", "decoders", "known-divergences.json"),
              encoding="utf-8") as handle:
        known = json.load(handle)["bolt12_signed"]

    secp = check.Secp256k1()
    ours = subprocess.Popen([bolt11, "decode", "--protocol"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    failures, used, report, counts = [], {}, [], {"valid": 0, "invalid": 0}
    for number, entry in enumerate(entries, 1):
        text = entry["string"]
        ours.stdin.write(json.dumps({"id": number, "kind": "bolt12", "string": text,
                                     "options": {}}) + "\n")
        ours.stdin.flush()
        line = ours.stdout.readline()
        if not line:
            print("bolt12 signed differential: our decoder ended without answering")
            return 1
        our_answer = json.loads(line)
        counts["valid" if our_answer.get("valid") else "invalid"] += 1
        theirs = reference(text, secp)
        origin = f"{entry['repository']}/{entry['path']}:{entry['line']}"
        found = disagreements(entry, our_answer, theirs)
        record = {"origin": origin, "commit": entry["commit"], "string": text,
                  "ours": "valid" if our_answer.get("valid")
                  else (our_answer.get("error") or {}).get("code"),
                  "our_root": our_answer.get("merkle_root"), "their_root": theirs["merkle_root"],
                  "their_signature_valid": theirs["signature_valid"],
                  "other_tree_valid": theirs["other_tree_valid"],
                  "source": entry["source_verdict"], "disagreements": []}
        for difference in found:
            entry_id = explained(known, text, difference)
            record["disagreements"].append({**difference, "explained_by": entry_id})
            if entry_id is None:
                failures.append(f"{origin}: {json.dumps(difference)[:300]}")
            else:
                used[entry_id] = used.get(entry_id, 0) + 1
        report.append(record)
    ours.stdin.close()
    ours.wait(timeout=30)
    for entry in known:
        if entry["id"] not in used:
            failures.append(f"known divergence {entry['id']} explains nothing any more")
    if arguments.report:
        with open(arguments.report, "w", encoding="utf-8") as handle:
            for record in report:
                handle.write(json.dumps(record) + "\n")
    total = sum(len(record["disagreements"]) for record in report)
    print(f"bolt12 signed differential: {len(entries)} strings of public projects "
          f"({counts['valid']} valid for us, {counts['invalid']} invalid), ours against the "
          f"independent check and each project's verdict: {total} disagreements, "
          f"{sum(used.values())} explained")
    for entry_id, count in sorted(used.items()):
        print(f"  explained: {entry_id} ({count})")
    for failure in failures:
        print(f"  UNEXPLAINED {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
