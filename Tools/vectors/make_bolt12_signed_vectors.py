#!/usr/bin/env python3
"""Makes Vectors/bolt12-requests.json and Vectors/bolt12-invoices.json (kind bolt12).

Usage: BOLT12_CASE_DUMP=/tmp/cases.jsonl swift test --filter Bolt12CaseDump
       python3 Tools/vectors/make_bolt12_signed_vectors.py /tmp/cases.jsonl

The strings are the cases of Tests/Bolt12Tests/Bolt12Cases.swift, written record by record and
signed by our signer (fixed BIP-340 auxiliary randomness). Every string is then run through
Tools/bolt12-reference/check.py, the independent check (hashlib and libsecp256k1 over ctypes,
no library code): each valid vector's `merkle_root` in `expect` is check.py's, never ours; a
signed valid string must verify there; a `signature_invalid` vector must fail there; any other
invalid string that carries a signature must verify there (it breaks exactly one other rule).
Also adds the requirement ids the vectors name to Vectors/requirements.json (quote and line
found in the pinned spec).
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = os.path.join(ROOT, "Vectors", "spec", "bolt-12-offer-encoding.md")
SOURCE = "lightning/bolts a377265"

# Requirement id -> quote (starting a line of the spec, after any list marker).
REQUIREMENTS = {
    "bolt12.invreq.required": "MUST reject the invoice request if `invreq_payer_id` or `invreq_metadata` are not present.",
    "bolt12.invreq.range": "MUST reject the invoice request if any non-signature TLV fields are outside the inclusive ranges: 0 to 159 and 1000000000 to 2999999999",
    "bolt12.invreq.features-even": "if `invreq_features` contains unknown _even_ bits that are non-zero:\n    - MUST reject the invoice request.",
    "bolt12.invreq.signature": "MUST reject the invoice request if `signature` is not correct as detailed in [Signature Calculation](#signature-calculation) using the `invreq_payer_id`.",
    "bolt12.invreq.num-hops": "if `num_hops` is 0 in any `blinded_path` in `invreq_paths`:\n    - MUST reject the invoice request.",
    "bolt12.invreq.quantity-missing": "MUST reject the invoice request if there is no `invreq_quantity` field.",
    "bolt12.invreq.quantity-range": "MUST reject the invoice request if `invreq_quantity` is zero, OR greater than `offer_quantity_max`.",
    "bolt12.invreq.quantity-unexpected": "MUST reject the invoice request if there is an `invreq_quantity` field.",
    "bolt12.invreq.amount-expected": "MUST reject the invoice request if `invreq_amount`.`msat` is less than the *expected amount*.",
    "bolt12.invreq.amount-required": "MUST reject the invoice request if it does not contain `invreq_amount`.",
    "bolt12.invreq.refund-fields": "MUST reject the invoice request if any of the following are present:\n      - `offer_chains`, `offer_features` or `offer_quantity_max`.",
    "bolt12.invreq.refund-amount": "MUST reject the invoice request if `invreq_amount` is not present.",
    "bolt12.invreq.chain": "MUST reject the invoice request if `invreq_chain`.`chain` is not a supported chain.",
    "bolt12.invreq.bip353": "MUST reject the invoice request if `name` or `domain` contain any bytes which are not",
    "bolt12.invoice.amount-required": "MUST reject the invoice if `invoice_amount` is not present.",
    "bolt12.invoice.created-at-required": "MUST reject the invoice if `invoice_created_at` is not present.",
    "bolt12.invoice.payment-hash-required": "MUST reject the invoice if `invoice_payment_hash` is not present.",
    "bolt12.invoice.node-id-required": "MUST reject the invoice if `invoice_node_id` is not present.",
    "bolt12.invoice.chain": "MUST reject the invoice if `invreq_chain`.`chain` is not a supported chain.",
    "bolt12.invoice.features-even": "if `invoice_features` contains unknown _even_ bits that are non-zero:\n    - MUST reject the invoice.",
    "bolt12.invoice.expiry-relative": "MUST reject the invoice if the current time since 1970-01-01 UTC is greater than `invoice_created_at` plus `seconds_from_creation`.",
    "bolt12.invoice.expiry-default": "MUST reject the invoice if the current time since 1970-01-01 UTC is greater than `invoice_created_at` plus 7200.",
    "bolt12.invoice.paths": "MUST reject the invoice if `invoice_paths` is not present or is empty.",
    "bolt12.invoice.blindedpay-required": "MUST reject the invoice if `invoice_blindedpay` is not present.",
    "bolt12.invoice.blindedpay-count": "MUST reject the invoice if `invoice_blindedpay` does not contain exactly one `blinded_payinfo` per `invoice_paths`.`blinded_path`.",
    "bolt12.invoice.usable-path": "MUST reject the invoice if this leaves no usable paths.",
    "bolt12.invoice.node-id-issuer": "MUST reject the invoice if `invoice_node_id` is not equal to `offer_issuer_id`",
    "bolt12.invoice.signature": "MUST reject the invoice if `signature` is not a valid signature using `invoice_node_id` as described in [Signature Calculation](#signature-calculation).",
    "bolt12.invoice.amount-equal": "MUST reject the invoice if `invoice_amount` is not equal to `invreq_amount`",
    "bolt12.invoice.fallback-version": "MUST ignore any `fallback_address` for which `version` is greater than 16.",
}
CONTRACT = {
    "contract.bolt12-unsigned-refund": "An `lnr` that answers no offer may carry no signature (BOLT #12's writer must leave it out): it is valid with the warning `bolt12.unsigned_request`; when it carries one, the signature must verify.",
    "contract.bolt12-invoice-range": "`lni` 0–239 and 1,000,000,000–3,999,999,999 (BOLT #12 states none for invoices: this is rust-lightning's reading); for `lnr` and `lni` the signature types 240–1000 are allowed too.",
    "contract.bolt12-copied-offer-rules": "Every kind: the offer reader's rules on the offer fields it carries (amount with a description, no zero amount, currency only with an amount and as three upper-case letters, no empty `offer_chains`, unknown even `offer_features`)",
    "contract.bolt12-field-values": "`bolt12.invalid_field` (a known field whose value does not parse or breaks a rule on its own value",
    "contract.bolt12-path-unusable": "`bolt12.path_unusable` (some, not all, paths have an unknown even payinfo feature)",
    "contract.bolt12-expiry-saturates": "`invoice_expires_at` saturates at 2^64 − 1 (such an invoice never expires).",
    "contract.bolt12-unknown-even": "`bolt12.unknown_even` (an unknown even type inside the kind's ranges)",
}

# Case name (prefix) -> rule ids.
RULES = [
    ("request: every field", ["bolt12.invreq.required", "bolt12.invreq.signature", "bolt12.invreq.bip353"]),
    ("request: unsigned refund", ["contract.bolt12-unsigned-refund"]),
    ("request: signed refund", ["contract.bolt12-unsigned-refund"]),
    ("request: refund with a quantity", ["bolt12.invreq.quantity-unexpected"]),
    ("request: quantity 0 under offer_quantity_max 0", ["bolt12.invreq.quantity-range"]),
    ("request: unknown currency", ["contract.bolt12-copied-offer-rules"]),
    ("request: type 160 is out", ["bolt12.invreq.range"]),
    ("request: type 3000000001", ["bolt12.invreq.range"]),
    ("request: unknown even type 92", ["contract.bolt12-unknown-even"]),
    ("request: unknown even signature type", ["contract.bolt12-unknown-even"]),
    ("request: payer id off", ["contract.bolt12-field-values"]),
    ("request: invreq_amount not minimal", ["contract.bolt12-field-values"]),
    ("request: invreq_amount above", ["contract.bolt12-field-values"]),
    ("request: invreq_chain of 31", ["contract.bolt12-field-values"]),
    ("request: a BIP-353 name with '!'", ["bolt12.invreq.bip353"]),
    ("request: a BIP-353 name with bytes over", ["contract.bolt12-field-values"]),
    ("request: a path with zero hops", ["bolt12.invreq.num-hops"]),
    ("request: a signature of 63", ["contract.bolt12-field-values"]),
    ("request: payer note not UTF-8", ["contract.bolt12-field-values"]),
    ("request: copied offer_currency", ["contract.bolt12-copied-offer-rules"]),
    ("request: no invreq_metadata", ["bolt12.invreq.required"]),
    ("request: no invreq_payer_id", ["bolt12.invreq.required"]),
    ("request: no quantity", ["bolt12.invreq.quantity-missing"]),
    ("request: no amount for an amountless", ["bolt12.invreq.amount-required"]),
    ("request: copied offer_amount without", ["contract.bolt12-copied-offer-rules"]),
    ("request: refund without invreq_amount", ["bolt12.invreq.refund-amount"]),
    ("request: quantity without offer_quantity_max", ["bolt12.invreq.quantity-unexpected"]),
    ("request: refund with offer_", ["bolt12.invreq.refund-fields"]),
    ("request: copied zero", ["contract.bolt12-copied-offer-rules"]),
    ("request: copied currency without", ["contract.bolt12-copied-offer-rules"]),
    ("request: copied empty", ["contract.bolt12-copied-offer-rules"]),
    ("request: empty invreq_paths", ["contract.bolt12-field-values"]),
    ("request: quantity above", ["bolt12.invreq.quantity-range"]),
    ("request: quantity 0 under offer_quantity_max 5", ["bolt12.invreq.quantity-range"]),
    ("request: amount below", ["bolt12.invreq.amount-expected"]),
    ("request: copied offer_features", ["contract.bolt12-copied-offer-rules"]),
    ("request: invreq_features bit 0", ["bolt12.invreq.features-even"]),
    ("request: answers an offer, unsigned", ["bolt12.invreq.signature"]),
    ("request: signed by the issuer", ["bolt12.invreq.signature"]),
    ("request: refund signed by another", ["bolt12.invreq.signature", "contract.bolt12-unsigned-refund"]),
    ("request: at the offer's absolute", ["bolt12.offer.expiry"]),
    ("request: a second before", ["bolt12.offer.expiry"]),
    ("request: for signet", ["bolt12.invreq.chain"]),
    ("invoice: every field", ["bolt12.invoice.signature", "bolt12.invoice.node-id-issuer", "bolt12.invoice.amount-equal"]),
    ("invoice: for a refund", ["bolt12.invoice.signature"]),
    ("invoice: MPP compulsory", ["bolt12.invoice.features-even"]),
    ("invoice: one of two paths", ["contract.bolt12-path-unusable", "bolt12.invoice.usable-path"]),
    ("invoice: a fallback to ignore", ["bolt12.invoice.fallback-version"]),
    ("invoice: a second before it expires", ["bolt12.invoice.expiry-relative"]),
    ("invoice: at created_at + relative", ["bolt12.invoice.expiry-relative"]),
    ("invoice: at created_at + 7200", ["bolt12.invoice.expiry-default"]),
    ("invoice: expiry beyond", ["contract.bolt12-expiry-saturates"]),
    ("invoice: type 4000000001", ["contract.bolt12-invoice-range"]),
    ("invoice: unknown even type 178", ["contract.bolt12-unknown-even"]),
    ("invoice: relative expiry of 5", ["contract.bolt12-field-values"]),
    ("invoice: payment hash of 31", ["contract.bolt12-field-values"]),
    ("invoice: a payinfo cut", ["contract.bolt12-field-values"]),
    ("invoice: a fallback cut", ["contract.bolt12-field-values"]),
    ("invoice: node id off", ["contract.bolt12-field-values"]),
    ("invoice: no invoice_paths", ["bolt12.invoice.paths"]),
    ("invoice: paths but no invoice_blindedpay", ["bolt12.invoice.blindedpay-required"]),
    ("invoice: no invoice_created_at", ["bolt12.invoice.created-at-required"]),
    ("invoice: no invoice_payment_hash", ["bolt12.invoice.payment-hash-required"]),
    ("invoice: no invoice_amount", ["bolt12.invoice.amount-required"]),
    ("invoice: no invoice_node_id", ["bolt12.invoice.node-id-required"]),
    ("invoice: no invreq_payer_id", ["bolt12.invreq.required"]),
    ("invoice: empty invoice_paths", ["bolt12.invoice.paths"]),
    ("invoice: amount not", ["bolt12.invoice.amount-equal"]),
    ("invoice: node id not", ["bolt12.invoice.node-id-issuer"]),
    ("invoice: invoice_features bit 18", ["bolt12.invoice.features-even"]),
    ("invoice: no usable path", ["bolt12.invoice.usable-path"]),
    ("invoice: two paths, one payinfo", ["bolt12.invoice.blindedpay-count"]),
    ("invoice: unsigned", ["bolt12.invoice.signature"]),
    ("invoice: signed by the payer", ["bolt12.invoice.signature"]),
    ("invoice: on bitcoin, read on testnet", ["bolt12.invoice.chain"]),
]


def rules_for(name):
    for prefix, ids in RULES:
        if name.startswith(prefix):
            return ids
    raise SystemExit(f"no rules for case {name!r}")


def fold(text):
    import re
    text = re.sub(r"(?m)^\s*[-*]\s+", " ", text)
    text = re.sub(r"\s+-\s+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def line_of(quote, lines, taken):
    wanted = fold(quote)
    span = quote.count("\n") + 4
    for start in range(len(lines)):
        if lines[start].strip() and (start + 1) not in taken.get(quote, ()) and \
                fold("\n".join(lines[start:start + span])).startswith(wanted):
            return start + 1
    raise SystemExit(f"quote not found: {quote[:60]}")


def main(dump):
    cases = [json.loads(line) for line in open(dump, encoding="utf-8") if line.strip()]
    checked = subprocess.run(
        [sys.executable, os.path.join(ROOT, "Tools", "bolt12-reference", "check.py")]
        + [case["string"] for case in cases], capture_output=True, text=True, check=True)
    reference = {}
    for line in checked.stdout.splitlines():
        entry = json.loads(line)
        reference[entry["string"]] = entry
    files = {"lnr": [], "lni": []}
    for case in cases:
        ref = reference.get(case["string"], {})
        verdict = ref.get("signature_valid")
        error = case.get("error")
        if error is None and ref.get("merkle_root") is None:
            raise SystemExit(f"{case['name']}: check.py could not read it")
        if error is None and case["kind"] == "lni" and verdict is not True:
            raise SystemExit(f"{case['name']}: check.py does not verify its signature")
        if error is None and case["kind"] == "lnr" and verdict is False:
            raise SystemExit(f"{case['name']}: check.py refuses its signature")
        if error == "bolt12.signature_invalid" and verdict is not False:
            raise SystemExit(f"{case['name']}: check.py accepts a signature we refuse")
        # A missing or broken signer key leaves check.py nothing to verify against.
        if error not in (None, "bolt12.signature_invalid", "bolt12.invalid_field",
                         "bolt12.missing_field") and verdict is False:
            raise SystemExit(f"{case['name']}: check.py refuses its signature: two rules broken")
        vector = {"name": case["name"], "kind": "bolt12", "string": case["string"]}
        options = {key: case[key] for key in ("now", "network") if key in case}
        if options:
            vector["options"] = options
        vector["valid"] = error is None
        if error is None:
            vector["expect"] = {
                "type": "bolt12 invoice" if case["kind"] == "lni" else "bolt12 invoice_request",
                "valid": True, "merkle_root": ref["merkle_root"], "warnings": case["warnings"]}
        else:
            vector["error"] = error
        vector["rules"] = rules_for(case["name"])
        files[case["kind"]].append(vector)
    source = ("Tests/Bolt12Tests/Bolt12Cases.swift (each string written record by record and signed by "
              "our BIP-340 signer, fixed aux_rand), through Tools/vectors/make_bolt12_signed_vectors.py; "
              "every merkle_root in expect is Tools/bolt12-reference/check.py's (hashlib + libsecp256k1 "
              "over ctypes, apart from the library), which also verified every signature of a valid "
              "vector, refused every signature_invalid one, and verified the signature of every other "
              "signed invalid one")
    for kind, name, what in (("lnr", "bolt12-requests.json", "invoice requests"),
                             ("lni", "bolt12-invoices.json", "invoices")):
        document = {"version": 1, "description": f"BOLT #12 {what} (kind bolt12): valid ones with every field, "
                                   "and ones that break exactly one reader rule each.",
                    "source": source, "vectors": files[kind]}
        with open(os.path.join(ROOT, "Vectors", name), "w", encoding="utf-8") as out:
            json.dump(document, out, indent=1, ensure_ascii=False)
            out.write("\n")
    path = os.path.join(ROOT, "Vectors", "requirements.json")
    document = json.load(open(path, encoding="utf-8"))
    known = {entry["id"] for entry in document["requirements"]}
    lines = open(SPEC, encoding="utf-8").read().split("\n")
    taken = {}
    for rid, quote in REQUIREMENTS.items():
        if rid in known:
            continue
        line = line_of(quote, lines, taken)
        taken.setdefault(quote, set()).add(line)
        document["requirements"].append({
            "id": rid, "kind": "reader-must", "quote": quote, "file": "bolt-12-offer-encoding.md",
            "line": line, "source": SOURCE})
    for rid, quote in CONTRACT.items():
        if rid not in known:
            document["requirements"].append(
                {"id": rid, "kind": "contract", "quote": quote, "file": "shared/contract.md"})
    with open(path, "w", encoding="utf-8") as out:
        json.dump(document, out, indent=2, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
