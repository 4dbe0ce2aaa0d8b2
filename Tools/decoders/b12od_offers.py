#!/usr/bin/env python3
"""The C offer decoder `b12od` behind the line protocol of `bolt11 vectors --decoder`, as PyPI
`b12od` 0.1.3 ships it: `Bolt12OfferDecoder().decode(string)` returns a JSON text, the offer's
fields in Core Lightning's names, or `{"code": N, "message": "..."}` when it refuses the string.

A new decoder per string: one decoder reused across strings keeps state from the last one and
accepts strings that a fresh one refuses. What it gives is passed on under the contract's names:
`offer_amount` is `offer_amount_msat` when there is no `offer_currency`, and a record of an
unknown odd type (a key that is a number) goes to `unknown_offer_tlvs`. It reads BOLT 11
invoices not at all (those requests are `unsupported`), and takes no options: `network` and
`now` are unsupported. Run it with the interpreter of .build/decoders/b12od
(Tools/decoders/setup.sh)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from protocol import serve  # noqa: E402

from b12od import Bolt12OfferDecoder  # noqa: E402


class Refused(Exception):
    pass


def offer(text, options):
    decoded = json.loads(Bolt12OfferDecoder().decode(text))
    if "message" in decoded and "code" in decoded:
        raise Refused(f"{decoded['message']} (code {decoded['code']})")
    fields = {}
    unknown = []
    for key, value in decoded.items():
        if key.isdigit():
            unknown.append({"type": int(key), "length": len(value) // 2, "value": value})
        elif key == "offer_amount" and "offer_currency" not in decoded:
            fields["offer_amount_msat"] = value
        else:
            fields[key] = value
    if unknown:
        fields["unknown_offer_tlvs"] = sorted(unknown, key=lambda record: record["type"])
    return fields


def no_invoices(invoice, options):
    raise NotImplementedError


if __name__ == "__main__":
    # Invoices: every request is declared unsupported through an option it cannot have.
    import protocol
    protocol.unsupported_option = lambda options, supported=(): "invoice"
    serve(no_invoices, offer=offer)
