import Bolt11
import PaymentInput
import TestSupport
import Testing

/// What the paste path (`PaymentString.invoice(in:)`) says of a string that pays no invoice, as
/// the contract's "Payment strings" names it: a broken string of another kind has the code
/// `inspect` gives it, and a stray character before an invoice is named where it stands.
@Suite struct InvoiceRefusalTests {
  static func refusal(_ text: String) -> PaymentStringError? {
    do {
      _ = try PaymentString.invoice(in: text)
      return nil
    } catch {
      return error
    }
  }

  /// BIP-173's example address and LUD-01's example LNURL, each with its last checksum
  /// character changed.
  static let badAddress = "\(PaymentStringSamples.p2wpkh.dropLast())5"
  static let badLNURL = "\(PaymentStringSamples.lnurl.dropLast())T"

  static let broken: [(String, String)] = [
    (badAddress, "address.invalid"),
    ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", "address.invalid"),
    (badLNURL, "lnurl.malformed"),
    ("satoshi@", "lightning_address.malformed"),
    ("\(PaymentStringSamples.node)@", "node_uri.malformed"),
    ("bitcoin:?lightning=", "bip321.malformed"),
    ("bitcoin:?lightning=\(badLNURL)", "lnurl.malformed"),
    ("sp1", "address.invalid"),
  ]

  @Test(
    "a broken string of another kind is refused with its own code, as parsing gives it",
    arguments: broken)
  func brokenOtherKind(text: String, code: String) throws {
    let error = try #require(Self.refusal(text))
    #expect(error.dottedCode == code)
    // What parsing the string alone says, for the strings that are not URIs.
    if !text.hasPrefix("bitcoin:") {
      #expect(throws: error) { try PaymentString(parsing: text) }
    }
  }

  static let valid: [(String, String)] = [
    (PaymentStringSamples.p2wpkh, "input.bitcoin_address"),
    (PaymentStringSamples.lnurl, "input.lnurl"),
    ("satoshi@bitcoin.org", "input.lightning_address"),
    ("\(PaymentStringSamples.node)@203.0.113.7", "input.node_uri"),
  ]

  @Test("a valid string of another kind is refused as what it is", arguments: valid)
  func validOtherKind(text: String, code: String) throws {
    #expect(Self.refusal(text)?.dottedCode == code)
  }

  static let coffee = PaymentStringSamples.coffee
  static let stray: [(String, Int, String)] = [
    ("\"\(coffee)\"", 0, "character '\"'"),
    ("'\(coffee)", 0, "character \"'\""),
    ("lightning://\(coffee)", 10, "character \"/\""),
    ("lightning: \(coffee)", 10, "a space"),
    ("<\(PaymentStringSamples.lnurl)>", 0, "character \"<\""),
    ("\u{00AB}\(coffee)\u{00BB}", 0, "U+00AB"),
  ]

  @Test("a stray character before an invoice is named, at its position", arguments: stray)
  func strayCharacter(text: String, position: Int, name: String) throws {
    let error = try #require(Self.refusal(text))
    #expect(error.dottedCode == "input.unrecognized")
    #expect(error.position == position)
    #expect(error.message.hasPrefix(name + " before what looks like "), "\(error.message)")
  }

  @Test("a stray byte that is not UTF-8 is named as a byte")
  func strayByte() throws {
    let bytes: [UInt8] = [0xFF] + Array(PaymentStringSamples.coffee.utf8)
    let error = try #require(
      bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(PaymentStringError) in
          try PaymentString.invoice(inUTF8: buffer, options: DecodeOptions())
        }
      }.failure)
    #expect(error.dottedCode == "input.unrecognized")
    #expect(error.position == 0)
    #expect(error.message.hasPrefix("byte 0xff before what looks like "), "\(error.message)")
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
