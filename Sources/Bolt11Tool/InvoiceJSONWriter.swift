import Bech32Codec
import Bolt11

/// The contract's JSON for invoices and errors written straight to bytes, with no `JSON` tree in
/// between: what `decode --batch` writes for every line.
///
/// The text is byte for byte that of `InvoiceJSON.object(...).serialized`, the reference, which
/// stays the one place the contract's shape is spelled out; `InvoiceJSONWriterTests` compares
/// the two over every vector and mutations of them.
package enum InvoiceJSONWriter {
  /// Appends the invoice's JSON object (no newline).
  package static func write(_ invoice: Invoice, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { write(invoice, to: &$0) }
  }

  /// Appends `{"valid":false,"error":{"code","message","position"?,"field"?}}` (no newline).
  package static func write(_ error: InvoiceError, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { write(error, to: &$0) }
  }

  /// Appends the invoice's JSON object (no newline) where it is to stay: what `decode --batch`
  /// and the benchmark call, with no copy of the line.
  package static func write(_ invoice: Invoice, to output: inout ByteWriter) {
    let fields = invoice.fields
    output.append(#"{"type":"bolt11 invoice","valid":true,"currency":"#)
    writeString(fields.currency.prefix, to: &output)
    output.append(#","network":"#)
    if let network = fields.currency.knownNetworkName {
      writeString(network, to: &output)
    } else {
      output.append("null")
    }
    if let amount = fields.amount {
      output.append(#","amount_msat":"#)
      output.appendDecimal(amount.rawValue)
    }
    output.append(#","created_at":"#)
    output.appendDecimal(fields.createdAt)
    output.append(#","expiry":"#)
    output.appendDecimal(fields.expirySeconds)
    output.append(#","expires_at":"#)
    output.appendDecimal(fields.expiresAt)
    output.append(#","payee":"#)
    writeHex(invoice.payeeNodeID, to: &output)
    output.append(#","payment_hash":"#)
    withUnsafeBytes(of: fields.paymentHashStorage) { writeHex($0, to: &output) }
    if let secret = fields.paymentSecretStorage {
      output.append(#","payment_secret":"#)
      withUnsafeBytes(of: secret) { writeHex($0, to: &output) }
    }
    switch fields.description {
    case .text(let text):
      output.append(#","description":"#)
      writeString(text, to: &output)
    case .hash(let hash):
      output.append(#","description_hash":"#)
      writeHex(hash, to: &output)
    }
    if let metadata = fields.paymentMetadata {
      output.append(#","payment_metadata":"#)
      writeHex(metadata, to: &output)
    }
    output.append(#","min_final_cltv_expiry":"#)
    output.appendDecimal(fields.minFinalCLTVExpiryDelta)
    writeFeatures(fields.features, to: &output)
    output.append(#","fallbacks":["#)
    for (index, fallback) in fields.fallbacks.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(#"{"type":"#)
      writeString(fallback.kind.rawValue, to: &output)
      // `addr` is absent where the chain's address form is unknown.
      if let address = fallback.address(on: fields.currency) {
        output.append(#","addr":"#)
        writeString(address, to: &output)
      }
      output.append(#","hex":"#)
      writeHex(fallback.scriptPubKey, to: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(#"],"routes":["#)
    for (index, hint) in fields.routeHints.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      writeRoute(hint, to: &output)
    }
    output.append(#"],"extra":["#)
    for (index, field) in fields.extraFields.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(#"{"tag":""#)
      output.append(letter(field.tag))
      output.append(#"","data":""#)
      for word in field.words { output.append(letter(word)) }
      output.append(#""}"#)
    }
    output.append(UInt8(ascii: "]"))
    // r and s, 32 bytes each, lie one after the other in the tuple.
    withUnsafeBytes(of: invoice.signature.compactStorage) { compact in
      writeDERSignature(compact, to: &output)
      output.append(#","signature_compact":"#)
      writeHex(compact, to: &output)
    }
    output.append(#","recovery_id":"#)
    writeInteger(invoice.signature.recoveryID, to: &output)
    output.append(#","warnings":["#)
    for (index, warning) in fields.warnings.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      writeString(warning.rawValue, to: &output)
    }
    // Extension: the fields' type letters in received order, so `encode` can rebuild the same
    // invoice.
    output.append(#"],"field_order":["#)
    var separator = false
    invoice.raw.forEachField { field in
      if separator { output.append(UInt8(ascii: ",")) }
      separator = true
      output.append(UInt8(ascii: "\""))
      output.append(letter(field.tag))
      output.append(UInt8(ascii: "\""))
    }
    output.append(UInt8(ascii: "]"))
    if !fields.extraFields.isEmpty {
      // Extension: which places in field_order hold an extra field (see `InvoiceJSON`).
      output.append(#","extra_field_slots":["#)
      let slots = InvoiceBuilder(reproducing: invoice).extraFieldSlots.sorted()
      for (index, slot) in slots.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeInteger(slot, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends the error's JSON object (no newline) where it is to stay.
  package static func write(_ error: InvoiceError, to output: inout ByteWriter) {
    output.append(#"{"valid":false,"error":{"code":"#)
    writeString(error.code.rawValue, to: &output)
    output.append(#","message":"#)
    writeString(error.message, to: &output)
    if let position = error.position {
      output.append(#","position":"#)
      writeInteger(position, to: &output)
    }
    if let field = error.field {
      output.append(#","field":"#)
      writeString(String(field), to: &output)
    }
    output.append("}}")
  }

  /// `features` (hex, when any bit is set) and `feature_bits`, from one copy of the bytes.
  private static func writeFeatures(_ features: Features, to output: inout ByteWriter) {
    guard !features.isEmpty else {
      output.append(#","feature_bits":[]"#)
      return
    }
    guard let low = features.lowBits else {
      features.bytes.withUnsafeBytes { writeFeatureBytes($0, to: &output) }
      return
    }
    let count = (64 - low.leadingZeroBitCount + 7) / 8
    withUnsafeBytes(of: low.bigEndian) {
      writeFeatureBytes(UnsafeRawBufferPointer(rebasing: $0[(8 - count)...]), to: &output)
    }
  }

  /// `features` and `feature_bits` from the minimal big-endian bytes of features not empty.
  private static func writeFeatureBytes(
    _ bytes: UnsafeRawBufferPointer, to output: inout ByteWriter
  ) {
    output.append(#","features":"#)
    writeHex(bytes, to: &output)
    // Lowest bit first: bit 0 is the lowest bit of the last byte.
    output.append(#","feature_bits":["#)
    var first = true
    for (index, byte) in bytes.reversed().enumerated() {
      var rest = byte
      while rest != 0 {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        output.appendDecimal(UInt64(index * 8 + rest.trailingZeroBitCount))
        rest &= rest &- 1  // the lowest set bit cleared
      }
    }
    output.append(UInt8(ascii: "]"))
  }

  private static func writeRoute(_ hint: RouteHint, to output: inout ByteWriter) {
    output.append(UInt8(ascii: "["))
    for (index, hop) in hint.hops.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(#"{"pubkey":"#)
      writeHex(hop.nodeID, to: &output)
      // `ShortChannelID.description`: block x transaction x output.
      output.append(#","short_channel_id":""#)
      output.appendDecimal(UInt64(hop.shortChannelID.block))
      output.append(UInt8(ascii: "x"))
      output.appendDecimal(UInt64(hop.shortChannelID.transaction))
      output.append(UInt8(ascii: "x"))
      output.appendDecimal(UInt64(hop.shortChannelID.output))
      output.append(#"","fee_base_msat":"#)
      output.appendDecimal(UInt64(hop.feeBaseMsat))
      output.append(#","fee_proportional_millionths":"#)
      output.appendDecimal(UInt64(hop.feeProportionalMillionths))
      output.append(#","cltv_expiry_delta":"#)
      output.appendDecimal(UInt64(hop.cltvExpiryDelta))
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "]"))
  }

  /// `,"signature":"<DER hex>"` when r and s are both below the group order, as
  /// `InvoiceSignature.der` (libsecp256k1's compact parse and DER serialization) has it.
  static func writeDERSignature(_ compact: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { writeDERSignature(compact, to: &$0) }
  }

  static func writeDERSignature(_ compact: UnsafeRawBufferPointer, to output: inout ByteWriter) {
    guard compact.count == 64, isBelowOrder(compact, at: 0), isBelowOrder(compact, at: 32)
    else { return }
    // SEQUENCE of two INTEGERs of at most 1 + 32 bytes each: at most 2 + 2 * (2 + 33) = 72.
    var der: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &der) { der in
      var end = 2
      // Each integer: its 32 bytes with leading zero bytes dropped while the next byte is below
      // 0x80 (one byte always stays), and a zero byte put first when the first is 0x80 or more:
      // DER's shortest two's complement.
      func integer(at offset: Int) {
        var start = offset
        while start < offset + 31 && compact[start] == 0 && compact[start + 1] < 0x80 {
          start += 1
        }
        let pad = compact[start] >= 0x80 ? 1 : 0
        der[end] = 0x02
        der[end + 1] = UInt8(offset + 32 - start + pad)
        end += 2 + pad  // the pad byte, if any, is already zero
        for index in start..<(offset + 32) {
          der[end] = compact[index]
          end += 1
        }
      }
      integer(at: 0)
      integer(at: 32)
      der[0] = 0x30
      der[1] = UInt8(end - 2)
      output.append(#","signature":"#)
      writeHex(UnsafeRawBufferPointer(rebasing: der[0..<end]), to: &output)
    }
  }

  /// A JSON string literal, escaped as `JSON.writeString` escapes it (what JSON requires, and
  /// everything `SafeText` finds unsafe as `\uXXXX`), read from the UTF-8 bytes: runs of bytes
  /// that need nothing are copied whole, and only scalars outside ASCII are looked up.
  static func writeString(_ value: String, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { writeString(value, to: &$0) }
  }

  static func writeString(_ value: String, to output: inout ByteWriter) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      var run = 0
      var index = 0
      func flush(upTo end: Int) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<end]))
      }
      while index < bytes.count {
        // Eight bytes at a time while none of them needs anything.
        if bytes.count - index >= 8
          && !mayNeedEscape(
            UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = bytes[index]
        if byte < 0x80 {
          // Wrapping: 0x20...0x7e is 0...0x5e after subtracting 0x20; anything else wraps above.
          if byte &- 0x20 < 0x5f && byte != 0x22 && byte != 0x5c {
            index += 1
            continue
          }
          flush(upTo: index)
          writeEscape(byte, to: &output)
          index += 1
          run = index
          continue
        }
        // A scalar of 2, 3 or 4 bytes: the string is valid UTF-8.
        let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        var scalar = UInt32(byte) & (0x7F >> length)
        for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
        if SafeText.isUnsafe(value: scalar) {
          flush(upTo: index)
          writeEscape(scalar: scalar, to: &output)
          run = index + length
        }
        index += length
      }
      flush(upTo: bytes.count)
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Whether one of the eight bytes of `word` is outside 0x20...0x7E or is `"` or `\\`: never
  /// false when one is (it may be true when none is; the byte loop then finds nothing).
  @inline(__always)
  static func mayNeedEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // A byte of `value` is zero, as in "Bit Twiddling Hacks": exact for the word as a whole.
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & high != 0 }
    // A byte below 0x20, likewise exact since 0x20 <= 0x80; and any byte from 0x80 up.
    let belowSpace = (word &- ones &* 0x20) & ~word & high
    return belowSpace | (word & high) != 0 || hasZeroByte(word ^ (ones &* 0x7F))
      || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
  }

  /// The Bech32 character of a 5-bit word (its low five bits), as `Bech32.alphabet` has it.
  @inline(__always)
  static func letter(_ word: UInt8) -> UInt8 {
    let alphabet: StaticString = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
    return alphabet.utf8Start[Int(word & 31)]
  }

  /// The escape of an ASCII byte that needs one: `"`, `\\`, a control or DEL. Out of line, as
  /// are the other escapes, so that the common path of `writeString` stays small.
  @inline(never)
  private static func writeEscape(_ byte: UInt8, to output: inout ByteWriter) {
    switch byte {
    case 0x22: output.append(#"\""#)
    case 0x5c: output.append(#"\\"#)
    case 0x0a: output.append(#"\n"#)
    case 0x0d: output.append(#"\r"#)
    case 0x09: output.append(#"\t"#)
    case 0x08: output.append(#"\b"#)
    case 0x0c: output.append(#"\f"#)
    default: writeUnicodeEscape(UInt32(byte), to: &output)  // other C0 controls, DEL
    }
  }

  /// The escape of a scalar beyond ASCII that `SafeText` finds unsafe: one `\\u` or, above
  /// U+FFFF, a surrogate pair.
  @inline(never)
  private static func writeEscape(scalar: UInt32, to output: inout ByteWriter) {
    if scalar > 0xFFFF {
      let offset = scalar - 0x10000
      writeUnicodeEscape(0xD800 + (offset >> 10), to: &output)
      writeUnicodeEscape(0xDC00 + (offset & 0x3FF), to: &output)
    } else {
      writeUnicodeEscape(scalar, to: &output)
    }
  }

  /// `\u` and four lower-case hexadecimal digits.
  private static func writeUnicodeEscape(_ unit: UInt32, to output: inout ByteWriter) {
    output.append(#"\u"#)
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(hexDigit(UInt8(truncatingIfNeeded: unit >> UInt32(shift)) & 0x0f))
    }
  }

  /// Whether the 32 big-endian bytes at `offset` are below secp256k1's group order n, compared
  /// as four big-endian words.
  private static func isBelowOrder(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
    let order: (UInt64, UInt64, UInt64, UInt64) = (
      0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFE, 0xBAAE_DCE6_AF48_A03B, 0xBFD2_5E8C_D036_4141
    )
    return withUnsafeBytes(of: order) { order in
      for word in 0..<4 {
        let value = UInt64(
          bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8 * word, as: UInt64.self))
        let bound = order.load(fromByteOffset: 8 * word, as: UInt64.self)
        if value != bound { return value < bound }
      }
      return false
    }
  }

  /// A JSON string of the bytes in lower-case hexadecimal.
  static func writeHex(_ bytes: [UInt8], to output: inout ByteWriter) {
    bytes.withUnsafeBytes { writeHex($0, to: &output) }
  }

  static func writeHex(_ bytes: UnsafeRawBufferPointer, to output: inout ByteWriter) {
    output.append(UInt8(ascii: "\""))
    writeHexDigits(bytes, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// Two digits a byte, written in place: eight bytes at a time, then one at a time.
  private static func writeHexDigits(_ bytes: UnsafeRawBufferPointer, to output: inout ByteWriter) {
    output.write(length: bytes.count * 2) { place in
      var index = 0
      while bytes.count - index >= 8 {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        place.storeBytes(
          of: hexDigits(UInt32(truncatingIfNeeded: word)).littleEndian, toByteOffset: 2 * index,
          as: UInt64.self)
        place.storeBytes(
          of: hexDigits(UInt32(truncatingIfNeeded: word >> 32)).littleEndian,
          toByteOffset: 2 * index + 8, as: UInt64.self)
        index += 8
      }
      while index < bytes.count {
        place.storeBytes(
          of: UInt16(truncatingIfNeeded: hexDigits(UInt32(bytes[index]))).littleEndian,
          toByteOffset: 2 * index, as: UInt16.self)
        index += 1
      }
    }
  }

  /// The eight digits of four bytes, the first byte in the lowest bits of `bytes` and its high
  /// digit in the lowest byte of the result, worked out from the bits with no table: each nibble
  /// moved to a byte of its own, then `0` added, and 39 more (`a` - `0` - 10) where it is 10 or
  /// more.
  @inline(__always)
  static func hexDigits(_ bytes: UInt32) -> UInt64 {
    var spread = UInt64(bytes)
    spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
    spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
    // Byte 2i holds byte i; its high nibble stays there and its low nibble moves to byte 2i + 1.
    let nibbles = (spread >> 4) & 0x000F_000F_000F_000F | (spread & 0x000F_000F_000F_000F) << 8
    // Bit 4 of each byte of nibbles + 6 is set exactly where the nibble is 10 or more (no byte
    // carries: at most 15 + 6).
    let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
    return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39
  }

  @inline(__always)
  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &- 10 &+ nibble
  }

  private static func writeInteger(_ value: Int, to output: inout ByteWriter) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    output.appendDecimal(UInt64(value.magnitude))
  }
}
