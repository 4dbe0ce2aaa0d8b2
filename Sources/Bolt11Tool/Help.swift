/// The help texts.
enum Help {
  static let general = """
    bolt11: read, check and write Lightning BOLT #11 invoices

    Usage:
      bolt11 decode INVOICE|- [--json] [options]   decode and check one invoice
      bolt11 encode --key HEX [--upper] < JSON      sign an invoice from decode's JSON
      bolt11 vectors PATH...                        run JSON vector files (or folders of them)
      bolt11 help COMMAND                           help for one command
      bolt11 --version

    Options for decode:
      --json                  one JSON object on standard output (errors too)
      --compat                skip wrong-length p/h/s/n fields instead of refusing them
      --network bc|tb|tbs|bcrt refuse an invoice for another chain (network.mismatch)
      --description TEXT      check the `h` field against TEXT (description_hash.mismatch)
      --now UNIX              the clock: refuse the invoice once now >= expires_at

    Exit codes: 0 ok, 1 invalid or rejected, 2 usage error, 3 I/O error.
    Errors go to standard error as `error: <code>: <message>`.

    """

  static let decode = """
    Usage: bolt11 decode INVOICE|- [--json] [--compat] [--network N] [--description TEXT] [--now UNIX]

    Decodes one invoice and checks every reader rule of BOLT #11 and its signature. INVOICE may
    carry a `lightning:` prefix; `-` reads it from standard input. Prints a summary for people, or
    with --json the contract's JSON object. Exit 0 when valid, 1 when not.

    """

  static let vectors = """
    Usage: bolt11 vectors PATH...

    Runs vector files in the contract's format (or every *.json under a folder) and prints one line
    per failure, then `N passed, N failed`. Exit 0 when none failed, 1 otherwise.

    """

  static let validate = """
    Usage: bolt11 validate INVOICE|- --amount-msat N --node-id HEX [--network N] [--now UNIX]
           [--description TEXT] [--max-display-seconds S] [--min-remaining-seconds S]
           [--clock-skew-seconds S] [--safety-margin-seconds S]

    The offline-receive check: the invoice must decode (strict), ask exactly N msat, pay HEX,
    be for the network, carry TEXT as its description, be signed no later than now + skew
    (default 60), and keep at least the minimum (default 60 s) before expires_at - margin
    (default 0). Prints {"ok": true, "display_until": ..., ...} or {"ok": false, "error": {...}}.
    display_until = min(expires_at - margin, now + max display (default 3600)). --now defaults to
    the system clock. Exit 0 when accepted, 1 when rejected.

    """

  static let encode = """
    Usage: bolt11 encode --key HEX [--upper] < invoice.json

    Builds and signs an invoice from the JSON `bolt11 decode --json` prints (payee and signature
    are ignored; created_at is required). --key is the 32-byte secret key in hex; --upper prints
    the invoice in upper case, for QR codes. With the decoder's `field_order`, fields keep their
    order, so decoding then encoding with the signer's key gives back the same invoice.

    """

  static func text(for command: String) -> String? {
    switch command {
    case "validate": validate
    case "encode": encode
    case "decode": decode
    case "vectors": vectors
    default: nil
    }
  }
}
