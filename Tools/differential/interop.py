#!/usr/bin/env python3
"""Interop check: every invoice our builder writes is read by every reference decoder installed.

    .build/decoders/bolt11/bin/python Tools/differential/interop.py [--count N] [--seed S]
        [--helper PATH] [--report FILE] [--decoders NAME,...]

What is written: N (default 600) seeded random valid builds from `bolt11 encode` (the JSON of
Tools/differential/run.py's generator: every currency, amounts of every size, text and hashed
descriptions, expiry, cltv, metadata, features, fallbacks, routes of up to 12 hops, unknown
fields, stated payees, shuffled field orders; half of them as JSON written by hand, with neither
`field_order` nor features, so that the default features are what is written), plus every valid
strict invoice of Vectors/ and our builder's reproduction of each (`decode --json | encode` with a
test key).

Who reads: each decoder of Tools/decoders/ that Tools/decoders/setup.sh installed (PyPI `bolt11`,
`pyln-proto`, Debian's `electrum`, rust-lightning through PyPI `breez-sdk-liquid`), through the
line protocol (`Tools/decoders/run NAME`), each invoice in strict mode without options.

A refusal is fine only when Tools/decoders/known-divergences.json lists it for that decoder: a
named condition (checked here on the invoice, through our decoder's JSON) and the words its
error message contains. Every other refusal is UNEXPLAINED and the exit status is 1; a decoder
asked for with --decoders that is not installed is exit 1 too. Run with the interpreter of
.build/decoders/bolt11 (it has the generator's `coincurve` and `bolt11`).
"""
import argparse
import collections
import glob
import json
import os
import random
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from run import Helper, KEY_HEX, build_helper, our_json  # noqa: E402

DECODERS = ["bolt11", "pyln-proto", "electrum", "rust-lightning"]
# secp256k1's group order n, and n / 2: an s above it is high-S.
HALF_ORDER = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141 // 2


def installed(name):
    """Whether Tools/decoders/setup.sh installed the decoder: its module imports."""
    venv = os.path.join(ROOT, ".build", "decoders")
    probe = {
        "bolt11": (os.path.join(venv, "bolt11", "bin", "python"), "bolt11"),
        "pyln-proto": (os.path.join(venv, "pyln-proto", "bin", "python"), "pyln.proto.invoice"),
        "electrum": ("/usr/bin/python3", "electrum"),
        "rust-lightning": (os.path.join(venv, "rust-lightning", "bin", "python"),
                           "breez_sdk_liquid"),
    }[name]
    if not os.path.exists(probe[0]):
        return False
    return subprocess.run([probe[0], "-c", f"import {probe[1]}"],
                          capture_output=True).returncode == 0


def ask(name, invoices):
    """Every invoice through `Tools/decoders/run NAME`, one line each way, in order."""
    process = subprocess.Popen([os.path.join(ROOT, "Tools", "decoders", "run"), name],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)

    def write():
        for index, invoice in enumerate(invoices):
            process.stdin.write(json.dumps({"id": index, "invoice": invoice, "options": {}}) + "\n")
        process.stdin.close()

    writer = threading.Thread(target=write)
    writer.start()
    answers = []
    for line in process.stdout:
        answers.append(json.loads(line))
    writer.join()
    process.wait()
    while len(answers) < len(invoices):  # a decoder that died: the rest unanswered
        answers.append({"valid": False, "error": {"message": "no answer (the decoder exited)"}})
    return answers


# --- Conditions a known divergence may name, checked on our decoder's JSON of the invoice ------

def bits(ours):
    return set(ours.get("feature_bits", []))


def route_key_off_curve(ours):
    from coincurve import PublicKey
    for route in ours.get("routes", []):
        for hop in route:
            try:
                PublicKey(bytes.fromhex(hop["pubkey"]))
            except ValueError:
                return True
    return False


CONDITIONS = {
    # s above n / 2: BOLT #11 asks readers to accept it (recovery), rust-lightning does not.
    "high_s": lambda ours: int(ours["signature_compact"][64:], 16) > HALF_ORDER,
    "lacks_payment_secret_feature": lambda ours: not bits(ours) & {14, 15},
    "lacks_var_onion_feature": lambda ours: not bits(ours) & {8, 9},
    "has_payment_secret_feature": lambda ours: bool(bits(ours) & {14, 15}),
    # Required bits the pinned BOLT #9 assigns: route blinding, attribution data, metadata.
    "requires_bit_24_or_36": lambda ours: bool(bits(ours) & {24, 36}),
    "requires_bit_24_36_or_48": lambda ours: bool(bits(ours) & {24, 36, 48}),
    "zero_expiry_or_cltv": lambda ours: (
        ("x" in ours["field_order"] and ours["expiry"] == 0)
        or ("c" in ours["field_order"] and ours["min_final_cltv_expiry"] == 0)),
    "signet_or_regtest": lambda ours: ours["currency"] in ("tbs", "bcrt"),
    "has_fallback": lambda ours: bool(ours.get("fallbacks")),
    "states_payee": lambda ours: "n" in ours["field_order"],
    # More than 2^64 - 1 pico-bitcoin: above about 18.4 million bitcoin.
    "amount_beyond_64_bit_picobtc": lambda ours: ours.get("amount_msat", 0) * 10 >= 1 << 64,
    "route_key_off_curve": route_key_off_curve,
    # A `9` field of length 0 (written only when reproducing an invoice that has one).
    "empty_features_field": lambda ours: "9" in ours["field_order"] and not bits(ours),
    # An unknown field of type `t`, which Electrum reads as its own trampoline routing hints.
    "unknown_t_field": lambda ours: any(e["tag"] == "t" for e in ours.get("extra", [])),
}


