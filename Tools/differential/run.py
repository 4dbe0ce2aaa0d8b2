#!/usr/bin/env python3
"""Differential check: our decoder against an independent one, the `bolt11` package from PyPI.

    Tools/differential/run.py [--count N] [--seed S] [--report FILE] [--helper PATH]

Needs the reference installed (`pip install 'bolt11==2.2.0' 'bitstring<5'`; Tools/ci-extra.sh does
it in a virtual environment); exits 4 when it cannot be imported. Builds Tools/differential/
Bolt11Lines.swift (`bolt11 decode --json` and `bolt11 encode` over many lines in one process) with
Tools/build-swift.sh unless --helper names a built one, linked with the modules of the release
build in .build/release when it is current (Tools/package.sh makes it), else compiling them.

Inputs (at least N, default 10,000, from a seeded generator, so a run is reproducible):
- valid invoices written by our encoder (`bolt11 encode --key`) from random JSON: every currency,
  amounts of every size, text and hashed descriptions, expiry, cltv, metadata, features, fallbacks
  of every kind, routes up to 12 hops, unknown fields, stated payees, shuffled field orders;
- valid invoices written by the reference's encoder from random values;
- mutations of both: a word changed, a field deleted, duplicated, moved, cut or lengthened, a length
  changed, an unknown field added, the amount or currency changed, the case changed, the signature
  made high-S or given another recovery id; most re-signed with the same key so that the fields,
  not the signature, decide.

Each is decoded by ours (strict; compat too where it matters) and by the reference. When both
accept, the fields both support are compared (amount, payee, payment hash and secret, description
or its hash, metadata, expiry, cltv, features, fallbacks, routes); otherwise the verdicts. Every
disagreement is explained by a rule below that checks its cause on the invoice itself, or listed as
UNEXPLAINED; the exit status is 1 when any is unexplained. Invoices the reference encoder writes
wrongly (both decoders agree, and differ from what was asked) are counted apart.
"""
import argparse
import collections
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

try:
    import bolt11 as reference
    from bolt11.models.fallback import Fallback as RefFallback
    from bolt11.models.features import Feature, FeatureExtra, Features, FeatureState
    from bolt11.models.routehint import RouteHint
    from bolt11.models.tags import TagChar, Tags
    from bolt11.types import MilliSatoshi
    from coincurve import PrivateKey
except ImportError as error:  # pragma: no cover
    print(f"differential: the reference is not installed ({error}); "
          "pip install 'bolt11==2.2.0' 'bitstring<5'", file=sys.stderr)
    sys.exit(4)

# A fake key for this check only: 32 bytes of 0x01. Not a real key.
KEY_HEX = "01" * 32
KEY = PrivateKey(bytes.fromhex(KEY_HEX))
PAYEE = KEY.public_key.format(compressed=True).hex()

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
GENERATOR = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
SIGNATURE_WORDS = 104
MAX_MSAT = 21_000_000 * 100_000_000_000
# Invoice features BOLT #9 knows, by even bit (our Features.knownInvoiceFeatures).
KNOWN_EVEN_BITS = {8, 14, 16, 24, 36, 48}
UNKNOWN_LETTERS = "qzygt2vw03j54ke6ual7"


# --- Bech32 ---------------------------------------------------------------------------------

def polymod(values):
    checksum = 1
    for value in values:
        top = checksum >> 25
        checksum = (checksum & 0x1FFFFFF) << 5 ^ value
        for bit in range(5):
            if (top >> bit) & 1:
                checksum ^= GENERATOR[bit]
    return checksum


def hrp_expand(hrp):
    return [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]


def bech32_encode(hrp, words):
    checksum = polymod(hrp_expand(hrp) + words + [0] * 6) ^ 1
    return hrp + "1" + "".join(CHARSET[w] for w in words) + "".join(
        CHARSET[(checksum >> 5 * (5 - i)) & 31] for i in range(6))


def bech32_split(text):
    """(hrp, data words without checksum) of a lower-case invoice, without checking anything."""
    text = text.lower()
    separator = text.rfind("1")
    return text[:separator], [CHARSET.index(c) for c in text[separator + 1:-6]]


def to_words(data):
    words, accumulator, bits = [], 0, 0
    for byte in data:
        accumulator = (accumulator << 8 | byte) & 0xFFFF
        bits += 8
        while bits >= 5:
            bits -= 5
            words.append((accumulator >> bits) & 31)
    if bits:
        words.append((accumulator << (5 - bits)) & 31)
    return words


def to_bytes_padded(words):
    data, accumulator, bits = [], 0, 0
    for word in words:
        accumulator = (accumulator << 5 | word) & 0xFFFF
        bits += 5
        if bits >= 8:
            bits -= 8
            data.append((accumulator >> bits) & 0xFF)
    if bits:
        data.append((accumulator << (8 - bits)) & 0xFF)
    return bytes(data)


def fields_of(words):
    """Splits unsigned words into the timestamp and [tag, data words] fields; None if malformed."""
    timestamp, index, fields = words[:7], 7, []
    while index < len(words):
        if len(words) - index < 3:
            return None
        length = words[index + 1] * 32 + words[index + 2]
        if index + 3 + length > len(words):
            return None
        fields.append([words[index], words[index + 3:index + 3 + length]])
        index += 3 + length
    return timestamp, fields


