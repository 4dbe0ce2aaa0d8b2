// libFuzzer target: InvoiceBuilder on arbitrary values, as `bolt11 encode` hands it whatever JSON
// it is given.
//
// Property: build either throws an InvoiceBuildError or returns an invoice that decodes (the
// builder's own check); it never traps. The fuzz bytes are read as the builder's values in turn
// (`ByteReader`), running out as zeros.

import Bech32Codec
import Bolt11
import Secp256k1
import TestSupport

/// A fake key for fuzzing only: 32 bytes of 0x01. Not a real key.
private let key = FakeKeys.signingKey()

/// The secp256k1 generator, compressed: a valid route hop key.
private let generator: [UInt8] = [
  0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87, 0x0b,
  0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17,
  0x98,
]

private struct ByteReader {
  let bytes: UnsafeRawBufferPointer
  var index = 0

  mutating func byte() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }
  mutating func bool() -> Bool { byte() & 1 == 1 }
  mutating func u64() -> UInt64 { (0..<8).reduce(0) { value, _ in value << 8 | UInt64(byte()) } }
  mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }
  /// A length that is usually the right one and sometimes anything up to 255.
  mutating func length(usually expected: Int) -> Int {
    let choice = byte()
    return choice < 0xf0 ? expected : Int(byte())
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  var reader = ByteReader(bytes: UnsafeRawBufferPointer(start: start, count: count))
  let currency = Currency.allCases[Int(reader.byte()) % Currency.allCases.count]
  // A value of the wrong length is no value: refused when made, not when built.
  let hashBytes = reader.bytes(reader.length(usually: 32))
  let secretBytes = reader.bytes(reader.length(usually: 32))
  let descriptionBytes = reader.bytes(reader.length(usually: 32))
  let paymentHash = PaymentHash(bytes: hashBytes)
  let paymentSecret = PaymentSecret(bytes: secretBytes)
  let descriptionHash = DescriptionHash(bytes: descriptionBytes)
  check((paymentHash == nil) == (hashBytes.count != 32), "PaymentHash of \(hashBytes.count) bytes")
  check(
    (paymentSecret == nil) == (secretBytes.count != 32), "PaymentSecret of \(secretBytes.count)")
  check(
    (descriptionHash == nil) == (descriptionBytes.count != 32),
    "DescriptionHash of \(descriptionBytes.count) bytes")
  guard let paymentHash, let paymentSecret, let descriptionHash else { return 0 }
  let description: InvoiceDescription =
    reader.bool()
    ? .text(String(decoding: reader.bytes(Int(reader.byte()) * 3), as: UTF8.self))
    : .hash(descriptionHash)
  let createdAt = reader.bool() ? reader.u64() : reader.u64() >> 29
  var builder = InvoiceBuilder(
    currency: currency, paymentHash: paymentHash, paymentSecret: paymentSecret,
    description: description, createdAt: createdAt)
  if reader.bool() { builder.amount = Millisatoshis(reader.u64() >> UInt64(reader.byte() % 64)) }
  if reader.bool() { builder.expirySeconds = reader.u64() >> UInt64(reader.byte() % 64) }
  if reader.bool() { builder.minFinalCLTVExpiryDelta = reader.u64() >> UInt64(reader.byte() % 64) }
  builder.statesPayee = reader.bool()
  // Bits up to 255 * 21 = 5355, past the highest a `9` field holds (5114): refused, not trapped.
  let bits = (0..<Int(reader.byte() % 8)).map { _ in
    Int(reader.byte()) * (reader.bool() ? 1 : 21)
  }
  do {
    builder.features = try Features(bits: bits)
  } catch {
    check(
      (error as? InvoiceBuildError)?.code == .invalidFeatures, "Features(bits:) threw \(error)")
    check(bits.contains { $0 > Features.maximumBit }, "Features(bits:) refused \(bits)")
  }
  for _ in 0..<(reader.byte() % 4) {
    let version = reader.byte() % 20
    if let fallback = Fallback(version: version, program: reader.bytes(Int(reader.byte() % 42))) {
      builder.fallbacks.append(fallback)
    }
  }
  for _ in 0..<(reader.byte() % 3) {
    let hops = (0..<Int(reader.byte() % 14)).compactMap { _ -> RouteHop? in
      let keyBytes = reader.bool() ? generator : reader.bytes(reader.length(usually: 33))
      let isCompressedForm = keyBytes.count == 33 && (keyBytes[0] == 2 || keyBytes[0] == 3)
      guard let nodeID = PublicKey(bytes: keyBytes) else {
        check(!isCompressedForm, "PublicKey refused a compressed form")
        return nil
      }
      return RouteHop(
        nodeID: nodeID,
        shortChannelID: ShortChannelID(rawValue: reader.u64()),
        feeBaseMsat: UInt32(truncatingIfNeeded: reader.u64()),
        feeProportionalMillionths: UInt32(truncatingIfNeeded: reader.u64()),
        cltvExpiryDelta: UInt16(truncatingIfNeeded: reader.u64()))
    }
    builder.routeHints.append(RouteHint(hops: hops))
  }
  if reader.bool() { builder.paymentMetadata = reader.bytes(Int(reader.byte()) * 3) }
  for _ in 0..<(reader.byte() % 4) {
    let tag = reader.byte() % 32
    let words = reader.bytes(Int(reader.byte() % 64)).map { reader.bool() ? $0 % 32 : $0 }
    builder.extraFields.append(ExtraField(tag: tag, words: words))
  }
  if reader.bool() {
    builder.fieldOrder = (0..<Int(reader.byte() % 16)).map { _ in
      Character(Unicode.Scalar(Bech32.alphabet[Int(reader.byte() % 32)]))
    }
  }
  // Slots from -8 on, inside and outside the field order.
  if reader.bool() { builder.extraFieldSlots = [Int(reader.byte()) - 8] }

  do {
    let invoice = try builder.build(signingWith: key)
    check(invoice.payeeNodeID.bytes == key.publicKey.bytes, "built invoice has another payee")
    check(invoice.string.utf8.count <= RawInvoice.maximumLength, "built invoice is too long")
  } catch {
    _ = error  // a refusal is an answer
  }
  return 0
}
