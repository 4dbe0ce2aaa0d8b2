#!/usr/bin/env python3
"""Checks Vectors/requirements.json against the pinned spec and the vector files.

Fails when a requirement's quote no longer matches the spec text at (or within a few lines of) its
line, when a vector names a rule id that requirements.json does not define, when an invoice vector
names no rule, and when a testable requirement has no vector naming it. Not-testable requirements
must give a reason. The spec folder is Vectors/spec (or $SPEC_DIR); Vectors/ is the default.
Exit 0 when everything holds, 1 otherwise, 2 when a file is missing or not JSON.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC_DIR = os.environ.get("SPEC_DIR", os.path.join(ROOT, "Vectors", "spec"))
KINDS = {"reader-must", "reader-should", "reader-may", "writer-observable", "contract",
         "not-testable"}
NEAR = 3  # lines a quote may have moved before it counts as changed


def fold(text):
    """List markers and white space folded, as in check-spec-quotes.py."""
    text = re.sub(r"(?m)^\s*[-*]\s+", " ", text)
    text = re.sub(r"\s+-\s+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def quote_problem(requirement, spec_lines):
    """None when the quote starts at its line (or near it), else what is wrong."""
    line, quote = requirement.get("line"), requirement.get("quote")
    if not isinstance(line, int) or not isinstance(quote, str) or not quote.strip():
        return "needs a quote and a line"
    wanted = fold(quote)
    span = quote.count("\n") + 4
    for start in range(max(0, line - 1 - NEAR), min(len(spec_lines), line + NEAR)):
        if not spec_lines[start].strip():
            continue  # a quote starts on text: a blank line before it would fold away
        if fold("\n".join(spec_lines[start:start + span])).startswith(wanted):
            return None if start == line - 1 else f"quote moved to line {start + 1}"
    return f"quote not found at line {line}"


def main(argv):
    folder = argv[1] if len(argv) > 1 else os.path.join(ROOT, "Vectors")
    path = os.path.join(folder, "requirements.json")
    try:
        document = json.load(open(path, encoding="utf-8"))
        requirements = document["requirements"]
    except (OSError, ValueError, KeyError) as error:
        print(f"check-requirements: cannot read {path}: {error}", file=sys.stderr)
        return 2
    failures = {"requirements": [], "vectors": [], "coverage": []}
    passed = {"requirements": 0, "vectors": 0, "coverage": 0}
    specs, ids = {}, {}
    for requirement in requirements:
        rid, kind = requirement.get("id"), requirement.get("kind")
        problems = []
        if not isinstance(rid, str) or rid in ids:
            problems.append("missing or duplicate id")
        if kind not in KINDS:
            problems.append(f"unknown kind {kind!r}")
        if kind == "not-testable" and not requirement.get("reason"):
            problems.append("not-testable without a reason")
        if kind != "contract":
            name = requirement.get("file", "")
            if name not in specs:
                try:
                    specs[name] = open(os.path.join(SPEC_DIR, name), encoding="utf-8").read()
                except OSError:
                    specs[name] = None
            if specs[name] is None:
                problems.append(f"no spec file {name!r} in {SPEC_DIR}")
            else:
                problem = quote_problem(requirement, specs[name].split("\n"))
                if problem:
                    problems.append(problem)
        ids[rid] = kind
        if problems:
            failures["requirements"].append(f"{rid}: " + "; ".join(problems))
        else:
            passed["requirements"] += 1

    named = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json") or name == "requirements.json":
            continue
        try:
            vectors = json.load(open(os.path.join(folder, name), encoding="utf-8"))["vectors"]
        except (OSError, ValueError, KeyError) as error:
            print(f"check-requirements: cannot read {name}: {error}", file=sys.stderr)
            return 2
        for index, vector in enumerate(vectors):
            label = f"{name}: {vector.get('name', '#' + str(index))}"
            rules = vector.get("rules", [])
            unknown = [rule for rule in rules if rule not in ids]
            if unknown:
                failures["vectors"].append(f"{label}: unknown rule id(s) {', '.join(unknown)}")
            elif not rules and vector.get("kind", "invoice") == "invoice":
                failures["vectors"].append(f"{label}: names no rule")
            else:
                passed["vectors"] += 1
            for rule in rules:
                named.setdefault(rule, []).append(label)

    for rid, kind in ids.items():
        if kind == "not-testable":
            continue
        if rid in named:
            passed["coverage"] += 1
        else:
            failures["coverage"].append(f"{rid}: no vector names it")

    for group, entries in failures.items():
        for entry in entries:
            print(f"{group}: {entry}")
    testable = sum(1 for kind in ids.values() if kind != "not-testable")
    print(f"{len(ids)} requirements, {testable} testable, {len(ids) - testable} not testable")
    for group in failures:
        print(f"{group}: {passed[group]} passed, {len(failures[group])} failed")
    return 1 if any(failures.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
