#!/usr/bin/env python3
"""Differential check of BOLT 12 offers: our reader against the reference offer decoders.

Every string of BOLT 12's offers-test.json and format-string-test.json, of Vectors/bolt12.json
(those read without options) and of Tools/differential/bolt12-offers.json (offers found in
public projects, each with its repository and path) goes through the line protocol of
`bolt11 vectors --decoder` to our decoder (`bolt11 decode --protocol`) and to each reference
that Tools/decoders/setup.sh installed: rust-lightning's offer reader (PyPI breez-sdk-liquid)
and b12od (PyPI). A disagreement is a different verdict, or a field both give with different
values. Each must be explained by an entry of the `bolt12` list of
Tools/decoders/known-divergences.json, or the check fails; so does our verdict on a spec string
or a vector that differs from the one it states.

An entry matches a disagreement when all it gives hold: `decoder`; `ours` (our error code, or
`valid`); `ours_field` (the `field` of our error); `theirs` (`valid` or `invalid`); `differs`
(the field whose values differ, for two valid answers); `when` (conditions on the string:
`plus`, a `+` join; `excess_padding`, more than 4 bits of padding).

Usage: Tools/differential/bolt12.py [--bolt11 PATH] [--decoders rust-lightning,b12od]
                                   [--report FILE.jsonl]
Exits 0 when every disagreement is explained, 1 otherwise, 2 when no reference is installed."""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REFERENCES = {"rust-lightning": ("rust-lightning", "breez_sdk_liquid"), "b12od": ("b12od", "b12od")}
# The fields compared when both answers give them.
FIELDS = ["offer_chains", "offer_metadata", "offer_currency", "offer_amount", "offer_amount_msat",
          "offer_description", "offer_features", "offer_absolute_expiry", "offer_paths",
          "offer_issuer", "offer_quantity_max", "offer_issuer_id"]
CONDITIONS = {
    "plus": lambda text: "+" in text,
    "excess_padding": lambda text: excess_padding(text),
}


def excess_padding(text):
    data = "".join(text.lower().replace("+", "").split())[4:]
    return len(data) * 5 % 8 > 4


class Decoder:
    """One decoder of the line protocol, asked one string at a time."""

    def __init__(self, name, command):
        self.name = name
        self.process = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, cwd=ROOT)
        self.next_id = 0

    def ask(self, text):
        self.next_id += 1
        request = {"id": self.next_id, "kind": "bolt12", "string": text, "options": {}}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.name} ended without answering")
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def strings():
    """(origin, string, the expected verdict or None): the spec's offers and string forms, our
    own vectors' (those without options), then the offers of public projects."""
    with open(os.path.join(ROOT, "Vectors", "spec", "bolt12", "offers-test.json"),
              encoding="utf-8") as handle:
        for entry in json.load(handle):
            yield f"offers-test.json: {entry['description']}", entry["bolt12"], entry["valid"]
    with open(os.path.join(ROOT, "Vectors", "spec", "bolt12", "format-string-test.json"),
              encoding="utf-8") as handle:
        for entry in json.load(handle):
            yield f"format-string-test.json: {entry['comment']}", entry["string"], entry["valid"]
    with open(os.path.join(ROOT, "Vectors", "bolt12.json"), encoding="utf-8") as handle:
        for entry in json.load(handle)["vectors"]:
            if entry.get("kind") == "bolt12" and not entry.get("options"):
                yield f"bolt12.json: {entry['name']}", entry["string"], entry["valid"]
    with open(os.path.join(ROOT, "Tools", "differential", "bolt12-offers.json"),
              encoding="utf-8") as handle:
        for entry in json.load(handle)["offers"]:
            yield f"{entry['repository']}/{entry['path']}", entry["string"], None


def disagreements(ours, theirs):
    """What differs between our answer and a reference's, as dicts."""
    if "unsupported" in theirs:
        return []
    our_valid, their_valid = bool(ours.get("valid")), bool(theirs.get("valid"))
    if our_valid != their_valid:
        error = ours.get("error") or {}
        return [{"ours": "valid" if our_valid else error.get("code"),
                 "ours_field": error.get("field"),
                 "theirs": "valid" if their_valid else "invalid",
                 "their_message": (theirs.get("error") or {}).get("message")}]
    if not our_valid:
        return []
    return [{"ours": "valid", "theirs": "valid", "differs": key,
             "our_value": ours[key], "their_value": theirs[key]}
            for key in FIELDS if key in ours and key in theirs and ours[key] != theirs[key]]


def explained(known, decoder, text, difference):
    for entry in known:
        if entry["decoder"] != decoder:
            continue
        if any(key in entry and entry[key] != difference.get(key)
               for key in ("ours", "ours_field", "theirs", "differs")):
            continue
        if all(CONDITIONS[condition](text) for condition in entry.get("when", [])):
            return entry["id"]
    return None


def built_bolt11(given):
    """The bolt11 to run: `given`, or swift build's (built first)."""
    if given is not None:
        return given
    subprocess.run(["swift", "build", "--product", "bolt11"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "bolt11")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bolt11", help="a built bolt11 (default: swift build's)")
    parser.add_argument("--decoders", default="rust-lightning,b12od")
    parser.add_argument("--report", help="write every disagreement as JSON lines here")
    arguments = parser.parse_args()
    bolt11 = built_bolt11(arguments.bolt11)
    with open(os.path.join(ROOT, "Tools", "decoders", "known-divergences.json"),
              encoding="utf-8") as handle:
        known = json.load(handle)["bolt12"]
    for entry in known:
        unknown = set(entry.get("when", [])) - set(CONDITIONS)
        assert not unknown, f"{entry['id']}: no condition {unknown}"

    references = []
    for name in arguments.decoders.split(","):
        venv, module = REFERENCES[name]
        python = os.path.join(ROOT, ".build", "decoders", venv, "bin", "python")
        if subprocess.run([python, "-c", f"import {module}"], capture_output=True).returncode:
            print(f"bolt12 differential: {name} is not installed (Tools/decoders/setup.sh {name})")
            continue
        references.append(Decoder(name, f"Tools/decoders/run {name}"))
    if not references:
        print("bolt12 differential: no reference decoder installed")
        return 2
    ours = Decoder("ours", f"'{bolt11}' decode --protocol")

    failures, explained_count, cases, report = [], {}, 0, []
    for origin, text, spec_valid in strings():
        cases += 1
        our_answer = ours.ask(text)
        if spec_valid is not None and bool(our_answer.get("valid")) != spec_valid:
            failures.append(f"ours: {origin}: expected valid={spec_valid}")
        for reference in references:
            for difference in disagreements(our_answer, reference.ask(text)):
                entry = explained(known, reference.name, text, difference)
                record = {"decoder": reference.name, "origin": origin, "string": text,
                          "explained_by": entry, **difference}
                report.append(record)
                if entry is None:
                    failures.append(f"{reference.name}: {origin}: "
                                    + json.dumps({k: v for k, v in difference.items()
                                                  if v is not None})[:300])
                else:
                    explained_count[entry] = explained_count.get(entry, 0) + 1
    for decoder in references + [ours]:
        decoder.close()
    if arguments.report:
        with open(arguments.report, "w", encoding="utf-8") as handle:
            for record in report:
                handle.write(json.dumps(record) + "\n")
    names = ", ".join(reference.name for reference in references)
    print(f"bolt12 differential: {cases} strings, ours against {names}: "
          f"{len(report)} disagreements, {sum(explained_count.values())} explained")
    for entry, count in sorted(explained_count.items()):
        print(f"  explained: {entry} ({count})")
    for failure in failures:
        print(f"  UNEXPLAINED {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
