// libFuzzer target: decode, re-encode, sign again.
//
// The fuzz bytes are a human-readable part and the unsigned words (timestamp and fields), as in
// `WordsInput` (Common.swift); the target signs them with a fake test key, so the signature is
// valid and every field rule, the `n` check and the builder are reached. Properties, besides those
// of `checkDecode`:
// - an invoice whose fields parse decodes, unless its `n` is not our key or a key is off the curve;
// - its payee is the signing key;
// - `InvoiceBuilder(reproducing:)` signed with the same key gives back the same string and an equal
//   invoice (for amounts written in their shortest form: the builder writes no other).

import Bech32Codec
import Bolt11
import TestSupport

/// A fake key for fuzzing only: 32 bytes of 0x01. Not a real key.
private let key = FakeKeys.signingKey()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  guard let input = WordsInput(UnsafeRawBufferPointer(start: start, count: count)) else {
    return 0
  }
  let text = input.signed(by: key)

  for mode in DecodeOptions.Mode.allCases {
    guard (try? SignedRawInvoice.parse(text, options: DecodeOptions(mode: mode))) != nil else {
      checkDecode(text, mode: mode)
      continue
    }
    guard let invoice = checkDecode(text, mode: mode) else {
      // Only a foreign `n` or a key off the curve may refuse a signature we made.
      do {
        _ = try Invoice.decode(text, options: DecodeOptions(mode: mode))
      } catch {
        check(
          error.code == .fieldInvalidPubkey || error.code == .signatureInvalid,
          "our own signature refused with \(error.code): \(text)")
      }
      continue
    }
    check(invoice.payeeNodeID.bytes == key.publicKey.bytes, "payee is not the signer: \(text)")
    // The builder writes shortest amounts and no rule compat relaxed; a `c` above 2^32 - 1 it does.
    guard invoice.warnings.allSatisfy({ $0 == .cltvUnusable }) else { continue }
    // Readers need not check route keys on the curve; a writer never puts one off it.
    if invoice.routeHints.contains(where: { $0.hops.contains { !$0.hasValidNodeID } }) {
      do {
        _ = try InvoiceBuilder(reproducing: invoice).build(signingWith: key)
        check(false, "the builder writes a route key off the curve: \(text)")
      } catch {
        check(error.code == .invalidRoute, "off-curve route key refused with \(error.code)")
      }
      continue
    }
    let rebuilt: Invoice
    do {
      rebuilt = try InvoiceBuilder(reproducing: invoice).build(signingWith: key)
    } catch {
      check(false, "the builder refuses a decoded invoice (\(error)): \(text)")
      continue
    }
    check(rebuilt.string == text, "rebuilt string differs:\n\(rebuilt.string)\n\(text)")
    check(rebuilt == invoice, "rebuilt invoice differs: \(text)")
  }
  return 0
}
