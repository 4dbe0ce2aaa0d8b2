#!/usr/bin/env python3
"""Core Lightning's Python package `pyln-proto` (PyPI) behind the line protocol of
`bolt11 vectors --decoder`: `pyln.proto.invoice.Invoice.decode`, its fields mapped to the
contract's JSON and nothing added. Run it with the interpreter of .build/decoders/pyln-proto
(Tools/decoders/setup.sh)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from protocol import bits_to_chars, drop_none, fallback, feature_fields, hop, serve  # noqa: E402

from pyln.proto.invoice import Invoice  # noqa: E402


def decode(text, options):
    invoice = Invoice.decode(text)
    tags = invoice.tags
    amount = None if invoice.amount is None else invoice.amount * 10**11
    if amount is not None and amount != int(amount):
        raise ValueError(f"amount of {invoice.amount} BTC is not a whole number of msat")
    fields = {
        "currency": invoice.currency,
        "amount_msat": None if amount is None else int(amount),
        "created_at": invoice.date,
        "payee": invoice.hexpubkey,
        "payment_hash": None if invoice.paymenthash is None else invoice.hexpaymenthash,
        "min_final_cltv_expiry": 18 if invoice.min_final_cltv_expiry is None
        else invoice.min_final_cltv_expiry,
        "expiry": 3600,
        "fallbacks": [fallback(value) for key, value in tags if key == "f"],
        "routes": [],
        # `9` is read through the library's `featurebits`; every other unknown tag is extra.
        "extra": [{"tag": key, "data": bits_to_chars(value)}
                  for key, value in invoice.unknown_tags if key != "9"],
    }
    for key, value in tags:
        if key == "d":
            fields["description"] = value
        elif key == "h":
            fields["description_hash"] = value.hex()
        elif key == "x":
            fields["expiry"] = value
    features = invoice.featurebits
    fields.update(feature_fields(features if isinstance(features, int) else features.uint))
    if invoice.route_hints is not None:
        fields["routes"] = [[hop(h.pubkey, h.short_channel_id, h.fee_base_msat,
                                 h.fee_proportional_millionths, h.cltv_expiry_delta)
                             for h in invoice.route_hints.route_hints]]
    return drop_none(fields)


if __name__ == "__main__":
    serve(decode)
