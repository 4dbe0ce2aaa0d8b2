"""The line protocol of `bolt11 vectors --decoder CMD`, for decoders written in Python.

A request of kind `bolt12` (an offer) goes to the adapter's offer function when it has one, and
is answered {"unsupported": "bolt12"} when it has none.

An adapter is a function from an invoice string to a dict of the contract's decoded JSON (any
subset of its keys); it raises to say the invoice is invalid. `serve(decode)` does the rest: it
reads one request a line from standard input, answers one line on standard output, declares the
options the decoder cannot apply unsupported, and turns any exception into
{"valid": false, "error": {"message": ...}} (no `code`: these decoders do not speak our codes,
so they are scored on their verdict and fields).

The helpers turn what libraries return into the contract's forms: feature hex and bits, short
channel ids, fallback address type and script, unknown fields as bech32 characters.
"""
import hashlib
import json
import sys

CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def unsupported_option(options, supported=()):
    """The first option the decoder cannot apply, or None. Strict mode, no route-key check and
    the options named in `supported` are fine."""
    for key, value in options.items():
        if key in supported:
            continue
        if key == "mode" and value == "strict":
            continue
        if key == "check_route_keys" and value is False:
            continue
        return key
    return None


def answer_offer(request, offer, supported):
    """The answer to a request with a `kind`: `offer(string, options)` returns the dict of a
    `bolt12` string; without `offer`, or for another kind, the kind is unsupported."""
    kind = request.get("kind")
    if kind != "bolt12" or offer is None:
        return {"unsupported": kind if isinstance(kind, str) else "kind"}
    options = request.get("options") or {}
    option = next((key for key in options if key not in supported), None)
    if option is not None:
        return {"unsupported": option}
    try:
        return {"type": "bolt12 offer", "valid": True, **offer(request["string"], options)}
    except Exception as error:  # any refusal of the library is a verdict
        return {"valid": False, "error": {"message": f"{type(error).__name__}: {error}"}}


def serve(decode, supported=(), offer=None, offer_supported=()):
    """Answers requests until standard input ends. `decode(invoice, options)` returns the dict
    of an invoice; `offer(string, options)`, when given, that of a BOLT 12 offer (a request of
    kind `bolt12`), with the options named in `offer_supported` (the others are unsupported)."""
    for line in sys.stdin:
        try:
            request = json.loads(line)
            if "kind" in request:
                sys.stdout.write(json.dumps(answer_offer(request, offer, offer_supported)) + "\n")
                sys.stdout.flush()
                continue
            invoice, options = request["invoice"], request.get("options") or {}
        except (ValueError, KeyError, TypeError) as error:
            answer = {"valid": False, "error": {"message": f"not a request: {error}"}}
        else:
            option = unsupported_option(options, supported)
            if option is not None:
                answer = {"unsupported": option}
            else:
                try:
                    answer = {"type": "bolt11 invoice", "valid": True, **decode(invoice, options)}
                except Exception as error:  # any refusal of the library is a verdict
                    answer = {"valid": False, "error": {"message": f"{type(error).__name__}: {error}"}}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def feature_fields(value):
    """`features` (minimal big-endian hex) and `feature_bits` from the feature integer."""
    if not value:
        return {}
    length = (value.bit_length() + 7) // 8
    bits = [bit for bit in range(value.bit_length()) if value >> bit & 1]
    return {"features": value.to_bytes(length, "big").hex(), "feature_bits": bits}


def short_channel_id(value):
    """BLOCKxTXxOUT from the 8 bytes (or integer) of a short channel id."""
    if isinstance(value, (bytes, bytearray)):
        value = int.from_bytes(value, "big")
    return f"{value >> 40}x{value >> 16 & 0xFFFFFF}x{value & 0xFFFF}"


def hop(pubkey, scid, fee_base, fee_rate, cltv_delta):
    return {"pubkey": pubkey.hex() if isinstance(pubkey, (bytes, bytearray)) else pubkey,
            "short_channel_id": scid if isinstance(scid, str) else short_channel_id(scid),
            "fee_base_msat": fee_base, "fee_proportional_millionths": fee_rate,
            "cltv_expiry_delta": cltv_delta}


def bits_to_chars(bits):
    """The bech32 characters of a bit string whose length is a multiple of 5 (a field's data)."""
    text = bits.bin if hasattr(bits, "bin") else bits
    return "".join(CHARSET[int(text[i:i + 5], 2)] for i in range(0, len(text), 5))


B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
P2PKH_VERSIONS = {0, 111}
P2SH_VERSIONS = {5, 196}


def _bech32_polymod(values):
    chk = 1
    for value in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ value
        for i in range(5):
            chk ^= (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)[i] if top >> i & 1 else 0
    return chk


def _segwit_script(address):
    hrp, _, data = address.lower().rpartition("1")
    words = [CHARSET.index(c) for c in data]
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    if _bech32_polymod(expanded + words) not in (1, 0x2BC830A3):
        raise ValueError(f"bad address checksum: {address}")
    version, bits, value, program = words[0], 0, 0, []
    for word in words[1:-6]:
        value, bits = value << 5 | word, bits + 5
        if bits >= 8:
            bits -= 8
            program.append(value >> bits & 0xFF)
    return version, bytes(program)


def fallback(address):
    """{type, addr, hex} of a fallback address, its script worked out from the address."""
    if address[:3].lower() in ("bc1", "tb1") or address[:5].lower() == "bcrt1":
        version, program = _segwit_script(address)
        script = bytes([0 if version == 0 else 0x50 + version, len(program)]) + program
        kinds = {(0, 20): "P2WPKH", (0, 32): "P2WSH", (1, 32): "P2TR"}
        kind = kinds.get((version, len(program)), "WITNESS_UNKNOWN")
    else:
        number = 0
        for c in address:
            number = number * 58 + B58.index(c)
        raw = number.to_bytes(25, "big")
        if hashlib.sha256(hashlib.sha256(raw[:21]).digest()).digest()[:4] != raw[21:]:
            raise ValueError(f"bad address checksum: {address}")
        if raw[0] in P2PKH_VERSIONS:
            kind, script = "P2PKH", bytes([0x76, 0xA9, 0x14]) + raw[1:21] + bytes([0x88, 0xAC])
        elif raw[0] in P2SH_VERSIONS:
            kind, script = "P2SH", bytes([0xA9, 0x14]) + raw[1:21] + bytes([0x87])
        else:
            raise ValueError(f"unknown address version {raw[0]}")
    return {"type": kind, "addr": address, "hex": script.hex()}


def drop_none(fields):
    return {key: value for key, value in fields.items() if value is not None}
