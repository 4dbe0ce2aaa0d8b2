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
.build/decoders/rust-lightning (Tools/decoders/setup.sh).

Offers (requests of kind `bolt12`) go to the only binding that reads them: the `parse` method of
a connected SDK (Breez's `sdk-common` around `lightning`'s `Offer::from_str`, LDK's offer
reader), which answers `InputType.BOLT12_OFFER` with an `LnOffer`. The SDK is connected once, at
the first offer, on regtest with a throwaway mnemonic and a working folder under the system's
temporary folder: it needs no key and reaches no server for that. Mapped: `signing_pubkey`
(`offer_issuer_id`), `description`, `issuer`, `absolute_expiry` and `min_amount` (msat, or a
currency's ISO 4217 code and amount). Not mapped: `chains`, which LDK fills with bitcoin when the
offer names none, and `paths`, of which it gives only the blinded node ids. `network` and `now`
are unsupported."""
import atexit
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from protocol import drop_none, hop, serve  # noqa: E402

import breez_sdk_liquid  # noqa: E402

NETWORKS = {
    breez_sdk_liquid.Network.BITCOIN: ("bc", "bitcoin"),
    breez_sdk_liquid.Network.TESTNET: ("tb", "testnet"),
    breez_sdk_liquid.Network.SIGNET: ("tbs", "signet"),
    breez_sdk_liquid.Network.REGTEST: ("bcrt", "regtest"),
}


_sdk = None


def forget(folder):
    """Disconnects the SDK and removes its working folder."""
    try:
        _sdk.disconnect()
    except Exception:  # already gone: the folder goes all the same
        pass
    shutil.rmtree(folder, ignore_errors=True)


def connected():
    global _sdk
    if _sdk is None:
        config = breez_sdk_liquid.default_config(breez_sdk_liquid.LiquidNetwork.REGTEST, None)
        config.working_dir = tempfile.mkdtemp(prefix="rust-lightning-offers-")
        atexit.register(forget, config.working_dir)
        words = " ".join(["abandon"] * 11 + ["about"])  # BIP-39's all-zero test mnemonic
        _sdk = breez_sdk_liquid.connect(breez_sdk_liquid.ConnectRequest(config=config, mnemonic=words))
    return _sdk


def offer(text, options):
    parsed = connected().parse(text)
    if not isinstance(parsed, breez_sdk_liquid.InputType.BOLT12_OFFER):
        raise ValueError(f"read as {type(parsed).__name__}, not an offer")
    read = parsed.offer
    amount = read.min_amount
    fields = {
        "offer_issuer_id": read.signing_pubkey,
        "offer_description": read.description,
        "offer_issuer": read.issuer,
        "offer_absolute_expiry": read.absolute_expiry,
    }
    if isinstance(amount, breez_sdk_liquid.Amount.BITCOIN):
        fields["offer_amount_msat"] = amount.amount_msat
    elif isinstance(amount, breez_sdk_liquid.Amount.CURRENCY):
        fields["offer_currency"] = amount.iso4217_code
        fields["offer_amount"] = amount.fractional_amount
    return drop_none(fields)


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
    serve(decode, supported=("check_route_keys",), offer=offer)
