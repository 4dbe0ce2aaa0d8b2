#!/usr/bin/env python3
"""Writes Vectors/checks.json: the payer's check (`bolt11 check`, vectors of kind `check`).

Every invoice is one of BOLT #11's own examples (read from Vectors/bolt11-spec.json by name), so
each expected violation follows from values the spec states: the coffee invoice asks 250,000,000
msat, was created at 1496314658 with 60 s of expiry and pays 03e7156a...; the donation invoice
has no amount; the hashed one carries `h` = SHA-256 of the spec's long list of things; the
Blockstream Store one has `c` = 10 and a week of expiry. The codes are written out by hand for each
vector, in the contract's order, never taken from our check's output.

    python3 Tools/vectors/make_check_vectors.py   (rewrites Vectors/checks.json)
"""
import hashlib
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = json.load(open(os.path.join(ROOT, "Vectors", "bolt11-spec.json")))


def spec(prefix):
    """The invoice of the spec example whose name starts with `prefix`."""
    matches = [v for v in SPEC["vectors"] if v["name"].startswith(prefix) and v.get("valid")]
    assert len(matches) == 1, prefix
    return matches[0]["invoice"]


COFFEE = spec("Please send $3 for a cup of coffee")
DONATION = spec("Please make a donation of any amount")
HASHED = spec("Now send $24 for an entire list of things")
TESTNET = spec("The same, on testnet")
STORE = spec("Please send 0.00967878534 BTC")
UPPER = spec("Same, but all upper case.")
HIGH_S = spec("Public-key recovery with high-S signature")
NO_SECRET = next(v["invoice"] for v in SPEC["vectors"] if v["name"].startswith("Missing required `s`"))

CREATED = 1496314658  # the spec's `pvjluez`
PAYEE = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
OTHER = "031b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f"
HIGH_S_PAYEE = "02d0139ce7427d6dfffd26a326c18be754ef1e64672b42694ba5b23ef6e6e7803d"
PAYMENT_HASH = "0001020304050607080900010203040506070809000102030405060708090102"
LIST = ("One piece of chocolate cake, one icecream cone, one pickle, one slice of swiss cheese, "
        "one slice of salami, one lollypop, one piece of cherry pie, one sausage, one cupcake, "
        "and one slice of watermelon")
LIST_HASH = hashlib.sha256(LIST.encode()).hexdigest()
assert LIST_HASH == "3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1"
COFFEE_HASH = hashlib.sha256(b"1 cup coffee").hexdigest()
COFFEE_EXPIRES = CREATED + 60
STORE_CREATED = 1572468703

vectors = []


def check(name, invoice, options, violations, rules, **extra):
    vector = {"name": name, "kind": "check", "invoice": invoice, "rules": rules,
              "options": options}
    if "error" in extra:
        vector["valid"] = False
        vector["error"] = extra["error"]
    else:
        vector["valid"] = True
        vector["expect"] = {"ok": not violations, "violations": violations}
    vectors.append(vector)


now = CREATED + 10
# Each expectation alone, on both sides of its edge.
check("no expectations: only the clock's rules, met", COFFEE, {"now": now}, [],
      ["contract.check.clock"])
check("amount equal", COFFEE, {"now": now, "amount_msat": 250000000}, [], ["contract.check.amount"])
check("amount 1 msat under the invoice's", COFFEE, {"now": now, "amount_msat": 249999999},
      ["check.amount_mismatch"], ["contract.check.amount"])
check("amount 1 msat over the invoice's", COFFEE, {"now": now, "amount_msat": 250000001},
      ["check.amount_mismatch"], ["contract.check.amount"])
check("amountless invoice, amount expected", DONATION, {"now": now, "amount_msat": 1000},
      ["check.amount_missing"], ["contract.check.amount", "contract.check.no-skip"])
check("amountless invoice, amount expected, amountless allowed", DONATION,
      {"now": now, "amount_msat": 1000, "allow_amountless": True}, [], ["contract.check.amount"])
