// Shared by the Bolt11 fuzz targets: how fuzz bytes become an invoice, and the properties every
// decode must have. A broken property traps (`check`), which libFuzzer reports as a crash.

import Bech32Codec
import Bolt11
import Secp256k1
import TestSupport

/// Traps with `message` when `condition` is false, in every build configuration.
@inline(__always)
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fatalError("fuzz property broken: \(message())") }
}

/// Human-readable parts picked by a first input byte below 0xc0: every currency, amounts in each
/// multiplier, and edge cases (zero, leading zeros, sub-millisatoshi, overflow, unknown prefix).
let commonHRPs: [String] = [
  "lnbc", "lntb", "lntbs", "lnbcrt", "lnbc2500u", "lnbc20m", "lnbc1", "lnbc10p", "lnbc1p",
  "lnbc9678785340p", "lntb20m", "lnbc0", "lnbc010u", "lnbc21000000", "lnbc21000001",
  "lnbc100000000000000000000", "lnsb", "lnbc1x", "lnbcrt1n", "lnbc25m", "lntbs3n", "ln",
]

/// Fuzz bytes read as a human-readable part and 5-bit words.
///
/// Byte 0 below 0xc0 picks a human-readable part from `commonHRPs`; from 0xc0 its low six bits
/// are the length of an explicit human-readable part that follows (each byte folded into printable
/// ASCII). Every further byte is one word (its low five bits). `Tools/fuzz/seeds.py` writes
/// invoices in this form.
struct WordsInput {
  var hrp: [UInt8]
  var words: [UInt8]

  init?(_ bytes: UnsafeRawBufferPointer) {
    guard let first = bytes.first else { return nil }
    var index = 1
    if first < 0xc0 {
      hrp = Array(commonHRPs[Int(first) % commonHRPs.count].utf8)
    } else {
      let length = Int(first & 0x3f)
      guard length > 0, bytes.count >= 1 + length else { return nil }
      // 33...126 map to themselves; everything else folds into that range.
      hrp = bytes[1..<(1 + length)].map { byte in
        let printable = UInt8(33 + (Int(byte) + 61) % 94)
        return printable >= 0x41 && printable <= 0x5a ? printable | 0x20 : printable
      }
      index += length
    }
    words = bytes[index...].map { $0 & 31 }
  }
}

extension WordsInput {
  /// The human-readable part and words with a signature by `key` over them, as a Bech32 string:
  /// what a writer with that key would produce from these fields.
  func signed(by key: SigningKey) -> String {
    InvoiceSigner.sign(hrp: String(decoding: hrp, as: UTF8.self), dataWords: words, key: key)
  }
}

/// Surrounding white space and a `lightning:` prefix removed, as the decoder does.
func trimmed(_ text: String) -> Substring.UTF8View {
  var text = text
  let span = text.withUTF8 { InputText.trimmedInvoice($0).invoice }
  return Substring(text).utf8.dropFirst(span.lowerBound).prefix(span.count)
}

/// Touches every derived value a caller or the JSON output reads, so a trap in any of them shows.
func touchEverything(_ invoice: Invoice) -> Int {
  var total = invoice.features.setBits.count + invoice.features.description.utf8.count
  for fallback in invoice.fallbacks {
    total += (fallback.address(on: invoice.currency)?.utf8.count ?? 0) + fallback.scriptPubKey.count
    total += fallback.kind.rawValue.utf8.count
  }
  for hint in invoice.routeHints {
    for hop in hint.hops { total += hop.shortChannelID.description.utf8.count }
  }
  for field in invoice.extraFields { total += field.bech32Data.utf8.count }
  total += invoice.signature.der?.count ?? 0
  return total
}

