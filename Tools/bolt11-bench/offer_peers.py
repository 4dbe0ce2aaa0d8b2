#!/usr/bin/env python3
"""Times another decoder's offer reading over the valid offers of BOLT #12's offers-test.json
(the corpus `bolt11-bench --bolt12-offers` times ours on) and prints one JSON line: nanoseconds
per offer, the median of the timed passes after a warm-up pass.

  PYTHON offer_peers.py --peer rust-lightning|b12od [--passes N]

rust-lightning: PyPI `breez-sdk-liquid` (its connected SDK's `parse`, Breez's `sdk-common`
around LDK's `Offer::from_str`, through the UniFFI binding), as Tools/decoders/rust_lightning.py
drives it; the SDK is connected before timing. b12od: PyPI `b12od`,
`Bolt12OfferDecoder().decode(text)` (a new decoder per string, as Tools/decoders/b12od_offers.py
uses it), its JSON text not parsed. Each call is timed with the interpreter's loop around it;
an offer a peer refuses counts in "refused" and stays in the timing."""
import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def offers():
    with open(os.path.join(ROOT, "Vectors/spec/bolt12/offers-test.json")) as file:
        return [entry["bolt12"] for entry in json.load(file) if entry["valid"]]


def reader(peer):
    """A function of one offer's text that returns False when the peer refuses it."""
    if peer == "rust-lightning":
        sys.path.insert(0, os.path.join(ROOT, "Tools/decoders"))
        import breez_sdk_liquid
        import rust_lightning

        sdk = rust_lightning.connected()

        def read(text):
            try:
                return isinstance(sdk.parse(text), breez_sdk_liquid.InputType.BOLT12_OFFER)
            except Exception:
                return False

        return read
    if peer == "b12od":
        from b12od import Bolt12OfferDecoder

        def read(text):
            return '"code"' not in Bolt12OfferDecoder().decode(text)

        return read
    raise SystemExit(f"unknown peer {peer}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--peer", required=True)
    parser.add_argument("--passes", type=int, default=21)
    arguments = parser.parse_args()
    texts = offers()
    read = reader(arguments.peer)
    refused = sum(1 for text in texts if not read(text))  # the warm-up pass
    times = []
    for _ in range(arguments.passes):
        start = time.perf_counter_ns()
        for text in texts:
            read(text)
        times.append((time.perf_counter_ns() - start) / len(texts))
    times.sort()
    print(json.dumps({"peer": arguments.peer, "offers": len(texts), "refused": refused,
                      "ns": round(times[len(times) // 2])}))


if __name__ == "__main__":
    main()
