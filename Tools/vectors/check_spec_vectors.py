#!/usr/bin/env python3
"""Re-derive and cross-check Vectors/bolt11-spec.json and Vectors/bech32.json.

Independent of the Swift package: everything below is written from the spec texts (BIP-173 and
BIP-350 reference code, BOLT #11 and BOLT #9), plus optional cross-checks against third-party
implementations from PyPI when they are installed:

    pip install 'bolt11==2.2.0' 'bitstring<5' coincurve ecdsa 'bech32m==1.0.0'

Checks:
  * every vector string is the verbatim spec string (BOLT 11 example under its heading, BIP list
    entry), and every spec example / BIP test string has a vector;
  * an own BOLT 11 reference decoder (strict and compat modes, contract JSON keys and error codes)
    gives every expected value and error code;
  * the spec's signature breakdowns (r || s, recovery flag, data for signing, its SHA-256) match;
  * the "fields which must be ignored" breakdown yields the vector's extra list;
  * bolt11 (PyPI) decodes the same values; coincurve (libsecp256k1) and python-ecdsa recover or
    verify the same payee; the BIP reference decoder (bech32m on PyPI) agrees with bech32.json.
Known, explained disagreements of the third-party libraries are printed as "known:" and do not
fail the run. Last line: "N passed, N failed"; exit status 1 when anything failed.

Usage: check_spec_vectors.py [--spec-dir DIR] [--vectors-dir DIR]
(defaults: the repository's Vectors/spec and Vectors/).
"""
import argparse
import hashlib
import json
import os
import re
import sys

# =============================================================================================
# BIP-173 / BIP-350 reference code (bech32_polymod, hrp_expand, create_checksum, convertbits and
# the segwit decode checks are the BIPs' Python), plus a generic decoder that maps each failure
# to the contract's error codes.
# =============================================================================================
CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
BECH32M_CONST = 0x2bc830a3


def bech32_polymod(values):
  GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  chk = 1
  for v in values:
    b = (chk >> 25)
    chk = (chk & 0x1ffffff) << 5 ^ v
    for i in range(5):
      chk ^= GEN[i] if ((b >> i) & 1) else 0
  return chk


def bech32_hrp_expand(s):
  return [ord(x) >> 5 for x in s] + [0] + [ord(x) & 31 for x in s]


def create_checksum(hrp, data, variant):
  const = 1 if variant == "bech32" else BECH32M_CONST
  polymod = bech32_polymod(bech32_hrp_expand(hrp) + data + [0, 0, 0, 0, 0, 0]) ^ const
  return [(polymod >> 5 * (5 - i)) & 31 for i in range(6)]


def bech32_encode(hrp, data, variant):
  return hrp + "1" + "".join(CHARSET[d] for d in data + create_checksum(hrp, data, variant))


class DecodeError(Exception):
  def __init__(self, code, detail=""):
    super().__init__(code + (": " + detail if detail else ""))
    self.code = code


def decode_generic(bech, max_length=None):
  """(hrp in lower case, data words without checksum, "bech32" | "bech32m"); no length limit
  unless max_length. Order: characters 33..126, case, separator, structure, alphabet, checksum."""
  if any(ord(x) < 33 or ord(x) > 126 for x in bech):
    raise DecodeError("bech32.invalid_character", "character outside 33..126")
  if bech.lower() != bech and bech.upper() != bech:
    raise DecodeError("bech32.mixed_case")
  bech = bech.lower()
  pos = bech.rfind("1")
  if pos < 0:
    raise DecodeError("bech32.no_separator")
  if pos < 1 or pos + 7 > len(bech):
    raise DecodeError("bech32.malformed", "empty HRP or fewer than 6 checksum characters")
  if max_length is not None and len(bech) > max_length:
    raise DecodeError("bech32.too_long")
  if not all(x in CHARSET for x in bech[pos + 1:]):
    raise DecodeError("bech32.invalid_character", "data character outside the alphabet")
  hrp = bech[:pos]
  data = [CHARSET.find(x) for x in bech[pos + 1:]]
  check = bech32_polymod(bech32_hrp_expand(hrp) + data)
  if check == 1:
    return hrp, data[:-6], "bech32"
  if check == BECH32M_CONST:
    return hrp, data[:-6], "bech32m"
  raise DecodeError("bech32.checksum")


def convertbits(data, frombits, tobits, pad=True):
  acc = 0
  bits = 0
  ret = []
  maxv = (1 << tobits) - 1
  max_acc = (1 << (frombits + tobits - 1)) - 1
  for value in data:
    if value < 0 or (value >> frombits):
      return None
    acc = ((acc << frombits) | value) & max_acc
    bits += frombits
    while bits >= tobits:
      bits -= tobits
      ret.append((acc >> bits) & maxv)
  if pad:
    if bits:
      ret.append((acc << (tobits - bits)) & maxv)
  elif bits >= frombits or ((acc << (tobits - bits)) & maxv):
    return None
  return ret


