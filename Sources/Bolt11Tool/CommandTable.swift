import Bolt11
import Chains

/// What a shell offers to complete an option's value or a command's operands.
enum Completion: Sendable, Equatable {
  /// Nothing to offer: free text, a number, an invoice.
  case none
  /// File and folder names.
  case files
  /// One of these words.
  case choices([String])
}

/// One option of one command: its name, its value, and what it does.
struct OptionSpec: Sendable {
  /// The option as typed: `--network`.
  var name: String
  /// The value's placeholder (`N`, `HEX`, `NET`), or nil for a flag without a value.
  var value: String?
  /// What the option does; help, the manual and the completions fill the lines to their width.
  var help: [String] { helpLines() }
  /// What a shell offers for the value.
  var completion: Completion { completionChoices() }
  /// Whether the option may be given more than once (each value kept, in order).
  var repeatable = false

  // Help and completions are made when asked for: a command's table is built on every run to
  // parse its options, and `--network`'s text, derived from the chain table, cost a one-shot
  // decode about a tenth of its instructions when it was made up front.
  private let helpLines: @Sendable () -> [String]
  private let completionChoices: @Sendable () -> Completion

  init(
    name: String, value: String? = nil, help: @autoclosure @escaping @Sendable () -> [String],
    completion: @autoclosure @escaping @Sendable () -> Completion = .none, repeatable: Bool = false
  ) {
    self.name = name
    self.value = value
    self.helpLines = help
    self.completionChoices = completion
    self.repeatable = repeatable
  }

  /// The option and its placeholder: `--network NET`.
  var signature: String { value.map { "\(name) \($0)" } ?? name }
  /// The help lines as one sentence, for help and the manual.
  var helpText: String { help.joined(separator: " ") }

  /// What a shell shows beside the option: the help up to its first `;`, without backticks, on
  /// one line of at most `CompletionScripts.summaryWidth` characters (cut at a word, with `…`).
  var completionSummary: String {
    let clause = helpText.split(separator: ";", maxSplits: 1).first.map(String.init) ?? helpText
    let plain = clause.filter { $0 != "`" }
    guard plain.count > CompletionScripts.summaryWidth else { return plain }
    let cut = plain.prefix(CompletionScripts.summaryWidth - 1)
    return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
  }
}

/// One command: how it is called, what it does, and its options.
struct CommandSpec: Sendable {
  /// The word after `bolt11`: `decode`.
  var name: String
  /// What runs it: the one list of commands, from which the tool dispatches and help, the manual
  /// and the completions are written.
  var run: Bolt11Tool.Command
  /// Short forms for the overview, each with a summary: `("decode --batch FILE|-", "...")`.
  var synopses: [(usage: String, summary: String)]
  /// The full usage lines, without `Usage: `; a line that starts with a space continues the one
  /// before it.
  var usage: [String]
  /// What the command does: paragraphs for `COMMAND --help` and the manual.
  var about: [String]
  /// Every option the command accepts, in the order help lists them.
  var options: [OptionSpec]
  /// Paragraphs after the options (`--batch` in detail, ...).
  var notes: [String] = []
  /// What a shell offers for the command's operands.
  var operands: Completion = .none

  /// The flags that take a value and those that do not, for parsing.
  var parsingTable: ParsedOptions.Table {
    ParsedOptions.Table(
      valued: OptionNames(options.filter { $0.value != nil }.map { $0.name }),
      boolean: OptionNames(options.filter { $0.value == nil }.map { $0.name }),
      repeatable: OptionNames(options.filter { $0.repeatable }.map { $0.name }))
  }
}

/// The command line's one table: parsing, `--help`, the manual page and the bash, zsh and fish
/// completions are all made from it, so an option cannot be missing from one of them.
enum CommandTable {
  static let summary = "read, check and write Lightning BOLT #11 invoices"

