#!/usr/bin/env python3
"""An independent check of BOLT #12 signatures: Merkle root and BIP-340, apart from the library.

Usage: check.py STRING...        one JSON line per string: {"string", "hrp", "merkle_root",
                                 "signature_valid" (null when unsigned), "signer" (hex)}
       check.py --spec FILE      runs BOLT #12's signature-test.json: every root and signature

Written from BOLT #12's "Signature Calculation" and BIP-340 alone: the string form is regrouped
here, the TLV stream framed here, the tree built with hashlib's SHA-256, and the signature checked
through Debian's libsecp256k1 (`secp256k1_xonly_pubkey_parse`, `secp256k1_schnorrsig_verify`)
over ctypes. It shares no code with the Swift library, so that the library's vectors can be
confirmed by something that is not the library. It checks signatures only: no reader rule.
"""
import ctypes
import ctypes.util
import hashlib
import json
import re
import sys

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
SIGNATURE_TYPES = range(240, 1001)
SIGNED_BY = {"lnr": (88, "invoice_request"), "lni": (176, "invoice")}


def tagged(tag: bytes, message: bytes) -> bytes:
    tag_hash = hashlib.sha256(tag).digest()
    return hashlib.sha256(tag_hash + tag_hash + message).digest()


def string_bytes(text: str):
    """The hrp and the data bytes of a BOLT #12 string (`+` joins, one case, no checksum)."""
    text = re.sub(r"\+[ \t\r\n]*", "", text.strip())
    if text != text.lower() and text != text.upper():
        raise ValueError("mixed case")
    text = text.lower()
    hrp, _, data = text.rpartition("1")
    value, bits, out = 0, 0, bytearray()
    for character in data:
        value = (value << 5) | CHARSET.index(character)
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((value >> bits) & 0xFF)
    return hrp, bytes(out)


def bigsize(data: bytes, at: int):
    first = data[at]
    if first < 0xFD:
        return first, at + 1
    width = {0xFD: 2, 0xFE: 4, 0xFF: 8}[first]
    return int.from_bytes(data[at + 1 : at + 1 + width], "big"), at + 1 + width


def records(data: bytes):
    """(type, type's byte count, whole record, value) for each record."""
    at, out = 0, []
    while at < len(data):
        start = at
        kind, at = bigsize(data, at)
        type_length = at - start
        length, at = bigsize(data, at)
        value = data[at : at + length]
        if len(value) != length:
            raise ValueError("truncated")
        at += length
        out.append((kind, type_length, data[start:at], value))
    return out


def merkle_root(stream, left_out=SIGNATURE_TYPES):
    """The root over every record whose type is not in `left_out` (BOLT 12: 240 to 1000); None
    when no record is a leaf. Another `left_out` computes the tree some writers sign instead."""
    level, first = [], None
    for kind, type_length, whole, _ in stream:
        if kind in left_out:
            continue
        first = first if first is not None else whole
        leaf = tagged(b"LnLeaf", whole)
        nonce = tagged(b"LnNonce" + first, whole[:type_length])
        level.append(tagged(b"LnBranch", min(leaf, nonce) + max(leaf, nonce)))
    if not level:
        return None
    while len(level) > 1:
        pairs = [level[i : i + 2] for i in range(0, len(level), 2)]
        level = [tagged(b"LnBranch", min(p) + max(p)) if len(p) == 2 else p[0] for p in pairs]
    return level[0]


class Secp256k1:
    def __init__(self):
        path = ctypes.util.find_library("secp256k1") or "libsecp256k1.so.1"
        self.lib = ctypes.CDLL(path)
        self.lib.secp256k1_context_create.restype = ctypes.c_void_p
        self.lib.secp256k1_context_create.argtypes = [ctypes.c_uint]
        self.lib.secp256k1_xonly_pubkey_parse.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
        self.lib.secp256k1_schnorrsig_verify.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
        self.context = self.lib.secp256k1_context_create(1)  # SECP256K1_CONTEXT_NONE

    def verify(self, signature: bytes, message: bytes, xonly: bytes) -> bool:
        key = ctypes.create_string_buffer(64)
        if self.lib.secp256k1_xonly_pubkey_parse(self.context, key, xonly) != 1:
            return False
        return self.lib.secp256k1_schnorrsig_verify(
            self.context, signature, message, len(message), key) == 1


def check(text: str, secp: Secp256k1):
    hrp, data = string_bytes(text)
    stream = records(data)
    root = merkle_root(stream)
    answer = {"string": text, "hrp": hrp, "merkle_root": root.hex() if root else None,
              "signature_valid": None, "signer": None}
    signature = next((value for kind, _, _, value in stream if kind == 240), None)
    if hrp in SIGNED_BY and signature is not None and root is not None:
        key_type, name = SIGNED_BY[hrp]
        key = next((value for kind, _, _, value in stream if kind == key_type), None)
        answer["signer"] = key.hex() if key else None
        digest = tagged(b"lightning" + name.encode() + b"signature", root)
        answer["signature_valid"] = bool(key) and len(key) == 33 and len(signature) == 64 \
            and secp.verify(signature, digest, key[1:])
    return answer


def run_spec(path: str, secp: Secp256k1) -> int:
    failures = 0
    vectors = json.load(open(path, encoding="utf-8"))
    for vector in vectors:
        whole = [bytes.fromhex(m) for leaf in vector["leaves"] for key in leaf
                 for m in re.findall(r"H\(`LnLeaf`,([0-9a-f]+)\)", key)]
        stream = [(bigsize(r, 0)[0], bigsize(r, 0)[1], r, None) for r in whole]
        root = merkle_root(stream).hex()
        ok = root == vector["merkle"]
        if "bolt12" in vector:
            answer = check(vector["bolt12"], secp)
            ok = ok and answer["merkle_root"] == vector["merkle"] and answer["signature_valid"] \
                and answer.get("signer") is not None \
                and bytes.fromhex(vector["signature"]) == next(
                    v for k, _, _, v in records(string_bytes(vector["bolt12"])[1]) if k == 240)
        print(("ok  " if ok else "FAIL") + "  " + vector["comment"][:70])
        failures += not ok
    print(f"{len(vectors) - failures} passed, {failures} failed")
    return 1 if failures else 0


def main(arguments) -> int:
    secp = Secp256k1()
    if arguments[:1] == ["--spec"] and len(arguments) == 2:
        return run_spec(arguments[1], secp)
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    for text in arguments:
        print(json.dumps(check(text, secp)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
