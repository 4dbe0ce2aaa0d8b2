#!/usr/bin/env python3
"""The `bolt11` package (PyPI) behind the line protocol of `bolt11 vectors --decoder`:
`bolt11.decode`, its fields mapped to the contract's JSON. The library skips unknown fields, as
BOLT 11 tells a reader to, and keeps none of them; so that `extra` can be compared, the adapter
lists the fields whose tag the library does not read from the invoice text itself. Run it with
the interpreter of .build/decoders/bolt11 (Tools/decoders/setup.sh)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from protocol import CHARSET, drop_none, fallback, feature_fields, hop, serve  # noqa: E402

import bolt11  # noqa: E402
from bolt11.models.features import FeatureState  # noqa: E402

READ = set("psdhnxcfr9m")  # the tags bolt11.decode reads


def unknown_fields(text):
    """The fields of the invoice the library does not read (unknown tags, fallbacks of version
    19 to 31), in order."""
    data = text.strip().lower().rpartition("1")[2][7:-110]  # after the timestamp, before sig
    fields, index = [], 0
    while index + 3 <= len(data):
        tag = data[index]
        length = CHARSET.index(data[index + 1]) * 32 + CHARSET.index(data[index + 2])
        version = CHARSET.index(data[index + 3]) if length else 0
        if tag not in READ or (tag == "f" and version > 18):  # fallback versions it skips
            fields.append({"tag": tag, "data": data[index + 3:index + 3 + length]})
        index += 3 + length
    return fields


def decode(text, options):
    invoice = bolt11.decode(text)
    bits = 0
    if invoice.features:
        for feature, state in invoice.features.feature_list.items():
            bits |= 1 << (feature.value * 2 + (1 if state == FeatureState.supported else 0))
    fields = {
        "currency": invoice.currency,
        "amount_msat": None if invoice.amount_msat is None else int(invoice.amount_msat),
        "created_at": invoice.date,
        "expiry": invoice.expiry,
        "payee": invoice.payee,
        "payment_hash": invoice.payment_hash,
        "payment_secret": invoice.payment_secret,
        "description": invoice.description,
        "description_hash": invoice.description_hash,
        "payment_metadata": invoice.metadata,
        "min_final_cltv_expiry": invoice.min_final_cltv_expiry,
        "fallbacks": [fallback(invoice.fallback.address)] if invoice.fallback else [],
        "routes": [[hop(r.public_key, r.short_channel_id, r.base_fee, r.ppm_fee,
                        r.cltv_expiry_delta) for r in hint.routes]
                   for hint in invoice.route_hints or []],
        "extra": unknown_fields(text),
    }
    fields.update(feature_fields(bits))
    return drop_none(fields)


if __name__ == "__main__":
    serve(decode)