  static let compat = OptionSpec(
    name: "--compat",
    help: [
      "skip wrong-length p/h/s/n fields instead of refusing them,",
      "and show what a payer must refuse (no s, an unknown prefix or",
      "even feature, d not UTF-8) with its code as a warning",
    ])
  static let checkRouteKeys = OptionSpec(
    name: "--check-route-keys",
    help: ["refuse route hop keys off the curve (field.invalid_pubkey)"])
  /// The values `--network` takes: each chain's name and aliases (from the chain table), then
  /// each invoice prefix.
  static let networkNames = Chain.all.flatMap { [$0.name] + $0.aliases }
  static let networkPrefixes = Currency.allCases.map(\.prefix)
  /// What each value of `--network` means, for the completions that describe values (fish).
  static let choiceDescriptions: [String: String] = {
    var descriptions: [String: String] = [:]
    for chain in Chain.all {
      for name in [chain.name] + chain.aliases {
        descriptions[name] = "\(chain.displayName) (ln\(chain.bolt11Prefix))"
      }
    }
    for prefix in networkPrefixes {
      descriptions[prefix] = Chain.withBOLT11Prefix(prefix).map(\.displayName).joined(
        separator: " or ")
    }
    return descriptions
  }()
  /// The help line that says which values `--network NET` takes.
  static let networkValues =
    "NET is "
    + Chain.all.map { chain in
      chain.aliases.isEmpty
        ? chain.name : "\(chain.name) (or \(chain.aliases.joined(separator: " or ")))"
    }.joined(separator: ", ") + ", or the prefix " + networkPrefixes.joined(separator: ", ")

  /// `--network NET`, with `help` first and the values it takes after.
  static func networkOption(_ help: String) -> OptionSpec {
    OptionSpec(
      name: "--network", value: "NET", help: [help + ";", networkValues],
      completion: .choices(networkNames + networkPrefixes))
  }

  static let network = networkOption("refuse an invoice for another chain (network.mismatch)")
  static let description = OptionSpec(
    name: "--description", value: "TEXT",
    help: [
      "check the `h` field against TEXT (description_hash.mismatch),",
      "or a `d` field for exactly TEXT (description.mismatch)",
    ])
  static let now = OptionSpec(
    name: "--now", value: "UNIX",
    help: [
      "the clock, in Unix seconds: refuse the invoice once",
      "now >= expires_at. Without it expiry is shown, not checked.",
    ])
  static let json = OptionSpec(
    name: "--json", help: ["one JSON object on standard output, errors included"])

  /// The options `decode` and `explain` share: how to read, and what to expect.
  static let decodeOptions = [compat, checkRouteKeys, network, description, now]

  static let decode = CommandSpec(
    name: "decode", run: DecodeCommand.run,
    synopses: [
      ("decode INVOICE|- [--json] [options]", "decode and check one invoice"),
      ("decode --batch FILE|- [--jobs N]", "one invoice a line in, one JSON line out"),
    ],
    usage: [
      "bolt11 decode INVOICE|- [--json] [--compat] [--check-route-keys] [--network NET]",
      "  [--description TEXT] [--now UNIX]",
      "bolt11 decode --batch FILE|- [--jobs N] [--compat] [--check-route-keys] [--network NET]",
      "  [--description TEXT] [--now UNIX]",
      "bolt11 decode --protocol",
    ],
    about: [
      """
      Decodes one invoice and checks every reader rule of BOLT #11 and its signature. INVOICE may
      carry a `lightning:` prefix, or be a bitcoin: URI (BIP-321) whose lightning= invoice is
      decoded (the JSON then has "uri": its address, amount, label, message and warnings); any
      other payment string is refused with a code that says what it is (input.bolt12_offer,
      input.lnurl, ...; see inspect). `-` reads it from standard input.
      """,
      """
      It prints a summary for people (in colour on a terminal, unless NO_COLOR is set), or with
      --json one JSON object (keys as Core Lightning's decode names them, where it has them).
      Everything taken from the invoice is shown escaped:
      control characters, escape sequences, bidirectional and invisible characters appear as
      \\u{..}. Without --now, the summary's "expires in" / "expired ... ago" use the system clock.
      Exit 0 when valid, 1 when not (the error to standard error, and with --json also as
      {"valid": false, "error": {...}} on standard output).
      """,
    ],
    options: [json] + decodeOptions + [
      OptionSpec(
        name: "--batch", value: "FILE|-",
        help: ["decode every line of FILE (or standard input), see below"], completion: .files),
      OptionSpec(
        name: "--jobs", value: "N", help: ["with --batch: use N workers (default: one per core)"]),
      OptionSpec(
        name: "--protocol",
        help: [
          "serve the line protocol of external decoders on standard input",
          "and output (`bolt11 vectors --decoder 'bolt11 decode --protocol'`):",
          "one JSON request a line in, one answer a line out",
        ]),
    ],
    notes: [
      """
      Batch: one JSON object per input line on standard output (NDJSON), in input order, the
      same options applied to every line. A UTF-8 byte order mark at the start of the input (as
      some editors save text) is skipped. A line that does not decode gives
      {"valid": false, "error": {...}} on its line and the run goes on; a blank line is
      input.empty, so output line N always answers input line N. A line may be a bitcoin: URI
      (its lightning= invoice is decoded, with "uri"); any other payment string is input.*.
      A line longer than 65536 bytes is input.line_too_long as soon as it is that long, without
      being read in full (a line that never ends, too), and the run goes on. Memory stays
      bounded whatever the input size. At the end `decoded N, invalid M` goes to standard error
      (with a progress line before it when standard error is a terminal). Exit 0 when every line
      decoded, 1 when any did not, 3 when the input cannot be read or the output cannot be written
      (the run stops at the first failed write, without the summary).
      """
    ])

