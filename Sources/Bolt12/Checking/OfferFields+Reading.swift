import Chains
import Secp256k1

/// A fault of one record's value: the code (`invalid_field` or `invalid_utf8`) and what failed.
struct FieldFault: Error {
  var code: Bolt12Error.Code = .invalidField
  var message: String
}

/// Readers of the value types BOLT #12 fields use, each refusing what BOLT #1 refuses.
enum FieldValue {
  /// A `tu64`: at most 8 bytes, no leading zero byte.
  static func tu64(_ value: ArraySlice<UInt8>) throws(FieldFault) -> UInt64 {
    // BOLT 1: "if variable-length fields within the known encoding for `type` are not
    // minimal: MUST fail to parse the `tlv_stream`."
    guard let number = value.withUnsafeBufferPointer({ BigSize.truncatedUInt64($0[...]) }) else {
      throw FieldFault(
        message: value.count > 8
          ? "a tu64 of \(value.count) bytes" : "a tu64 with a leading zero byte")
    }
    return number
  }

  /// A `tu32`: at most 4 bytes, no leading zero byte.
  static func tu32(_ value: ArraySlice<UInt8>) throws(FieldFault) -> UInt32 {
    guard value.count <= 4 else { throw FieldFault(message: "a tu32 of \(value.count) bytes") }
    return UInt32(try tu64(value))
  }

  /// UTF-8 text.
  static func text(_ value: ArraySlice<UInt8>) throws(FieldFault) -> String {
    guard let text = String(validating: value, as: UTF8.self) else {
      throw FieldFault(code: .invalidUTF8, message: "not UTF-8")
    }
    return text
  }

  /// A 33-byte `point` on the curve.
  static func point(_ value: ArraySlice<UInt8>) throws(FieldFault) -> PublicKey {
    guard value.count == PublicKey.byteCount else {
      throw FieldFault(message: "\(value.count) bytes, not a 33-byte point")
    }
    guard let key = PublicKey(bytes: value), key.isOnCurve else {
      throw FieldFault(message: "not a point on the curve")
    }
    return key
  }

  /// An msat amount, at most 21 million bitcoin.
  static func msat(_ value: ArraySlice<UInt8>) throws(FieldFault) -> UInt64 {
    let number = try tu64(value)
    guard number <= Offer.maximumMsat else {
      throw FieldFault(message: "\(number) msat is more than 21 million bitcoin")
    }
    return number
  }

  /// Blinded paths, one after another to the value's end.
  static func paths(_ value: ArraySlice<UInt8>) throws(FieldFault) -> [BlindedPath] {
    do {
      return try BlindedPath.readAll(value)
    } catch {
      throw FieldFault(message: error.message)
    }
  }
}

extension OfferFields {
  /// Reads one offer field's value into these fields, by the offer reader's rules on the value
  /// alone.
  mutating func read(_ field: OfferField, _ value: ArraySlice<UInt8>) throws(FieldFault) {
    switch field {
    case .chains:
      guard value.count % ChainHash.byteCount == 0 else {
        throw FieldFault(
          message: "\(value.count) bytes are not a whole number of 32-byte chain hashes")
      }
      chains = stride(from: value.startIndex, to: value.endIndex, by: ChainHash.byteCount).map {
        ChainHash(bytes: value[$0..<$0 + ChainHash.byteCount])!  // 32 bytes: the guard above
      }
    case .metadata: metadata = Array(value)
    case .currency:
      // BOLT 12: "MUST specify `offer_currency` `iso4217` as an ISO 4217 three-letter code."
      guard value.count == 3,
        value.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
      else { throw FieldFault(message: "not three upper-case letters") }
      currency = String(decoding: value, as: UTF8.self)
    case .amount: amount = currency == nil ? try FieldValue.msat(value) : try FieldValue.tu64(value)
    case .description: description = try FieldValue.text(value)
    case .features: features = Array(value)
    case .absoluteExpiry: absoluteExpiry = try FieldValue.tu64(value)
    case .paths: paths = try FieldValue.paths(value)
    case .issuer: issuer = try FieldValue.text(value)
    case .quantityMax: quantityMax = try FieldValue.tu64(value)
    case .issuerID: issuerID = try FieldValue.point(value)
    }
  }
}
