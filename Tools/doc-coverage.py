#!/usr/bin/env python3
"""Lists the public symbols without a doc comment in symbol graphs.

Usage: doc-coverage.py [--strict] SYMBOL_GRAPH_DIR MODULE...

Reads MODULE.symbols.json and MODULE@*.symbols.json (extensions of other modules' types) and
prints, per module, how many public symbols it has and which lack a doc comment (file, symbol,
kind). Symbols the compiler synthesizes (no source location) are not counted. With --strict, it
exits 1 when any symbol lacks one.
"""
import glob
import json
import os
import sys


def main(arguments):
    strict = "--strict" in arguments
    arguments = [a for a in arguments if a != "--strict"]
    if len(arguments) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    directory, modules = arguments[0], arguments[1:]
    missing_total = 0
    for module in modules:
        paths = glob.glob(os.path.join(directory, module + ".symbols.json"))
        paths += glob.glob(os.path.join(directory, module + "@*.symbols.json"))
        if not paths:
            print(f"{module}: no symbol graph in {directory}", file=sys.stderr)
            return 2
        total, missing = 0, []
        for path in paths:
            with open(path, encoding="utf-8") as file:
                graph = json.load(file)
            for symbol in graph["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                location = symbol.get("location", {}).get("uri")
                if location is None:
                    continue
                total += 1
                if not symbol.get("docComment"):
                    missing.append((os.path.basename(location), ".".join(symbol["pathComponents"]),
                                    symbol["kind"]["identifier"]))
        print(f"{module}: {total} public symbols, {len(missing)} without a doc comment")
        for file_name, name, kind in sorted(missing):
            print(f"  {file_name}: {name} ({kind})")
        missing_total += len(missing)
    return 1 if strict and missing_total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