  static let explain = CommandSpec(
    name: "explain", run: ExplainCommand.run,
    synopses: [("explain INVOICE|- [options]", "the invoice cut into its parts, with meanings")],
    usage: [
      "bolt11 explain INVOICE|- [--compat] [--check-route-keys] [--network NET]",
      "  [--description TEXT] [--now UNIX]",
    ],
    about: [
      """
      Cuts the invoice into its parts and says what each one means, like the Breakdown sections
      of BOLT #11: prefix, amount, separator, timestamp, each tagged field (its type character,
      its two data_length characters, its data and the decoded value), the signature with its
      recovery flag, the signed data and its SHA-256, and the Bech32 checksum. The first column
      is each part's character position in the input.
      """,
      """
      On an invalid invoice it shows the parts up to the fault, points at the fault with a caret,
      names the error code, and exits 1. Options are those of decode and give the same verdict.
      """,
      """
      A BOLT #12 offer, invoice request or invoice (lno1..., lnr1..., lni1...; also a bitcoin:
      URI's lno= offer when it has no lightning= invoice) is cut into its TLV records: byte
      offset, type, length, field name, value and meaning, then for a request or invoice the
      merkle root its signature covers, then its reader's verdict (with --now and --network as
      inspect takes them); a record's fault reads "(at byte N of the data, type T)". A
      percent-encoded lightning= or lno= value is cut up decoded; positions count characters
      in the string as given.
      """,
    ],
    options: decodeOptions)

  static let validate = CommandSpec(
    name: "validate", run: ValidateCommand.run,
    synopses: [
      (
        "validate INVOICE --amount-msat N --node-id HEX [...]",
        "the offline-receive check; JSON verdict"
      )
    ],
    usage: [
      "bolt11 validate INVOICE|- --amount-msat N --node-id HEX [--network NET] [--now UNIX]",
      "  [--description TEXT] [--max-display-seconds S] [--min-remaining-seconds S]",
      "  [--clock-skew-seconds S] [--safety-margin-seconds S] [--max-cltv N]",
    ],
    about: [
      """
      The offline-receive check: the invoice must decode (strict), ask exactly N msat, pay HEX,
      be for the network, carry TEXT as its description, be signed no later than now + skew
      (default 60), and keep at least the minimum (default 60 s) before expires_at - margin
      (default 0), and ask a final CLTV delta of at most N blocks (default 432, what payers'
      route limits leave a payee). Prints {"ok": true, "display_until": ..., ...} or
      {"ok": false, "error": {...}}.
      display_until = min(expires_at - margin, now + max display (default 3600)). --now defaults to
      the system clock. Exit 0 when accepted, 1 when rejected.
      """
    ],
    options: [
      OptionSpec(
        name: "--amount-msat", value: "N", help: ["the exact amount expected (required)"]),
      OptionSpec(
        name: "--node-id", value: "HEX",
        help: ["our node's 33-byte key, 66 hex digits (required)"]),
      networkOption("the chain the invoice must be for"),
      OptionSpec(
        name: "--now", value: "UNIX", help: ["the clock, in Unix seconds (default: the system's)"]),
      OptionSpec(
        name: "--description", value: "TEXT", help: ["the description the invoice must carry"]),
      OptionSpec(
        name: "--max-display-seconds", value: "S",
        help: ["show the invoice at most S seconds (default 3600)"]),
      OptionSpec(
        name: "--min-remaining-seconds", value: "S",
        help: ["refuse an invoice with less than S seconds left (default 60)"]),
      OptionSpec(
        name: "--clock-skew-seconds", value: "S",
        help: ["accept a timestamp up to S seconds in the future (default 60)"]),
      OptionSpec(
        name: "--safety-margin-seconds", value: "S",
        help: ["stop showing the invoice S seconds before it expires (default 0)"]),
      OptionSpec(
        name: "--max-cltv", value: "N",
        help: [
          "refuse a min_final_cltv_expiry_delta above N blocks",
          "(default 432; offline.cltv_too_large)",
        ]),
    ])

