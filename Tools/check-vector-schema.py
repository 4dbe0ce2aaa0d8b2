#!/usr/bin/env python3
"""Validates every Vectors/*.json file against its JSON Schema in Vectors/schema/.

requirements.json against requirements.schema.json, every other file against
vector-file.schema.json. Standard library only: it implements the subset of JSON Schema (2020-12)
the two schemas use, and refuses a schema keyword outside that subset rather than ignore it.
Exit 0 when every file is valid, 1 otherwise, 2 when a file is missing or not JSON.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def is_type(value, name):
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


class Validator:
    def __init__(self, schema):
        self.root = schema

    def resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError(f"unsupported $ref {ref}")
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def errors(self, value, schema, where="$"):
        """Yields a message for each way `value` breaks `schema`."""
        for key in schema:
            if key not in ANNOTATIONS and key not in KEYWORDS:
                raise ValueError(f"schema keyword {key!r} is outside the supported subset")
        if "$ref" in schema:
            yield from self.errors(value, self.resolve(schema["$ref"]), where)
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(is_type(value, name) for name in names):
                yield f"{where}: not of type {'/'.join(names)}"
                return
        if "enum" in schema and value not in schema["enum"]:
            yield f"{where}: {value!r} not one of {schema['enum']}"
        if isinstance(value, str):
            if len(value) < schema.get("minLength", 0):
                yield f"{where}: shorter than {schema['minLength']}"
            if "pattern" in schema and not re.search(schema["pattern"], value):
                yield f"{where}: {value!r} does not match {schema['pattern']}"
        if is_type(value, "number") and "minimum" in schema and value < schema["minimum"]:
            yield f"{where}: below {schema['minimum']}"
        if isinstance(value, list):
            if len(value) < schema.get("minItems", 0):
                yield f"{where}: fewer than {schema['minItems']} items"
            if schema.get("uniqueItems"):
                seen = [json.dumps(item, sort_keys=True) for item in value]
                if len(set(seen)) != len(seen):
                    yield f"{where}: items repeat"
            if "items" in schema:
                for index, item in enumerate(value):
                    yield from self.errors(item, schema["items"], f"{where}[{index}]")
        if isinstance(value, dict):
            for key in schema.get("required", []):
                if key not in value:
                    yield f"{where}: no {key!r}"
            properties = schema.get("properties", {})
            for key, item in value.items():
                if key in properties:
                    yield from self.errors(item, properties[key], f"{where}.{key}")
                elif schema.get("additionalProperties") is False:
                    yield f"{where}: unexpected key {key!r}"
        if "oneOf" in schema:
            matching = sum(1 for option in schema["oneOf"] if self.valid(value, option))
            if matching != 1:
                yield f"{where}: matches {matching} of oneOf, not exactly 1"
        for part in schema.get("allOf", []):
            yield from self.errors(value, part, where)
        if "if" in schema:
            branch = schema.get("then" if self.valid(value, schema["if"]) else "else")
            if branch is not None:
                yield from self.errors(value, branch, where)

    def valid(self, value, schema):
        return next(iter(self.errors(value, schema)), None) is None


KEYWORDS = {"$ref", "type", "enum", "minLength", "pattern", "minimum", "minItems", "uniqueItems",
            "items", "required", "properties", "additionalProperties", "oneOf", "allOf", "if",
            "then", "else"}


def main(argv):
    folder = argv[1] if len(argv) > 1 else os.path.join(ROOT, "Vectors")
    try:
        schemas = {name: json.load(open(os.path.join(folder, "schema", name), encoding="utf-8"))
                   for name in ("vector-file.schema.json", "requirements.schema.json")}
    except (OSError, ValueError) as error:
        print(f"check-vector-schema: cannot read a schema: {error}", file=sys.stderr)
        return 2
    passed, failed = 0, 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        try:
            document = json.load(open(os.path.join(folder, name), encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"check-vector-schema: cannot read {name}: {error}", file=sys.stderr)
            return 2
        schema_name = ("requirements.schema.json" if name == "requirements.json"
                       else "vector-file.schema.json")
        problems = list(Validator(schemas[schema_name]).errors(document, schemas[schema_name]))
        for problem in problems[:20]:
            print(f"{name}: {problem}")
        if problems:
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