def join_fields(timestamp, fields):
    words = list(timestamp)
    for tag, data in fields:
        words += [tag, len(data) >> 5 & 31, len(data) & 31] + list(data)
    return words


def sign(hrp, unsigned_words):
    signature = KEY.sign_recoverable(hrp.encode() + to_bytes_padded(unsigned_words))
    return bech32_encode(hrp, unsigned_words + to_words(signature))


# --- Generators -----------------------------------------------------------------------------

def random_amount(rng):
    amount = random_amount_any(rng)
    # Not a whole number of 100 msat: written as msat * 10 `p`, which must fit in 64 bits.
    if amount % 100 and amount * 10 >= 1 << 64:
        amount -= amount % 100
    return amount


def random_amount_any(rng):
    shape = rng.random()
    if shape < 0.3:
        return rng.randrange(1, 10**6)
    if shape < 0.5:
        return rng.randrange(1, 10**6) * 10 ** rng.randrange(1, 9)
    if shape < 0.6:
        return rng.choice([1000, 10**5, 10**8, 10**11, 10**14, 10**17, MAX_MSAT, MAX_MSAT - 1])
    return rng.randrange(1, MAX_MSAT + 1)


def random_text(rng):
    pieces = ["coffee", " ", "☕", "ナンセンス", "1 cup", "\"quoted\"", "back\\slash", "\u00e9",
              "\t",
              "\U0001F600", "x" * 40, "", "line\nbreak", "<>&", "0"]
    return "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))


def random_bytes(rng, count):
    return bytes(rng.randrange(256) for _ in range(count))


def random_pubkey(rng):
    return PrivateKey(random_bytes(rng, 31) + b"\x01").public_key.format(compressed=True)


def random_fallback_script(rng):
    kind = rng.randrange(6)
    if kind == 0:
        return bytes([0x76, 0xA9, 0x14]) + random_bytes(rng, 20) + bytes([0x88, 0xAC])
    if kind == 1:
        return bytes([0xA9, 0x14]) + random_bytes(rng, 20) + bytes([0x87])
    if kind == 2:
        return bytes([0, 20]) + random_bytes(rng, 20)
    if kind == 3:
        return bytes([0, 32]) + random_bytes(rng, 32)
    if kind == 4:
        return bytes([0x51, 32]) + random_bytes(rng, 32)
    length = rng.randrange(2, 41)
    return bytes([0x50 + rng.randrange(1, 17), length]) + random_bytes(rng, length)


def random_hop(rng):
    return {
        "pubkey": random_pubkey(rng).hex(),
        "short_channel_id":
            f"{rng.randrange(1 << 24)}x{rng.randrange(1 << 24)}x{rng.randrange(1 << 16)}",
        "fee_base_msat": rng.choice([0, 1000, rng.randrange(1 << 32)]),
        "fee_proportional_millionths": rng.choice([0, 1, rng.randrange(1 << 32)]),
        "cltv_expiry_delta": rng.choice([0, 40, 144, rng.randrange(1 << 16)]),
    }


def random_feature_bits(rng):
    bits = []
    for even in sorted(KNOWN_EVEN_BITS):
        if rng.random() < 0.4:
            bits.append(even + rng.randrange(2))
    if any(bit in (16, 17) for bit in bits) and not any(bit in (14, 15) for bit in bits):
        bits.append(14 + rng.randrange(2))
    if rng.random() < 0.2:
        bits.append(rng.randrange(50, 300) | 1)  # an unknown optional bit
    return sorted(set(bits))


def our_json(rng):
    """A random invoice in the contract's JSON, for `bolt11 encode`."""
    invoice = {
        "currency": rng.choice(["bc", "tb", "tbs", "bcrt"]),
        "created_at": rng.choice([0, 1496314658, 1700000000, rng.randrange(1 << 35)]),
        "payment_hash": random_bytes(rng, 32).hex(),
        "payment_secret": random_bytes(rng, 32).hex(),
    }
    letters = ["p", "s"]
    if rng.random() < 0.8:
        invoice["amount_msat"] = random_amount(rng)
    if rng.random() < 0.7:
        invoice["description"] = random_text(rng)
        letters.append("d")
    else:
        invoice["description_hash"] = random_bytes(rng, 32).hex()
        letters.append("h")
    if rng.random() < 0.5:
        invoice["expiry"] = rng.choice(
            [0, 1, 60, 3600, 86400, (1 << 32) - 1, rng.randrange(1 << 40)])
        letters.append("x")
    if rng.random() < 0.5:
        invoice["min_final_cltv_expiry"] = rng.choice([0, 9, 18, 144, rng.randrange(1 << 32)])
        letters.append("c")
    if rng.random() < 0.2:
        invoice["payment_metadata"] = random_bytes(rng, rng.randrange(0, 60)).hex()
        letters.append("m")
    bits = random_feature_bits(rng)
    if bits:
        invoice["feature_bits"] = bits
        letters.append("9")
    invoice["fallbacks"] = [{"hex": random_fallback_script(rng).hex()}
                            for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3]))]
    letters += ["f"] * len(invoice["fallbacks"])
    invoice["routes"] = [[random_hop(rng) for _ in range(rng.choice([1, 1, 2, 3, 5, 10, 12]))]
                         for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3]))]
    letters += ["r"] * len(invoice["routes"])
    invoice["extra"] = [{"tag": rng.choice(UNKNOWN_LETTERS),
                         "data": "".join(rng.choice(CHARSET) for _ in range(rng.randrange(0, 30)))}
                        for _ in range(rng.choice([0, 0, 0, 0, 1, 2]))]
    letters += [extra["tag"] for extra in invoice["extra"]]
    if rng.random() < 0.3:
        letters.append("n")
    if rng.random() < 0.5 or "n" in letters:
        rng.shuffle(letters)
        invoice["field_order"] = letters
    return invoice


