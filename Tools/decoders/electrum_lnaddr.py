#!/usr/bin/env python3
"""Electrum's BOLT 11 decoder (Debian's `python3-electrum`) behind the line protocol of
`bolt11 vectors --decoder`: `electrum.lnaddr.lndecode`, its fields mapped to the contract's JSON
and nothing added. The network is the one the invoice's prefix names (Electrum decodes for one
network at a time), or the request's `network` option, which Electrum enforces itself. Run it
with /usr/bin/python3 (Tools/decoders/setup.sh installs the package)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from protocol import bits_to_chars, drop_none, fallback, feature_fields, hop, serve  # noqa: E402

from electrum import constants  # noqa: E402
from electrum.lnaddr import lndecode  # noqa: E402

NETWORKS = [constants.BitcoinRegtest, constants.BitcoinSignet, constants.BitcoinTestnet,
            constants.BitcoinMainnet]


def network(text, options):
    if "network" in options:
        return next(n for n in NETWORKS if n.BOLT11_HRP == options["network"])
    prefix = text.strip().lower()[2:]
    # The longest prefix first: `tbs` before `tb`, `bcrt` before `bc`.
    for candidate in sorted(NETWORKS, key=lambda n: -len(n.BOLT11_HRP)):
        if prefix.startswith(candidate.BOLT11_HRP):
            return candidate
    return constants.BitcoinMainnet


def decode(text, options):
    address = lndecode(text, net=network(text, options))
    tags = address.tags
    description_hash = address.get_tag("h")
    fields = {
        "currency": address.net.BOLT11_HRP,
        "amount_msat": address.get_amount_msat(),
        "created_at": address.date,
        "expiry": address.get_expiry(),
        "payee": address.pubkey.serialize().hex(),
        "payment_hash": None if address.paymenthash is None else address.paymenthash.hex(),
        "payment_secret": None if address.payment_secret is None else address.payment_secret.hex(),
        "description": address.get_tag("d"),
        "description_hash": None if description_hash is None else description_hash.hex(),
        "min_final_cltv_expiry": address.get_min_final_cltv_expiry(),
        "fallbacks": [fallback(value) for key, value in tags if key == "f"],
        "routes": [[hop(*h) for h in value] for key, value in tags if key == "r"],
        "extra": [{"tag": key, "data": bits_to_chars(value)}
                  for key, value in address.unknown_tags],
    }
    fields.update(feature_fields(address.get_tag("9") or 0))
    return drop_none(fields)


if __name__ == "__main__":
    serve(decode, supported=("network",))
