#!/usr/bin/env python3
"""Writes a fuzz target's seed corpus from the vector files.

    seeds.py TARGET OUTPUT_DIR VECTOR_FILE...

Every "invoice", "string" and "input" value in the vector files is a seed. `bech32`, `string` and
`payment` take the text as is; `offer` takes each `lno1` string twice, as 0x00 and the text, and
as 0x01 and its TLV bytes (the form of Tools/fuzz/OfferTarget.swift); `words` takes the human-readable part and the data words (checksum
removed) in the `WordsInput` form of Tools/fuzz/Common.swift: a byte 0xc0 | length, the
human-readable part, then one byte per word; `roundtrip` takes the same without the 104 signature
words (it signs them itself); `offline` takes the same after 64 policy bytes; `builder` takes 128
bytes derived from each string (its values are arbitrary anyway); `encode` takes the JSON `bolt11
decode --json` prints, from the two templates below (the spec's examples with a route and a
fallback, and with extra fields), each alone and with one value pushed to or past its field's
range.
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
            for key in ("invoice", "string", "input"):
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


# `bolt11 decode --json` of two BOLT #11 examples, payee and signature fields left out.
ENCODE_TEMPLATES = [
    {"currency": "bc", "amount_msat": 2000000000, "created_at": 1496314658, "expiry": 3600,
     "payment_hash": "0001020304050607080900010203040506070809000102030405060708090102",
     "payment_secret": "11" * 32,
     "description_hash": "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1",
     "min_final_cltv_expiry": 18, "features": "4100", "feature_bits": [8, 14],
     "fallbacks": [{"type": "P2PKH", "addr": "1RustyRX2oai4EYYDpQGWvEL62BBGqN9T",
                    "hex": "76a91404b61f7dc1ea0dc99424464cc4064dc564d91e8988ac"}],
     "routes": [[{"pubkey": "029e03a901b85534ff1e92c43c74431f7ce72046060fcf7a95c37e148f78c77255",
                  "short_channel_id": "66051x263430x1800", "fee_base_msat": 1,
                  "fee_proportional_millionths": 20, "cltv_expiry_delta": 3}]],
     "extra": [], "warnings": [], "field_order": ["s", "p", "h", "f", "r", "9"]},
    {"currency": "bc", "amount_msat": 2500000000, "created_at": 1496314658, "expiry": 3600,
     "payment_hash": "0001020304050607080900010203040506070809000102030405060708090102",
     "payment_secret": "11" * 32, "description": "coffee beans", "min_final_cltv_expiry": 18,
     "feature_bits": [8, 14, 99],
     "extra": [{"tag": "2", "data": "qqq"}, {"tag": "f", "data": "nqqqqqqqqq"},
               {"tag": "p", "data": "q" * 51}],
     "field_order": ["p", "d", "s", "9", "2", "f", "p"], "extra_field_slots": [4, 5, 6]},
]
ENCODE_CHANGES = [
    {}, {"feature_bits": [5113]}, {"feature_bits": [18446744073709551615]},
    {"feature_bits": [-1]}, {"extra_field_slots": [9223372036854775807]},
    {"amount_msat": 2100000000000000000}, {"created_at": 34359738367}, {"expiry": -1},
    {"min_final_cltv_expiry": 18446744073709551615}, {"field_order": ["\u001b"]},
]


def encode_seeds():
    for template in ENCODE_TEMPLATES:
        for change in ENCODE_CHANGES:
            document = dict(template)
            document.update(change)
            if "feature_bits" in change:
                document.pop("features", None)
            yield json.dumps(document, separators=(",", ":")).encode("utf-8")


def main():
    target, output, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    count = 0
    if target == "encode":
        for seed in encode_seeds():
            name = hashlib.sha1(seed).hexdigest()
            with open(os.path.join(output, name), "wb") as handle:
                handle.write(seed)
            count += 1
        print(f"seeds: {count} for {target}", file=sys.stderr)
        return
    for text in strings(paths):
        if target in ("bech32", "string", "payment"):
            seed = text.encode("utf-8")
        elif target == "offer":
            # Byte 0 even: the text as given; odd: the TLV bytes of an lno1 string.
            if not text.lower().startswith("lno1"):
                continue
            seed = b"\x00" + text.encode("utf-8")
            stream = tlv_bytes(text)
            if stream is not None:
                write_seed(output, b"\x01" + stream)
                count += 1
        elif target == "signed":
            # Byte 0: bit 3 the kind (lni), bit 0 the TLV form rather than the text.
            prefix = text.lower()[:4]
            if prefix not in ("lnr1", "lni1"):
                continue
            kind = 8 if prefix == "lni1" else 0
            seed = bytes([kind]) + text.encode("utf-8")
            stream = tlv_bytes(text)
            if stream is not None:
                write_seed(output, bytes([kind | 1]) + stream)
                count += 1
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
        write_seed(output, seed)
        count += 1
    print(f"seeds: {count} for {target}", file=sys.stderr)


def write_seed(output, seed):
    with open(os.path.join(output, hashlib.sha1(seed).hexdigest()), "wb") as handle:
        handle.write(seed)


def tlv_bytes(text):
    """The bytes of a BOLT #12 string's data (no checksum, `+` joins removed), or None."""
    data = "".join(text.lower().split("+"))
    data = "".join(data.split())[4:]
    try:
        bits = "".join(f"{CHARSET.index(c):05b}" for c in data)
    except ValueError:
        return None
    return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8))


if __name__ == "__main__":
    main()