FEATURE_BY_PAIR = {feature.value: feature for feature in Feature}


def reference_invoice(rng):
    """A random invoice written by the reference's encoder: (string, what was asked)."""
    currency = rng.choice(["bc", "tb", "tbs", "bcrt"])
    asked = {"currency": currency, "created_at": rng.randrange(1 << 35)}
    tags = Tags()
    asked["payment_hash"] = random_bytes(rng, 32).hex()
    asked["payment_secret"] = random_bytes(rng, 32).hex()
    tags.add(TagChar.payment_hash, asked["payment_hash"])
    tags.add(TagChar.payment_secret, asked["payment_secret"])
    if rng.random() < 0.7:
        asked["description"] = random_text(rng)
        tags.add(TagChar.description, asked["description"])
    else:
        asked["description_hash"] = random_bytes(rng, 32).hex()
        tags.add(TagChar.description_hash, asked["description_hash"])
    if rng.random() < 0.5:
        asked["expiry"] = rng.choice([1, 60, 3600, (1 << 32) - 1, rng.randrange(1 << 62)])
        tags.add(TagChar.expire_time, asked["expiry"])
    if rng.random() < 0.5:
        asked["min_final_cltv_expiry"] = rng.choice([9, 18, 144, rng.randrange(1, 1 << 32)])
        tags.add(TagChar.min_final_cltv_expiry, asked["min_final_cltv_expiry"])
    if rng.random() < 0.2:
        asked["payment_metadata"] = random_bytes(rng, rng.randrange(1, 40)).hex()
        tags.add(TagChar.metadata, asked["payment_metadata"])
    bits = random_feature_bits(rng)
    if bits:
        asked["feature_bits"] = bits
        states = {}
        for bit in bits:
            pair = bit // 2
            feature = FEATURE_BY_PAIR.get(pair) or FeatureExtra(pair)
            states[feature] = FeatureState.supported if bit % 2 else FeatureState.required
        tags.add(TagChar.features, Features.from_feature_list(states))
    if currency in ("bc", "tb") and rng.random() < 0.3:
        script = random_fallback_script(rng)
        version, program = script_version_program(script)
        if version <= 16:
            address = bech32_encode(currency, [version] + to_words(program))
        else:
            address = None  # P2PKH and P2SH (Base58) are not generated here
        if address is not None:
            tags.add(TagChar.fallback, RefFallback.from_address(address, currency))
            asked["fallbacks"] = [script.hex()]
    if rng.random() < 0.3:
        hops = [random_hop(rng) for _ in range(rng.choice([1, 2, 3, 5]))]
        asked["routes"] = [hops]
        tags.add(TagChar.route_hint, RouteHint.from_list([
            {"public_key": hop["pubkey"], "short_channel_id": hop["short_channel_id"],
             "base_fee": hop["fee_base_msat"], "ppm_fee": hop["fee_proportional_millionths"],
             "cltv_expiry_delta": hop["cltv_expiry_delta"]} for hop in hops]))
    amount = random_amount(rng) if rng.random() < 0.8 else None
    if amount is not None:
        asked["amount_msat"] = amount
    keep_payee = rng.random() < 0.3
    if keep_payee:
        tags.add(TagChar.payee, PAYEE)
    invoice = reference.Bolt11(currency=currency, date=asked["created_at"], tags=tags,
                               amount_msat=MilliSatoshi(amount) if amount else None)
    return reference.encode(invoice, KEY_HEX, keep_payee=keep_payee), asked


def script_version_program(script):
    if len(script) == 25 and script[0] == 0x76:
        return 17, script[3:23]
    if len(script) == 23 and script[0] == 0xA9:
        return 18, script[2:22]
    return (0 if script[0] == 0 else script[0] - 0x50), script[2:]


