#!/usr/bin/env python3
"""Fails when a `// BOLT 11: "..."` (or BOLT 1, BOLT 4, BOLT 9, BOLT 12, BIP-173, BIP-350, BIP-321, LUD-01,
LUD-16, LUD-17) quote in Sources/ no longer
matches the pinned spec text in Vectors/spec (or $SPEC_DIR).

Quotes may span several comment lines and may join a spec requirement to its parent bullet
("if ...: MUST ..."): list markers and white space are folded on both sides before comparing.
Exit 0 when every quote is found, 1 otherwise, 2 when the spec folder is missing.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC_DIR = os.environ.get("SPEC_DIR", os.path.join(ROOT, "Vectors", "spec"))
SPECS = {
    "BOLT 11": "bolt-11-payment-encoding.md",
    "BOLT 9": "bolt-09-features.md",
    "BIP-173": "bip-0173.mediawiki",
    "BIP-350": "bip-0350.mediawiki",
    "BIP-321": "bip-0321.mediawiki",
    "BOLT 12": "bolt-12-offer-encoding.md",
    "BOLT 1": "bolt-01-messaging.md",
    "BOLT 4": "bolt-04-onion-routing.md",
    "LUD-01": "lud-01.md",
    "LUD-16": "lud-16.md",
    "LUD-17": "lud-17.md",
}


def fold(text):
    text = re.sub(r"(?m)^\s*[-*]\s+", " ", text)  # list markers
    text = re.sub(r"\s+-\s+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def quotes(path):
    """Yields (line, spec, quote) for each quote, joining continued comment lines."""
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        match = re.match(r'\s*//\s*(BOLT 11|BOLT 9|BOLT 12|BOLT 1|BOLT 4|BIP-173|BIP-350|BIP-321|LUD-01|LUD-16|LUD-17):\s*(.*)$', lines[index])
        if not match:
            index += 1
            continue
        start, spec, text = index + 1, match.group(1), match.group(2)
        while text.count('"') % 2 == 1 and index + 1 < len(lines):
            index += 1
            continuation = re.match(r"\s*//\s?(.*)$", lines[index])
            if not continuation:
                break
            text += " " + continuation.group(1)
        for quoted in re.findall(r'"([^"]+)"', text):
            yield start, spec, quoted
        index += 1


def main():
    if not os.path.isdir(SPEC_DIR):
        print(f"check-spec-quotes: no spec folder at {SPEC_DIR}", file=sys.stderr)
        return 2
    texts = {name: fold(open(os.path.join(SPEC_DIR, f), encoding="utf-8").read())
             for name, f in SPECS.items()}
    checked, missing = 0, []
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            for line, spec, quote in quotes(path):
                checked += 1
                # A quote may elide with "..." between spec phrases.
                parts = [fold(part) for part in quote.split("...") if part.strip()]
                if not all(part in texts[spec] for part in parts):
                    missing.append(f"{os.path.relpath(path, ROOT)}:{line}: {spec}: \"{quote}\"")
    for entry in missing:
        print("not in the spec:", entry)
    print(f"{checked - len(missing)} passed, {len(missing)} failed")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