check("maximum amount equal to the invoice's", COFFEE, {"now": now, "max_amount_msat": 250000000},
      [], ["contract.check.max-amount"])
check("maximum amount 1 msat under the invoice's", COFFEE,
      {"now": now, "max_amount_msat": 249999999}, ["check.amount_too_large"],
      ["contract.check.max-amount"])
check("maximum amount, amountless invoice passes", DONATION, {"now": now, "max_amount_msat": 1},
      [], ["contract.check.max-amount"])
check("payee one of two", COFFEE, {"now": now, "payees": [OTHER, PAYEE]}, [],
      ["contract.check.payee"])
check("payee none of them", COFFEE, {"now": now, "payees": [OTHER]}, ["check.payee_mismatch"],
      ["contract.check.payee"])
check("payee recovered from a high-S signature, expected", HIGH_S,
      {"now": now, "payees": [HIGH_S_PAYEE]}, [], ["contract.check.payee"])
check("own node is the payee", COFFEE, {"now": now, "own_node_ids": [OTHER, PAYEE]},
      ["check.self_payment"], ["contract.check.self-payment"])
check("own node is not the payee", COFFEE, {"now": now, "own_node_ids": [OTHER]}, [],
      ["contract.check.self-payment"])
check("network matches", COFFEE, {"now": now, "network": "bc"}, [], ["contract.check.network"])
check("network differs", COFFEE, {"now": now, "network": "tb"}, ["check.network_mismatch"],
      ["contract.check.network"])
check("testnet invoice, signet expected", TESTNET, {"now": now, "network": "tbs"},
      ["check.network_mismatch"], ["contract.check.network"])
check("description equal to d", COFFEE, {"now": now, "description": "1 cup coffee"}, [],
      ["contract.check.description"])
check("description differs from d by a trailing space", COFFEE,
      {"now": now, "description": "1 cup coffee "}, ["check.description_mismatch"],
      ["contract.check.description"])
check("description whose SHA-256 is h", HASHED, {"now": now, "description": LIST}, [],
      ["contract.check.description"])
check("description whose SHA-256 is not h", HASHED, {"now": now, "description": "1 cup coffee"},
      ["check.description_mismatch"], ["contract.check.description"])
check("description hash equal to h", HASHED, {"now": now, "description_hash": LIST_HASH}, [],
      ["contract.check.description-hash"])
check("description hash against a d invoice, even of the same text", COFFEE,
      {"now": now, "description_hash": COFFEE_HASH}, ["check.description_hash_mismatch"],
      ["contract.check.description-hash", "contract.check.no-skip"])
check("description hash differs", HASHED, {"now": now, "description_hash": COFFEE_HASH},
      ["check.description_hash_mismatch"], ["contract.check.description-hash"])
check("payment hash equal", COFFEE, {"now": now, "payment_hash": PAYMENT_HASH}, [],
      ["contract.check.payment-hash"])
check("payment hash differs in its last byte", COFFEE,
      {"now": now, "payment_hash": PAYMENT_HASH[:-2] + "03"}, ["check.payment_hash_mismatch"],
      ["contract.check.payment-hash"])
# The clock.
check("created exactly the default 600 s after now", COFFEE, {"now": CREATED - 600}, [],
      ["contract.check.future-timestamp"])
check("created 601 s after now", COFFEE, {"now": CREATED - 601}, ["check.future_timestamp"],
      ["contract.check.future-timestamp"])
check("created exactly the tolerance after now", COFFEE,
      {"now": CREATED - 5, "max_future_seconds": 5}, [], ["contract.check.future-timestamp"])
check("created one second past the tolerance", COFFEE,
      {"now": CREATED - 6, "max_future_seconds": 5}, ["check.future_timestamp"],
      ["contract.check.future-timestamp"])
check("a second before expires_at", COFFEE, {"now": COFFEE_EXPIRES - 1}, [],
      ["contract.check.expired"])
check("expires exactly now", COFFEE, {"now": COFFEE_EXPIRES}, ["check.expired"],
      ["contract.check.expired"])