def mutate(rng, text):
    """A mutation of a valid invoice, and its kind. Most are re-signed with KEY."""
    hrp, words = bech32_split(text)
    unsigned, signature = words[:-SIGNATURE_WORDS], words[-SIGNATURE_WORDS:]
    split = fields_of(unsigned)
    if split is None:
        return None
    timestamp, fields = split
    kind = rng.choice(["word", "delete", "duplicate", "move", "cut", "lengthen", "length",
                       "unknown", "amount", "currency", "upper", "high-s", "recovery-id",
                       "word-unsigned", "tag", "empty", "padding", "mixed-case"])
    resign = True
    if kind == "word" and fields:
        field = rng.choice(fields)
        if field[1]:
            field[1][rng.randrange(len(field[1]))] = rng.randrange(32)
    elif kind == "word-unsigned":
        resign = False
        index = rng.randrange(len(unsigned))
        unsigned[index] = rng.randrange(32)
        return hrp + "1" + "".join(CHARSET[w] for w in unsigned + signature), kind
    elif kind == "delete" and fields:
        del fields[rng.randrange(len(fields))]
    elif kind == "duplicate" and fields:
        field = rng.choice(fields)
        fields.insert(rng.randrange(len(fields) + 1), [field[0], list(field[1])])
    elif kind == "move" and len(fields) > 1:
        field = fields.pop(rng.randrange(len(fields)))
        fields.insert(rng.randrange(len(fields) + 1), field)
    elif kind == "cut" and fields:
        field = rng.choice(fields)
        field[1] = field[1][:rng.randrange(len(field[1]) + 1)]
    elif kind == "lengthen" and fields:
        field = rng.choice(fields)
        field[1] = field[1] + [rng.randrange(32) for _ in range(rng.randrange(1, 4))]
    elif kind == "length" and fields:
        # A wrong data_length: the field swallows or leaves words, re-framing what follows.
        index = rng.randrange(len(fields))
        words_out = join_fields(timestamp, fields)
        position = 7 + sum(3 + len(f[1]) for f in fields[:index])
        new_length = max(0, min(1023, len(fields[index][1]) + rng.choice([-2, -1, 1, 2])))
        words_out[position + 1], words_out[position + 2] = new_length >> 5, new_length & 31
        return sign_or_raw(hrp, words_out, True), kind
    elif kind == "unknown":
        fields.insert(rng.randrange(len(fields) + 1),
                      [CHARSET.index(rng.choice(UNKNOWN_LETTERS)),
                       [rng.randrange(32) for _ in range(rng.randrange(0, 10))]])
    elif kind == "amount":
        currency = hrp[2:].rstrip("0123456789pnum") or hrp[2:]
        for prefix in ("bcrt", "tbs", "bc", "tb"):
            if hrp[2:].startswith(prefix):
                currency = prefix
                break
        hrp = "ln" + currency + rng.choice(
            ["", "1p", "10p", "15p", "0", "00", "01m", "1", "21000000", "21000001", "2100000000m",
             "18446744073709551616", "1000000000000000000000p", "99999999999999999999n", "1x",
             "1mm", str(rng.randrange(1, 10**6)) + rng.choice(["", "m", "u", "n", "p"])])
    elif kind == "currency":
        hrp = rng.choice(["lnbc", "lntb", "lntbs", "lnbcrt", "lnsb", "lntbc", "lnb"]) + hrp[
            len(hrp.rstrip("0123456789pnum")):]
    elif kind == "tag" and fields:
        rng.choice(fields)[0] = rng.randrange(32)
    elif kind == "empty" and fields:
        rng.choice(fields)[1] = []
    elif kind == "padding" and fields:
        field = rng.choice(fields)
        if field[1]:
            field[1][-1] ^= rng.randrange(1, 32)
    elif kind == "upper":
        return text.upper(), kind
    elif kind == "mixed-case":
        index = rng.randrange(len(text))
        return text[:index] + text[index].swapcase() + text[index + 1:], kind
    elif kind in ("high-s", "recovery-id"):
        signature_bytes = bytearray(to_bytes_padded(signature)[:65])
        if kind == "high-s":
            order = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
            s_value = int.from_bytes(signature_bytes[32:64], "big")
            signature_bytes[32:64] = (order - s_value).to_bytes(32, "big")
            signature_bytes[64] ^= 1
        else:
            signature_bytes[64] = rng.choice([(signature_bytes[64] + 1) % 4, 4, 255])
        return bech32_encode(hrp, unsigned + to_words(bytes(signature_bytes))), kind
    return sign_or_raw(hrp, join_fields(timestamp, fields), resign), kind


def sign_or_raw(hrp, unsigned_words, resign):
    if any(not 33 <= ord(c) <= 126 for c in hrp):
        return None
    return sign(hrp, unsigned_words)


# --- Decoding -------------------------------------------------------------------------------

class Helper:
    def __init__(self, path):
        self.path = path

    def run(self, arguments, lines):
        result = subprocess.run([self.path] + arguments, input="\n".join(lines) + "\n",
                                capture_output=True, text=True, check=True)
        out = result.stdout.splitlines()
        assert len(out) == len(lines), (len(out), len(lines), result.stderr[-2000:])
        return [json.loads(line) if line.startswith("{") else line for line in out]


def ours_normalized(decoded):
    if not decoded.get("valid"):
        return None
    return {
        "currency": decoded["currency"],
        "amount_msat": decoded.get("amount_msat"),
        "created_at": decoded["created_at"],
        "expiry": decoded["expiry"],
        "payee": decoded["payee"],
        "payment_hash": decoded["payment_hash"],
        "payment_secret": decoded.get("payment_secret"),
        "description": decoded.get("description"),
        "description_hash": decoded.get("description_hash"),
        "payment_metadata": decoded.get("payment_metadata"),
        "min_final_cltv_expiry": decoded["min_final_cltv_expiry"],
        "feature_bits": decoded.get("feature_bits", []),
        "fallbacks": [f["hex"] for f in decoded.get("fallbacks", [])],
        "fallback_addresses": [f.get("addr") for f in decoded.get("fallbacks", [])],
        "routes": [[[h["pubkey"], h["short_channel_id"], h["fee_base_msat"],
                     h["fee_proportional_millionths"], h["cltv_expiry_delta"]] for h in route]
                   for route in decoded.get("routes", [])],
    }