  static let inspect = CommandSpec(
    name: "inspect", run: InspectCommand.run,
    synopses: [("inspect STRING|- [--json]", "what a pasted or scanned payment string is")],
    usage: ["bolt11 inspect STRING|- [--json] [--compat] [--now UNIX] [--network NET]"],
    about: [
      """
      Says what a pasted or scanned string is, and decodes it as far as its kind goes, without
      any network access: a BOLT #11 invoice (decoded and checked), a bitcoin: URI (BIP-321:
      address, amount, label, message, each lightning= invoice decoded, each lno= offer read), a
      BOLT #12 offer, invoice request or invoice (read and checked in full, the signature of a
      request or invoice included, with Core Lightning's decode names under "bolt12"), an LNURL
      (its URL, not
      fetched), a Lightning Address (the URL a wallet would call), a node URI (key checked on the
      curve) or an on-chain address (checksum and network).
      """,
      """
      A URI's cross-checks are warnings, not errors, so that a wallet can fall back to the
      address: bip321.amount_mismatch, bip321.network_mismatch, and with --now
      bip321.invoice_expired. Prints a summary, or with --json {"kind", ..., "warnings"}.
      Exit 0 when the string is a valid instance of its kind (a URI's invoices included), 1
      otherwise, with a code that says what it is (input.*, bip321.*, bolt12.malformed, ...).
      """,
    ],
    options: [
      json, compat,
      OptionSpec(
        name: "--now", value: "UNIX",
        help: [
          "the clock: a bare invoice that has expired is refused,",
          "a URI's gets bip321.invoice_expired; an expired BOLT #12 string is bolt12.expired",
        ]),
      networkOption(
        "refuse an invoice (network.mismatch) or a BOLT #12 string (bolt12.network_mismatch) for another chain"
      ),
    ])

