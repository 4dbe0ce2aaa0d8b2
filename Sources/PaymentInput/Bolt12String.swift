import Bech32Codec

/// A BOLT #12 offer, invoice request or invoice, recognised by its string form and not decoded
/// further (no TLV fields, no signature).
///
/// The form: a prefix (`lno`, `lnr` or `lni`), `1`, then data characters of the Bech32 alphabet,
/// all in one case, with no checksum. A `+` followed by optional white space may join two parts
/// anywhere, the prefix included, and is removed. The data must regroup into whole bytes, with at
/// most four zero bits of padding, and must not be empty.
public struct Bolt12String: Sendable, Hashable {
  /// The three kinds of BOLT #12 string.
  public enum Kind: String, CaseIterable, Sendable {
    /// An offer: `lno`.
    case offer = "lno"
    /// An invoice request: `lnr`.
    case invoiceRequest = "lnr"
    /// An invoice: `lni`.
    case invoice = "lni"

    /// The prefix with its separator, four lower-case ASCII bytes as one big-endian integer.
    var packedPrefix: UInt32 {
      rawValue.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } << 8 | UInt32(UInt8(ascii: "1"))
    }

    /// The payment-string kind of this kind.
    var paymentStringKind: PaymentString.Kind {
      switch self {
      case .offer: .bolt12Offer
      case .invoiceRequest: .bolt12InvoiceRequest
      case .invoice: .bolt12Invoice
      }
    }
  }

  /// Offer, invoice request or invoice.
  public let kind: Kind
  /// The TLV stream the data characters encode, not decoded.
  public let bytes: [UInt8]

  /// The human-readable prefix, lower case: `lno`, `lnr` or `lni`.
  public var hrp: String { kind.rawValue }

  /// Reads a BOLT #12 string.
  ///
  /// - Parameter text: the string, optionally with a `lightning:` prefix and white space
  ///   around it.
  /// - Throws: `PaymentStringError` with `bolt12.malformed`, or `input.unrecognized` or the
  ///   `input.*` code of another kind when `text` is not a BOLT #12 string at all.
  /// - Complexity: O(n).
  public init(parsing text: String) throws(PaymentStringError) {
    self = try Recognition.read(
      Array(text.utf8), as: [.bolt12Offer, .bolt12InvoiceRequest, .bolt12Invoice],
      "a BOLT #12 string"
    ) { body, kind throws(PaymentStringError) in
      do throws(PaymentStringError) { return try Bolt12String(parsingUTF8: body) } catch {
        throw error.recognised(as: kind)
      }
    }
  }

  /// Reads the body of a string recognised as BOLT #12 (indices the offsets in the whole string).
  init(parsingUTF8 text: ArraySlice<UInt8>) throws(PaymentStringError) {
    func malformed(_ message: String, at position: Int?) -> PaymentStringError {
      PaymentStringError(kind: nil, .bolt12Malformed, message, position: position)
    }
    var prefix: UInt32 = 0
    var prefixCount = 0
    var words: [UInt8] = []
    words.reserveCapacity(text.count)
    var sawLower = false
    var sawUpper = false
    var index = text.startIndex
    var previousIsCharacter = false
    while index < text.endIndex {
      let byte = text[index]
      if byte == UInt8(ascii: "+") {
        // BOLT 12: "if it encounters a `+` followed by zero or more whitespace characters
        // between two bech32 characters: MUST remove the `+` and whitespace."
        guard previousIsCharacter else {
          throw malformed("a \"+\" must follow a character of the string", at: index)
        }
        var next = index + 1
        while next < text.endIndex, ASCII.isWhitespace(text[next]) { next += 1 }
        guard next < text.endIndex, ASCII.isLetter(text[next]) || ASCII.isDigit(text[next]) else {
          throw malformed("a \"+\" must be followed by a character of the string", at: index)
        }
        index = next
        previousIsCharacter = false
        continue
      }
      // BOLT 12: "MUST handle strings which are all lowercase, or all uppercase."
      if ASCII.isUpper(byte) {
        sawUpper = true
      } else if ASCII.isLetter(byte) {
        sawLower = true
      }
      if sawUpper && sawLower {
        throw malformed("upper- and lower-case letters are mixed", at: index)
      }
      if prefixCount < 4 {
        guard ASCII.isLetter(byte) || ASCII.isDigit(byte) else {
          throw malformed("\(ASCII.describe(byte)) is not allowed in the prefix", at: index)
        }
        prefix = prefix << 8 | UInt32(ASCII.lowercased(byte))
        prefixCount += 1
      } else {
        guard let word = ASCII.bech32Word(byte) else {
          throw malformed("\(ASCII.describe(byte)) is not in the Bech32 alphabet", at: index)
        }
        words.append(word)
      }
      previousIsCharacter = true
      index += 1
    }
    guard prefixCount == 4, let kind = Kind.allCases.first(where: { $0.packedPrefix == prefix })
    else {
      throw malformed("the prefix is not lno1, lnr1 or lni1", at: text.startIndex)
    }
    guard !words.isEmpty else { throw malformed("no data after the prefix", at: text.endIndex) }
    do {
      bytes = try Bech32.bytes(fromWords: words)
    } catch {
      throw malformed(
        error == .nonZeroPadding
          ? "the padding bits after the last byte are not zero"
          : "the data ends with five or more bits that make no byte", at: text.endIndex)
    }
    self.kind = kind
  }

}
