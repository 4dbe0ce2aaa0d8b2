/// The help texts: one overview, and one text per command.
enum Help {
  static let general = """
    bolt11: read, check and write Lightning BOLT #11 invoices

    Usage:
      bolt11 decode INVOICE|- [--json] [options]    decode and check one invoice
      bolt11 decode --batch FILE|- [--jobs N]       one invoice a line in, one JSON line out
      bolt11 explain INVOICE|- [options]            the invoice cut into its parts, with meanings
      bolt11 validate INVOICE --amount-msat N --node-id HEX [...]
                                                    the offline-receive check; JSON verdict
      bolt11 encode --key-file PATH < JSON          sign an invoice from decode's JSON
      bolt11 vectors PATH... [--decoder CMD]        run JSON vector files (or folders of them),
                                                    through our decoder or another one
      bolt11 help COMMAND                           help for one command (also COMMAND --help)
      bolt11 --version

    Options for decode and explain:
      --compat                 skip wrong-length p/h/s/n fields instead of refusing them
      --check-route-keys       refuse route hop keys off the curve (field.invalid_pubkey)
      --network bc|tb|tbs|bcrt refuse an invoice for another chain (network.mismatch)
      --description TEXT       check the `h` field against TEXT (description_hash.mismatch)
      --now UNIX               the clock: refuse the invoice once now >= expires_at

    INVOICE may carry a `lightning:` prefix and surrounding white space; `-` reads standard input
    (at most 1 MiB; more is invoice.too_long).
    Exit codes: 0 ok, 1 invalid or rejected, 2 usage error, 3 I/O error: a read or a write that
    failed (full disk, closed output, broken pipe), `error: io.read: ...` or `error: io.write: ...`.
    A command never exits 0 after a failed write.
    Errors go to standard error as `error: <code>: <message>`, with anything quoted from the input
    escaped.

    """

  static let decode = """
    Usage: bolt11 decode INVOICE|- [--json] [--compat] [--check-route-keys] [--network N] [--description TEXT] [--now UNIX]
           bolt11 decode --batch FILE|- [--jobs N] [--compat] [--check-route-keys] [--network N] [--description TEXT] [--now UNIX]
           bolt11 decode --protocol

    Decodes one invoice and checks every reader rule of BOLT #11 and its signature. INVOICE may
    carry a `lightning:` prefix; `-` reads it from standard input.

    It prints a summary for people (in colour on a terminal, unless NO_COLOR is set), or with
    --json the contract's JSON object. Everything taken from the invoice is shown escaped:
    control characters, escape sequences, bidirectional and invisible characters appear as \\u{..}.
    Exit 0 when valid, 1 when not (the error to standard error, and with --json also as
    {"valid": false, "error": {...}} on standard output).

    Options:
      --json                   one JSON object on standard output, errors included
      --compat                 skip wrong-length p/h/s/n fields instead of refusing them
      --check-route-keys       refuse route hop keys off the curve (field.invalid_pubkey)
      --network bc|tb|tbs|bcrt refuse an invoice for another chain (network.mismatch)
      --description TEXT       check the `h` field against TEXT (description_hash.mismatch)
      --now UNIX               the clock, in Unix seconds: refuse the invoice once
                               now >= expires_at. Without it expiry is shown, not checked, and
                               the summary's "expires in" / "expired ... ago" use the system clock.
      --batch FILE|-           decode every line of FILE (or standard input), see below
      --jobs N                 with --batch: use N workers (default: one per core)
      --protocol               serve the line protocol of external decoders on standard input
                               and output (`bolt11 vectors --decoder 'bolt11 decode --protocol'`):
                               one JSON request a line in, one answer a line out

    Batch: one JSON object per input line on standard output (NDJSON), in input order, the
    same options applied to every line. A UTF-8 byte order mark at the start of the input (as
    some editors save text) is skipped. A line that does not decode gives
    {"valid": false, "error": {...}} on its line and the run goes on; a blank line is read as
    an empty invoice (error bech32.no_separator), so output line N always answers input line N.
    A line longer than 65536 bytes is invoice.too_long without being read in full. Memory stays
    bounded whatever the input size. At the end `decoded N, invalid M` goes to standard error
    (with a progress line before it when standard error is a terminal). Exit 0 when every line
    decoded, 1 when any did not, 3 when the input cannot be read or the output cannot be written
    (the run stops at the first failed write, without the summary).

    """