  static let check = CommandSpec(
    name: "check", run: CheckCommand.run,
    synopses: [
      ("check INVOICE|- [expectations]", "every check a payer makes before paying, all at once")
    ],
    usage: [
      "bolt11 check INVOICE|- [--json] [--compat] [--amount-msat N [--allow-amountless]]",
      "  [--max-amount-msat N] [--payee HEX]... [--own-node-id HEX]... [--network NET]",
      "  [--description TEXT] [--description-hash HEX] [--payment-hash HEX] [--now UNIX]",
      "  [--max-future-seconds S] [--min-remaining-seconds S] [--max-age-seconds S]",
      "  [--max-cltv N]",
    ],
    about: [
      """
      Decodes the invoice (as decode does; an invoice that does not decode gives its decode
      error alone), then checks it against every expectation given and reports every violation,
      not only the first, in this order: amount, payee, own node, network, description,
      description hash, payment hash, then the clock (created in the future, expired, lifetime
      left, age) and the CLTV delta. The clock always applies: the invoice must not be expired
      and must not be created more than 600 s after now.
      """,
      """
      Prints `ok` or `rejected` and one line per violation, or with --json
      {"ok", "violations": [{"code", "message", "expected", "found"}], "warnings", "invoice"}.
      Codes are check.* (never the decode-time codes the same option names give elsewhere).
      Amounts are compared exactly, in msat. Exit 0 when nothing is violated, 1 otherwise.
      """,
      """
      A BOLT #12 offer (lno1...) is read in full and checked against --amount-msat (an offer in
      a currency is check.amount_in_currency), --allow-amountless, --max-amount-msat, --payee
      (its offer_issuer_id), --network, --description and the clock (check.expired). A BOLT #12
      invoice (lni1...) is read in full, its signature included, and checked against
      --amount-msat, --max-amount-msat, --payee and --own-node-id (its invoice_node_id),
      --network (its invreq_chain, or bitcoin), --description (its offer_description),
      --payment-hash and the clock on invoice_created_at and invoice_expires_at (--now,
      --min-remaining-seconds, --max-future-seconds, --max-age-seconds). For either, any other
      option is a usage error. The verdict holds the decoded object under "bolt12". An invoice
      request (lnr1...) is refused with input.bolt12_invoice_request.
      """,
    ],
    options: [
      json, compat,
      OptionSpec(
        name: "--amount-msat", value: "N",
        help: ["the exact amount (check.amount_mismatch, check.amount_missing)"]),
      OptionSpec(
        name: "--allow-amountless", help: ["with --amount-msat: an amountless invoice passes"]),
      OptionSpec(
        name: "--max-amount-msat", value: "N",
        help: ["the most the invoice may ask (check.amount_too_large)"]),
      OptionSpec(
        name: "--payee", value: "HEX",
        help: ["a node the invoice may pay; repeat for several", "(check.payee_mismatch)"],
        repeatable: true),
      OptionSpec(
        name: "--own-node-id", value: "HEX",
        help: [
          "one of our own nodes, which must not be the payee;",
          "repeat for several (check.self_payment)",
        ],
        repeatable: true),
      networkOption("the chain (check.network_mismatch)"),
      OptionSpec(
        name: "--description", value: "TEXT",
        help: ["`d` equal to TEXT, or `h` its SHA-256", "(check.description_mismatch)"]),
      OptionSpec(
        name: "--description-hash", value: "HEX",
        help: ["an `h` field equal to HEX (check.description_hash_mismatch)"]),
      OptionSpec(
        name: "--payment-hash", value: "HEX",
        help: ["the payment hash (check.payment_hash_mismatch)"]),
      OptionSpec(
        name: "--now", value: "UNIX", help: ["the clock, in Unix seconds (default: the system's)"]),
      OptionSpec(
        name: "--max-future-seconds", value: "S",
        help: ["created at most S seconds after now (default 600;", "check.future_timestamp)"]),
      OptionSpec(
        name: "--min-remaining-seconds", value: "S",
        help: ["at least S seconds before expiry (default 0;", "check.lifetime_too_short)"]),
      OptionSpec(
        name: "--max-age-seconds", value: "S",
        help: ["created at most S seconds before now (check.too_old)"]),
      OptionSpec(
        name: "--max-cltv", value: "N",
        help: ["min_final_cltv_expiry_delta at most N blocks", "(check.cltv_too_large)"]),
    ])

  static let encode = CommandSpec(
    name: "encode", run: EncodeCommand.run,
    synopses: [("encode --key-file PATH < JSON", "sign an invoice from decode's JSON")],
    usage: [
      "bolt11 encode --key-file PATH [--upper] < invoice.json",
      "BOLT11_SIGNING_KEY=HEX bolt11 encode [--upper] < invoice.json",
      "bolt11 encode --key HEX [--upper] < invoice.json        (unsafe, see --key)",
      "bolt11 encode --print-signing-hash [--payee HEX] < invoice.json",
      "bolt11 encode --signature HEX --recovery-id N [--payee HEX] [--upper] < invoice.json",
    ],
    about: [
      """
      Builds and signs an invoice from the JSON `bolt11 decode --json` prints (payee and signature
      are ignored; created_at is required). With the decoder's `field_order`, fields keep their
      order, so decoding then encoding with the signer's key gives back the same invoice.
      Without it, the invoice sets features 8 and 14 (var_onion_optin, payment_secret) required,
      as every deployed reader expects, unless feature_bits or features says otherwise ([] for
      none).
      """,
      """
      For a key kept elsewhere: --print-signing-hash prints the SHA-256 digest the signature
      covers (64 hex characters, one line; no key needed), and --signature with --recovery-id
      attaches the signature made over it (r and s, 128 hex characters), refusing one that
      recovers no key or, with --payee, another key (build.invalid_signature). An invoice that
      states its payee (an `n` in field_order) signs the payee's key too: give --payee.
      """,
      """
      The key is the 32-byte secret key as 64 hex digits, from --key-file, --key or the
      environment variable BOLT11_SIGNING_KEY (first found). The key bytes read are wiped once
      the key is made, and the key's own copy after signing.
      """,
    ],
    options: [
      OptionSpec(
        name: "--key-file", value: "PATH",
        help: [
          "a file holding the key's hex; refused unless only its owner",
          "can read and write it (chmod 600), as ssh does with private keys",
        ],
        completion: .files),
      OptionSpec(
        name: "--key", value: "HEX",
        help: [
          "the key on the command line: works, but warns, since every",
          "user of the machine can read a command line (ps,",
          "/proc/PID/cmdline) and shell history keeps it",
        ]),
      OptionSpec(name: "--upper", help: ["print the invoice in upper case, for QR codes"]),
      OptionSpec(
        name: "--print-signing-hash",
        help: ["print the digest to sign (64 hex characters), needing no key"]),
      OptionSpec(
        name: "--signature", value: "HEX",
        help: ["attach r and s made elsewhere (128 hex characters)"]),
      OptionSpec(
        name: "--recovery-id", value: "N", help: ["the signature's recovery id (0 to 3)"]),
      OptionSpec(
        name: "--payee", value: "HEX",
        help: [
          "the signer's public key (66 hex characters): the signature",
          "must recover to it; needed when the invoice states its payee",
        ]),
      OptionSpec(
        name: "--allow-unusable-cltv",
        help: ["write a min_final_cltv_expiry above 2^32 - 1 (build.cltv_unusable)"]),
    ],
    notes: [
      """
      Standard input holds at most 1 MiB of JSON (input.too_long). JSON that is malformed or
      repeats a key is input.invalid_json; a value out of its field's range (a negative number, a
      feature bit above 5114, an integer beyond 64 bits, an extra field slot outside field_order,
      a route hop number wider than its field) is refused with its build.* code, naming the value
      as given. Exit 0 signed, 1 refused, 2 usage error,
      3 I/O error.
      """
    ])

