#!/usr/bin/env python3
"""Writes a fuzz target's seed corpus from the vector files.

    seeds.py TARGET OUTPUT_DIR VECTOR_FILE...

Every "invoice" and "string" value in the vector files is a seed. `bech32` and `string` take the
text as is; `words` takes the human-readable part and the data words (checksum removed) in the
`WordsInput` form of Tools/fuzz/Common.swift: a byte 0xc0 | length, the human-readable part, then
one byte per word; `roundtrip` takes the same without the 104 signature words (it signs them
itself); `offline` takes the same after 64 policy bytes; `builder` takes 128 bytes derived from
each string (its values are arbitrary anyway).
Strings that are not Bech32 at all are skipped for the word targets.
"""
import hashlib
import json
import os
import sys

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
SIGNATURE_WORDS = 104


def strings(paths):
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        for vector in document.get("vectors", []):
            for key in ("invoice", "string"):
                value = vector.get(key)
                if isinstance(value, str):
                    yield value


def words_form(text, drop_signature):
    text = text.strip()
    if text.lower().startswith("lightning:"):
        text = text[len("lightning:"):]
    text = text.lower()
    separator = text.rfind("1")
    if separator < 1 or separator > 63 or len(text) - separator - 1 < 6:
        return None
    hrp = text[:separator]
    if any(not 33 <= ord(c) <= 126 for c in hrp):
        return None
    try:
        words = [CHARSET.index(c) for c in text[separator + 1:-6]]
    except ValueError:
        return None
    if drop_signature:
        if len(words) < SIGNATURE_WORDS:
            return None
        words = words[:-SIGNATURE_WORDS]
    return bytes([0xC0 | len(hrp)]) + hrp.encode("ascii") + bytes(words)


def main():
    target, output, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    count = 0
    for text in strings(paths):
        if target in ("bech32", "string"):
            seed = text.encode("utf-8")
        elif target == "builder":
            seed = hashlib.sha256(text.encode("utf-8")).digest() * 4
        elif target in ("words", "roundtrip", "offline"):
            seed = words_form(text, drop_signature=target != "words")
            if seed is None:
                continue
            if target == "offline":
                # The policy bytes: our node, the invoice's own amount and a clock near its
                # timestamp, with small windows.
                seed = bytes(64) + seed
        else:
            sys.exit(f"seeds.py: unknown target {target}")
        name = hashlib.sha1(seed).hexdigest()
        with open(os.path.join(output, name), "wb") as handle:
            handle.write(seed)
        count += 1
    print(f"seeds: {count} for {target}", file=sys.stderr)


if __name__ == "__main__":
    main()