  static let explain = """
    Usage: bolt11 explain INVOICE|- [--compat] [--check-route-keys] [--network N] [--description TEXT] [--now UNIX]

    Cuts the invoice into its parts and says what each one means, like the Breakdown sections
    of BOLT #11: prefix, amount, separator, timestamp, each tagged field (its type character,
    its two data_length characters, its data and the decoded value), the signature with its
    recovery flag, the signed data and its SHA-256, and the Bech32 checksum. The first column
    is each part's character position in the input.

    On an invalid invoice it shows the parts up to the fault, points at the fault with a caret,
    names the error code, and exits 1. Options are those of decode and give the same verdict.

    """

  static let vectors = """
    Usage: bolt11 vectors PATH... [--verbose] [--report FILE.md|FILE.html]
           bolt11 vectors PATH... --decoder CMD [--decoder CMD]... [--timeout SECONDS] [...]

    Runs vector files in the contract's format (or every *.json under a folder) and prints one line
    per failure, then `N passed, N failed`. A file that is not a vector file counts as one failure
    and the other files still run. Names are printed escaped. Exit 0 when none failed, 1 otherwise.

    Options:
      --decoder CMD            run the invoice vectors through another decoder instead: CMD is
                               started once with /bin/sh -c and answers one JSON request per line
                               (the line protocol of the contract); it is restarted after it
                               exits or times out. Vectors of kinds bech32, segwit_address and
                               offline are skipped. Prints per-file and per-category counts and
                               `N passed, N failed, N skipped` last. May be given more than once.
                               `bolt11 decode --protocol` is our own decoder behind the protocol.
      --timeout SECONDS        with --decoder: how long one answer may take (default 5)
      --report FILE            also write a report: a matrix of decoders x categories and every
                               failure with what was expected and what came back; Markdown for
                               FILE.md, HTML for FILE.html
      --verbose                also print the vectors that passed (and were skipped)

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
    Usage: bolt11 encode --key-file PATH [--upper] < invoice.json
           BOLT11_SIGNING_KEY=HEX bolt11 encode [--upper] < invoice.json
           bolt11 encode --key HEX [--upper] < invoice.json        (unsafe, see below)

    Builds and signs an invoice from the JSON `bolt11 decode --json` prints (payee and signature
    are ignored; created_at is required). With the decoder's `field_order`, fields keep their
    order, so decoding then encoding with the signer's key gives back the same invoice.

    The key is the 32-byte secret key as 64 hex digits, from (first found):
      --key-file PATH          a file holding the hex; refused unless only its owner can read
                               and write it (chmod 600), as ssh does with private keys
      --key HEX                works, but warns: every user of the machine can read a command
                               line (ps, /proc/PID/cmdline) and shell history keeps it
      BOLT11_SIGNING_KEY       the environment variable
    The key bytes read are wiped once the key is made, and the key's own copy after signing.

    Options:
      --upper                  print the invoice in upper case, for QR codes

    Standard input holds at most 1 MiB of JSON (input.too_long). JSON that is malformed or
    repeats a key is input.invalid_json; a value out of its field's range (a negative number, a
    feature bit above 5114, an extra field slot outside field_order, a route hop number wider
    than its field) is refused with its build.* code. Exit 0 signed, 1 refused, 2 usage error,
    3 I/O error.

    """

  static func text(for command: String) -> String? {
    switch command {
    case "validate": validate
    case "encode": encode
    case "decode": decode
    case "explain": explain
    case "vectors": vectors
    default: nil
    }
  }
}