  static let vectors = CommandSpec(
    name: "vectors", run: VectorsCommand.run,
    synopses: [
      ("vectors PATH... [--decoder CMD]", "run JSON vector files through our decoder or another")
    ],
    usage: [
      "bolt11 vectors PATH... [--verbose] [--report FILE.md|FILE.html]",
      "bolt11 vectors PATH... --decoder CMD [--decoder CMD]... [--timeout SECONDS] [...]",
    ],
    about: [
      """
      Runs vector files in the format of the package's Vectors/ folder (or every *.json under a
      folder) and prints one line per failure, then `N passed, N failed`. A file that is not a
      vector file counts as one failure and the other files still run. Names are printed escaped.
      Exit 0 when none failed, 1 otherwise.
      """
    ],
    options: [
      OptionSpec(
        name: "--decoder", value: "CMD",
        help: [
          "run the invoice vectors through another decoder instead: CMD is",
          "started once with /bin/sh -c and answers one JSON request per line",
          "(the line protocol of the contract); it is restarted after it",
          "exits or times out. Vectors of kinds bech32, segwit_address and",
          "offline are skipped. Prints per-file and per-category counts and",
          "`N passed, N failed, N skipped` last. May be given more than once.",
          "`bolt11 decode --protocol` is our own decoder behind the protocol.",
        ]),
      OptionSpec(
        name: "--timeout", value: "SECONDS",
        help: ["with --decoder: how long one answer may take (default 5)"]),
      OptionSpec(
        name: "--report", value: "FILE",
        help: [
          "also write a report: a matrix of decoders x categories and every",
          "failure with what was expected and what came back; Markdown for",
          "FILE.md, HTML for FILE.html",
        ],
        completion: .files),
      OptionSpec(name: "--verbose", help: ["also print one line per vector that passed"]),
    ],
    operands: .files)

  /// Every command, in the order help lists them.
  static let commands = [decode, explain, inspect, check, validate, encode, vectors]

  /// The command of `commands` called `name`, or nil.
  ///
  /// Chosen by name before any spec is built, so that a one-shot `decode` builds its own spec
  /// only (building all seven cost it a twentieth of its start-up). A test holds this to
  /// `commands`.
  static func command(named name: String) -> CommandSpec? {
    switch name {
    case "decode": decode
    case "explain": explain
    case "inspect": inspect
    case "check": check
    case "validate": validate
    case "encode": encode
    case "vectors": vectors
    default: nil
    }
  }