/// The properties of one decode, in `mode`:
/// - `SignedRawInvoice.parse` (no elliptic-curve work) and `Invoice.decode` agree: the same error
///   code when parsing fails; when parsing succeeds, decode fails only with a signature or key
///   code.
/// - An error's position lies within the input.
/// - Whatever decodes re-encodes (`RawInvoice.encoded()`) to the received string, and that string
///   decodes to an equal invoice.
/// - Whatever decodes strictly decodes in compat mode to the same invoice; whatever compat mode
///   reads with a relaxed rule's code in its warnings, strict mode refuses with one of them.
/// - Returns: the invoice, when it decodes.
@discardableResult
func checkDecode(_ text: String, mode: DecodeOptions.Mode) -> Invoice? {
  let options = DecodeOptions(mode: mode)
  let length = text.utf8.count
  // The syntax stage (what `explain` shows) reads any input; its fault is the parser's.
  let syntax = InvoiceSyntax(text, mode: mode)
  for field in syntax.fields { _ = InvoiceSyntax.value(of: field) }
  let parsed: SignedRawInvoice
  do {
    parsed = try SignedRawInvoice.parse(text, options: options)
  } catch {
    if let fault = syntax.fault { check(fault == error, "syntax \(fault), parse \(error)") }
    check((0...length).contains(error.position ?? 0), "position \(error) outside \(length)")
    do {
      _ = try Invoice.decode(text, options: options)
      check(false, "decode accepts what parse refuses (\(error.code)): \(text)")
    } catch let decodeError {
      check(decodeError.code == error.code, "parse \(error.code), decode \(decodeError.code)")
    }
    return nil
  }
  check(syntax.fault == nil, "parse accepts what the syntax stage refuses: \(text)")
  let invoice: Invoice
  do {
    invoice = try Invoice.decode(text, options: options)
  } catch {
    let signatureCodes: Set<InvoiceError.Code> = [
      .signatureInvalid, .signatureHighS, .signatureInvalidRecoveryID, .signatureUnrecoverable,
      .fieldInvalidPubkey,
    ]
    check(
      signatureCodes.contains(error.code), "parse accepts, decode refuses with \(error.code)")
    check((0...length).contains(error.position ?? 0), "position \(error) outside \(length)")
    return nil
  }
  check(invoice.raw == parsed.raw && invoice.fields == parsed.fields, "parse and decode differ")
  // The route key check only adds field.invalid_pubkey, at a hop inside the input.
  var checking = options
  checking.checkRouteHintKeys = true
  do {
    let checked = try Invoice.decode(text, options: checking)
    check(checked == invoice, "checking route keys changes the invoice: \(text)")
  } catch {
    check(error.code == .fieldInvalidPubkey, "route key check refuses with \(error.code)")
    check((0..<length).contains(error.position ?? -1), "route key position \(error)")
  }
  _ = touchEverything(invoice)

  let again = invoice.raw.encoded()
  check(again.utf8.elementsEqual(trimmed(text)), "raw re-encoding differs: \(again) \(text)")
  do {
    let redecoded = try Invoice.decode(again, options: options)
    check(redecoded == invoice, "re-encoded invoice decodes to another value: \(again)")
  } catch {
    check(false, "re-encoded invoice does not decode (\(error.code)): \(again)")
  }
  if mode == .strict {
    do {
      let compat = try Invoice.decode(text, options: DecodeOptions(mode: .compat))
      check(compat == invoice, "compat decodes a strict invoice differently: \(text)")
    } catch {
      check(false, "compat refuses a strict invoice (\(error.code)): \(text)")
    }
  } else {
    // A warning that is an error code names a rule compat relaxed: strict refuses exactly then,
    // with one of those codes (or for a wrong-length field that compat skipped).
    let relaxed = invoice.warnings.compactMap { InvoiceError.Code(rawValue: $0.rawValue) }
    do {
      _ = try Invoice.decode(text, options: DecodeOptions(mode: .strict))
      check(relaxed.isEmpty, "strict accepts what compat warned of (\(relaxed)): \(text)")
    } catch {
      check(
        relaxed.contains(error.code) || error.code == .fieldInvalidLength,
        "strict refuses with \(error.code), compat warned only \(relaxed): \(text)")
    }
  }
  return invoice
}
