// edge-vectors: writes Vectors/bolt11-edge.json, BOLT #11 edge cases with one defect each.
//
// Usage: swift run edge-vectors [OUTPUT]   (default: Vectors/bolt11-edge.json)
//
// Every invoice is signed with TestSupport's InvoiceSigner (RFC 6979 nonces) over fixed timestamps, so
// the output is the same on every run. Each invalid vector has exactly one defect and an
// otherwise valid signature, so that nothing else masks it; its expected error is the code that
// shared/contract.md and the check order in Sources/Bolt11/Invoice+Decoding.swift give for that
// defect. Expected values of valid vectors come from the inputs below, the spec's arithmetic, or
// independent computation (public keys, recovered payees and fallback addresses: Python,
// coincurve 21.0.0 and the BIP-173/350 reference code in Tools/vectors/check_spec_vectors.py);
// nothing is copied from our decoder's output.

import Bech32Codec
import Bolt11
import Foundation
import Secp256k1
import TestSupport

// MARK: - Fake keys and fixed values

/// Test keys: obviously fake secrets (32 bytes of 0x01, 0x02, ...). Never use them for money.
let signer = FakeKeys.signingKey(0x01)
/// A second fake key: the `n` field that does not match the signer.
let otherSigner = FakeKeys.signingKey(0x02)

// Public keys of the fake secrets, computed with coincurve 21.0.0:
// coincurve.PrivateKey(bytes([b]) * 32).public_key.format().hex()
let signerPubkey = "031b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f"
let otherPubkey = "024d4b6cd1361032ca9bd2aeb9d900aa4d45d9ead80ac9423374c451a7254d0766"
let hopPubkey = "02531fe6068134503d2723133227c867ac8fa6c83c537e9a44c3c5bdbdcb1fe337"  // 0x03 * 32
precondition(
  hexString(signer.publicKey.bytes) == signerPubkey, "libsecp256k1 disagrees with coincurve")
precondition(hexString(otherSigner.publicKey.bytes) == otherPubkey)
precondition(hexString(FakeKeys.signingKey(0x03).publicKey.bytes) == hopPubkey)

/// 02 followed by x = 5: x^3 + 7 is not a square modulo p, so no point has this x.
let offCurveKey: [UInt8] = [0x02] + [UInt8](repeating: 0, count: 31) + [0x05]
/// 04 is the uncompressed-key prefix: 33 bytes starting 04 are no compressed key.
let prefix04Key: [UInt8] = [0x04] + Array(hexBytes(signerPubkey).dropFirst())

/// 2017-06-01T10:57:38Z, the spec examples' timestamp plus nothing: any fixed value will do.
let baseTimestamp: UInt64 = 1_496_314_658
let paymentHash: [UInt8] = (0..<32).map { UInt8($0) }
let paymentSecret = [UInt8](repeating: 0x11, count: 32)
let descriptionText = "edge case"
/// SHA-256("edge case"), from Python's hashlib.
let descriptionHashHex = "6686fa2665ae3db192a77a08d0dbcd9dc010c1b918cacf08db029ec2bac58fac"

// MARK: - Words

func word(_ letter: Character) -> UInt8 { Bech32.word(of: letter)! }

/// A tagged field: type, 10-bit length, data.
func tagged(_ letter: Character, _ data: [UInt8]) -> [UInt8] {
  precondition(data.count < 1024 && data.allSatisfy { $0 < 32 })
  return [word(letter), UInt8(data.count >> 5), UInt8(data.count & 31)] + data
}

/// Bytes as words with zero padding (the writer rule).
func words(_ bytes: [UInt8]) -> [UInt8] { Bech32.words(fromBytes: bytes) }

/// A big-endian integer as its minimal words (no leading zero word; zero is no words).
func integerWords(_ value: UInt64) -> [UInt8] { InvoiceBuilder.minimalWords(value) }

func timestampWords(_ value: UInt64) -> [UInt8] {
  (0..<7).map { UInt8((value >> (5 * UInt64(6 - $0))) & 31) }
}

/// Sets the lowest bit of the last word: a padding bit when the field's bytes leave any over.
func spoilPadding(_ data: [UInt8]) -> [UInt8] {
  var data = data
  data[data.count - 1] |= 1
  return data
}

func bech32Data(_ data: [UInt8]) -> String {
  String(decoding: data.map { Bech32.alphabet[Int($0)] }, as: UTF8.self)
}

let pField = tagged("p", words(paymentHash))
let sField = tagged("s", words(paymentSecret))
let dField = tagged("d", words(Array(descriptionText.utf8)))
let hField = tagged("h", words(hexBytes(descriptionHashHex)))
let nField = tagged("n", words(signer.publicKey.bytes))

// MARK: - Invoices

/// An invoice to sign: human-readable part, timestamp, fields and anything after them.
struct Draft {
  var hrp = "lnbc"
  var timestamp = baseTimestamp
  var fields: [[UInt8]] = [pField, sField, dField]
  /// Words after the last field, before the signature (a partial field).
  var trailing: [UInt8] = []
  var key = signer
  var alteration = InvoiceSigner.Alteration.none
  var uppercase = false

  var dataWords: [UInt8] { timestampWords(timestamp) + fields.flatMap { $0 } + trailing }

  var string: String {
    InvoiceSigner.sign(
      hrp: hrp, dataWords: dataWords, key: key, alteration: alteration, uppercase: uppercase)
  }

  /// Where field `index` starts in the string: its type character.
  func position(ofField index: Int) -> Int {
    hrp.utf8.count + 1 + 7 + fields[0..<index].reduce(0) { $0 + $1.count }
  }

  /// Where the trailing words start in the string.
  var trailingPosition: Int { position(ofField: fields.count) }
}

// MARK: - JSON output (keys in insertion order, two-space indent)