check("remaining lifetime exactly the minimum", COFFEE,
      {"now": COFFEE_EXPIRES - 30, "min_remaining_seconds": 30}, [], ["contract.check.lifetime"])
check("remaining lifetime a second under the minimum", COFFEE,
      {"now": COFFEE_EXPIRES - 29, "min_remaining_seconds": 30}, ["check.lifetime_too_short"],
      ["contract.check.lifetime"])
check("expired, not also too short", COFFEE,
      {"now": COFFEE_EXPIRES, "min_remaining_seconds": 30}, ["check.expired"],
      ["contract.check.lifetime", "contract.check.expired"])
check("age exactly the maximum", STORE, {"now": STORE_CREATED + 3600, "max_age_seconds": 3600},
      [], ["contract.check.too-old"])
check("a second older than the maximum", STORE,
      {"now": STORE_CREATED + 3601, "max_age_seconds": 3600}, ["check.too_old"],
      ["contract.check.too-old"])
check("c = 10 at a bound of 10", STORE, {"now": STORE_CREATED, "max_cltv": 10}, [],
      ["contract.check.cltv"])
check("c = 10 at a bound of 9", STORE, {"now": STORE_CREATED, "max_cltv": 9},
      ["check.cltv_too_large"], ["contract.check.cltv"])
check("no c: the default 18 at a bound of 17", COFFEE, {"now": now, "max_cltv": 17},
      ["check.cltv_too_large"], ["contract.check.cltv"])
# Several at once, in the contract's order.
check("every violation at once, in order", TESTNET, {
    "now": CREATED + 3600, "amount_msat": 1, "max_amount_msat": 1, "payees": [OTHER],
    "own_node_ids": [PAYEE], "network": "bc", "description": "tea", "description_hash": COFFEE_HASH,
    "payment_hash": "00" * 32, "max_age_seconds": 0, "max_cltv": 0},
    ["check.amount_mismatch", "check.amount_too_large", "check.payee_mismatch",
     "check.self_payment", "check.network_mismatch", "check.description_mismatch",
     "check.description_hash_mismatch", "check.payment_hash_mismatch", "check.expired",
     "check.too_old", "check.cltv_too_large"],
    ["contract.check.order"])
check("amount missing, future timestamp and lifetime together", DONATION, {
    "now": CREATED - 700, "amount_msat": 5, "min_remaining_seconds": 5000},
    ["check.amount_missing", "check.future_timestamp", "check.lifetime_too_short"],
    ["contract.check.order", "contract.check.no-skip"])
check("upper-case invoice, every expectation met", UPPER, {
    "now": now, "amount_msat": 2500000000, "payees": [PAYEE], "network": "bc",
    "description": "coffee beans", "payment_hash": PAYMENT_HASH}, [], ["contract.check.order"])
# Decoding comes first.
check("no s: strict refuses it before any check", NO_SECRET, {"now": now, "amount_msat": 1},
      [], ["contract.check.decodes"], error="field.missing_payment_secret")
check("no s: compat reads it, then the checks apply", NO_SECRET,
      {"now": now, "mode": "compat", "amount_msat": 2000000000, "description": LIST}, [],
      ["contract.check.decodes"])
check("no s in compat, amount 1 msat off", NO_SECRET,
      {"now": now, "mode": "compat", "amount_msat": 2000000001}, ["check.amount_mismatch"],
      ["contract.check.decodes", "contract.check.amount"])

names = [v["name"] for v in vectors]
assert len(names) == len(set(names))
out = {
    "version": 1,
    "description": "The payer's check (bolt11 check, kind check): each expectation alone and at "
                   "its edges, every violation at once in order, amountless invoices, compat "
                   "decoding. Every invoice is an example of BOLT #11.",
    "source": "written by Tools/vectors/make_check_vectors.py from Vectors/bolt11-spec.json",
    "vectors": vectors,
}
with open(os.path.join(ROOT, "Vectors", "checks.json"), "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(f"{len(vectors)} vectors")