def theirs(text):
    """The reference's decode, normalized like ours, or (None, exception name)."""
    try:
        invoice = reference.decode(text)
    except Exception as error:  # the reference raises many kinds; any is a refusal
        return None, type(error).__name__
    try:
        bits = []
        if invoice.features:
            for feature, state in invoice.features.feature_list.items():
                bits.append(feature.value * 2 + (1 if state == FeatureState.supported else 0))
        fallbacks, addresses = [], []
        if invoice.fallback:
            version = invoice.fallback.witness_version
            program = invoice.fallback.data[5:]
            program = program.tobytes() if program.len % 8 == 0 else program.tobytes()[:-1]
            if version == 17:
                script = bytes([0x76, 0xA9, 0x14]) + program + bytes([0x88, 0xAC])
            elif version == 18:
                script = bytes([0xA9, 0x14]) + program + bytes([0x87])
            else:
                script = bytes([0 if version == 0 else 0x50 + version, len(program)]) + program
            fallbacks.append(script.hex())
            try:
                addresses.append(invoice.fallback.address)
            except Exception as error:
                addresses.append(f"<{type(error).__name__}>")
        routes = [[[r.public_key, r.short_channel_id, r.base_fee, r.ppm_fee, r.cltv_expiry_delta]
                   for r in hint.routes] for hint in invoice.route_hints]
        return {
            "currency": invoice.currency,
            "amount_msat": int(invoice.amount_msat) if invoice.amount_msat is not None else None,
            "created_at": invoice.date,
            "expiry": invoice.expiry,
            "payee": invoice.payee,
            "payment_hash": invoice.payment_hash,
            "payment_secret": invoice.payment_secret,
            "description": invoice.description,
            "description_hash": invoice.description_hash,
            "payment_metadata": invoice.metadata,
            "min_final_cltv_expiry": invoice.min_final_cltv_expiry,
            "feature_bits": sorted(bits),
            "fallbacks": fallbacks,
            "fallback_addresses": addresses,
            "routes": routes,
        }, None
    except Exception as error:  # reading a decoded value failed: a refusal too
        return None, "read:" + type(error).__name__


# --- Explanations ---------------------------------------------------------------------------
# Each rule: (id, who is wrong, the README sentence, a check on the case). A disagreement is
# explained by the first rule whose check holds.

def raw_fields(text):
    try:
        hrp, words = bech32_split(text)
        split = fields_of(words[:-SIGNATURE_WORDS])
        return hrp, (split[1] if split else None)
    except (ValueError, IndexError):
        return None, None


def has_field(text, predicate):
    _, fields = raw_fields(text)
    return bool(fields) and any(predicate(CHARSET[tag], data) for tag, data in fields)


def count_letter(text, letter):
    _, fields = raw_fields(text)
    return sum(1 for tag, _ in fields or [] if CHARSET[tag] == letter)


def code(case):
    return (case["ours"].get("error") or {}).get("code")


def our_field(case):
    return (case["ours"].get("error") or {}).get("field")