def segwit_decode(hrp, addr):
  """BIP-350 'decode' (with the BIP's 90-character limit). Returns (version, program, why)."""
  try:
    hrpgot, data, spec = decode_generic(addr, max_length=90)
  except DecodeError as e:
    return None, None, e.code
  if hrpgot != hrp:
    return None, None, "human-readable part"
  if not data:
    return None, None, "empty data"
  decoded = convertbits(data[1:], 5, 8, False)
  if decoded is None or len(decoded) < 2 or len(decoded) > 40:
    return None, None, "program length or padding"
  if data[0] > 16:
    return None, None, "witness version"
  if data[0] == 0 and len(decoded) not in (20, 32):
    return None, None, "v0 program length"
  if (data[0] == 0) != (spec == "bech32"):
    return None, None, "checksum variant for the witness version"
  return data[0], decoded, None


def segwit_script(version, program):
  return bytes([version + 0x50 if version else 0, len(program)]) + bytes(program)


def segwit_encode(hrp, version, program):
  return bech32_encode(hrp, [version] + convertbits(program, 8, 5),
                       "bech32" if version == 0 else "bech32m")


B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def b58check_encode(payload):
  payload = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
  n = int.from_bytes(payload, "big")
  s = ""
  while n:
    n, r = divmod(n, 58)
    s = B58[r] + s
  return "1" * (len(payload) - len(payload.lstrip(b"\0"))) + s


# =============================================================================================
# secp256k1 in pure Python: public-key recovery (SEC 1 v2, 4.1.6) and verification.
# =============================================================================================
P = 2**256 - 2**32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)


def _add(a, b):
  if a is None:
    return b
  if b is None:
    return a
  if a[0] == b[0] and (a[1] + b[1]) % P == 0:
    return None
  if a == b:
    lam = 3 * a[0] * a[0] * pow(2 * a[1], -1, P) % P
  else:
    lam = (b[1] - a[1]) * pow(b[0] - a[0], -1, P) % P
  x = (lam * lam - a[0] - b[0]) % P
  return (x, (lam * (a[0] - x) - a[1]) % P)


def _mul(k, pt):
  r = None
  while k:
    if k & 1:
      r = _add(r, pt)
    pt = _add(pt, pt)
    k >>= 1
  return r


def compress(pt):
  return bytes([2 + (pt[1] & 1)]) + pt[0].to_bytes(32, "big")