def explain(known, decoder, ours, message):
    """The id of the first known divergence of `decoder` that explains this refusal, or None."""
    for entry in known:
        if entry["decoder"] != decoder:
            continue
        if not all(word.lower() in message.lower() for word in entry.get("message", [])):
            continue
        if all(CONDITIONS[name](ours) for name in entry["when"]):
            return entry["id"]
    return None


def vector_invoices():
    """Every valid invoice of Vectors/ that strict mode reads without options."""
    texts = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Vectors", "*.json"))):
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        for vector in document.get("vectors", []):
            options = vector.get("options") or {}
            # Bare invoices only, as a writer writes them: no prefix, white space or URI.
            text = vector.get("invoice", "")
            if (vector.get("kind", "invoice") == "invoice" and vector.get("valid") is True
                    and text.isalnum()
                    and options.get("mode", "strict") == "strict"
                    and not set(options) - {"mode"}):
                texts.append(text)
    return texts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--helper", help="a built bolt11-lines")
    parser.add_argument("--report", help="write every refusal as JSON lines here")
    parser.add_argument("--decoders", help="comma-separated; default: every one installed")
    arguments = parser.parse_args()
    helper = Helper(arguments.helper or build_helper())
    with open(os.path.join(ROOT, "Tools", "decoders", "known-divergences.json"),
              encoding="utf-8") as handle:
        known = json.load(handle)["divergences"]
    for entry in known:
        unknown = set(entry["when"]) - set(CONDITIONS)
        assert not unknown, f"{entry['id']}: no condition {unknown}"

    # What our builder writes.
    rng = random.Random(arguments.seed)
    requests = []
    for _ in range(arguments.count):
        request = our_json(rng)
        if rng.random() < 0.5:
            # Written by hand: no recorded order, no features, so the defaults.
            request.pop("field_order", None)
            request.pop("feature_bits", None)
        requests.append(json.dumps(request, ensure_ascii=False))
    vectors = vector_invoices()
    decoded_vectors = helper.run(["decode"], vectors)
    reproductions = helper.run(
        ["encode", "--key", KEY_HEX],
        [json.dumps(d, ensure_ascii=False) for d in decoded_vectors if d.get("valid")])
    built = helper.run(["encode", "--key", KEY_HEX], requests)
    refused = [(request, result) for request, result in zip(requests, built)
               if not isinstance(result, str)]
    # A vector our builder will not write (an amount of zero, a `c` it refuses, an invoice
    # compat mode read) is not an interop question: counted, not failed.
    not_reproduced = sum(1 for r in reproductions if not isinstance(r, str))
    cases = ([("random build", text) for text in built if isinstance(text, str)]
             + [("vector", text) for text in vectors]
             + [("reproduction", text) for text in reproductions if isinstance(text, str)])
    texts = [text for _, text in cases]
    ours = helper.run(["decode"], texts)
    bad = [(origin, text, o) for (origin, text), o in zip(cases, ours) if not o.get("valid")]

    print(f"interop: {len(texts)} invoices ({sum(1 for o, _ in cases if o == 'random build')} "
          f"random builds, {len(vectors)} vectors, "
          f"{sum(1 for o, _ in cases if o == 'reproduction')} reproductions by our builder; "
          f"{not_reproduced} vectors it refuses to write)")
    failed = False
    if refused:
        failed = True
        print(f"  our encoder refused {len(refused)} valid requests, e.g. {refused[0]}")
    if bad:
        failed = True
        print(f"  our decoder refused {len(bad)} of them, e.g. {bad[0]}")

    names = arguments.decoders.split(",") if arguments.decoders else DECODERS
    report = []
    for name in names:
        if not installed(name):
            print(f"  {name}: not installed (Tools/decoders/setup.sh {name})")
            failed = failed or bool(arguments.decoders)
            continue
        answers = ask(name, texts)
        tally = collections.Counter()
        unexplained = []
        for (origin, text), o, answer in zip(cases, ours, answers):
            if answer.get("valid") is True or "unsupported" in answer:
                tally["read"] += 1
                continue
            message = (answer.get("error") or {}).get("message", "")
            rule = explain(known, name, o, message)
            report.append({"decoder": name, "origin": origin, "invoice": text,
                           "message": message, "known": rule, "ours": o})
            if rule:
                tally[rule] += 1
            else:
                unexplained.append((origin, text, message))
        explained = ", ".join(f"{count} {rule}" for rule, count in tally.most_common()
                              if rule != "read")
        print(f"  {name}: {tally['read']} read, {len(texts) - tally['read']} refused"
              + (f" (known: {explained})" if explained else "")
              + (f", {len(unexplained)} UNEXPLAINED" if unexplained else ""))
        for origin, text, message in unexplained[:10]:
            print(f"    UNEXPLAINED {origin}: {message[:200]}: {text[:160]}")
        failed = failed or bool(unexplained)
    if arguments.report:
        with open(arguments.report, "w", encoding="utf-8") as handle:
            for entry in report:
                handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