RULES = [
    ("ref-unknown-even-feature", "reference",
     "accepts an invoice whose `9` field sets an unknown even (required) bit; BOLT 11 says MUST "
     "fail the payment",
     lambda c: code(c) == "features.unknown_required" and c["theirs"] is not None),
    ("ref-feature-dependency", "reference",
     "accepts `basic_mpp` without `payment_secret` (BOLT 9 dependencies are not checked)",
     lambda c: code(c) == "features.missing_dependency" and c["theirs"] is not None),
    ("ref-sub-millisatoshi", "reference",
     "accepts a `p` amount whose last digit is not 0 (a fraction of a millisatoshi), rounding it "
     "down; BOLT 11 says MUST fail",
     lambda c: code(c) == "amount.sub_millisatoshi" and c["theirs"] is not None),
    ("ref-amount-overflow", "reference",
     "accepts amounts above 21 million bitcoin", 
     lambda c: code(c) == "amount.overflow" and c["theirs"] is not None),
    ("spec-fixed-length-skip", "neither (strict mode)",
     "skips a `p`, `h`, `s` or `n` field of the wrong length, as BOLT 11 once said; the current "
     "text says fail, which our strict mode does, and our --compat mode skips like the reference",
     lambda c: code(c) == "field.invalid_length" and our_field(c) in ("p", "h", "s", "n")
     and compat_explained(c)),
    ("ref-duplicates-first-wins", "neither (strict mode)",
     "keeps the first of repeated single-valued fields (`p s d h n x c 9 m`) and ignores the "
     "rest; our strict mode refuses them with `field.duplicate`",
     lambda c: code(c) == "field.duplicate" and c["theirs"] is not None),
    ("ref-both-descriptions", "reference",
     "accepts `d` and `h` together, keeping the first; BOLT 11 says MUST fail",
     lambda c: code(c) == "field.both_descriptions" and c["theirs"] is not None),
    ("ref-non-minimal", "reference (a SHOULD)",
     "accepts `x`, `c` and `9` fields that start with a zero character",
     lambda c: code(c) == "field.non_minimal" and c["theirs"] is not None),
    ("ref-padding", "neither (strict mode)",
     "ignores the padding bits of a field (non-zero bits, or a whole extra character); we refuse "
     "what no writer produces (`invoice.non_zero_padding`, `field.invalid_length`)",
     lambda c: (code(c) == "invoice.non_zero_padding" or (
         code(c) == "field.invalid_length" and "padding" in c["ours"]["error"]["message"]))
     and c["theirs"] is not None),
    ("ref-fallback-unchecked", "reference",
     "accepts an `f` field whose program length does not fit its version (a fallback no wallet "
     "can pay), and reads versions 20 to 31 as fallbacks",
     lambda c: code(c) == "field.invalid_fallback" and c["theirs"] is not None),
    ("ref-route-unchecked", "reference",
     "accepts an `r` field that is not a whole number of 51-byte hops (reading the hops that fit) "
     "and route hop keys that do not start 02 or 03",
     lambda c: code(c) in ("field.invalid_route", "field.invalid_pubkey")
     and c["theirs"] is not None and has_field(c["text"], lambda t, d: t == "r")),
    ("ref-value-too-large", "reference",
     "accepts `x` and `c` values beyond 64 bits, and timestamp plus expiry beyond 64 bits",
     lambda c: code(c) == "field.value_too_large" and c["theirs"] is not None),
    ("ref-skips-unread-description", "reference",
     "does not read a `d` that follows an `h` or another `d` (it keeps the first), so it accepts "
     "one that is not UTF-8; we check every field, and refuse both descriptions anyway",
     lambda c: code(c) == "field.invalid_utf8" and c["theirs"] is not None
     and (count_letter(c["text"], "d") > 1 or count_letter(c["text"], "h") > 0)),
    ("ref-mixed-case", "reference",
     "lower-cases its input before Bech32 decoding, so it accepts mixed-case strings; BIP-173 "
     "says decoders MUST NOT",
     lambda c: code(c) == "bech32.mixed_case" and c["theirs"] is not None),
    ("ref-invalid-pubkey", "reference",
     "does not check that an `n` field is a point on the curve before verifying",
     lambda c: code(c) == "field.invalid_pubkey" and c["theirs"] is not None),
    ("ref-empty-integer", "reference",
     "refuses an `x` or `c` field of length 0 (bitstring cannot read an empty integer); it is the "
     "minimal encoding of 0, which we accept",
     lambda c: c["ours_valid"] and c["theirs"] is None
     and has_field(c["text"], lambda t, d: t in "xc" and len(d) == 0)),
    ("ref-empty-route", "reference",
     "accepts an `r` field with no hop", lambda c: code(c) == "field.invalid_route"
     and c["theirs"] is not None),
]

# When both accept: every differing field must be explained, each by one of these. Each check
# gets the case and tells whether the rule accounts for the field's difference.
FIELD_RULES = [
    ("ref-first-fallback-only", "reference",
     "keeps only the first `f` field; later fallbacks are lost",
     {"fallbacks", "fallback_addresses"},
     lambda c: count_letter(c["text"], "f") > 1
     and c["ours_fields"]["fallbacks"][:1] == c["theirs"]["fallbacks"]),
    ("ref-feature-pair-collapsed", "reference",
     "keeps one state per feature, so when both bits of a pair are set (14 and 15) it reports "
     "only the odd one",
     {"feature_bits"},
     lambda c: c["theirs"]["feature_bits"] == [
         b for b in c["ours_fields"]["feature_bits"]
         if not (b % 2 == 0 and b + 1 in c["ours_fields"]["feature_bits"])]),
    ("ref-fallback-high-version", "reference",
     "reads an `f` field of version 20 to 31 as a fallback (it skips only 19); BOLT 11 says MUST "
     "skip unknown versions",
     {"fallbacks", "fallback_addresses"},
     lambda c: first_fallback_version(c["text"]) >= 20
     and c["theirs"]["fallback_addresses"][:1] == ["<ValueError>"]),
    ("ref-fallback-bech32-for-v1", "reference",
     "writes witness version 1 to 16 fallback addresses (P2TR) with the Bech32 checksum constant "
     "instead of Bech32m (BIP-350), so wallets refuse them",
     {"fallback_addresses"},
     lambda c: c["ours_fields"]["fallbacks"][:1] == c["theirs"]["fallbacks"]
     and all(address_is_bech32_of(t, o) for o, t in zip(c["ours_fields"]["fallback_addresses"],
                                                       c["theirs"]["fallback_addresses"]))),
    ("ref-fallback-currency", "reference",
     "cannot write fallback addresses for signet (`tbs`) or regtest (`bcrt`) invoices",
     {"fallback_addresses"},
     lambda c: c["ours_fields"]["currency"] in ("tbs", "bcrt")
     and all(a.startswith("<") for a in c["theirs"]["fallback_addresses"])),
    ("ref-route-last-hop", "reference",
     "drops the last hop of an `r` field whose hops fill whole characters (5, 10 hops: 408 bits "
     "each, no padding), testing `<` where `<=` is meant",
     {"routes"}, lambda c: routes_match(c, drop_last=True)),
    ("ref-signed-integers", "reference",
     "reads route fees, cltv delta and short channel id as signed integers, so values with the top "
     "bit set come out negative",
     {"routes"}, lambda c: routes_match(c, unsigned=True)),
]


