#!/usr/bin/env python3
"""Writes BOLT 12's offers-test.json (a top-level array, as published) as a vector file of kind
`bolt12` that `bolt11 vectors --decoder` can put to external decoders: each entry's `bolt12`
string and `valid` verdict, named by its `description`. The published field lists are not
carried: decoders are compared on verdicts, and on fields through Vectors/bolt12.json.

Usage: Tools/decoders/spec_offers.py [OUTPUT]   (default: standard output)"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "..", "..", "Vectors", "spec", "bolt12", "offers-test.json")


def vectors():
    with open(SPEC, encoding="utf-8") as file:
        published = json.load(file)
    return [{"name": entry["description"], "kind": "bolt12", "string": entry["bolt12"],
             "valid": entry["valid"]} for entry in published]


def main():
    document = {"description": "BOLT 12's offers-test.json, verdicts only",
                "source": "Vectors/spec/bolt12/offers-test.json", "vectors": vectors()}
    text = json.dumps(document, indent=1) + "\n"
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w", encoding="utf-8") as file:
            file.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
