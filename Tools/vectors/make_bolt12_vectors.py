#!/usr/bin/env python3
"""Writes Vectors/bolt12.json (our BOLT #12 offer vectors) and adds the BOLT #12 offer reader's
requirements to Vectors/requirements.json.

Each offer is assembled here from its TLV records (BOLT #1's bigsize, BOLT #4's blinded path)
and written in BOLT #12's string form, independently of the Swift reader; each expected code is
the contract's ("BOLT #12 strings": one code per rule, three passes), each offer_id a SHA-256
computed here. Run from the repository root: python3 Tools/vectors/make_bolt12_vectors.py
"""
import hashlib
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALPHABET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
P = 2**256 - 2**32 - 977

# Points on the curve: BOLT #12's test issuer, and the generator G.
ISSUER = bytes.fromhex("02eec7245d6b7d2ccb30380bfbe2a3648cd7a942653f5aa340edcea1f283686619")
G = bytes.fromhex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
BITCOIN = bytes.fromhex("6fe28c0ab6f1b372c1a6a246ae63f74f931e8365e15a089c68d6190000000000")
TESTNET = bytes.fromhex("43497fd7f826957108f4a30fd9cec3aeba79972084e90ead01ea330900000000")
TESTNET4 = bytes.fromhex("43f08bdab050e35b567c864b91f47f50ae725ae2de53bcfbbaf284da00000000")
SIGNET = bytes.fromhex("f61eee3b63a380a477a063af32b2bbc97c9ff9f01f2c4225e973988108000000")
UNKNOWN_CHAIN = bytes(range(32))


