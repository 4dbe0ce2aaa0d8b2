import Bech32Codec

/// The text form of a BOLT #12 string: a prefix, `1`, then the TLV stream's bytes as Bech32 data
/// characters, in one case, with no checksum.
///
/// A `+` followed by optional white space (space, tab, CR, LF) may join two parts anywhere, the
/// prefix included, and is removed. The data regroups into whole bytes with at most four zero
/// bits of padding, and is not empty.
public struct StringForm: Sendable, Hashable {
  /// The three kinds of BOLT #12 string, by prefix.
  public enum Kind: String, CaseIterable, Sendable {
    /// An offer: `lno`.
    case offer = "lno"
    /// An invoice request: `lnr`.
    case invoiceRequest = "lnr"
    /// An invoice: `lni`.
    case invoice = "lni"
  }

  /// Offer, invoice request or invoice.
  public let kind: Kind
  /// The TLV stream the data characters encode.
  public let bytes: [UInt8]

  /// The longest string read, in characters as given: 16,384 (16 KiB of text, several times the
  /// longest offer a QR code holds).
  public static let maximumLength = 16_384

  /// Makes the form of `bytes` as a string of `kind`.
  public init(kind: Kind, bytes: [UInt8]) {
    self.kind = kind
    self.bytes = bytes
  }

  /// Reads the string form.
  ///
  /// - Parameter text: the string exactly as given (no `lightning:` prefix, no white space
  ///   around it).
  /// - Throws: `Bolt12Error` with `bolt12.too_long` (over ``maximumLength`` characters) or
  ///   `bolt12.malformed`, each with the character offset of the fault.
  /// - Complexity: O(n).
  public init(parsing text: String) throws(Bolt12Error) {
    var text = text
    let parsed = text.withUTF8 { utf8 in
      Result { () throws(Bolt12Error) in try StringForm(utf8: utf8) }
    }
    self = try parsed.get()
  }

  /// Reads the string form from its UTF-8 bytes; positions count Unicode scalars, which are
  /// bytes up to the first fault (every accepted character is ASCII).
  init(utf8 text: UnsafeBufferPointer<UInt8>) throws(Bolt12Error) {
    // Cheap checks first: the cap, before any character is looked at.
    if text.count > Self.maximumLength {
      let scalars = text.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
      if scalars > Self.maximumLength {
        throw Bolt12Error(
          .tooLong, "more than \(Self.maximumLength) characters", position: Self.maximumLength)
      }
    }
    func malformed(_ message: String, at position: Int) -> Bolt12Error {
      Bolt12Error(.malformed, message, position: position)
    }
    var prefixCount = 0
    var kind = Kind.offer
    var words: [UInt8] = []
    words.reserveCapacity(text.count)
    var sawLower = false
    var sawUpper = false
    var previousIsCharacter = false
    // The table once, not a global's access per character.
    let wordOfASCII = Self.wordOfASCII
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: "+") {
        // BOLT 12: "if it encounters a `+` followed by zero or more whitespace characters between
        // two bech32 characters: MUST remove the `+` and whitespace."
        guard previousIsCharacter else {
          throw malformed("a \"+\" must follow a character of the string", at: index)
        }
        var next = index + 1
        while next < text.count, Self.isWhitespace(text[next]) { next += 1 }
        guard next < text.count, Self.isAlphanumeric(text[next]) else {
          throw malformed("a \"+\" must be followed by a character of the string", at: index)
        }
        index = next
        previousIsCharacter = false
        continue
      }
      // BOLT 12: "MUST handle strings which are all lowercase, or all uppercase."
      if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
        sawUpper = true
      } else if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
        sawLower = true
      }
      if sawUpper && sawLower {
        throw malformed("upper- and lower-case letters are mixed", at: index)
      }
      if prefixCount < 4 {
        let lowered = byte | (Self.isAlphanumeric(byte) ? 0x20 : 0)
        let matches =
          switch prefixCount {
          case 0: lowered == UInt8(ascii: "l")
          case 1: lowered == UInt8(ascii: "n")
          case 2: Kind.allCases.contains { $0.rawValue.utf8.last == lowered }
          default: lowered == UInt8(ascii: "1")
          }
        guard matches else {
          throw malformed("the string does not start with lno1, lnr1 or lni1", at: index)
        }
        if prefixCount == 2 { kind = Kind.allCases.first { $0.rawValue.utf8.last == lowered }! }
        prefixCount += 1
      } else {
        let word = byte < 128 ? wordOfASCII[Int(byte)] : 0xff
        guard word != 0xff else {
          throw malformed("a character outside the Bech32 alphabet", at: index)
        }
        words.append(word)
      }
      previousIsCharacter = true
      index += 1
    }
    guard prefixCount == 4 else {
      throw malformed("the string does not start with lno1, lnr1 or lni1", at: text.count)
    }
    guard !words.isEmpty else { throw malformed("no data after the prefix", at: text.count) }
    do {
      bytes = try Bech32.bytes(fromWords: words)
    } catch {
      throw malformed(
        error == .nonZeroPadding
          ? "the padding bits after the last byte are not zero"
          : "the data ends with five or more bits that make no byte", at: text.count)
    }
    self.kind = kind
  }

  /// The string: the prefix, `1` and the data characters, lower case, without `+`.
  public var text: String {
    var characters = Array(kind.rawValue.utf8)
    characters.append(UInt8(ascii: "1"))
    characters.append(contentsOf: Bech32.words(fromBytes: bytes).map(Bech32.asciiCharacter(of:)))
    return String(decoding: characters, as: UTF8.self)
  }

  /// The word of each ASCII byte (either case), 0xff for a byte outside the alphabet: the
  /// alphabet's reverse, built from ``Bech32/alphabet``.
  private static let wordOfASCII: [UInt8] = {
    var table = [UInt8](repeating: 0xff, count: 128)
    for (word, character) in Bech32.alphabet.enumerated() {
      table[Int(character)] = UInt8(word)
      if character >= UInt8(ascii: "a") { table[Int(character) & ~0x20] = UInt8(word) }
    }
    return table
  }()

  /// Space, tab, CR or LF: the white space a `+` may be followed by.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
  }
}
