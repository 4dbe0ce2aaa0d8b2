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

  static func write(_ invoice: Invoice, to output: inout ByteWriter) {
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
    writeHex(fields.paymentHash, to: &output)
    if let secret = fields.paymentSecret {
      output.append(#","payment_secret":"#)
      writeHex(secret, to: &output)
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
      output.append(Bech32.alphabet[Int(field.tag & 31)])
      output.append(#"","data":""#)
      for word in field.words { output.append(Bech32.alphabet[Int(word & 31)]) }
      output.append(#""}"#)
    }
    output.append(UInt8(ascii: "]"))
    invoice.signature.compact.withUnsafeBytes { compact in
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
    for (index, field) in invoice.raw.fields.enumerated() {
      output.append(index > 0 ? #",""# : #"""#)
      output.append(Bech32.alphabet[Int(field.tag & 31)])
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

  static func write(_ error: InvoiceError, to output: inout ByteWriter) {
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
    let bytes = features.isEmpty ? [] : features.bytes
    if !bytes.isEmpty {
      output.append(#","features":"#)
      writeHex(bytes, to: &output)
    }
    // Lowest bit first: bit 0 is the lowest bit of the last byte.
    output.append(#","feature_bits":["#)
    var first = true
    for (index, byte) in bytes.reversed().enumerated() where byte != 0 {
      for bit in 0..<8 where (byte >> UInt8(bit)) & 1 == 1 {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        writeInteger(index * 8 + bit, to: &output)
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
    guard compact.count == 64,
      isBelowOrder(UnsafeRawBufferPointer(rebasing: compact[0..<32])),
      isBelowOrder(UnsafeRawBufferPointer(rebasing: compact[32..<64]))
    else { return }
    // 72 bytes: two 33-byte integers and six header bytes at most.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 72) { der in
      var count = 2
      // Each integer: its 32 bytes after a zero byte, leading zero bytes dropped while the next
      // byte is below 0x80 (one byte always stays): DER's shortest two's complement.
      func integer(_ half: Slice<UnsafeRawBufferPointer>) {
        var start = half.startIndex
        let pad = half[start] >= 0x80
        while !pad && start < half.endIndex - 1 && half[start] == 0 && half[start + 1] < 0x80 {
          start += 1
        }
        der[count] = 0x02
        der[count + 1] = UInt8(half.endIndex - start + (pad ? 1 : 0))
        count += 2
        if pad {
          der[count] = 0
          count += 1
        }
        for byte in half[start...] {
          der[count] = byte
          count += 1
        }
      }
      integer(compact[0..<32])
      integer(compact[32..<64])
      der[0] = 0x30
      der[1] = UInt8(count - 2)
      output.append(#","signature":"#)
      writeHex(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: der[0..<count])), to: &output)
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
        let byte = bytes[index]
        if byte < 0x80 {
          // Wrapping: 0x20...0x7e is 0...0x5e after subtracting 0x20; anything else wraps above.
          if byte &- 0x20 < 0x5f && byte != 0x22 && byte != 0x5c {
            index += 1
            continue
          }
          flush(upTo: index)
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
          index += 1
          run = index
          continue
        }
        // A scalar of 2, 3 or 4 bytes: the string is valid UTF-8.
        let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        var scalar = UInt32(byte) & (0x7F >> length)
        for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F) }
        if SafeText.isUnsafe(Unicode.Scalar(scalar)!) {
          flush(upTo: index)
          if scalar > 0xFFFF {
            let offset = scalar - 0x10000
            writeUnicodeEscape(0xD800 + (offset >> 10), to: &output)
            writeUnicodeEscape(0xDC00 + (offset & 0x3FF), to: &output)
          } else {
            writeUnicodeEscape(scalar, to: &output)
          }
          run = index + length
        }
        index += length
      }
      flush(upTo: bytes.count)
    }
    output.append(UInt8(ascii: "\""))
  }

  /// `\u` and four lower-case hexadecimal digits.
  private static func writeUnicodeEscape(_ unit: UInt32, to output: inout ByteWriter) {
    output.append(#"\u"#)
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(hexDigit(UInt8(truncatingIfNeeded: unit >> UInt32(shift)) & 0x0f))
    }
  }

  /// secp256k1's group order n, big-endian.
  private static let order: [UInt8] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
    0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41,
  ]

  /// Whether 32 big-endian bytes are below the group order.
  private static func isBelowOrder(_ value: UnsafeRawBufferPointer) -> Bool {
    for index in 0..<32 where value[index] != order[index] { return value[index] < order[index] }
    return false
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

  /// Each byte's two digits, as they lie in memory: one load and one store a byte.
  private static let hexPairs: [UInt16] = (0...255).map { byte in
    UInt16(
      littleEndian: UInt16(hexDigit(UInt8(byte >> 4))) | UInt16(hexDigit(UInt8(byte & 15))) << 8)
  }

  /// Two digits a byte, written in place.
  private static func writeHexDigits(_ bytes: UnsafeRawBufferPointer, to output: inout ByteWriter) {
    output.write(length: bytes.count * 2) { place in
      hexPairs.withUnsafeBufferPointer { pairs in
        for index in 0..<bytes.count {
          place.storeBytes(of: pairs[Int(bytes[index])], toByteOffset: 2 * index, as: UInt16.self)
        }
      }
    }
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