# What the reference's encoder writes wrongly: (id, sentence, field asked, check(asked value, our
# decoded value)).
ENCODER_RULES = [
    ("ref-encoder-amount-thousand-bitcoin",
     "writes an amount that is a multiple of 1000 bitcoin without its last three zeros (its "
     "shortening loop divides once more than it may): 1000 BTC comes out as `lnbc1`, 1 BTC",
     "amount_msat", lambda asked, got: asked % 10**14 == 0 and got * 1000 == asked),
    ("ref-encoder-integer-60-bits",
     "writes `x` and `c` from only the low 60 bits of the value (`pack(\"intbe:64\")[4:64]`)",
     "expiry", lambda asked, got: asked >= 1 << 60 and got == asked % (1 << 60)),
    ("ref-encoder-integer-60-bits", "",
     "min_final_cltv_expiry", lambda asked, got: asked >= 1 << 60 and got == asked % (1 << 60)),
]


def first_fallback_version(text):
    _, fields = raw_fields(text)
    versions = [data[0] for tag, data in fields or [] if CHARSET[tag] == "f" and data]
    return versions[0] if versions else -1


def address_is_bech32_of(their_address, our_address):
    """Whether their address is our Bech32m address re-checksummed with the Bech32 constant."""
    if their_address == our_address:
        return True
    hrp, words = their_address[:their_address.rfind("1")], None
    try:
        hrp, words = bech32_split(their_address)
    except ValueError:
        return False
    return (words and words[0] >= 1 and bech32_encode(hrp, words) == their_address
            and our_address[:-6] == their_address[:-6])


def hop_unsigned(hop):
    """Their hop with the signed readings undone."""
    key, scid, base, proportional, delta = hop
    return [key, scid, base % (1 << 32), proportional % (1 << 32), delta % (1 << 16)]


def scid_matches(ours, theirs_):
    if ours == theirs_:
        return True
    # int_to_scid of a negative 64-bit value: Python's >> keeps the sign, so the block is off by
    # 2**24 and the parts may print negative; compare modulo the field widths.
    try:
        a = [int(x) for x in ours.split("x")]
        b = [int(x) for x in theirs_.split("x")]
        return a[0] == b[0] % (1 << 24) and a[1] == b[1] % (1 << 24) and a[2] == b[2] % (1 << 16)
    except ValueError:
        return False


def routes_match(case, drop_last=False, unsigned=False):
    ours, theirs_ = case["ours_fields"]["routes"], case["theirs"]["routes"]
    if len(ours) != len(theirs_):
        return False
    for our_route, their_route in zip(ours, theirs_):
        if drop_last and len(our_route) % 5 == 0 and len(their_route) == len(our_route) - 1:
            our_route = our_route[:-1]
        if len(our_route) != len(their_route):
            return False
        for our_hop, their_hop in zip(our_route, their_route):
            if unsigned:
                their_hop = hop_unsigned(their_hop)
                if not scid_matches(our_hop[1], their_hop[1]):
                    return False
                their_hop[1] = our_hop[1]
            if our_hop != their_hop:
                return False
    return True



def compat_explained(case):
    """Whether our compat decode agrees with the reference, up to explained field differences."""
    ours = case.get("compat_fields")
    if ours is None or case["theirs"] is None:
        return False
    diff = {k for k in ours if ours[k] != case["theirs"][k]}
    return not diff or explain(dict(case, ours_fields=ours, diff=diff)) is not None


def explain(case):
    """The rules that account for a disagreement, joined with "+", or None."""
    if case["diff"]:
        rules = []
        for field in sorted(case["diff"]):
            if field == "routes":
                # The two route rules often meet in one field: try each alone, then both.
                if routes_match(case, unsigned=True):
                    rules.append("ref-signed-integers")
                elif routes_match(case, drop_last=True):
                    rules.append("ref-route-last-hop")
                elif routes_match(case, drop_last=True, unsigned=True):
                    rules += ["ref-route-last-hop", "ref-signed-integers"]
                else:
                    return None
                continue
            for rule_id, _, _, fields, check in FIELD_RULES:
                try:
                    if field in fields and check(case):
                        if rule_id not in rules:
                            rules.append(rule_id)
                        break
                except (KeyError, TypeError, IndexError, ValueError):
                    continue
            else:
                return None
        return "+".join(sorted(set(rules)))
    for rule_id, wrong, sentence, check in RULES:
        try:
            if check(case):
                return rule_id
        except (KeyError, TypeError, IndexError):
            continue
    return None


# --- Main -----------------------------------------------------------------------------------

