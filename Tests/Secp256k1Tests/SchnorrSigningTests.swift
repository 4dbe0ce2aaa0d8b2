import Bech32Codec
import Foundation
import Secp256k1
import TestSupport
import Testing

@Suite struct SchnorrSigningTests {
  /// A row of BIP-340's test-vectors.csv that has a secret key.
  struct Row: Sendable, CustomStringConvertible {
    var index: String
    var secretKey: String
    var publicKey: String
    var auxiliaryRandomness: String
    var message: String
    var signature: String
    var description: String { "BIP-340 vector \(index)" }
  }

  static let rows: [Row] = {
    let url = try! PackageFolder.vectors().appendingPathComponent("spec/bip-0340-test-vectors.csv")
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
      let columns = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard !columns[1].isEmpty else { return nil }
      return Row(
        index: columns[0], secretKey: columns[1], publicKey: columns[2],
        auxiliaryRandomness: columns[3], message: columns[4], signature: columns[5])
    }
  }()

  @Test func theFileHasItsSigningRows() {
    // At the pinned version rows 0 to 3 and 15 to 18 carry a secret key.
    #expect(Self.rows.count == 8)
  }

  @Test("signing each BIP-340 row with its aux_rand gives the published signature", arguments: rows)
  func signing(row: Row) throws {
    let key = try SchnorrSigningKey(secretKey: try #require(Hex.decode(row.secretKey)))
    #expect(key.xOnlyPublicKey == XOnlyPublicKey(hex: row.publicKey))
    let message = try #require(Hex.decode(row.message))
    let auxiliary = try #require(Hex.decode(row.auxiliaryRandomness))
    let signature = try key.sign(message, auxiliaryRandomness: auxiliary)
    #expect(signature == SchnorrSignature(hex: row.signature))
    #expect(Schnorr.verify(try key.sign(message), of: message, by: key.xOnlyPublicKey))
  }

  @Test func refusesAnInvalidSecret() {
    #expect(throws: Secp256k1Error.self) {
      try SchnorrSigningKey(secretKey: [UInt8](repeating: 0, count: 32))
    }
    #expect(throws: Secp256k1Error.self) { try SchnorrSigningKey(secretKey: [1]) }
  }
}