indirect enum Value {
  case string(String)
  case int(UInt64)
  case bool(Bool)
  case array([Value])
  case object([(String, Value)])
  case null

  func write(to output: inout String, indent: String) {
    switch self {
    case .string(let text): output += quoted(text)
    case .int(let number): output += String(number)
    case .bool(let flag): output += flag ? "true" : "false"
    case .null: output += "null"
    case .array(let items):
      if items.isEmpty {
        output += "[]"
        return
      }
      output += "[\n"
      for (index, item) in items.enumerated() {
        output += indent + "  "
        item.write(to: &output, indent: indent + "  ")
        output += index == items.count - 1 ? "\n" : ",\n"
      }
      output += indent + "]"
    case .object(let members):
      if members.isEmpty {
        output += "{}"
        return
      }
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += indent + "  " + quoted(key) + ": "
        value.write(to: &output, indent: indent + "  ")
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += indent + "}"
    }
  }

  func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 {
          result += String(format: "\\u%04x", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

// MARK: - Vectors

var vectors: [Value] = []
var validCount = 0
var invalidCount = 0
var names: Set<String> = []

struct Options {
  var mode: String? = nil
  var network: String? = nil
  var now: UInt64? = nil
  var description: String? = nil
  var checkRouteKeys: Bool? = nil

  var value: Value? {
    var members: [(String, Value)] = []
    if let mode { members.append(("mode", .string(mode))) }
    if let network { members.append(("network", .string(network))) }
    if let now { members.append(("now", .int(now))) }
    if let description { members.append(("description", .string(description))) }
    if let checkRouteKeys { members.append(("check_route_keys", .bool(checkRouteKeys))) }
    return members.isEmpty ? nil : .object(members)
  }
}

@MainActor
func add(
  _ name: String, _ invoice: String, _ options: Options, _ result: [(String, Value)], note: String?
) {
  precondition(names.insert(name).inserted, "duplicate vector name \(name)")
  var members: [(String, Value)] = [("name", .string(name)), ("invoice", .string(invoice))]
  let ids = rules(name, options, result)
  precondition(!ids.isEmpty, "vector \(name) names no rule")
  members.append(("rules", .array(ids.map { .string($0) })))
  if let options = options.value { members.append(("options", options)) }
  members += result
  if let note { members.append(("note", .string(note))) }
  vectors.append(.object(members))
}

// MARK: - Rules: the requirements of Vectors/requirements.json a vector exercises

/// The requirement ids each error code stands for: the reader rule that refuses, and the writer
/// rule whose breach the reader sees.
let rulesByError: [String: [String]] = [
  "bech32.checksum": ["bolt11.reader.checksum"],
  "bech32.mixed_case": ["bolt11.reader.bech32", "bolt11.reader.uppercase"],
  "bech32.invalid_character": ["bolt11.reader.bech32", "bolt11.writer.bech32"],
  "bech32.no_separator": ["bolt11.reader.bech32"],
  "hrp.unknown_prefix": ["bolt11.reader.prefix"],
  "hrp.invalid_amount": ["bolt11.reader.amount-invalid"],
  "amount.sub_millisatoshi": ["bolt11.reader.amount-pico", "bolt11.writer.amount-pico"],
  "amount.overflow": ["contract.amount-overflow"],
  "invoice.too_short": ["contract.too-short"],
  "invoice.too_long": ["contract.max-length"],
  "invoice.trailing_data": ["contract.trailing-data"],
  "invoice.non_zero_padding": ["bolt11.writer.padding", "contract.non-zero-padding"],
  "field.non_minimal": ["bolt11.reader.non-minimal"],
  "field.value_too_large": ["contract.value-too-large"],
  "field.invalid_utf8": ["bolt11.writer.d-utf8"],
  "field.invalid_fallback": ["bolt11.writer.fallback"],
  "field.invalid_route": ["bolt11.writer.route-entries"],
  "field.invalid_pubkey": ["contract.pubkey"],
  "field.duplicate": ["contract.duplicate-field"],
  "field.missing_payment_hash": ["bolt11.writer.p-field"],
  "field.missing_payment_secret": ["bolt11.reader.payment-secret", "bolt11.writer.s-field"],
  "field.missing_description": ["bolt11.reader.description", "bolt11.writer.description"],
  "field.both_descriptions": ["bolt11.reader.description", "bolt11.writer.description"],
  "features.unknown_required": ["bolt11.reader.features-even"],
  "features.missing_dependency": [
    "bolt11.reader.feature-dependencies", "bolt9.writer.dependencies", "bolt11.writer.features",
  ],
  "signature.invalid": ["bolt11.reader.signature", "bolt11.writer.signature"],
  "signature.unrecoverable": ["bolt11.reader.signature", "bolt11.reader.recovery"],
  "signature.high_s": ["bolt11.reader.low-s", "bolt11.reader.n-field"],
  "signature.invalid_recovery_id": ["contract.recovery-id", "bolt11.writer.signature"],
  "description_hash.mismatch": ["bolt11.reader.description-hash", "contract.description-option"],
  "network.mismatch": ["contract.network", "bolt11.writer.prefix"],
  "invoice.expired": ["bolt11.payer.expiry", "contract.expiry"],
  "amount.leading_zeros": ["bolt11.writer.amount-format", "contract.amount-warnings"],
  "amount.zero": ["bolt11.writer.amount-format", "contract.amount-warnings"],
  "amount.non_shortest": ["bolt11.writer.amount-shortest"],
  "cltv.unusable": ["contract.cltv-unusable"],
]

/// Rules a vector's name shows it exercises beyond its codes: each entry whose fragment the name
/// contains (or, for a fragment starting `^`, starts with).
let rulesByName: [(String, [String])] = [
  (
    "minimal",
    [
      "bolt11.reader.amount-unspecified", "bolt11.reader.payment-secret-use",
      "bolt11.reader.cltv-default", "bolt11.reader.recovery",
    ]
  ),
  ("another order", ["bolt11.reader.bech32"]),
  ("n stated", ["bolt11.reader.n-field", "bolt11.writer.n-field", "bolt11.writer.n-signer"]),
  ("n is another key", ["bolt11.reader.n-field", "bolt11.writer.n-signer"]),
  ("with n", ["bolt11.writer.n-field"]),
  ("description hash", ["bolt11.writer.description"]),
  ("options.description", ["contract.description-option", "bolt11.reader.description-hash"]),
  ("^currency", ["bolt11.reader.amount-multiply", "bolt11.writer.prefix"]),
  ("^amount ", ["bolt11.reader.amount-multiply"]),
  ("upper case", ["bolt11.reader.uppercase"]),
  ("UPPER", ["bolt11.reader.uppercase"]),
  ("lightning:", ["contract.lightning-prefix"]),
  ("LIGHTNING:", ["contract.lightning-prefix", "bolt11.reader.uppercase"]),
  ("timestamp", ["bolt11.writer.timestamp"]),
  ("^expiry", ["bolt11.writer.x-field", "contract.expiry"]),
  ("^x = ", ["bolt11.writer.x-minimal"]),
  ("^c = q", ["bolt11.writer.c-minimal"]),
  ("c = ", ["bolt11.writer.c-field"]),
  ("^9 = ", ["bolt11.writer.features-minimal"]),
  ("min_final_cltv", ["bolt11.writer.c-field"]),
  ("^now ", ["bolt11.payer.expiry", "contract.expiry"]),
  ("^description of", ["bolt11.writer.d-utf8"]),
  ("^description in", ["bolt11.writer.d-utf8"]),
  ("description not UTF-8", ["bolt11.writer.d-utf8"]),
  ("empty description", ["bolt11.writer.d-utf8"]),
  ("payment metadata", ["bolt11.reader.metadata"]),
  ("known features", ["bolt11.reader.feature-dependencies", "bolt11.writer.features"]),
  ("dependency is met", ["bolt11.reader.feature-dependencies", "bolt9.writer.dependencies"]),
  ("unknown odd", ["bolt11.reader.features-odd"]),
  ("unknown even", ["bolt11.reader.features-indicate"]),
  ("fallback", ["bolt11.writer.fallback"]),
  ("every kind", ["bolt11.writer.order"]),
  ("fallback versions 19 and 31", ["bolt11.reader.fallback-unknown-version"]),
  ("route", ["bolt11.writer.route-entries"]),
  ("two r fields", ["bolt11.writer.route-multiple", "bolt11.writer.order"]),
  ("keys not checked", ["contract.pubkey"]),
  ("unknown field types", ["contract.unknown-fields", "bolt11.writer.order"]),
  ("high-S signature without n", ["bolt11.reader.recovery"]),
  ("of 50 words", ["bolt11.reader.fixed-length"]),
  ("of 53 words", ["bolt11.reader.fixed-length"]),
  ("of 55 words", ["bolt11.reader.fixed-length"]),
  ("7089", ["contract.max-length", "bolt11.writer.length"]),
  ("duplicate p ", ["bolt11.writer.p-field"]),
  ("duplicate s ", ["bolt11.writer.s-field"]),
  ("duplicate d ", ["bolt11.writer.description"]),
  ("duplicate h ", ["bolt11.writer.description"]),
  ("duplicate n ", ["bolt11.writer.n-field"]),
  ("duplicate x ", ["bolt11.writer.x-field"]),
  ("duplicate c ", ["bolt11.writer.c-field"]),
  ("whole word of padding", ["contract.padding-word"]),
  ("declares", ["contract.field-framing"]),
  ("largest", ["contract.extreme-values"]),
  ("longest", ["contract.extreme-values"]),
  ("highest", ["contract.extreme-values"]),
  ("the most one r field", ["contract.extreme-values"]),
  ("both even and odd", ["bolt9.reader.both-bits", "bolt9.writer.both-bits"]),
  ("both required and optional", ["bolt9.reader.both-bits", "bolt9.writer.both-bits"]),
  ("9 field empty", ["bolt11.writer.features-omit"]),
  ("recovery id", ["bolt11.reader.recovery"]),
  ("simnet", ["bolt11.reader.prefix"]),
  ("without s", ["bolt11.reader.payment-secret"]),
  ("no s field", ["bolt11.reader.payment-secret"]),
]

/// The requirement ids a vector exercises: from its name, its error codes or warnings, and compat
/// mode; sorted, each once.
func rules(_ name: String, _ options: Options, _ result: [(String, Value)]) -> [String] {
  var codes: [String] = []
  for (key, value) in result {
    switch (key, value) {
    case ("error", .string(let code)): codes.append(code)
    case ("error", .array(let items)), ("warnings", .array(let items)):
      codes += items.compactMap { if case .string(let code) = $0 { code } else { nil } }
    case ("expect", .object(let members)):
      for case ("warnings", .array(let items)) in members {
        codes += items.compactMap { if case .string(let code) = $0 { code } else { nil } }
      }
    default: break
    }
  }
  var ids = Set(codes.flatMap { rulesByError[$0] ?? [] })
  for (fragment, named) in rulesByName {
    let matches =
      fragment.hasPrefix("^") ? name.hasPrefix(fragment.dropFirst()) : name.contains(fragment)
    if matches { ids.formUnion(named) }
  }
  if options.mode == "compat" { ids.insert("contract.compat") }
  if options.checkRouteKeys == true { ids.insert("contract.pubkey") }
  return ids.sorted()
}

/// Expected values of the usual invoice (no amount, `p s d`, the signer), overridden by `changes`.
func expectation(
  _ draft: Draft, payee: String = signerPubkey, _ changes: [(String, Value)] = []
) -> [(String, Value)] {
  var members: [(String, Value)] = [
    ("currency", .string(String(draft.hrp.dropFirst(2).prefix { !$0.isNumber }))),
    ("created_at", .int(draft.timestamp)),
    ("expiry", .int(3600)),
    ("expires_at", .int(draft.timestamp + 3600)),
    ("payee", .string(payee)),
    ("payment_hash", .string(hexString(paymentHash))),
    ("payment_secret", .string(hexString(paymentSecret))),
    ("description", .string(descriptionText)),
    ("min_final_cltv_expiry", .int(18)),
    ("feature_bits", .array([])),
    ("fallbacks", .array([])),
    ("routes", .array([])),
    ("extra", .array([])),
    ("warnings", .array([])),
  ]
  for (key, value) in changes {
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
  }
  return members.filter {
    if case .string(let text) = $0.1, text == "<absent>" { return false }
    return true
  }
}

@MainActor
func valid(
  _ name: String, _ draft: Draft, invoice: String? = nil, options: Options = Options(),
  payee: String = signerPubkey, _ changes: [(String, Value)] = [], note: String? = nil
) {
  validCount += 1
  add(
    name, invoice ?? draft.string, options,
    [("valid", .bool(true)), ("expect", .object(expectation(draft, payee: payee, changes)))],
    note: note)
}

@MainActor
func invalid(
  _ name: String, _ draft: Draft, invoice: String? = nil, options: Options = Options(),
  _ error: String, position: Int? = nil, note: String? = nil
) {
  invalid(
    name, invoice: invoice ?? draft.string, options: options, [error], position: position,
    note: note)
}

@MainActor
func invalid(
  _ name: String, _ draft: Draft, _ errors: [String], note: String? = nil
) {
  invalid(name, invoice: draft.string, errors, note: note)
}

@MainActor
func invalid(
  _ name: String, invoice: String, options: Options = Options(), _ errors: [String],
  position: Int? = nil, note: String? = nil
) {
  invalidCount += 1
  var result: [(String, Value)] = [
    ("valid", .bool(false)),
    ("error", errors.count == 1 ? .string(errors[0]) : .array(errors.map { .string($0) })),
  ]
  if let position { result.append(("position", .int(UInt64(position)))) }
  add(name, invoice, options, result, note: note)
}

func with(_ change: (inout Draft) -> Void) -> Draft {
  var draft = Draft()
  change(&draft)
  return draft
}

let base = Draft()
let extraAbsent: Value = .string("<absent>")

// MARK: Valid: the basics

valid("minimal: p, s, d, no amount", base)
valid(
  "fields in another order: d, s, p", with { $0.fields = [dField, sField, pField] },
  note: "BOLT 11 fixes no field order.")
valid("n stated, equal to the signer", with { $0.fields.append(nField) })
valid(
  "n stated, recovery id byte 2 instead of the signer's: n is used, not recovery",
  with {
    $0.fields.append(nField)
    $0.alteration.recoveryID = 2
  },
  [("recovery_id", .int(2))],
  note: "BOLT 11: \"if a valid `n` field is provided: MUST use the `n` field to validate the "
    + "signature instead of performing public-key recovery.\" The recovery id is in 0..3, and "
    + "the signature verifies against n.")
valid(
  "description hash instead of description", with { $0.fields = [pField, sField, hField] },
  [("description", extraAbsent), ("description_hash", .string(descriptionHashHex))])
valid(
  "description hash matching options.description",
  with { $0.fields = [pField, sField, hField] },
  options: Options(description: descriptionText),
  [("description", extraAbsent), ("description_hash", .string(descriptionHashHex))])

// Currencies.
for (prefix, amountText, msat) in [
  ("bc", "25m", UInt64(2_500_000_000)), ("tb", "10u", 1_000_000), ("tbs", "1n", 100),
  ("bcrt", "20p", 2),
] {
  let network = ["bc": "bitcoin", "tb": "testnet", "tbs": "signet", "bcrt": "regtest"][prefix]!
  valid(
    "currency \(prefix) (\(network)) with amount \(amountText)",
    with { $0.hrp = "ln" + prefix + amountText },
    options: Options(network: prefix),
    [("currency", .string(prefix)), ("network", .string(network)), ("amount_msat", .int(msat))])
}

// MARK: Valid: amounts

valid(
  "amount exactly 21 million bitcoin", with { $0.hrp = "lnbc21000000" },
  [("amount_msat", .int(2_100_000_000_000_000_000))],
  note: "21e6 BTC x 1e11 msat/BTC: the largest amount the contract accepts.")
valid(
  "amount 21 million bitcoin in milli-bitcoin: not the shortest form",
  with { $0.hrp = "lnbc21000000000m" },
  [
    ("amount_msat", .int(2_100_000_000_000_000_000)),
    ("warnings", .array([.string("amount.non_shortest")])),
  ],
  note:
    "BOLT 11: \"SHOULD use the shortest representation possible\" is a writer rule; readers accept."
)
valid(
  "amount 1 msat (10p), the smallest", with { $0.hrp = "lnbc10p" }, [("amount_msat", .int(1))])
valid(
  "amount with leading zeros (0025u)", with { $0.hrp = "lnbc0025u" },
  [("amount_msat", .int(2_500_000)), ("warnings", .array([.string("amount.leading_zeros")]))],
  note: "\"no leading 0s\" is a writer rule; the contract accepts with amount.leading_zeros.")
valid(
  "amount in nano-bitcoin where micro would do (2500000n)", with { $0.hrp = "lnbc2500000n" },
  [("amount_msat", .int(250_000_000)), ("warnings", .array([.string("amount.non_shortest")]))])
valid(
  "amount zero", with { $0.hrp = "lnbc0" },
  [("amount_msat", .int(0)), ("warnings", .array([.string("amount.zero")]))],
  note: "The contract accepts a zero amount with the warning amount.zero.")

// MARK: Valid: text forms

let plain = base.string
valid("all upper case", base, invoice: plain.uppercased())
valid(
  "lightning: prefix and surrounding white space", base, invoice: " \t lightning:" + plain + "\n ")
valid(
  "LIGHTNING: prefix on an upper-case invoice", base, invoice: "LIGHTNING:" + plain.uppercased())

// MARK: Valid: timestamps, expiry, cltv

valid(
  "timestamp 0", with { $0.timestamp = 0 }, [("created_at", .int(0)), ("expires_at", .int(3600))])
let maxTimestamp: UInt64 = 1 << 35 - 1
valid(
  "timestamp 2^35 - 1, the largest", with { $0.timestamp = maxTimestamp },
  [("created_at", .int(maxTimestamp)), ("expires_at", .int(maxTimestamp + 3600))])
valid(
  "expiry 2^64 - 1 with timestamp 0: expires_at is 2^64 - 1",
  with {
    $0.timestamp = 0
    $0.fields.append(tagged("x", integerWords(UInt64.max)))
  },
  [("created_at", .int(0)), ("expiry", .int(UInt64.max)), ("expires_at", .int(UInt64.max))])
valid(
  "expiry 2^64 - 1 - timestamp: expires_at exactly 2^64 - 1",
  with { $0.fields.append(tagged("x", integerWords(UInt64.max - baseTimestamp))) },
  [("expiry", .int(UInt64.max - baseTimestamp)), ("expires_at", .int(UInt64.max))])
valid(
  "expiry field empty: expiry 0", with { $0.fields.append(tagged("x", [])) },
  [("expiry", .int(0)), ("expires_at", .int(baseTimestamp))],
  note: "Zero in the minimal encoding is no words at all; an empty field does not begin with 0.")
valid(
  "min_final_cltv_expiry 2^64 - 1",
  with { $0.fields.append(tagged("c", integerWords(UInt64.max))) },
  [("min_final_cltv_expiry", .int(UInt64.max)), ("warnings", .array([.string("cltv.unusable")]))],
  note: "Contract: a c above 2^32 - 1 is accepted with the warning cltv.unusable.")
valid(
  "min_final_cltv_expiry field empty: 0", with { $0.fields.append(tagged("c", [])) },
  [("min_final_cltv_expiry", .int(0))])
valid(
  "now one second before expires_at", base, options: Options(now: baseTimestamp + 3600 - 1),
  note: "Contract: expired once now >= expires_at.")

// MARK: Valid: descriptions and metadata

valid(
  "empty description", with { $0.fields = [pField, sField, tagged("d", [])] },
  [("description", .string(""))])
let longDescription = String(repeating: "ナ", count: 213)  // 3 bytes each: 639 bytes
valid(
  "description of 639 bytes (1023 words), the longest a field holds",
  with { $0.fields = [pField, sField, tagged("d", words(Array(longDescription.utf8)))] },
  [("description", .string(longDescription))])
valid(
  "description in non-ASCII UTF-8",
  with { $0.fields = [pField, sField, tagged("d", words(Array("ナンセンス 1杯 ☕".utf8)))] },
  [("description", .string("ナンセンス 1杯 ☕"))])
let longMetadata = (0..<639).map { UInt8($0 % 256) }
valid(
  "payment metadata of 639 bytes", with { $0.fields.append(tagged("m", words(longMetadata))) },
  [("payment_metadata", .string(hexString(longMetadata)))])

// MARK: Valid: features

func featureWords(_ bits: [Int]) -> [UInt8] {
  let count = bits.max()! / 5 + 1
  var result = [UInt8](repeating: 0, count: count)
  for bit in bits { result[count - 1 - bit / 5] |= 1 << UInt8(bit % 5) }
  return result
}

/// The feature bytes as the contract prints them: big-endian, no leading zero byte.
func featureHex(_ bits: [Int]) -> String {
  let count = bits.max()! / 8 + 1
  var bytes = [UInt8](repeating: 0, count: count)
  for bit in bits { bytes[count - 1 - bit / 8] |= 1 << UInt8(bit % 8) }
  return hexString(bytes)
}

func featureChanges(_ bits: [Int]) -> [(String, Value)] {
  [
    ("features", .string(featureHex(bits))),
    ("feature_bits", .array(bits.map { .int(UInt64($0)) })),
  ]
}

for (name, bits) in [
  ("known features: var_onion_optin, payment_secret, basic_mpp (required)", [8, 14, 16]),
  ("unknown odd feature 101 is ignored", [8, 14, 101]),
  (
    "basic_mpp optional with payment_secret optional: the dependency is met by either bit",
    [9, 15, 17]
  ),
  (
    "known features: route blinding, attribution data, payment metadata (all even)",
    [14, 24, 36, 48]
  ),
  ("unknown odd feature 5113 in a 1023-word 9 field, the highest bit it holds", [14, 5113]),
] {
  valid(name, with { $0.fields.append(tagged("9", featureWords(bits))) }, featureChanges(bits))
}
valid(
  "payment_secret set both required and optional (bits 14 and 15)",
  with { $0.fields.append(tagged("9", featureWords([8, 14, 15]))) }, featureChanges([8, 14, 15]),
  note: "BOLT 9: a writer \"MUST NOT set both the optional and mandatory bits\"; a receiver "
    + "treats such a feature \"as mandatory\", and payment_secret is known: the invoice reads.")
valid(
  "9 field empty: no features", with { $0.fields.append(tagged("9", [])) },
  note: "BOLT 11: a writer \"MUST omit the `9` field altogether\" when no bit is set; no reader "
    + "rule refuses the empty field, which does not begin with a 0 field element.")

// MARK: Valid: fallbacks

func range(_ start: Int, _ count: Int) -> [UInt8] { (start..<(start + count)).map { UInt8($0) } }

struct FallbackCase {
  var version: UInt8
  var program: [UInt8]
  var type: String
  var address: [String: String]  // currency -> address, from the BIP reference code
  var script: String
}

// Addresses from Tools/vectors/check_spec_vectors.py (BIP-173/350 reference segwit_encode and
// Base58Check), scripts per BIP-141 and the P2PKH/P2SH templates.
let p2pkh = FallbackCase(
  version: 17, program: range(0x01, 20), type: "P2PKH",
  address: ["bc": "16L5yRNPTuciSgXGHqYwn9N6NeoKqopAu", "tb": "mfcHP2WMCVLsVZA8yrovmhMgxNFW9r98xw"],
  script: "76a914" + hexString(range(0x01, 20)) + "88ac")
let p2sh = FallbackCase(
  version: 18, program: range(0x21, 20), type: "P2SH",
  address: [
    "bc": "34iD7moZf9tdCrDxnmSCbiUe4vLYVMGaRZ", "tb": "2MvGRBWjbGcPyQdrWTu45DfTuHGYiG8QopQ",
  ],
  script: "a914" + hexString(range(0x21, 20)) + "87")
let p2wpkh = FallbackCase(
  version: 0, program: range(0x41, 20), type: "P2WPKH",
  address: [
    "bc": "bc1qg9pyx3z9ger5sj22fdxy6nj02pg4y565g77vqz",
    "tb": "tb1qg9pyx3z9ger5sj22fdxy6nj02pg4y565zc9lm3",
  ], script: "0014" + hexString(range(0x41, 20)))
let p2wsh = FallbackCase(
  version: 0, program: range(0x61, 32), type: "P2WSH",
  address: ["bc": "bc1qv93xxer9venks6t2ddkx6mn0wpchyum5w4m8w7re0fahclt707qqcgpp6m"],
  script: "0020" + hexString(range(0x61, 32)))
let p2tr = FallbackCase(
  version: 1, program: range(0x81, 32), type: "P2TR",
  address: ["bc": "bc1psxpg8py9s6rc3zv23wxgmr50jzge9yu5jktf0xyen2dee8v7n7sqsqc308"],
  script: "5120" + hexString(range(0x81, 32)))
let v2Short = FallbackCase(
  version: 2, program: [0xb1, 0xb2], type: "WITNESS_UNKNOWN", address: ["bc": "bc1zkxeqalz2ea"],
  script: "5202b1b2")
let v16Long = FallbackCase(
  version: 16, program: range(0xc1, 40), type: "WITNESS_UNKNOWN",
  address: ["bc": "bc1sc8pv83x9cmru3jw2e0xvmnk06rga95756htd0kxemtdaehw7mlswrchrunj7delgs5pyyu"],
  script: "6028" + hexString(range(0xc1, 40)))

func fallbackField(_ version: UInt8, _ program: [UInt8]) -> [UInt8] {
  tagged("f", [version] + words(program))
}

func fallbackExpect(_ cases: [FallbackCase], currency: String) -> [(String, Value)] {
  [
    (
      "fallbacks",
      .array(
        cases.map {
          .object([
            ("type", .string($0.type)), ("addr", .string($0.address[currency]!)),
            ("hex", .string($0.script)),
          ])
        })
    )
  ]
}

let mainnetFallbacks = [p2pkh, p2sh, p2wpkh, p2wsh, p2tr]
valid(
  "fallbacks of every kind on bitcoin: P2PKH, P2SH, P2WPKH, P2WSH, P2TR",
  with { $0.fields += mainnetFallbacks.map { fallbackField($0.version, $0.program) } },
  fallbackExpect(mainnetFallbacks, currency: "bc"))
valid(
  "fallbacks on testnet use testnet versions and hrp",
  with {
    $0.hrp = "lntb"
    $0.fields += [p2pkh, p2sh, p2wpkh].map { fallbackField($0.version, $0.program) }
  },
  [("currency", .string("tb"))] + fallbackExpect([p2pkh, p2sh, p2wpkh], currency: "tb"))
valid(
  "fallback witness version 2 with a 2-byte program, the shortest",
  with { $0.fields.append(fallbackField(v2Short.version, v2Short.program)) },
  fallbackExpect([v2Short], currency: "bc"))
valid(
  "fallback witness version 16 with a 40-byte program, the longest",
  with { $0.fields.append(fallbackField(v16Long.version, v16Long.program)) },
  fallbackExpect([v16Long], currency: "bc"))
valid(
  "fallback versions 19 and 31 are skipped and kept in extra",
  with { $0.fields += [tagged("f", [19] + words(range(1, 20))), tagged("f", [31])] },
  [
    (
      "extra",
      .array([
        .object([("tag", .string("f")), ("data", .string(bech32Data([19] + words(range(1, 20)))))]),
        .object([("tag", .string("f")), ("data", .string("l"))]),
      ])
    )
  ],
  note: "BOLT 11: \"MUST skip over `f` fields that use an unknown `version`.\"")

// MARK: Valid: routes

struct Hop {
  var key: [UInt8]
  var block: UInt64
  var transaction: UInt64
  var output: UInt64
  var feeBase: UInt64
  var feeProportional: UInt64
  var cltvDelta: UInt64

  var bytes: [UInt8] {
    func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }
    return key + bigEndian(block << 40 | transaction << 16 | output, 8) + bigEndian(feeBase, 4)
      + bigEndian(feeProportional, 4) + bigEndian(cltvDelta, 2)
  }

  var expect: Value {
    .object([
      ("pubkey", .string(hexString(key))),
      ("short_channel_id", .string("\(block)x\(transaction)x\(output)")),
      ("fee_base_msat", .int(feeBase)),
      ("fee_proportional_millionths", .int(feeProportional)),
      ("cltv_expiry_delta", .int(cltvDelta)),
    ])
  }
}

func hop(_ index: Int, key: [UInt8] = hexBytes(hopPubkey)) -> Hop {
  Hop(
    key: key, block: 700_000 + UInt64(index), transaction: UInt64(index), output: UInt64(index % 4),
    feeBase: 1000 + UInt64(index), feeProportional: UInt64(index) * 10,
    cltvDelta: 40 + UInt64(index))
}

func routeField(_ hops: [Hop]) -> [UInt8] { tagged("r", words(hops.flatMap(\.bytes))) }

let twelveHops = (0..<12).map {
  hop($0, key: $0 % 2 == 0 ? hexBytes(hopPubkey) : hexBytes(otherPubkey))
}
valid(
  "route of 12 hops (612 bytes), the most one r field holds",
  with { $0.fields.append(routeField(twelveHops)) },
  [("routes", .array([.array(twelveHops.map(\.expect))]))])
let extremeHop = Hop(
  key: hexBytes(hopPubkey), block: (1 << 24) - 1, transaction: (1 << 24) - 1, output: 65535,
  feeBase: UInt64(UInt32.max), feeProportional: UInt64(UInt32.max), cltvDelta: 65535)
valid(
  "two r fields; hop values at their largest",
  with { $0.fields += [routeField([hop(1)]), routeField([extremeHop, hop(2)])] },
  [("routes", .array([.array([hop(1).expect]), .array([extremeHop.expect, hop(2).expect])]))])

let offCurveHops = [hop(0), hop(1, key: offCurveKey)]
valid(
  "route hop key not on the curve (02, x = 5), keys not checked (the default)",
  with { $0.fields.append(routeField(offCurveHops)) },
  [("routes", .array([.array(offCurveHops.map(\.expect))]))],
  note: "BOLT #11 has no reader rule on route keys; check_route_keys refuses it")

// MARK: Valid: unknown fields

let unknownFields: [(Character, [UInt8])] = [
  ("q", []), ("z", [1, 2, 3]), ("l", [31, 0, 31]), ("v", range(0, 32).map { $0 % 32 }), ("z", [7]),
]
valid(
  "unknown field types kept in extra, in order, repeats and an empty one included",
  with { $0.fields += unknownFields.map { tagged($0.0, $0.1) } },
  [
    (
      "extra",
      .array(
        unknownFields.map {
          .object([("tag", .string(String($0.0))), ("data", .string(bech32Data($0.1)))])
        })
    )
  ])

// MARK: Valid: signatures

valid(
  "high-S signature without n, recovery id parity flipped: recovery finds the signer",
  with { $0.alteration = .init(highS: true, flipsRecoveryParity: true) },
  note: "BOLT 11: \"MUST perform ECDSA public-key recovery and accept both high-S and low-S "
    + "signatures.\" (r, n - s) verifies for the same key with R negated, so recovery id ^ 1.")
// Recovered with coincurve 21.0.0 from this invoice's hash and (r, n - s) with the unchanged
// recovery id: PublicKey.from_signature_and_message(sig65, hash, hasher=None); the pure-Python
// recovery in Tools/vectors/check_spec_vectors.py gives the same key.
let highSOtherPayee = "022e8eb606da85c3f566501e58d3c1d9734285a7d1690e602e7e8857f9d9ac06b0"
valid(
  "high-S signature without n, recovery id unchanged: recovery finds another key",
  with { $0.alteration = .init(highS: true) }, payee: highSOtherPayee,
  note: "Recovery accepts high-S; with the wrong parity it recovers a different key (computed "
    + "independently with coincurve), which is then the payee.")

// MARK: Valid: compat mode skips wrong-length p, h, s, n

// Each invoice has its correct p, s and d besides the wrong-length field, placed first.
let wrongLengthCases: [(Character, [UInt8])] = [
  ("p", words(range(0, 31))), ("s", words(range(0, 33))), ("h", words(range(0, 31))),
  ("n", words(signer.publicKey.bytes + [0])),
]
for (letter, data) in wrongLengthCases {
  let draft = with { $0.fields = [tagged(letter, data), pField, sField, dField] }
  valid(
    "compat: a \(letter) field of \(data.count) words is skipped and kept in extra", draft,
    options: Options(mode: "compat"),
    [
      (
        "extra",
        .array([.object([("tag", .string(String(letter))), ("data", .string(bech32Data(data)))])])
      )
    ],
    note: "Contract, compat mode: a wrong-length p, h, s or n field is skipped and listed in extra."
  )
  invalid(
    "strict: a \(letter) field of \(data.count) words", draft, options: Options(mode: "strict"),
    "field.invalid_length", position: draft.position(ofField: 0),
    note: "BOLT 11: \"MUST fail the payment if any field with fixed `data_length` (`p`, `h`, `s`, "
      + "`n`) does not have the correct length (52, 52, 52, 53).\"")
}

// MARK: Valid and invalid: the length limit

/// `draft` with unknown `v` fields appended so that its string has exactly `length` characters.
func padded(_ draft: Draft, toLength length: Int) -> Draft {
  var draft = draft
  // hrp, "1", data words, 104 signature words, 6 checksum characters.
  var missing = length - (draft.hrp.count + 1 + draft.dataWords.count + 104 + 6)
  var counter = 0
  while missing > 0 {
    var size = min(missing, 1026)
    if missing - size > 0 && missing - size < 3 { size = missing - 3 }
    precondition(size >= 3)
    draft.fields.append(
      tagged(
        "v",
        (0..<(size - 3)).map { _ in
          counter += 1; return UInt8(counter % 32)
        }))
    missing -= size
  }
  return draft
}

func extraExpect(_ draft: Draft, from index: Int) -> [(String, Value)] {
  [
    (
      "extra",
      .array(
        draft.fields[index...].map {
          .object([("tag", .string("v")), ("data", .string(bech32Data(Array($0.dropFirst(3)))))])
        })
    )
  ]
}

let longest = padded(base, toLength: 7089)
precondition(longest.string.count == 7089)
valid("exactly 7089 characters, the longest accepted", longest, extraExpect(longest, from: 3))
valid(
  "7089 characters with a lightning: prefix and white space around: the limit counts the invoice",
  longest, invoice: "  lightning:" + longest.string + " ", extraExpect(longest, from: 3))
let tooLong = padded(base, toLength: 7090)
precondition(tooLong.string.count == 7090)
invalid(
  "7090 characters, one too many", tooLong, "invoice.too_long", position: 7089,
  note: "Contract: at most 7089 characters (position: the first character beyond the limit).")

// MARK: Invalid: duplicates of every single-valued field

let singles: [(Character, [UInt8])] = [
  ("p", pField), ("s", sField), ("d", dField), ("h", hField), ("n", nField),
  ("x", tagged("x", integerWords(60))), ("c", tagged("c", integerWords(144))),
  ("9", tagged("9", featureWords([14]))), ("m", tagged("m", words([1, 2, 3]))),
]
for (letter, field) in singles {
  var fields = letter == "h" ? [pField, sField, hField] : [pField, sField, dField]
  if !["p", "s", "d", "h"].contains(letter) { fields.append(field) }
  fields.append(field)
  let draft = with { $0.fields = fields }
  invalid(
    "duplicate \(letter) field", draft, "field.duplicate",
    position: draft.position(ofField: fields.count - 1),
    note: "Contract, strict mode: duplicate single-valued fields are refused.")
}

// MARK: Invalid: framing

for count in [1, 2] {
  let draft = with { $0.trailing = [UInt8](repeating: 0, count: count) }
  invalid(
    "\(count) word(s) after the last field: a partial field header", draft,
    "invoice.trailing_data", position: draft.trailingPosition)
}
do {
  var draft = base
  draft.fields[2] = [word("d"), 0, 20] + words(Array(descriptionText.utf8))  // 15 words follow
  invalid(
    "last field declares 20 words but 15 remain before the signature", draft,
    "field.invalid_length", position: draft.position(ofField: 2))
  draft.fields[2] = [word("d"), 0, 16] + words(Array(descriptionText.utf8))
  invalid(
    "last field declares one word more than remains", draft, "field.invalid_length",
    position: draft.position(ofField: 2))
}
invalid(
  "data part shorter than timestamp and signature",
  invoice: Bech32.encode(hrp: Array("lnbc".utf8), words: [UInt8](repeating: 0, count: 110)),
  ["invoice.too_short"], note: "110 words: 7 of timestamp and 104 of signature need 111.")

// MARK: Invalid: padding

let paddingCases: [(String, [UInt8])] = [
  ("p", tagged("p", spoilPadding(words(paymentHash)))),
  ("s", tagged("s", spoilPadding(words(paymentSecret)))),
  ("h", tagged("h", spoilPadding(words(hexBytes(descriptionHashHex))))),
  ("n", tagged("n", spoilPadding(words(signer.publicKey.bytes)))),
  ("d", tagged("d", spoilPadding(words(Array(descriptionText.utf8))))),
  ("m", tagged("m", spoilPadding(words([1, 2, 3])))),
  ("r", tagged("r", spoilPadding(words(hop(0).bytes)))),
  ("f", tagged("f", [0] + spoilPadding(words(p2wsh.program)))),
]
for (letter, field) in paddingCases {
  var fields: [[UInt8]]
  switch letter {
  case "p": fields = [field, sField, dField]
  case "s": fields = [pField, field, dField]
  case "h": fields = [pField, sField, field]
  case "d": fields = [pField, sField, field]
  default: fields = [pField, sField, dField, field]
  }
  invalid(
    "non-zero padding bit in \(letter)", with { $0.fields = fields }, "invoice.non_zero_padding",
    note: "Contract, strict mode: non-zero padding is refused (BOLT 11 writer rule: \"MUST pad "
      + "field data to a multiple of 5 bits, using 0s.\").")
}
let excessCases: [(String, [UInt8])] = [
  // "edge cases": 10 bytes in 16 words, no bit left over; one more word leaves 5.
  ("d", tagged("d", words(Array("edge cases".utf8)) + [0])),
  ("m", tagged("m", words([1, 2, 3]) + [0])),
  ("r", tagged("r", words(hop(0).bytes) + [0])),
  ("f", tagged("f", [0] + words(p2wpkh.program) + [0])),
]
for (letter, field) in excessCases {
  let fields = letter == "d" ? [pField, sField, field] : [pField, sField, dField, field]
  invalid(
    "a whole word of padding in \(letter)", with { $0.fields = fields }, "field.invalid_length",
    note: "Five or more padding bits: the length is not one a writer produces.")
}

// MARK: Invalid: signatures

for id: UInt8 in [4, 5, 128, 255] {
  invalid(
    "recovery id \(id)", with { $0.alteration.recoveryID = id }, "signature.invalid_recovery_id",
    note: "BOLT 11: \"a trailing 1-byte recovery id in {0,1,2,3}\".")
}
invalid(
  "recovery id 4 with n stated",
  with {
    $0.fields.append(nField)
    $0.alteration.recoveryID = 4
  }, "signature.invalid_recovery_id",
  note: "Check order, step 7: the recovery id is checked first, with or without n.")
invalid(
  "high-S signature with n",
  with {
    $0.fields.append(nField)
    $0.alteration = .init(highS: true, flipsRecoveryParity: true)
  }, "signature.high_s",
  note: "BOLT 11: \"If the signature is not compliant with the low-S standard rule: MUST fail the "
    + "payment\"")
invalid(
  "n is another key than the signer's",
  with { $0.fields.append(tagged("n", words(otherSigner.publicKey.bytes))) },
  "signature.invalid")
invalid(
  "n is not on the curve (02, x = 5)", with { $0.fields.append(tagged("n", words(offCurveKey))) },
  "field.invalid_pubkey")
invalid(
  "n starts with 04", with { $0.fields.append(tagged("n", words(prefix04Key))) },
  "field.invalid_pubkey")
let sigRangeNote =
  "Contract and conventions differ on the code for a signature no key recovers from: CONVENTIONS "
  + "says failed key recovery is signature.invalid, the check order lists signature.unrecoverable."
invalid(
  "signature r is the group order (out of range), no n",
  with {
    $0.alteration.compactSignature =
      hexBytes("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141") + range(1, 32)
  },
  ["signature.invalid", "signature.unrecoverable"], note: sigRangeNote)
invalid(
  "signature r = 0, no n",
  with { $0.alteration.compactSignature = [UInt8](repeating: 0, count: 32) + range(1, 32) },
  ["signature.invalid", "signature.unrecoverable"], note: sigRangeNote)
invalid(
  "signature r = 5 is no point's x, no n",
  with { $0.alteration.compactSignature = Array(offCurveKey.dropFirst()) + range(1, 32) },
  ["signature.invalid", "signature.unrecoverable"], note: sigRangeNote)

// MARK: Invalid: features

for (name, bits, code) in [
  ("unknown even feature 100", [8, 14, 100], "features.unknown_required"),
  (
    "unknown even feature 5112, the highest a 9 field holds", [14, 5112],
    "features.unknown_required"
  ),
  (
    "unknown feature 100 set both even and odd: treated as required", [8, 14, 100, 101],
    "features.unknown_required"
  ),
  ("basic_mpp required without payment_secret", [8, 16], "features.missing_dependency"),
  ("basic_mpp optional without payment_secret", [8, 17], "features.missing_dependency"),
] {
  invalid(name, with { $0.fields.append(tagged("9", featureWords(bits))) }, code)
}

// MARK: Invalid: amounts

for (amountText, code, note) in [
  ("184467440737095516160p", "amount.overflow", "2^64 msat: beyond 64 bits."),
  ("21000000000000000010p", "amount.overflow", "21 million bitcoin + 1 msat."),
  ("21000001", "amount.overflow", "21 million + 1 bitcoin."),
  ("21000000001m", "amount.overflow", "21 million bitcoin + 1 milli-bitcoin."),
  ("21000000000000001n", "amount.overflow", "21 million bitcoin + 100 msat."),
  (
    "184467440737095516m", "amount.overflow", "Fits 64 bits as digits; times 10^8 msat it does not."
  ),
  (
    "1p", "amount.sub_millisatoshi",
    "BOLT 11: \"if multiplier is `p` and the last decimal of `amount` is not 0: MUST fail the payment.\""
  ),
  ("2500000001p", "amount.sub_millisatoshi", "Last decimal 1."),
  ("25x", "hrp.invalid_amount", "x is no multiplier."),
  ("25mu", "hrp.invalid_amount", "Two multiplier letters."),
] {
  invalid("amount \(amountText)", with { $0.hrp = "lnbc" + amountText }, code, note: note)
}
invalid("unknown currency prefix lnxy", with { $0.hrp = "lnxy" }, "hrp.unknown_prefix")

// MARK: Invalid: integer fields

for (letter, data, code, note) in [
  ("x", [0, 1, 28], "field.non_minimal", "60 with a leading zero word."),
  ("x", [0], "field.non_minimal", "Zero written as one zero word."),
  ("c", [0, 4, 16], "field.non_minimal", "144 with a leading zero word."),
  ("9", [0] + featureWords([14]), "field.non_minimal", "payment_secret with a leading zero word."),
  ("x", [16] + [UInt8](repeating: 0, count: 12), "field.value_too_large", "2^64."),
  ("c", [16] + [UInt8](repeating: 0, count: 12), "field.value_too_large", "2^64."),
  ("x", [UInt8](repeating: 31, count: 14), "field.value_too_large", "2^70 - 1."),
] as [(Character, [UInt8], String, String)] {
  invalid(
    "\(letter) = \(bech32Data(data))", with { $0.fields.append(tagged(letter, data)) }, code,
    note: note)
}
invalid(
  "expiry 2^64 - 1 with a non-zero timestamp: expires_at does not fit 64 bits",
  with { $0.fields.append(tagged("x", integerWords(UInt64.max))) }, "field.value_too_large")

// MARK: Invalid: description and presence

for (name, bytes) in [
  ("lone 0xff", [0x65, 0xff, 0x65]), ("truncated 3-byte sequence", [0x65, 0xe3, 0x83]),
  ("overlong encoding of /", [0xc0, 0xaf]), ("UTF-16 surrogate", [0xed, 0xa0, 0x80]),
] as [(String, [UInt8])] {
  invalid(
    "description not UTF-8: \(name)",
    with { $0.fields = [pField, sField, tagged("d", words(bytes))] },
    "field.invalid_utf8", note: "BOLT 11: \"MUST set `d` to a valid UTF-8 string.\"")
}
invalid("no p field", with { $0.fields = [sField, dField] }, "field.missing_payment_hash")
invalid(
  "no s field", with { $0.fields = [pField, dField] }, "field.missing_payment_secret",
  note: "BOLT 11: \"if a valid `s` field is not provided: MUST fail the payment.\"")
invalid("neither d nor h", with { $0.fields = [pField, sField] }, "field.missing_description")
invalid(
  "both d and h", with { $0.fields = [pField, sField, dField, hField] }, "field.both_descriptions")

// MARK: Invalid: fallbacks

for (name, version, program) in [
  ("version 0 with 21 bytes", 0, range(1, 21)), ("version 0 with no program", 0, []),
  ("version 1 with 1 byte", 1, [1]), ("version 1 with 41 bytes", 1, range(1, 41)),
  ("version 16 with 41 bytes", 16, range(1, 41)),
  ("version 17 with 19 bytes", 17, range(1, 19)), ("version 17 with 21 bytes", 17, range(1, 21)),
  ("version 18 with 19 bytes", 18, range(1, 19)), ("version 18 with 21 bytes", 18, range(1, 21)),
] as [(String, UInt8, [UInt8])] {
  invalid(
    "fallback \(name)", with { $0.fields.append(fallbackField(version, program)) },
    "field.invalid_fallback",
    note: "BOLT 11: \"MUST set an `f` field to a valid witness version and program, OR to `17` "
      + "followed by a public key hash, OR to `18` followed by a script hash.\"")
}
invalid("empty f field", with { $0.fields.append(tagged("f", [])) }, "field.invalid_fallback")

// MARK: Invalid: routes

invalid("empty r field", with { $0.fields.append(tagged("r", [])) }, "field.invalid_route")
invalid(
  "r field of 50 bytes (a hop minus one byte)",
  with { $0.fields.append(tagged("r", words(Array(hop(0).bytes.dropLast())))) },
  "field.invalid_route")
invalid(
  "r field of 1.5 hops",
  with { $0.fields.append(tagged("r", words(hop(0).bytes + hop(1).bytes[0..<25]))) },
  "field.invalid_route")
let offCurveRoute = with { $0.fields.append(routeField([hop(0), hop(1, key: offCurveKey)])) }
// The second hop's key starts 51 bytes (408 bits, 81 whole characters) into the field's data,
// after the type character and two length characters.
invalid(
  "route hop key not on the curve (02, x = 5), keys checked", offCurveRoute,
  options: Options(checkRouteKeys: true), "field.invalid_pubkey",
  position: offCurveRoute.position(ofField: offCurveRoute.fields.count - 1) + 3 + 408 / 5)
invalid(
  "route hop key starting 04", with { $0.fields.append(routeField([hop(0, key: prefix04Key)])) },
  "field.invalid_pubkey")

// MARK: Invalid: Bech32

let bech32mInvoice: String = {
  // Same words and signature as the base invoice, Bech32m checksum.
  let decoded = try! Bech32.decode(base.string)
  return Bech32.encode(hrp: decoded.hrp, words: decoded.words, variant: .bech32m)
}()
invalid(
  "Bech32m checksum", invoice: bech32mInvoice, ["bech32.checksum"],
  note: "BOLT 11 invoices use Bech32 (BIP-173); a Bech32m checksum is a wrong checksum.")
do {
  var characters = Array(plain)
  let index = characters.count - 1
  characters[index] = characters[index] == "q" ? "p" : "q"
  invalid("last checksum character changed", invoice: String(characters), ["bech32.checksum"])
}
do {
  var characters = Array(plain)
  let index = characters.indices.first { $0 > 20 && characters[$0].isLetter }!
  characters[index] = Character(characters[index].uppercased())
  invalid(
    "one upper-case letter in a lower-case invoice", invoice: String(characters),
    ["bech32.mixed_case"], position: index)
}
for (name, replacement, index) in [
  ("b, not in the alphabet", "b", 30), ("i, not in the alphabet", "i", 40),
  ("o, not in the alphabet", "o", 50), ("a space inside", " ", 60), ("é, not ASCII", "é", 70),
] as [(String, Character, Int)] {
  var characters = Array(plain)
  characters[index] = replacement
  invalid(
    "invalid character: \(name)", invoice: String(characters), ["bech32.invalid_character"],
    position: index)
}
do {
  var characters = Array(plain)
  characters[30] = "b"
  let prefix = "  lightning:"
  invalid(
    "invalid character after a lightning: prefix and white space: position counts them",
    invoice: prefix + String(characters), ["bech32.invalid_character"], position: prefix.count + 30)
}

// MARK: Invalid: the caller's expectations

invalid(
  "description hash does not match options.description",
  with { $0.fields = [pField, sField, hField] },
  options: Options(description: "edge case."), "description_hash.mismatch",
  note:
    "BOLT 11: \"MUST check that the SHA2 256-bit hash in the `h` field exactly matches the hashed description.\""
)
invalid(
  "testnet invoice, bitcoin expected", with { $0.hrp = "lntb" }, options: Options(network: "bc"),
  "network.mismatch")
invalid(
  "signet invoice, testnet expected", with { $0.hrp = "lntbs" }, options: Options(network: "tb"),
  "network.mismatch", note: "lntbs is signet, not testnet with an amount.")
invalid(
  "bitcoin invoice, regtest expected", base, options: Options(network: "bcrt"), "network.mismatch")
invalid(
  "now equal to expires_at", base, options: Options(now: baseTimestamp + 3600), "invoice.expired",
  note: "Contract: \"An invoice is expired at `expires_at` itself.\"")
invalid(
  "now equal to expires_at with expiry 0", with { $0.fields.append(tagged("x", [])) },
  options: Options(now: baseTimestamp), "invoice.expired")

// MARK: - Compat mode: what a payer must refuse but a reader can show

// Contract, Modes: compat reads an invoice that strict mode refuses only because a payer "MUST
// fail the payment", with the strict code in `warnings`. Each rule has a strict vector refusing it
// and a compat vector reading it; warnings are listed in the order the reader meets them (the
// prefix, then fields left to right, then the missing `s`).

let compat = Options(mode: "compat")
func warnings(_ codes: String...) -> (String, Value) {
  ("warnings", .array(codes.map { .string($0) }))
}

/// lnd's simnet invoice, 10u (10 * 10^-6 BTC = 1000 sat = 1,000,000 msat).
let simnet = with { $0.hrp = "lnsb10u" }
invalid(
  "strict: simnet prefix lnsb", simnet, "hrp.unknown_prefix", position: 2,
  note: "BOLT 11: \"if it does NOT understand the `prefix`: MUST fail the payment.\"")
valid(
  "compat: simnet prefix lnsb with amount 10u", simnet, options: compat,
  [
    ("currency", .string("sb")), ("network", .string("simnet")), ("amount_msat", .int(1_000_000)),
    warnings("hrp.unknown_prefix"),
  ],
  note: "The currency is the letters between ln and the amount's first digit, as lnd splits it.")
valid(
  "compat: unknown prefix lnxy without amount, network unknown", with { $0.hrp = "lnxy" },
  options: compat,
  [("currency", .string("xy")), ("network", .null), warnings("hrp.unknown_prefix")])
invalid(
  "compat: simnet invoice, bitcoin expected", simnet,
  options: Options(mode: "compat", network: "bc"),
  "network.mismatch")
invalid(
  "compat: a prefix that is not letters is still refused", with { $0.hrp = "lnx-y" },
  options: compat, "hrp.unknown_prefix", position: 2)
invalid(
  "compat: an empty currency prefix is still refused", with { $0.hrp = "ln10u" },
  options: compat, "hrp.unknown_prefix", position: 2)
invalid(
  "compat: unknown prefix, amount with a bad multiplier", with { $0.hrp = "lnsb10x" },
  options: compat, "hrp.invalid_amount")
invalid(
  "compat: unknown prefix, sub-millisatoshi amount", with { $0.hrp = "lnsb1p" },
  options: compat, "amount.sub_millisatoshi")
let sbP2WPKH = "sb1qg9pyx3z9ger5sj22fdxy6nj02pg4y5658lw6mw"  // BIP-173 reference segwit_encode
valid(
  "compat: fallbacks on simnet: witness address with hrp sb, no Base58 address",
  with {
    $0.hrp = "lnsb"
    $0.fields += [p2pkh, p2wpkh].map { fallbackField($0.version, $0.program) }
  },
  options: compat,
  [
    ("currency", .string("sb")),
    (
      "fallbacks",
      .array([
        .object([("type", .string("P2PKH")), ("hex", .string(p2pkh.script))]),
        .object([
          ("type", .string("P2WPKH")), ("addr", .string(sbP2WPKH)), ("hex", .string(p2wpkh.script)),
        ]),
      ])
    ),
    warnings("hrp.unknown_prefix"),
  ],
  note:
    "BOLT 11 takes the prefix from BIP-173, where it is also the segwit hrp; Base58 version bytes "
    + "of an unknown chain are unknown, so addr is absent.")

let noSecret = with { $0.fields = [pField, dField] }
valid(
  "compat: no s field, as written before payment secrets", noSecret, options: compat,
  [("payment_secret", extraAbsent), warnings("field.missing_payment_secret")])
valid(
  "compat: spec example without s (p, h, 9 = 8 and 14)",
  Draft(),
  invoice:
    "lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqhp58yjmdan79s6qqdhdzgynm4"
    + "zwqd5d7xmw5fk98klysy043l2ahrqs9qrsgq7ea976txfraylvgzuxs8kgcw23ezlrszfnh8r6qtfpr6cxga50aj6txm9r"
    + "xrydzd06dfeawfk6swupvz4erwnyutnjq7x39ymw6j38gp49qdkj",
  options: compat,
  [
    ("payee", extraAbsent), ("amount_msat", .int(2_000_000_000)), ("payment_secret", extraAbsent),
    ("payment_hash", .string("0001020304050607080900010203040506070809000102030405060708090102")),
    ("description", extraAbsent),
    (
      "description_hash",
      .string("3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1")
    ),
    ("features", .string("4100")), ("feature_bits", .array([.int(8), .int(14)])),
    warnings("field.missing_payment_secret"),
  ],
  note:
    "BOLT 11's \"Missing required `s` field\" example; 20m = 2 * 10^9 msat; 9 = qrsgq: 3 words "
    + "10000 01000 00000, bits 14 and 8. The spec does not say who signed it (the key recovered "
    + "is not the examples' key), so payee is not checked.")
/// The donation example of BOLT #11 before payment secrets were required (2021), as Core
/// Lightning's tests/test_pay.py still quotes it: no amount, `p`, `d`, no `s`.
let preSecretExample =
  "lnbc1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kget"
  + "jypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq8rkx3yf5tcsyz3d73gafnh3cax9rn449d9p5uxz9ezhhypd0elx87s"
  + "jle52x86fux2ypatgddc6k63n7erqz25le42c4u4ecky03ylcqca784w"
invalid(
  "strict: pre-2021 spec example without s", invoice: preSecretExample,
  ["field.missing_payment_secret"])
valid(
  "compat: pre-2021 spec example without s", Draft(), invoice: preSecretExample, options: compat,
  payee: "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad",
  [
    ("payment_secret", extraAbsent),
    ("payment_hash", .string("0001020304050607080900010203040506070809000102030405060708090102")),
    ("description", .string("Please consider supporting this project")),
    warnings("field.missing_payment_secret"),
  ],
  note:
    "Old BOLT #11: \"Please make a donation of any amount using payment_hash 0001...0102 to me "
    + "@03e7156a...\"; description and timestamp (1496314658) from its breakdown.")

/// lnd's AMP invoices: var_onion_optin and payment_secret required, and bit 30 (AMP), which BOLT #9
/// does not assign.
let ampBits = [8, 14, 30]
let amp = with { $0.fields.append(tagged("9", featureWords(ampBits))) }
invalid(
  "strict: AMP-style invoice, unknown even feature 30", amp, "features.unknown_required",
  position: amp.position(ofField: 3))
valid(
  "compat: AMP-style invoice, unknown even feature 30", amp, options: compat,
  featureChanges(ampBits) + [warnings("features.unknown_required")])
invalid(
  "compat: unknown even feature 30 does not excuse a missing dependency",
  with { $0.fields.append(tagged("9", featureWords([8, 16, 30]))) }, options: compat,
  "features.missing_dependency")

for (name, bytes, text) in [
  ("lone 0xff", [0x61, 0xff, 0x62], "a\u{FFFD}b"),
  ("overlong encoding of /", [0xc0, 0xaf], "\u{FFFD}\u{FFFD}"),
  ("UTF-16 surrogate", [0xed, 0xa0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
  ("truncated 3-byte sequence", [0x61, 0xe3, 0x81], "a\u{FFFD}"),
] as [(String, [UInt8], String)] {
  valid(
    "compat: description not UTF-8: \(name)",
    with { $0.fields = [pField, sField, tagged("d", words(bytes))] }, options: compat,
    [("description", .string(text)), warnings("field.invalid_utf8")],
    note:
      "Each maximal subpart of an ill-formed sequence becomes one U+FFFD (Unicode 15, section "
      + "3.9, \"U+FFFD Substitution of Maximal Subparts\").")
}

let allThree = with {
  $0.hrp = "lnsb"
  $0.fields = [pField, dField, tagged("9", featureWords(ampBits))]
}
invalid("strict: simnet, no s, feature 30", allThree, "hrp.unknown_prefix", position: 2)
valid(
  "compat: simnet, no s, feature 30: every warning in order", allThree, options: compat,
  [("currency", .string("sb")), ("payment_secret", extraAbsent)] + featureChanges(ampBits) + [
    warnings("hrp.unknown_prefix", "features.unknown_required", "field.missing_payment_secret")
  ])
invalid(
  "compat: simnet with a signature by another key than n",
  with {
    $0.hrp = "lnsb"
    $0.fields.append(nField)
    $0.key = otherSigner
  }, options: compat, "signature.invalid",
  note: "Compat never relaxes signatures.")

for (mode, options) in [("strict", Options()), ("compat", compat)] {
  valid(
    "\(mode): c = 2^32, one above what an HTLC carries",
    with { $0.fields.append(tagged("c", integerWords(1 << 32))) }, options: options,
    [("min_final_cltv_expiry", .int(1 << 32)), warnings("cltv.unusable")],
    note: "Contract: a c above 2^32 - 1 is accepted in both modes with the warning cltv.unusable.")
}
valid(
  "c = 2^32 - 1, the largest an HTLC carries",
  with { $0.fields.append(tagged("c", integerWords(1 << 32 - 1))) },
  [("min_final_cltv_expiry", .int(1 << 32 - 1))])

// MARK: - Output

let file: Value = .object([
  ("version", .int(1)),
  (
    "description",
    .string(
      "BOLT #11 edge cases: one defect per invalid vector, each with a valid signature by a fake "
        + "test key so that nothing else masks it; the valid edge of every limit. "
        + "\(validCount) valid, \(invalidCount) invalid.")
  ),
  (
    "source",
    .string(
      "Generated by Tools/edge-vectors (swift run edge-vectors); fake keys 0x01 * 32 (signer) and "
        + "0x02 * 32 (another key). Expected codes from shared/contract.md and the check order in "
        + "Sources/Bolt11/Invoice+Decoding.swift; spec: shared/spec/bolt-11-payment-encoding.md and "
        + "bolt-09-features.md (lightning/bolts commit a377265).")
  ),
  ("vectors", .array(vectors)),
])
var output = ""
file.write(to: &output, indent: "")
output += "\n"
let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Vectors/bolt11-edge.json"
do {
  try output.write(toFile: path, atomically: true, encoding: .utf8)
} catch {
  FileHandle.standardError.write(
    "edge-vectors: cannot write \(path): \(error)\n".data(using: .utf8)!)
  exit(3)
}
print("\(path): \(validCount) valid, \(invalidCount) invalid")