def build_helper():
    out = os.path.join(ROOT, ".build", "tools-release")
    subprocess.run(
        [os.path.join(ROOT, "Tools", "build-swift.sh"), "--reuse",
         os.path.join(ROOT, ".build", "release"), out, "bolt11-lines",
         "Bolt11Tool",
         os.path.join(ROOT, "Tools", "differential", "Bolt11Lines.swift")], check=True)
    return os.path.join(out, "bolt11-lines")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--report", help="write every disagreement as JSON lines here")
    parser.add_argument("--helper", help="a built bolt11-lines")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    helper = Helper(arguments.helper or build_helper())

    # Valid invoices from our encoder.
    ours_count = arguments.count * 3 // 10
    requests = [our_json(rng) for _ in range(ours_count)]
    encoded = helper.run(["encode", "--key", KEY_HEX],
                         [json.dumps(r, ensure_ascii=False) for r in requests])
    cases = []
    encode_failures = []
    for request, result in zip(requests, encoded):
        if isinstance(result, str):
            cases.append({"origin": "ours", "text": result, "asked": request})
        else:
            encode_failures.append((request, result))
    # Valid invoices from the reference's encoder.
    reference_encoded = []
    for _ in range(arguments.count * 2 // 10):
        text, asked = reference_invoice(rng)
        reference_encoded.append({"origin": "reference", "text": text, "asked": asked})
    cases += reference_encoded
    # Mutations of both.
    valid_texts = [c["text"] for c in cases]
    mutations = []
    while len(cases) + len(mutations) < arguments.count:
        mutated = mutate(rng, rng.choice(valid_texts))
        if mutated and mutated[0]:
            mutations.append({"origin": "mutation", "kind": mutated[1], "text": mutated[0]})
    cases += mutations

    texts = [c["text"] for c in cases]
    strict = helper.run(["decode"], texts)
    compat = helper.run(["decode", "--compat"], texts)
    tally = collections.Counter()
    explained = collections.Counter()
    unexplained = []
    encoder_bugs = collections.Counter()
    report = []
    for case, ours, ours_compat in zip(cases, strict, compat):
        case["ours"] = ours
        case["ours_valid"] = bool(ours.get("valid"))
        case["ours_fields"] = ours_normalized(ours)
        their_fields, their_error = theirs(case["text"])
        case["theirs"], case["their_error"] = their_fields, their_error
        case["compat_fields"] = ours_normalized(ours_compat)
        if case["ours_fields"] is not None and their_fields is not None:
            case["diff"] = {k for k in case["ours_fields"]
                            if case["ours_fields"][k] != their_fields[k]}
        else:
            case["diff"] = set()
        if case["origin"] == "reference" and case["ours_fields"] is not None:
            for key, value in case["asked"].items():
                got = case["ours_fields"].get(key)
                if key == "fallbacks":
                    got = case["ours_fields"]["fallbacks"]
                if key == "routes":
                    value = [[[h["pubkey"], h["short_channel_id"], h["fee_base_msat"],
                               h["fee_proportional_millionths"], h["cltv_expiry_delta"]]
                              for h in route] for route in value]
                if got != value:
                    for rule_id, _, field, check in ENCODER_RULES:
                        if field == key and got is not None and check(value, got):
                            encoder_bugs[rule_id] += 1
                            break
                    else:
                        encoder_bugs["UNEXPLAINED " + key] += 1
                        unexplained.append({"origin": "reference-encoder", "text": case["text"],
                                            "field": key, "asked": value, "ours": got})
        agree = (case["ours_valid"] == (their_fields is not None)) and not case["diff"]
        if agree:
            tally["agree-valid" if case["ours_valid"] else "agree-invalid"] += 1
            continue
        rule = explain(case)
        entry = {"origin": case["origin"], "kind": case.get("kind"), "text": case["text"],
                 "ours": code(case) or "valid", "theirs": their_error or "valid",
                 "diff": sorted(case["diff"]), "rule": rule}
        if case["diff"]:
            entry["fields"] = {k: [case["ours_fields"][k], their_fields[k]] for k in case["diff"]}
        report.append(entry)
        if rule:
            explained[rule] += 1
        else:
            unexplained.append(entry)

    print(f"differential: {len(cases)} invoices ({ours_count - len(encode_failures)} from our "
          f"encoder, {len(reference_encoded)} from the reference's, {len(mutations)} mutated); "
          f"reference bolt11 {getattr(reference, '__version__', '2.2.0')}")
    print(f"  agree: {tally['agree-valid']} valid, {tally['agree-invalid']} invalid")
    print(f"  disagree: {len(report)} ({sum(explained.values())} explained, "
          f"{len(unexplained)} unexplained)")
    sentences = {rule[0]: (rule[1], rule[2]) for rule in RULES + FIELD_RULES}
    per_rule = collections.Counter()
    for rule_ids, count in explained.items():
        for rule_id in rule_ids.split("+"):
            per_rule[rule_id] += count
    for rule_id, count in per_rule.most_common():
        wrong, sentence = sentences[rule_id]
        print(f"    {count:6d}  {rule_id} [{wrong}]: {sentence}")
    if encoder_bugs:
        print(f"  the reference's encoder wrote other values than asked in "
              f"{sum(encoder_bugs.values())} invoices (both decoders agree on what it wrote):")
        encoder_sentences = {rule_id: sentence for rule_id, sentence, _, _ in ENCODER_RULES
                             if sentence}
        for rule_id, count in encoder_bugs.most_common():
            print(f"    {count:6d}  {rule_id} [reference]: {encoder_sentences.get(rule_id, '')}")
    if encode_failures:
        print(f"  our encoder refused {len(encode_failures)} requests, e.g. "
              f"{encode_failures[0][1]} for {json.dumps(encode_failures[0][0])[:300]}")
    for entry in unexplained[:20]:
        print("  UNEXPLAINED: " + json.dumps(entry, ensure_ascii=False)[:800])
    if arguments.report:
        with open(arguments.report, "w", encoding="utf-8") as handle:
            for entry in report:
                handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return 1 if unexplained or encode_failures else 0


if __name__ == "__main__":
    sys.exit(main())
