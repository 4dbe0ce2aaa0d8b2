// libFuzzer target: the offline-receive validator (OfflineInvoiceValidator), the one check every
// invoice passes before a wallet shows it.
//
// The first 64 bytes are the policy and the clock: amount (or the invoice's own amount, so that
// acceptance is reachable), our node id (or another), network, description, display window,
// minimum remaining time, clock skew, safety margin and now. The rest are a human-readable part and
// unsigned words (`WordsInput`, Common.swift), signed with a fake key as in the roundtrip target.
// Properties: the validator never traps; it rejects as undecodable exactly what the decoder
// refuses, with the decoder's code; an accepted invoice meets every rule of the contract
// (amount, payee, network, description, timestamp within the skew, `display_until` after `now`,
// within the display window and before expiry less the margin, enough time remaining).

import Bech32Codec
import Bolt11
import OfflineReceive
import Secp256k1
import TestSupport

/// A fake key for fuzzing only: 32 bytes of 0x01. Not a real key.
private let key = FakeKeys.signingKey()
private let ourNode = PublicKey(bytes: key.publicKey.bytes)!
/// Another valid node: the secp256k1 generator, compressed.
private let otherNode = PublicKey(
  hex: "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  guard count > 64 else { return 0 }
  func u64(_ offset: Int) -> UInt64 {
    (0..<8).reduce(0) { $0 << 8 | UInt64(bytes[offset + $1]) }
  }
  /// Small values usually, so that the windows overlap; any value sometimes.
  func seconds(_ offset: Int) -> UInt64 {
    bytes[offset] & 0x80 == 0 ? u64(offset) % 100_000 : u64(offset)
  }
  guard let input = WordsInput(UnsafeRawBufferPointer(rebasing: bytes[64...])) else { return 0 }
  let text = input.signed(by: key)

  let decoded = try? Invoice.decode(text)
  let flags = bytes[0]
  let amount =
    flags & 1 == 0 ? (decoded?.amount ?? Millisatoshis(u64(8))) : Millisatoshis(u64(8))
  let network: Currency? =
    flags & 2 == 0 ? nil : Currency.allCases[Int(bytes[1]) % Currency.allCases.count]
  let description: String? =
    flags & 4 == 0 ? nil : (flags & 8 == 0 ? decoded?.description.text ?? "" : "other")
  let createdAt = decoded?.createdAt ?? 0
  // Now near the signed timestamp usually, anything sometimes.
  let now =
    flags & 16 == 0 ? createdAt &+ (u64(16) % 200_000) &- 100_000 : u64(16)
  let policy = ReceivePolicy(
    amount: amount, nodeID: flags & 32 == 0 ? ourNode : otherNode, network: network,
    description: description, maxDisplaySeconds: seconds(24), minRemainingSeconds: seconds(32),
    clockSkewSeconds: seconds(40), safetyMarginSeconds: seconds(48))

  let verdict = OfflineInvoiceValidator.validate(text, policy: policy, now: now)
  if let rejection = verdict.rejection {
    if let reported = rejection.invoiceError {
      // The validator decodes with route keys checked on the curve; the decoder by default not.
      do {
        _ = try Invoice.decode(text, options: DecodeOptions(checkRouteHintKeys: true))
        check(false, "validator calls a decodable invoice undecodable (\(reported.code))")
      } catch {
        check(error.code == reported.code, "validator \(reported.code), decoder \(error.code)")
      }
    } else {
      check(decoded != nil, "policy rejection of an undecodable invoice")
    }
    return 0
  }
  check(
    decoded?.routeHints.allSatisfy { $0.hops.allSatisfy(\.hasValidNodeID) } ?? true,
    "accepted an invoice with a route key off the curve")
  guard let accepted = verdict.accepted, let invoice = decoded else {
    check(false, "accepted an invoice the decoder refuses")
    return 0
  }
  check(accepted.invoice == invoice, "accepted another invoice")
  check(invoice.amount == policy.amount, "amount")
  check(invoice.payeeNodeID.bytes == policy.nodeID.bytes, "payee")
  check(policy.network == nil || invoice.currency == policy.network, "network")
  check(policy.description == nil || invoice.description.text == policy.description, "note")
  check(
    invoice.createdAt <= now.addingReportingOverflow(policy.clockSkewSeconds).partialValue
      || now.addingReportingOverflow(policy.clockSkewSeconds).overflow, "future timestamp")
  // With --max-display-seconds 0, display_until is now itself: accepted, but never displayable
  // (reported to the lead, issue 8 notes); any other window must leave time to show it.
  check(
    accepted.displayUntil > now || (policy.maxDisplaySeconds == 0 && accepted.displayUntil == now),
    "display_until is not after now")
  check(accepted.displayUntil <= invoice.expiresAt &- policy.safetyMarginSeconds, "past margin")
  check(
    now.addingReportingOverflow(policy.maxDisplaySeconds).overflow
      || accepted.displayUntil <= now + policy.maxDisplaySeconds, "past the display window")
  check(
    invoice.expiresAt >= policy.safetyMarginSeconds
      && invoice.expiresAt - policy.safetyMarginSeconds - now >= policy.minRemainingSeconds,
    "too little time remaining")
  return 0
}
