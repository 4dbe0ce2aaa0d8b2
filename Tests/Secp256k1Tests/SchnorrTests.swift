import Foundation
import Secp256k1
import TestSupport
import Testing

@Suite struct SchnorrTests {
  /// A row of BIP-340's test-vectors.csv.
  struct Row: Sendable, CustomStringConvertible {
    var index: String
    var publicKey: String
    var message: String
    var signature: String
    var verifies: Bool
    var comment: String
    var description: String { "BIP-340 vector \(index) \(comment)" }
  }

  /// The published file, as pinned in Vectors/spec.
  static let rows: [Row] = {
    let url = try! PackageFolder.vectors().appendingPathComponent("spec/bip-0340-test-vectors.csv")
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(whereSeparator: \.isNewline).dropFirst().map { line in
      let columns = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      return Row(
        index: columns[0], publicKey: columns[2], message: columns[4], signature: columns[5],
        verifies: columns[6] == "TRUE", comment: columns[7...].joined(separator: ","))
    }
  }()

  @Test func theFileHasEveryRow() {
    // Indices 0 to 18 at the pinned version, five of them with messages not 32 bytes long.
    #expect(Self.rows.count == 19)
    #expect(Self.rows.filter { $0.message.count != 64 }.count == 4)
  }

  @Test("each BIP-340 vector verifies exactly when the file says", arguments: rows)
  func verification(row: Row) throws {
    let key = try #require(XOnlyPublicKey(hex: row.publicKey))
    let signature = try #require(SchnorrSignature(hex: row.signature))
    let message = hexBytes(row.message)
    #expect(Schnorr.verify(signature, of: message, by: key) == row.verifies)
  }

  @Test func aKeyOffTheCurveIsSaidSo() throws {
    // Vector 5: "public key not on the curve".
    let row = try #require(Self.rows.first { $0.index == "5" })
    #expect(try #require(XOnlyPublicKey(hex: row.publicKey)).isOnCurve == false)
    let good = try #require(Self.rows.first { $0.index == "1" })
    #expect(try #require(XOnlyPublicKey(hex: good.publicKey)).isOnCurve)
  }

  @Test func aCompressedKeyGivesItsX() throws {
    let key = try #require(
      PublicKey(hex: "02dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659"))
    #expect(XOnlyPublicKey(key).description == String(key.description.dropFirst(2)))
  }

  @Test func wrongLengthsAreNil() {
    #expect(XOnlyPublicKey(bytes: [UInt8](repeating: 1, count: 31)) == nil)
    #expect(SchnorrSignature(bytes: [UInt8](repeating: 1, count: 63)) == nil)
    #expect(SchnorrSignature(hex: "zz") == nil)
  }
}