def decompress(b):
  x = int.from_bytes(b[1:], "big")
  y2 = (x**3 + 7) % P
  y = pow(y2, (P + 1) // 4, P)
  if len(b) != 33 or b[0] not in (2, 3) or y * y % P != y2:
    raise DecodeError("field.invalid_pubkey")
  return (x, y if (y & 1) == (b[0] & 1) else P - y)


def recover(digest, r, s, recid):
  if not (0 < r < N and 0 < s < N):
    return None, "r or s out of range"
  x = r + (recid >> 1) * N
  if x >= P:
    return None, "x = r + n is not below the field size p, so it is no curve point's x"
  y2 = (x**3 + 7) % P
  y = pow(y2, (P + 1) // 4, P)
  if y * y % P != y2:
    return None, "x is not the x coordinate of a curve point"
  R = (x, y if (y & 1) == (recid & 1) else P - y)
  e = int.from_bytes(digest, "big") % N
  rinv = pow(r, -1, N)
  Q = _add(_mul(s * rinv % N, R), _mul((-e * rinv) % N, G))
  return (Q, None) if Q else (None, "point at infinity")


def verify(digest, r, s, Q):
  if not (0 < r < N and 0 < s < N):
    return False
  e = int.from_bytes(digest, "big") % N
  w = pow(s, -1, N)
  X = _add(_mul(e * w % N, G), _mul(r * w % N, Q))
  return X is not None and X[0] % N == r


# =============================================================================================
# BOLT #11 reference decoder -> the contract's JSON (shared/contract.md)
# =============================================================================================
NETWORKS = {"bc": "bitcoin", "tb": "testnet", "tbs": "signet", "bcrt": "regtest"}
SEGWIT_HRP = {"bc": "bc", "tb": "tb", "tbs": "tb", "bcrt": "bcrt"}
B58_VERSIONS = {"bc": (0, 5), "tb": (111, 196), "tbs": (111, 196), "bcrt": (111, 196)}
# Bits of the BOLT #9 table (any context). Unknown even bits in the 9 field must fail.
KNOWN_FEATURE_BITS = {b for lo in (0, 4, 6, 8, 10, 12, 14, 16, 18, 22, 24, 26, 28, 34, 36, 38, 42,
                                   44, 46, 48, 50, 60, 62) for b in (lo, lo + 1)}
SINGLE = set("psdhnxc9m")
FIXED = {"p": 52, "h": 52, "s": 52, "n": 53}
MSAT_PER_BTC = 100_000_000_000
SIG_WORDS = 104  # 520 bits / 5


def words_int(ws):
  v = 0
  for w in ws:
    v = v * 32 + w
  return v


def words_bytes(ws):
  """Words -> bytes, dropping a trailing partial byte (field data is padded with 0 bits)."""
  bits = len(ws) * 5
  n = bits // 8
  return (words_int(ws) >> (bits - 8 * n)).to_bytes(n, "big") if n else b""


def parse_amount(amount):
  if amount == "":
    return None
  m = re.fullmatch(r"([0-9]+)([munp]?)", amount)
  if not m:
    raise DecodeError("hrp.invalid_amount", amount)
  num, mult = int(m.group(1)), m.group(2)
  if mult == "p":
    if num % 10:
      raise DecodeError("amount.sub_millisatoshi")
    return num // 10
  return num * MSAT_PER_BTC // {"": 1, "m": 10**3, "u": 10**6, "n": 10**9}[mult]


def bolt11_decode(invoice, mode="strict", description=None):
  """Returns (decoded dict, details). Raises DecodeError with a contract error code."""
  hrp, data, variant = decode_generic(invoice)
  if variant != "bech32":
    raise DecodeError("bech32.checksum", "Bech32m checksum")
  if not hrp.startswith("ln"):
    raise DecodeError("hrp.unknown_prefix")
  for cur in ("bcrt", "bc", "tbs", "tb"):
    if hrp[2:].startswith(cur):
      break
  else:
    raise DecodeError("hrp.unknown_prefix")
  amount = parse_amount(hrp[2 + len(cur):])
  if len(data) < 7 + SIG_WORDS:
    raise DecodeError("invoice.too_short", "%d words" % len(data))
  body, sigwords = data[:-SIG_WORDS], data[-SIG_WORDS:]
  out = {"type": "bolt11 invoice", "valid": True, "currency": cur, "network": NETWORKS[cur]}
  if amount is not None:
    out["amount_msat"] = amount
  out["created_at"] = words_int(body[:7])
  fields = []
  i = 7
  while i < len(body):
    if i + 3 > len(body):
      raise DecodeError("invoice.trailing_data")
    tag, length = CHARSET[body[i]], body[i + 1] * 32 + body[i + 2]
    fd = body[i + 3:i + 3 + length]
    if len(fd) != length:
      raise DecodeError("field.invalid_length", "overrun")
    fields.append((tag, fd))
    i += 3 + length
  seen, extra, fallbacks, routes = set(), [], [], []
  for tag, fd in fields:
    chars = "".join(CHARSET[w] for w in fd)
    if tag in FIXED and len(fd) != FIXED[tag]:
      if mode == "compat":
        extra.append({"tag": tag, "data": chars})
        continue
      raise DecodeError("field.invalid_length", "%s field of %d words" % (tag, len(fd)))
    if tag in SINGLE and tag in seen:
      if mode == "strict":
        raise DecodeError("field.duplicate", tag)
      continue
    if tag == "p":
      out["payment_hash"] = words_bytes(fd).hex()
    elif tag == "s":
      out["payment_secret"] = words_bytes(fd).hex()
    elif tag == "h":
      out["description_hash"] = words_bytes(fd).hex()
    elif tag == "n":
      out["payee"] = words_bytes(fd).hex()
    elif tag == "d":
      out["description"] = words_bytes(fd).decode("utf-8")
    elif tag == "m":
      out["payment_metadata"] = words_bytes(fd).hex()
    elif tag in "xc9":
      if fd and fd[0] == 0:
        raise DecodeError("field.non_minimal", tag)
      if tag == "x":
        out["expiry"] = words_int(fd)
      elif tag == "c":
        out["min_final_cltv_expiry"] = words_int(fd)
      else:
        v = words_int(fd)
        out["feature_bits"] = [b for b in range(v.bit_length()) if v >> b & 1]
        if v:
          out["features"] = v.to_bytes((v.bit_length() + 7) // 8, "big").hex()
    elif tag == "f":
      ver = fd[0]
      if ver >= 19:
        extra.append({"tag": tag, "data": chars})
        continue
      if ver in (17, 18):
        h160 = words_bytes(fd[1:])
        if len(h160) != 20:
          raise DecodeError("field.invalid_fallback")
        addr = b58check_encode(bytes([B58_VERSIONS[cur][ver - 17]]) + h160)
        script = ("76a914%s88ac" if ver == 17 else "a914%s87") % h160.hex()
        fallbacks.append({"type": "P2PKH" if ver == 17 else "P2SH", "addr": addr, "hex": script})
      else:
        prog = convertbits(fd[1:], 5, 8, False)
        if prog is None or not 2 <= len(prog) <= 40 or (ver == 0 and len(prog) not in (20, 32)):
          raise DecodeError("field.invalid_fallback")
        kind = {(0, 20): "P2WPKH", (0, 32): "P2WSH", (1, 32): "P2TR"}.get((ver, len(prog)),
                                                                         "WITNESS_UNKNOWN")
        fallbacks.append({"type": kind, "addr": segwit_encode(SEGWIT_HRP[cur], ver, prog),
                          "hex": segwit_script(ver, prog).hex()})
    elif tag == "r":
      raw = words_bytes(fd)
      if not raw or len(raw) % 51:
        raise DecodeError("field.invalid_route")
      hops = []
      for k in range(0, len(raw), 51):
        h = raw[k:k + 51]
        scid = int.from_bytes(h[33:41], "big")
        hops.append({"pubkey": h[:33].hex(),
                     "short_channel_id": "%dx%dx%d" % (scid >> 40, (scid >> 16) & 0xFFFFFF,
                                                       scid & 0xFFFF),
                     "fee_base_msat": int.from_bytes(h[41:45], "big"),
                     "fee_proportional_millionths": int.from_bytes(h[45:49], "big"),
                     "cltv_expiry_delta": int.from_bytes(h[49:51], "big")})
      routes.append(hops)
    else:
      extra.append({"tag": tag, "data": chars})
    seen.add(tag)
  if "payment_hash" not in out:
    raise DecodeError("field.missing_payment_hash")
  if "payment_secret" not in out:
    raise DecodeError("field.missing_payment_secret")
  if ("description" in out) == ("description_hash" in out):
    raise DecodeError("field.both_descriptions" if "description" in out
                      else "field.missing_description")
  unknown = [b for b in out.get("feature_bits", []) if b % 2 == 0 and b not in KNOWN_FEATURE_BITS]
  if unknown:
    raise DecodeError("features.unknown_required", str(unknown))
  sig = words_bytes(sigwords)
  r, s, recid = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:64], "big"), sig[64]
  signed = hrp.encode() + bytes(convertbits(body, 5, 8, True))
  digest = hashlib.sha256(signed).digest()
  if "payee" in out:
    # BOLT 11: with n, verify (low-S only); otherwise recover (high-S accepted).
    if s > N // 2:
      raise DecodeError("signature.high_s")
    if not verify(digest, r, s, decompress(bytes.fromhex(out["payee"]))):
      raise DecodeError("signature.invalid")
  else:
    if recid > 3:
      raise DecodeError("signature.invalid_recovery_id")
    Q, why = recover(digest, r, s, recid)
    if Q is None:
      raise DecodeError("signature.unrecoverable", why)
    out["payee"] = compress(Q).hex()
  if description is not None and out.get("description_hash") != \
      hashlib.sha256(description.encode()).hexdigest():
    raise DecodeError("description_hash.mismatch")
  out.setdefault("expiry", 3600)
  out["expires_at"] = out["created_at"] + out["expiry"]
  out.setdefault("min_final_cltv_expiry", 18)
  out.setdefault("feature_bits", [])
  if fallbacks:
    out["fallbacks"] = fallbacks
  if routes:
    out["routes"] = routes
  if extra:
    out["extra"] = extra
  out["signature_compact"] = sig[:64].hex()
  out["recovery_id"] = recid
  out["warnings"] = []
  details = {"signed": signed, "digest": digest, "sig65": sig, "r": r, "s": s, "recid": recid}
  return out, details


# =============================================================================================
# Spec text extraction
# =============================================================================================
def bolt11_examples(spec_dir):
  """[(heading, invoice, section text)] for every example, in spec order."""
  text = open(os.path.join(spec_dir, "bolt-11-payment-encoding.md"), encoding="utf-8").read()
  ex = text[text.index("\n# Examples\n"):text.index("\n# Authors")]
  lines = ex.split("\n")
  heads = [i for i, l in enumerate(lines) if re.match(r"^>\s*#+\s*", l)]
  out = []
  for n, i in enumerate(heads):
    j = i + 1
    while not lines[j].lstrip(">").strip():
      j += 1
    end = heads[n + 1] if n + 1 < len(heads) else len(lines)
    out.append((re.sub(r"^>\s*#+\s*", "", lines[i]).strip(), lines[j].lstrip(">").strip(),
                "\n".join(lines[j + 1:end])))
  return out


def bip_vectors(path):
  """{'valid': [(string, shown, '')], 'invalid': [(string, shown, reason)],
      'segwit_valid': [(address, address, hex)], 'segwit_invalid': [(address, address, reason)]}"""
  text = open(path, encoding="utf-8").read()
  groups, cur = {}, None
  for line in text[text.index("est vectors"):].splitlines():
    if "Checksum design" in line or "Appendix" in line:
      break
    low = line.lower()
    if re.match(r"the following strings? (are|is) valid", low):
      cur = "valid"
    elif re.match(r"the following strings? (are|is) not valid", low):
      cur = "invalid"
    elif low.startswith("the following list gives valid segwit"):
      cur = "segwit_valid"
    elif low.startswith("the following list gives invalid segwit"):
      cur = "segwit_invalid"
    elif cur and line.startswith("* "):
      m = re.match(r"^\* (?:(0x[0-9A-Fa-f]{2}) \+ )?<tt>([^<]*)</tt>(?: \+ (0x[0-9A-Fa-f]{2}))?(.*)$",
                   line)
      if not m:
        continue
      pre, body, post, rest = m.groups()
      s = (chr(int(pre, 16)) if pre else "") + body + (chr(int(post, 16)) if post else "")
      rest = rest.strip().lstrip(":").strip()
      if cur == "segwit_valid":
        rest = re.match(r"<tt>([0-9a-f]+)</tt>", rest).group(1)
      elif cur == "valid":
        rest = ""
      groups.setdefault(cur, []).append((s, body, rest))
  return groups


# =============================================================================================
# Runner
# =============================================================================================
class Report:
  def __init__(self):
    self.passed = 0
    self.failed = 0
    self.known = []

  def check(self, ok, what):
    if ok:
      self.passed += 1
    else:
      self.failed += 1
      print("FAIL:", what)
    return ok

  def note(self, what):
    self.known.append(what)
    print("known:", what)


def subset_mismatches(expect, actual):
  return [k for k, v in expect.items() if k not in actual or actual[k] != v]


def check_bolt11(rep, vectors_dir, spec_dir):
  path = os.path.join(vectors_dir, "bolt11-spec.json")
  doc = json.load(open(path, encoding="utf-8"))
  rep.check(isinstance(doc.get("description"), str) and isinstance(doc.get("source"), str),
            "bolt11-spec.json: top-level description and source")
  examples = bolt11_examples(spec_dir)
  by_head = {h: (inv, sect) for h, inv, sect in examples}
  vecs = doc["vectors"]
  rep.check(len({v["name"] for v in vecs}) == len(vecs), "bolt11-spec.json: names are unique")
  covered = set()
  for v in vecs:
    head = re.sub(r" \(strict mode\)$", "", v["name"])
    ok = rep.check(head in by_head and by_head[head][0] == v["invoice"],
                   "%s: invoice is the spec's example under that heading" % v["name"])
    if ok:
      covered.add(head)
  rep.check(covered == set(by_head), "bolt11-spec.json: every spec example has a vector (missing: %s)"
            % sorted(set(by_head) - covered))

  breakdowns = []
  for v in vecs:
    opts = v.get("options", {})
    mode = opts.get("mode", "strict")
    name = v["name"]
    try:
      got, det = bolt11_decode(v["invoice"], mode, opts.get("description"))
      err = None
    except DecodeError as e:
      got, det, err = None, None, e
    if v["valid"]:
      if not rep.check(err is None, "%s: reference decoder accepts it (got %s)" % (name, err)):
        continue
      bad = subset_mismatches(v["expect"], got)
      rep.check(not bad, "%s: expect matches the reference decoder on %s: %s" % (
          name, bad, {k: got.get(k) for k in bad}))
    else:
      codes = v["error"] if isinstance(v["error"], list) else [v["error"]]
      rep.check(err is not None and err.code in codes,
                "%s: reference decoder fails with %s (got %s)" % (name, codes, err))
      # Also re-derive the other listed codes where the decoder can be asked for them.
      if err is not None and name.startswith("Non canonical signature"):
        _, data, _ = decode_generic(v["invoice"])
        s = int.from_bytes(words_bytes(data[-SIG_WORDS:])[32:64], "big")
        rep.check(s > N // 2, "%s: s is above n/2 (high-S)" % name)
        tags = []
        i = 7
        body = data[:-SIG_WORDS]
        while i < len(body):
          tags.append(CHARSET[body[i]])
          i += 3 + body[i + 1] * 32 + body[i + 2]
        rep.check(tags.count("s") == 2 and "n" in tags, "%s: two s fields and an n field" % name)

    # Signature breakdown printed in the spec.
    if got is not None and det is not None:
      sect = by_head[re.sub(r" \(strict mode\)$", "", name)][1]
      m = re.search(r"`([0-9a-f]{128})` hex of signature data.*?\n\s*\* `(\d)` \(int\) recovery flag"
                    r".*?\n\s*\* `([0-9a-f]+)` hex of data for signing.*?\n\s*\* `([0-9a-f]{64})` hex"
                    r" of SHA256", sect, re.S)
      if m:
        breakdowns.append(name)
        rep.check(m.group(1) == got["signature_compact"] and int(m.group(2)) == got["recovery_id"]
                  and m.group(3) == det["signed"].hex() and m.group(4) == det["digest"].hex(),
                  "%s: spec signature breakdown matches (r||s, flag, data for signing, SHA-256)"
                  % name)
      if "description" in opts:
        rep.check(hashlib.sha256(opts["description"].encode()).hexdigest()
                  == v["expect"].get("description_hash"),
                  "%s: SHA-256 of options.description is expect.description_hash" % name)

  rep.check(len(breakdowns) == 11, "11 spec signature breakdowns compared (got %d)" % len(breakdowns))

  # The "fields which must be ignored" breakdown, read from the spec's bullets.
  head = "Same, but including fields which must be ignored."
  inv, sect = by_head[head]
  bullets = re.findall(r"^\* `(.)`: (.*)\n  \* `(..)`: .*\n  \* `([a-z0-9]*)`", sect, re.M)
  after9 = [b for b in bullets][[b[0] for b in bullets].index("9") + 1:]
  from_text = [{"tag": t, "data": d} for t, _, _, d in after9]
  rebuilt = "".join(t + ln + d for t, _, ln, d in bullets)
  rep.check(rebuilt in inv, "%s: the breakdown's fields concatenate to the invoice's data" % head)
  vec = next(v for v in vecs if v["name"] == head)
  rep.check(vec["expect"].get("extra") == from_text,
            "%s: extra equals the fields after `9` in the spec's breakdown" % head)
  return vecs


def check_bolt11_third_party(rep, vecs):
  try:
    import bolt11  # PyPI bolt11 2.2.0
  except ImportError:
    print("skipped: bolt11 (PyPI) not installed")
    bolt11 = None
  try:
    from coincurve import PublicKey
  except ImportError:
    print("skipped: coincurve not installed")
    PublicKey = None
  try:
    import ecdsa
    from ecdsa.ecdsa import Signature as EcdsaSignature
  except ImportError:
    print("skipped: ecdsa not installed")
    ecdsa = None

  # Explained disagreements of bolt11 2.2.0 with BOLT 11 (see the vectors' notes).
  KNOWN_ACCEPTS = {
      "Same, but adding invalid unknown feature 100": "does not check unknown even feature bits",
      "Invalid sub-millisatoshi precision.": "accepts a p amount not ending in 0 (truncates it)",
      "Same, but including fields which must be ignored. (strict mode)":
          "skips p/h/s/n fields of the wrong length, i.e. behaves like our compat mode",
  }
  KNOWN_OTHER_REASON = {
      "Malformed bech32 string (mixed case)": "lower-cases its input first, then misses the s field",
  }
  for v in vecs:
    name = v["name"]
    try:
      _, det = bolt11_decode(v["invoice"], v.get("options", {}).get("mode", "strict"))
    except DecodeError:
      det = None
    if bolt11 is not None:
      try:
        b = bolt11.decode(v["invoice"])
        lib_err = None
      except Exception as e:  # the library raises many types
        b, lib_err = None, e
      if v["valid"]:
        if not rep.check(b is not None, "%s: bolt11 (PyPI) accepts it (%r)" % (name, lib_err)):
          continue
        e = v["expect"]
        view = {"currency": b.currency, "created_at": b.date, "payment_hash": b.payment_hash,
                "payment_secret": b.payment_secret, "expiry": b.expiry,
                "min_final_cltv_expiry": b.min_final_cltv_expiry, "payee": b.payee,
                "signature_compact": b.signature.signature_data[:64].hex(),
                "recovery_id": b.signature.signature_data[64]}
        if b.amount_msat is not None:
          view["amount_msat"] = int(b.amount_msat)
        for key, val in (("description", b.description), ("description_hash", b.description_hash),
                         ("payment_metadata", b.metadata)):
          if val is not None:
            view[key] = val
        if b.features:
          view["feature_bits"] = sorted(f.value * 2 + (f_state.name == "supported")
                                        for f, f_state in b.features.feature_list.items())
        if b.route_hints:
          view["routes"] = [[{"pubkey": h.public_key, "short_channel_id": h.short_channel_id,
                              "fee_base_msat": h.base_fee, "fee_proportional_millionths": h.ppm_fee,
                              "cltv_expiry_delta": h.cltv_expiry_delta} for h in rh.routes]
                            for rh in b.route_hints]
        for key, val in view.items():
          if key in e:
            rep.check(e[key] == val, "%s: bolt11 (PyPI) %s = %r, expected %r" % (name, key, val,
                                                                                 e[key]))
        rep.check(set(view) >= {k for k in e if k in ("amount_msat", "description",
                                                      "description_hash", "payment_metadata",
                                                      "routes")},
                  "%s: bolt11 (PyPI) reports every optional field we expect" % name)
        fb = b.fallback
        if e.get("fallbacks"):
          ver = fb.witness_version
          bits = fb.data[5:]
          prog = bits[:len(bits) // 8 * 8].tobytes()
          hexs = (("76a914%s88ac" if ver == 17 else "a914%s87") % prog.hex() if ver in (17, 18)
                  else segwit_script(ver, prog).hex())
          rep.check(hexs == e["fallbacks"][0]["hex"], "%s: bolt11 (PyPI) fallback program" % name)
          if fb.address != e["fallbacks"][0]["addr"]:
            ok = (ver == 1 and fb.address == bech32_encode("bc", [1] + convertbits(prog, 8, 5),
                                                           "bech32"))
            if rep.check(ok, "%s: bolt11 (PyPI) fallback address %s" % (name, fb.address)):
              rep.note("%s: bolt11 (PyPI) renders the v1 fallback with the Bech32 constant (%s); "
                       "BIP-350 requires Bech32m (%s)" % (name, fb.address,
                                                          e["fallbacks"][0]["addr"]))
      else:
        if b is not None:
          if rep.check(name in KNOWN_ACCEPTS, "%s: bolt11 (PyPI) rejects it" % name):
            rep.note("%s: bolt11 (PyPI) accepts it: %s" % (name, KNOWN_ACCEPTS[name]))
        elif name in KNOWN_OTHER_REASON:
          rep.note("%s: bolt11 (PyPI) rejects it for another reason (%r): %s"
                   % (name, lib_err, KNOWN_OTHER_REASON[name]))
        else:
          rep.check(True, "")

    if det is None:
      if PublicKey is not None and name == "Signature is not recoverable.":
        hrp, data, _ = decode_generic(v["invoice"])
        sig = words_bytes(data[-SIG_WORDS:])
        msg = hrp.encode() + bytes(convertbits(data[:-SIG_WORDS], 5, 8, True))
        try:
          PublicKey.from_signature_and_message(sig, msg)
          ok = False
        except Exception:
          ok = True
        rep.check(ok, "%s: coincurve (libsecp256k1) cannot recover a key either" % name)
      continue
    payee = v["expect"].get("payee") if v["valid"] else None
    if payee is None:
      continue
    if PublicKey is not None:
      key = PublicKey.from_signature_and_message(det["sig65"], det["signed"]).format().hex()
      rep.check(key == payee, "%s: coincurve recovers %s, expected %s" % (name, key, payee))
    if ecdsa is not None:
      cands = EcdsaSignature(det["r"], det["s"]).recover_public_keys(
          int.from_bytes(det["digest"], "big"), ecdsa.SECP256k1.generator)
      keys = [ecdsa.VerifyingKey.from_public_point(c.point, curve=ecdsa.SECP256k1)
              .to_string("compressed").hex() for c in cands]
      vk = ecdsa.VerifyingKey.from_string(bytes.fromhex(payee), curve=ecdsa.SECP256k1)
      sig64 = det["sig65"][:64]
      ok = payee in keys and vk.verify_digest(sig64, det["digest"],
                                              sigdecode=ecdsa.util.sigdecode_string)
      rep.check(ok, "%s: python-ecdsa verifies the signature with payee %s" % (name, payee))


def check_bech32(rep, vectors_dir, spec_dir):
  doc = json.load(open(os.path.join(vectors_dir, "bech32.json"), encoding="utf-8"))
  rep.check(isinstance(doc.get("description"), str) and isinstance(doc.get("source"), str),
            "bech32.json: top-level description and source")
  vecs = doc["vectors"]
  rep.check(len({v["name"] for v in vecs}) == len(vecs), "bech32.json: names are unique")
  strings = {v["string"] for v in vecs if v["kind"] == "bech32"}
  addresses = {v["address"] for v in vecs if v["kind"] == "segwit_address"}
  for bip in ("bip-0173.mediawiki", "bip-0350.mediawiki"):
    g = bip_vectors(os.path.join(spec_dir, bip))
    for s, _, _ in g["valid"] + g["invalid"]:
      rep.check(s in strings, "%s: %r has a kind: bech32 vector" % (bip, s))
    for s, _, _ in g["segwit_valid"] + g["segwit_invalid"]:
      rep.check(s in addresses, "%s: %s has a kind: segwit_address vector" % (bip, s))
      rep.check(s in strings, "%s: %s has a kind: bech32 (plain string) vector" % (bip, s))
    for s, _, hx in g["segwit_valid"]:
      v = next(v for v in vecs if v["kind"] == "segwit_address" and v["address"] == s)
      if v["valid"]:
        rep.check(v["hex"] == hx, "%s: %s hex is the BIP's %s" % (bip, s, hx))
  try:
    import bech32m as ref350  # PyPI bech32m 1.0.0: the BIP-350 reference Python
  except ImportError:
    print("skipped: bech32m (PyPI) not installed")
    ref350 = None

  for v in vecs:
    name = v["name"]
    if v["kind"] == "bech32":
      s = v["string"]
      rep.check(("variant" in v) == v["valid"] and ("error" in v) != v["valid"],
                "%s: variant only on valid vectors, error only on invalid ones" % name)
      try:
        hrp, _, variant = decode_generic(s)
        err = None
      except DecodeError as e:
        err = e
      if v["valid"]:
        rep.check(err is None and hrp == v["hrp"] and variant == v["variant"],
                  "%s: reference decoder gives %s" % (name, err or (hrp, variant)))
      else:
        rep.check(err is not None and err.code == v["error"],
                  "%s: reference decoder gives %s, expected %s" % (name, err, v["error"]))
      if ref350 is not None:
        from bech32m.codecs import bech32_decode as ref_decode, Encoding
        try:
          rh, _, rspec = ref_decode(s)
          rv = {Encoding.BECH32: "bech32", Encoding.BECH32M: "bech32m"}[rspec]
        except Exception:
          rh = rv = None
        if v["valid"] and rv is None and len(s) > 90:
          # The reference keeps the 90-character limit; check the checksum on its own.
          from bech32m.codecs import bech32_verify_checksum
          low = s.lower()
          p = low.rfind("1")
          rspec = bech32_verify_checksum(low[:p], bytes(CHARSET.find(c) for c in low[p + 1:]))
          rv = {Encoding.BECH32: "bech32", Encoding.BECH32M: "bech32m"}[rspec]
          rep.check(rv == v["variant"], "%s: BIP-350 reference checksum is %s" % (name, rv))
          rep.note("%s: the BIP reference rejects it for length (%d > 90); checksum valid (%s)"
                   % (name, len(s), rv))
        elif v["valid"]:
          rep.check(rh == v["hrp"] and rv == v["variant"],
                    "%s: BIP-350 reference decode gives %s %s" % (name, rh, rv))
        else:
          rep.check(rv is None, "%s: BIP-350 reference decode rejects it" % name)
    elif v["kind"] == "segwit_address":
      a = v["address"]
      # As the BIPs' reference tests do: try the mainnet HRP, then the testnet one.
      for hrp in ("bc", "tb"):
        ver, prog, why = segwit_decode(hrp, a)
        if why is None:
          break
      if v["valid"]:
        rep.check(why is None and segwit_script(ver, prog).hex() == v["hex"],
                  "%s: reference segwit decode gives %s" % (name, why or segwit_script(ver, prog)
                                                            .hex()))
      else:
        rep.check(why is not None, "%s: reference segwit decode rejects it" % name)
      if ref350 is not None:
        rhex = None
        for hrp in ("bc", "tb"):
          try:
            r = ref350.decode(hrp, a)
            rhex = segwit_script(r.witver, r.witprog).hex()
            break
          except Exception:
            pass
        rep.check((rhex == v["hex"]) if v["valid"] else rhex is None,
                  "%s: BIP-350 reference decode agrees (%s)" % (name, rhex))
    else:
      rep.check(False, "%s: unknown kind %r" % (name, v["kind"]))


def main():
  here = os.path.dirname(os.path.abspath(__file__))
  repo = os.path.dirname(os.path.dirname(here))
  ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
  ap.add_argument("--spec-dir", default=os.path.join(repo, "Vectors", "spec"))
  ap.add_argument("--vectors-dir", default=os.path.join(repo, "Vectors"))
  args = ap.parse_args()
  rep = Report()
  vecs = check_bolt11(rep, args.vectors_dir, args.spec_dir)
  check_bolt11_third_party(rep, vecs)
  check_bech32(rep, args.vectors_dir, args.spec_dir)
  print("%d known disagreements of third-party libraries (explained above)" % len(rep.known))
  print("%d passed, %d failed" % (rep.passed, rep.failed))
  return 1 if rep.failed else 0


if __name__ == "__main__":
  sys.exit(main())