  /// Exit statuses: the status, its short name for the overview, and its meaning.
  static let exitCodes: [(status: Int32, name: String, meaning: String)] = [
    (0, "ok", "the invoice is valid or accepted, the command succeeded"),
    (1, "invalid or rejected", "the invoice is invalid or rejected, or a vector failed"),
    (2, "usage error", "the command line is wrong; nothing was done"),
    (3, "I/O error", "a file or standard input could not be read, or output not written"),
  ]

  /// The classes of error codes (`error: <code>: <message>`): the prefix and what it covers.
  static let errorClasses: [(prefix: String, meaning: String)] = [
    ("bech32", "the text is not valid Bech32: characters, case, separator, checksum"),
    ("hrp", "the human-readable part: an unknown prefix or an unreadable amount"),
    ("amount", "the amount: above 21 million BTC, or not whole millisatoshis"),
    ("invoice", "the invoice as a whole: too short, too long, stray data, padding, expired"),
    ("field", "a tagged field: length, duplicates, encoding, missing or conflicting fields"),
    ("features", "feature bits: an unknown required bit, a missing dependency"),
    ("signature", "the signature: invalid, high-S, bad recovery id, no key recovers"),
    ("description_hash", "the `h` field is not the hash of the given --description"),
    ("description", "the `d` field is not the given --description"),
    ("network", "the invoice is for another chain than --network"),
    ("offline", "validate refused the invoice (amount, payee, network, lifetime...)"),
    ("check", "check found the invoice is not what was expected (every violation listed)"),
    ("build", "encode cannot build the invoice from the given values"),
    ("input", "not an invoice (a BOLT #12 offer, an LNURL, ...), or encode's input not its JSON"),
    ("bip321", "a bitcoin: URI that breaks BIP-321 (amount, address, duplicate, req- key)"),
    (
      "bolt12, lnurl, lightning_address, node_uri, address",
      "inspect: a string of that kind that is malformed"
    ),
    ("io", "reading input or writing output failed (exit 3)"),
    ("usage", "the command line is wrong (exit 2)"),
  ]

  /// Environment variables the tool reads.
  static let environment: [(name: String, meaning: String)] = [
    ("NO_COLOR", "when set and not empty, decode prints no colour (https://no-color.org)"),
    ("TERM", "when `dumb`, decode prints no colour"),
    (
      "BOLT11_SIGNING_KEY",
      "encode's signing key, 64 hex digits, when --key-file and --key are not given"
    ),
  ]

  /// Examples for the manual: what it shows, and the command.
  static let examples: [(title: String, command: String)] = [
    (
      "Decode and check an invoice, with a summary for people:",
      "bolt11 decode lnbc2500u1pvjluezsp5zyg3zyg3zyg3...fna3rh"
    ),
    (
      "The same as JSON, refusing it unless it is for mainnet and still valid now:",
      "bolt11 decode --json --network bitcoin --now \"$(date +%s)\" lnbc2500u1pvjluez..."
    ),
    ("Decode a file of invoices, one a line, on all cores:", "bolt11 decode --batch invoices.txt"),
    ("See what each part of an invoice means:", "bolt11 explain lnbc2500u1pvjluez..."),
    (
      "What was pasted, whatever it is (a bitcoin: URI, an offer, an LNURL...):",
      "bolt11 inspect 'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4?amount=0.001&lightning=lnbc...'"
    ),
    (
      "Before paying: exactly 250000 sat, to this node, on mainnet, 10 minutes left at least:",
      "bolt11 check lnbc2500u1pvjluez... --amount-msat 250000000 --payee 03e7156a...dd9ad --network mainnet"
        + " --min-remaining-seconds 600"
    ),
    (
      "Check an invoice a wallet is about to show for offline receiving:",
      "bolt11 validate lnbcrt10u1pj48ugq... --amount-msat 1000000 --node-id 031b84c5...078f"
    ),
    (
      "Decode, then sign again with the key that made it:",
      "bolt11 decode --json INVOICE | bolt11 encode --key-file key.hex"
    ),
  ]

  /// Commands that are not in the table's commands: help, version and the generators.
  static let metaSynopses: [(usage: String, summary: String)] = [
    ("help COMMAND", "help for one command (also COMMAND --help)"),
    ("--version", "the version"),
    ("--generate-completion-script bash|zsh|fish", "a shell completion script"),
    ("--generate-manual", "this tool's manual page, in roff"),
  ]
}