def off_curve_key():
    """02 and the smallest x for which x^3 + 7 is not a square mod p: no point has it."""
    x = 1
    while pow((x**3 + 7) % P, (P - 1) // 2, P) == 1:
        x += 1
    return bytes([2]) + x.to_bytes(32, "big")


OFF_CURVE = off_curve_key()


def bigsize(n):
    if n < 0xFD:
        return bytes([n])
    if n <= 0xFFFF:
        return b"\xfd" + n.to_bytes(2, "big")
    if n <= 0xFFFFFFFF:
        return b"\xfe" + n.to_bytes(4, "big")
    return b"\xff" + n.to_bytes(8, "big")


def tu64(n):
    return n.to_bytes((n.bit_length() + 7) // 8, "big")


def rec(t, value):
    return bigsize(t) + bigsize(len(value)) + value


def path(first=None, key=G, hops=((G, b"\x00" * 4),), count=None):
    first = ISSUER if first is None else first
    out = first + key + bytes([len(hops) if count is None else count])
    for node, data in hops:
        out += node + len(data).to_bytes(2, "big") + data
    return out


def text(data, upper=False):
    """BOLT #12's string form of the bytes: lno1 and 5-bit groups, zero-padded."""
    bits = "".join(f"{b:08b}" for b in data)
    bits += "0" * (-len(bits) % 5)
    s = "lno1" + "".join(ALPHABET[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))
    return s.upper() if upper else s


DESC = rec(10, b"Test vectors")
ID = rec(22, ISSUER)
vectors = []


def valid(name, data, rules, expect=None, options=None, string=None):
    v = {"name": name, "kind": "bolt12", "string": string or text(data), "valid": True,
         "expect": {"type": "bolt12 offer", "valid": True,
                    "offer_id": hashlib.sha256(data).hexdigest(), **(expect or {})},
         "rules": rules}
    if options:
        v["options"] = options
    vectors.append(v)


def invalid(name, data, code, rules, tlv_offset=None, position=None, options=None, string=None,
            note=None):
    v = {"name": name, "kind": "bolt12", "string": string if string is not None else text(data),
         "valid": False, "error": code, "rules": rules}
    if options:
        v["options"] = options
    if tlv_offset is not None:
        v["tlv_offset"] = tlv_offset
    if position is not None:
        v["position"] = position
    if note:
        v["note"] = note
    vectors.append(v)


# --- valid: one per field -------------------------------------------------------------------
valid("only an issuer id", ID, ["bolt12.offer.issuer-or-paths", "bolt12.offer.bitcoin-default"],
      {"offer_issuer_id": ISSUER.hex(), "warnings": []}, {"network": "bc"})
valid("chains: testnet4, read with network tb (testnet and testnet4)",
      rec(2, TESTNET4) + DESC + ID, ["bolt12.offer.chains"],
      {"offer_chains": [TESTNET4.hex()], "offer_networks": ["testnet4"]}, {"network": "tb"})
valid("chains: a chain outside the table, then signet", rec(2, UNKNOWN_CHAIN + SIGNET) + ID,
      ["bolt12.offer.chains"],
      {"offer_chains": [UNKNOWN_CHAIN.hex(), SIGNET.hex()], "offer_networks": [None, "signet"]},
      {"network": "tbs"})
valid("metadata", rec(4, b"\x00\x01\xff") + ID, ["bolt12.offer.issuer-or-paths"],
      {"offer_metadata": "0001ff"})
valid("an amount in JPY, which has no decimals", rec(6, b"JPY") + rec(8, tu64(1250)) + DESC + ID,
      ["bolt12.offer.currency-units"],
      {"offer_currency": "JPY", "currency_minor_unit": 0, "offer_amount": 1250})
valid("an amount in KWD, three decimals", rec(6, b"KWD") + rec(8, tu64(5)) + DESC + ID,
      ["bolt12.offer.currency-units"],
      {"offer_currency": "KWD", "currency_minor_unit": 3, "offer_amount": 5})
valid("a currency ISO 4217 does not list: a warning, no minor unit",
      rec(6, b"ZZZ") + rec(8, tu64(1)) + DESC + ID, ["bolt12.offer.currency-units"],
      {"offer_currency": "ZZZ", "offer_amount": 1, "warnings": ["bolt12.unknown_currency"]})
valid("msat amount of exactly 21 million bitcoin",
      rec(8, tu64(21_000_000 * 100_000_000 * 1000)) + DESC + ID, ["contract.bolt12-msat-cap"],
      {"offer_amount_msat": 2_100_000_000_000_000_000})
valid("an amount with its description", rec(8, tu64(1)) + DESC + ID,
      ["bolt12.offer.amount-description", "bolt12.offer.zero-amount"],
      {"offer_amount_msat": 1, "offer_description": "Test vectors"})
valid("description in UTF-8, with a quote and a newline",
      rec(10, 'Café "☕"\n'.encode()) + ID, ["bolt1.utf8"],
      {"offer_description": 'Café "☕"\n'})
valid("features: odd bit 1 is ignored", rec(12, b"\x02") + ID, ["bolt12.offer.features-odd"],
      {"offer_features": "02"})
valid("expiry one second ahead of now", rec(14, tu64(1_800_000_001)) + ID,
      ["bolt12.offer.expiry"], {"offer_absolute_expiry": 1_800_000_001}, {"now": 1_800_000_000})
valid("paths only: a channel's second end first, no issuer id",
      rec(16, path(first=b"\x01" + (1 << 40 | 2 << 16 | 3).to_bytes(8, "big"))),
      ["bolt12.offer.issuer-or-paths", "bolt1.sciddir"],
      {"offer_paths": [{"first_scid": "1x2x3", "first_scid_dir": 1, "first_path_key": G.hex(),
                        "path": [{"blinded_node_id": G.hex(),
                                  "encrypted_recipient_data": "00000000"}]}]})
valid("issuer", rec(18, b"bolt12.org") + ID, ["bolt1.utf8"], {"offer_issuer": "bolt12.org"})
valid("quantity_max 0: no limit", rec(20, b"") + ID, ["bolt1.tlv.minimal-value"],
      {"offer_quantity_max": 0})
valid("unknown odd records in both ranges are kept",
      ID + rec(33, b"hi") + rec(1_000_000_001, b"\x07"), ["bolt1.tlv.unknown-odd"],
      {"unknown_offer_tlvs": [{"type": 33, "length": 2, "value": "6869"},
                              {"type": 1_000_000_001, "length": 1, "value": "07"}]})
valid("upper case, joined with + and white space", ID, ["bolt12.reader.case", "bolt12.reader.plus"],
      {"offer_issuer_id": ISSUER.hex()},
      string=text(ID, upper=True)[:9] + "+ \r\n\t" + text(ID, upper=True)[9:])

# --- invalid: one per code -------------------------------------------------------------------
LONG = text(ID)
invalid("16,385 characters", None, "bolt12.too_long", ["contract.bolt12-max-length"],
        position=16384, string=LONG + "q" * (16385 - len(LONG)))
invalid("mixed case", None, "bolt12.malformed", ["bolt12.reader.case"], position=1,
        string="lNo1" + LONG[4:])
invalid("a + at the end", None, "bolt12.malformed", ["bolt12.reader.plus"],
        position=len(LONG), string=LONG + "+")
invalid("five bits of padding", None, "bolt12.malformed", ["contract.bolt12-padding"],
        position=len(LONG) + 1, string=LONG + "q")
invalid("no data", None, "bolt12.malformed", ["bolt12.string-form"], position=4, string="lno1")
invalid("a value past the end", ID[:-1], "bolt12.truncated", ["bolt1.tlv.truncated"], tlv_offset=0)
invalid("a length cut short", ID + b"\x21\xfd\x01", "bolt12.truncated", ["bolt1.tlv.truncated"],
        tlv_offset=35)
invalid("type 10 written in three bytes", b"\xfd\x00\x0a\x01a" + ID, "bolt12.non_minimal",
        ["bolt1.tlv.minimal"], tlv_offset=0)
invalid("a repeated type", DESC + DESC + ID, "bolt12.tlv_order", ["bolt1.tlv.order"],
        tlv_offset=14)
invalid("type 80, outside the offer's ranges", ID + rec(81, b""), "bolt12.tlv_out_of_range",
        ["bolt12.offer.range"], tlv_offset=35)
invalid("type 2000000001, outside the offer's ranges", ID + rec(2_000_000_001, b""),
        "bolt12.tlv_out_of_range", ["bolt12.offer.range"], tlv_offset=35)
invalid("type 0, outside the offer's ranges", rec(0, b"") + ID, "bolt12.tlv_out_of_range",
        ["bolt12.offer.range"], tlv_offset=0)
invalid("unknown even type 24", ID + rec(24, b""), "bolt12.unknown_even",
        ["bolt1.tlv.unknown-even"], tlv_offset=35)
invalid("chains of 31 bytes", rec(2, BITCOIN[:31]) + ID, "bolt12.invalid_field",
        ["bolt1.tlv.known-length"], tlv_offset=0)
invalid("currency in lower case", rec(6, b"usd") + rec(8, tu64(1)) + DESC + ID,
        "bolt12.invalid_field", ["bolt12.offer.currency-form"], tlv_offset=0)
invalid("amount with a leading zero byte", rec(8, b"\x00\x01") + DESC + ID,
        "bolt12.invalid_field", ["bolt1.tlv.minimal-value"], tlv_offset=0)
invalid("amount of 9 bytes", rec(8, b"\x01" * 9) + DESC + ID, "bolt12.invalid_field",
        ["bolt1.tlv.known-length"], tlv_offset=0)
invalid("msat amount one over 21 million bitcoin",
        rec(8, tu64(21_000_000 * 100_000_000 * 1000 + 1)) + DESC + ID, "bolt12.invalid_field",
        ["contract.bolt12-msat-cap"], tlv_offset=0)
invalid("expiry with a leading zero", rec(14, b"\x00\x05") + ID, "bolt12.invalid_field",
        ["bolt1.tlv.minimal-value"], tlv_offset=0)
invalid("quantity_max of 9 bytes", rec(20, b"\x01" * 9) + ID, "bolt12.invalid_field",
        ["bolt1.tlv.known-length"], tlv_offset=0)
invalid("issuer id of 32 bytes", rec(22, ISSUER[:32]), "bolt12.invalid_field",
        ["bolt1.tlv.known-length"], tlv_offset=0)
invalid("issuer id off the curve", rec(22, OFF_CURVE), "bolt12.invalid_field",
        ["contract.bolt12-points"], tlv_offset=0)
invalid("a path with zero hops", rec(16, path(hops=())), "bolt12.invalid_field",
        ["bolt12.offer.num-hops"], tlv_offset=0)
invalid("a path whose first node starts with 4", rec(16, path(first=b"\x04" + G[1:])),
        "bolt12.invalid_field", ["bolt1.sciddir"], tlv_offset=0)
invalid("a path key off the curve", rec(16, path(key=OFF_CURVE)), "bolt12.invalid_field",
        ["contract.bolt12-points"], tlv_offset=0)
invalid("a path with a byte over", rec(16, path() + b"\x00"), "bolt12.invalid_field",
        ["bolt4.blinded-path"], tlv_offset=0)
invalid("a hop whose data runs past the path", rec(16, path()[:-1]), "bolt12.invalid_field",
        ["bolt4.blinded-path"], tlv_offset=0)
invalid("description not UTF-8", rec(10, b"\xff") + ID, "bolt12.invalid_utf8", ["bolt1.utf8"],
        tlv_offset=0)
invalid("issuer not UTF-8", rec(18, b"a\xc3") + ID, "bolt12.invalid_utf8", ["bolt1.utf8"],
        tlv_offset=0)
invalid("neither issuer id nor paths", DESC, "bolt12.missing_field",
        ["bolt12.offer.issuer-or-paths"])
invalid("amount without description", rec(8, tu64(5)) + ID, "bolt12.missing_field",
        ["bolt12.offer.amount-description"])
invalid("zero amount", rec(8, b"") + DESC + ID, "bolt12.zero_amount", ["bolt12.offer.zero-amount"])
invalid("currency without amount", rec(6, b"USD") + DESC + ID, "bolt12.currency_without_amount",
        ["bolt12.offer.currency-amount"])
invalid("empty chains", rec(2, b"") + ID, "bolt12.empty_chains", ["bolt12.offer.empty-chains"])
invalid("empty paths with an issuer id", rec(16, b"") + ID, "bolt12.empty_paths",
        ["contract.bolt12-empty-paths"])
invalid("empty paths without an issuer id", rec(16, b""), "bolt12.empty_paths",
        ["contract.bolt12-empty-paths"])
invalid("feature bit 0, even and unknown", rec(12, b"\x01") + ID,
        "bolt12.unknown_required_feature", ["bolt12.offer.features-even"])
invalid("feature bit 98 among odd bits", rec(12, b"\x06" + b"\x00" * 12) + ID,
        "bolt12.unknown_required_feature", ["bolt12.offer.features-even"])
invalid("expired at the exact second", rec(14, tu64(1_800_000_000)) + ID, "bolt12.expired",
        ["bolt12.offer.expiry"], options={"now": 1_800_000_000})
invalid("for testnet, read as bitcoin", rec(2, TESTNET) + ID, "bolt12.network_mismatch",
        ["bolt12.offer.chains"], options={"network": "bc"})
invalid("no chains (bitcoin), read as testnet", ID, "bolt12.network_mismatch",
        ["bolt12.offer.bitcoin-default"], options={"network": "tb"})

# --- two rules at once: the earlier code wins ------------------------------------------------
P2 = ["contract.bolt12-precedence"]
invalid("too long and a bad character: too_long", None, "bolt12.too_long", P2, position=16384,
        string=LONG + "b" * (16385 - len(LONG)))
invalid("mixed case and a truncated stream: malformed", None, "bolt12.malformed", P2, position=1,
        string="lNo1" + text(ID[:-1])[4:])
invalid("non-minimal type, then a truncated value: truncated",
        b"\xfd\x00\x0a\x01a" + ID[:-1], "bolt12.truncated", P2, tlv_offset=5)
invalid("repeated type, then a non-minimal length: non_minimal",
        DESC + DESC + b"\x16\xfd\x00\x21" + ISSUER, "bolt12.non_minimal", P2, tlv_offset=28)
invalid("type 81 then type 22: tlv_order", rec(81, b"") + ID, "bolt12.tlv_order", P2,
        tlv_offset=2)
invalid("type 80, out of range and even: tlv_out_of_range", ID + rec(80, b""),
        "bolt12.tlv_out_of_range", P2, tlv_offset=35)
invalid("a bad issuer id, then unknown even 24: invalid_field (stream order)",
        rec(22, OFF_CURVE) + rec(24, b""), "bolt12.invalid_field", P2, tlv_offset=0)
invalid("currency neither letters nor UTF-8: invalid_field", rec(6, b"\xff\xfe\xfd") + ID,
        "bolt12.invalid_field", P2, tlv_offset=0)
invalid("description not UTF-8 and no issuer id: invalid_utf8", rec(10, b"\xff"),
        "bolt12.invalid_utf8", P2, tlv_offset=0)
invalid("zero amount without description: missing_field", rec(8, b"") + ID,
        "bolt12.missing_field", P2)
invalid("zero amount and empty chains: zero_amount", rec(2, b"") + rec(8, b"") + DESC + ID,
        "bolt12.zero_amount", P2)
invalid("currency without amount, and empty chains: currency_without_amount",
        rec(2, b"") + rec(6, b"USD") + ID, "bolt12.currency_without_amount", P2)
invalid("empty chains and empty paths: empty_chains", rec(2, b"") + rec(16, b"") + ID,
        "bolt12.empty_chains", P2)
invalid("empty paths and feature bit 0: empty_paths", rec(12, b"\x01") + rec(16, b"") + ID,
        "bolt12.empty_paths", P2)
invalid("feature bit 0 and expired: unknown_required_feature",
        rec(12, b"\x01") + rec(14, tu64(5)) + ID, "bolt12.unknown_required_feature", P2,
        options={"now": 10})
invalid("expired and on another network: expired", rec(2, TESTNET) + rec(14, tu64(5)) + ID,
        "bolt12.expired", P2, options={"now": 10, "network": "bc"})

document = {
    "version": 1,
    "description": "BOLT #12 offers (kind bolt12): one vector per reader rule and per field, and "
                   "vectors that break two neighbouring rules at once (the earlier code wins).",
    "source": "Tools/vectors/make_bolt12_vectors.py: offers assembled from their TLV records; "
              "codes and order per the contract's 'BOLT #12 strings'",
    "vectors": vectors,
}
with open(os.path.join(ROOT, "Vectors", "bolt12.json"), "w", encoding="utf-8") as out:
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")

# --- requirements ----------------------------------------------------------------------------
SOURCE = "lightning/bolts a377265"
B12, B1, B4 = "bolt-12-offer-encoding.md", "bolt-01-messaging.md", "bolt-04-onion-routing.md"
REQUIREMENTS = [
    ("bolt12.offer.range", "reader-must", B12,
     "if the offer contains any TLV fields outside the inclusive ranges: 1 to 79 and 1000000000 to 1999999999:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.features-odd", "reader-must", B12,
     "if `offer_features` contains unknown _odd_ bits that are non-zero:\n    - MUST ignore the bit."),
    ("bolt12.offer.features-even", "reader-must", B12,
     "if `offer_features` contains unknown _even_ bits that are non-zero:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.bitcoin-default", "reader-must", B12,
     "if `offer_chains` is not set:\n    - if the node does not accept bitcoin invoices:\n      - MUST NOT respond to the offer"),
    ("bolt12.offer.chains", "reader-must", B12,
     "otherwise: (`offer_chains` is set):\n    - if the node does not accept invoices for at least one of the `chains`:\n      - MUST NOT respond to the offer"),
    ("bolt12.offer.amount-description", "reader-must", B12,
     "if `offer_amount` is set and `offer_description` is not set:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.zero-amount", "reader-must", B12,
     "if `offer_amount` is set and is not greater than zero:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.currency-amount", "reader-must", B12,
     "if `offer_currency` is set and `offer_amount` is not set:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.issuer-or-paths", "reader-must", B12,
     "if neither `offer_issuer_id` nor `offer_paths` are set:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.num-hops", "reader-must", B12,
     "if `num_hops` is 0 in any `blinded_path` in `offer_paths`:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.currency-units", "reader-must", B12,
     "if it uses `offer_amount` to provide the user with a cost estimate:\n    - MUST take into account the currency units for `offer_amount`:"),
    ("bolt12.offer.expiry", "reader-must", B12,
     "if the current time is after `offer_absolute_expiry`:\n    - MUST NOT respond to the offer."),
    ("bolt12.offer.empty-chains", "reader-must", B12,
     "An empty `offer_chains` (present but with zero entries) is explicitly invalid"),
    ("bolt12.offer.currency-form", "writer-observable", B12,
     "MUST specify `offer_currency` `iso4217` as an ISO 4217 three-letter code."),
    ("bolt1.tlv.minimal", "reader-must", B1,
     "if a `type` or `length` is not minimally encoded:\n   - MUST fail to parse the `tlv_stream`."),
    ("bolt1.tlv.order", "reader-must", B1,
     "if decoded `type`s are not strictly-increasing (including situations when\n   two or more occurrences of the same `type` are met):\n   - MUST fail to parse the `tlv_stream`."),
    ("bolt1.tlv.truncated", "reader-must", B1,
     "if `length` exceeds the number of bytes remaining in the message:\n   - MUST fail to parse the `tlv_stream`."),
    ("bolt1.tlv.known-length", "reader-must", B1,
     "if `length` is not exactly equal to that required for the known encoding for `type`:\n     - MUST fail to parse the `tlv_stream`."),
    ("bolt1.tlv.minimal-value", "reader-must", B1,
     "if variable-length fields within the known encoding for `type` are not minimal:\n     - MUST fail to parse the `tlv_stream`."),
    ("bolt1.tlv.unknown-even", "reader-must", B1,
     "if `type` is even:\n     - MUST fail to parse the `tlv_stream`."),
    ("bolt1.tlv.unknown-odd", "reader-must", B1,
     "otherwise, if `type` is odd:\n     - MUST discard the next `length` bytes."),
    ("bolt1.utf8", "reader-may", B1,
     "* `utf8`: a byte as part of a UTF-8 string.  A writer MUST ensure an array of these is a valid UTF-8 string, a reader MAY reject any messages containing an array of these which is not a valid UTF-8 string."),
    ("bolt1.sciddir", "reader-must", B1,
     "* `sciddir_or_pubkey`: either 9 or 33 bytes referencing or identifying a node, respectively"),
    ("bolt4.blinded-path", "reader-must", B4,
     "1. subtype: `blinded_path`\n2. data:\n   * [`sciddir_or_pubkey`:`first_node_id`]"),
]
# Reader MUSTs of an offer that no string can test, with why.
NOT_TESTABLE = [
    ("bolt12.offer.warn-amount", B12,
     "MUST warn the user if the received `invoice_amount` differs significantly\n        from that estimate.",
     "needs the invoice that answers the offer: reading an offer alone has no invoice_amount"),
    ("bolt12.offer.send-via-path", B12,
     "MUST send the onion message via any path in `offer_paths` to the final `onion_msg_hop`.`blinded_node_id` in that path",
     "sending an invoice request is out of scope: nothing is fetched or sent"),
    ("bolt12.offer.send-to-issuer", B12,
     "MUST send the onion message to `offer_issuer_id`",
     "sending an invoice request is out of scope: nothing is fetched or sent"),
]
CONTRACT = [
    ("contract.bolt12-max-length", "A BOLT #12 string of more than 16,384 characters is refused (bolt12.too_long), before any other check."),
    ("contract.bolt12-padding", "The data of a BOLT #12 string regroups into whole bytes with at most 4 zero bits of padding (bolt12.malformed)."),
    ("contract.bolt12-msat-cap", "An offer_amount without offer_currency is at most 21 million bitcoin in millisatoshis (bolt12.invalid_field)."),
    ("contract.bolt12-points", "Every key of an offer (offer_issuer_id, and each key of a blinded path) is a point on the curve (bolt12.invalid_field)."),
    ("contract.bolt12-empty-paths", "A present offer_paths with no path is refused (bolt12.empty_paths), not read as absent."),
    ("contract.bolt12-precedence", "The first failing rule wins, in three passes: the string and framing, each record in stream order, the stream as a whole; each pass in the contract's code order."),
]


def line_of(name, quote):
    lines = open(os.path.join(ROOT, "Vectors", "spec", name), encoding="utf-8").read().split("\n")
    first = quote.split("\n")[0].strip()
    for number, line in enumerate(lines, 1):
        if line.strip().lstrip("-* ").startswith(first.lstrip("-* ")):
            return number
    raise SystemExit(f"quote not found in {name}: {first}")


path_req = os.path.join(ROOT, "Vectors", "requirements.json")
document = json.load(open(path_req, encoding="utf-8"))
ours = ({rid for rid, *_ in REQUIREMENTS} | {rid for rid, _ in CONTRACT}
        | {rid for rid, *_ in NOT_TESTABLE})
kept = [r for r in document["requirements"] if r["id"] not in ours]
for rid, kind, name, quote in REQUIREMENTS:
    kept.append({"id": rid, "kind": kind, "quote": quote, "file": name,
                 "line": line_of(name, quote), "source": SOURCE})
for rid, name, quote, reason in NOT_TESTABLE:
    kept.append({"id": rid, "kind": "not-testable", "quote": quote, "file": name,
                 "line": line_of(name, quote), "source": SOURCE, "reason": reason})
for rid, quote in CONTRACT:
    kept.append({"id": rid, "kind": "contract", "quote": quote, "file": "shared/contract.md"})
document["requirements"] = kept
with open(path_req, "w", encoding="utf-8") as out:
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")
print(f"{len(vectors)} vectors, {len(REQUIREMENTS) + len(CONTRACT) + len(NOT_TESTABLE)} requirements")
