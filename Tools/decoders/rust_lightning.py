#!/usr/bin/env python3
"""rust-lightning's BOLT 11 decoder behind the line protocol of `bolt11 vectors --decoder`, as
PyPI `breez-sdk-liquid` ships it: `breez_sdk_liquid.parse_invoice`, Breez's `sdk-common`
around `lightning-invoice`'s `Bolt11Invoice::from_signed` (it strips a `lightning:` prefix,
parses, checks the signature and recovers the payee when there is no `n`). In 0.12.4 that is
`lightning-invoice` 0.26.0 (LDK 0.0.118, the version Greenlight's client pins); the wheel also
carries 0.32.0, for other paths.

Only what the result holds is mapped, nothing added: no `features`, `fallbacks`, `extra`,
`payment_metadata` or signature, which it does not give. `network` and `currency` come from
its network (LDK names simnet's chain regtest: an `lnsb` invoice would say `bcrt`, but strict
mode refuses those). `description` is the text as written: 0.26 neither escapes nor replaces
control characters (0.32 would). The function takes no options: compat mode, `network`, `now` and
`description` are unsupported; a route-hint key is always checked on the curve, so
`check_route_keys` is applied whatever its value. Run it with the interpreter of
.build/decoders/rust-lightning (Tools/decoders/setup.sh)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from protocol import drop_none, hop, serve  # noqa: E402

import breez_sdk_liquid  # noqa: E402

NETWORKS = {
    breez_sdk_liquid.Network.BITCOIN: ("bc", "bitcoin"),
    breez_sdk_liquid.Network.TESTNET: ("tb", "testnet"),
    breez_sdk_liquid.Network.SIGNET: ("tbs", "signet"),
    breez_sdk_liquid.Network.REGTEST: ("bcrt", "regtest"),
}


def decode(text, options):
    invoice = breez_sdk_liquid.parse_invoice(text)
    currency, network = NETWORKS[invoice.network]
    fields = {
        "currency": currency,
        "network": network,
        "amount_msat": invoice.amount_msat,
        "created_at": invoice.timestamp,
        "expiry": invoice.expiry,
        "payee": invoice.payee_pubkey,
        "payment_hash": invoice.payment_hash,
        "payment_secret": bytes(invoice.payment_secret).hex() or None,
        "description": invoice.description,
        "description_hash": invoice.description_hash,
        "min_final_cltv_expiry": invoice.min_final_cltv_expiry_delta,
        "routes": [[hop(h.src_node_id, h.short_channel_id, h.fees_base_msat,
                        h.fees_proportional_millionths, h.cltv_expiry_delta)
                    for h in hint.hops] for hint in invoice.routing_hints],
    }
    return drop_none(fields)


if __name__ == "__main__":
    serve(decode, supported=("check_route_keys",))
