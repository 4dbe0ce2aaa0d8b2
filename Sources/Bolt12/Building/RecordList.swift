import Secp256k1

/// Records to write, gathered in any order and written as one stream, ordered by type; the
/// builders of invoice requests and invoices share it.
struct RecordList {
  private(set) var records: [(type: UInt64, value: [UInt8])] = []

  /// Adds a record when `value` is present.
  mutating func add(_ type: UInt64, _ value: [UInt8]?) {
    if let value { records.append((type, value)) }
  }

  /// Adds a `tu64` record when `value` is present.
  mutating func add(_ type: UInt64, number value: UInt64?) {
    guard let value else { return }
    var bytes: [UInt8] = []
    BigSize.writeTruncated(value, to: &bytes)
    records.append((type, bytes))
  }

  /// Adds a paths record when `paths` is present, refusing one that cannot be written.
  mutating func add(_ type: UInt64, paths: [BlindedPath]?, name: String) throws(Bolt12Error) {
    guard let paths else { return }
    var bytes: [UInt8] = []
    for path in paths {
      guard path.hops.count <= Int(UInt8.max),
        path.hops.allSatisfy({ $0.encryptedRecipientData.count <= Int(UInt16.max) })
      else {
        throw Bolt12Error(
          .invalidField, "\(name): more than 255 hops, or hop data over 65535 bytes", field: name)
      }
      path.write(to: &bytes)
    }
    records.append((type, bytes))
  }

  /// The stream, records in type order (a stable sort: a repeated type stays repeated, which
  /// the reader refuses).
  var bytes: [UInt8] {
    TLVStream.write(
      records.enumerated().sorted { ($0.element.type, $0.offset) < ($1.element.type, $1.offset) }
        .map(\.element))
  }

  /// The stream with `key`'s signature appended as `message`, over its Merkle root.
  func signed(
    as message: Bolt12Signature.Message, with key: SchnorrSigningKey, auxiliaryRandomness: [UInt8]?
  ) throws(Bolt12Error) -> [UInt8] {
    var unsigned = bytes
    let stream = try TLVStream(framing: unsigned)
    guard let root = MerkleRoot(stream: stream) else {
      throw Bolt12Error(.missingField, "nothing to sign", field: "invreq_metadata")
    }
    let signature: SchnorrSignature
    do {
      signature = try key.sign(
        Bolt12Signature.digest(of: root, for: message), auxiliaryRandomness: auxiliaryRandomness)
    } catch {
      throw Bolt12Error(.invalidField, "auxiliary randomness is 32 bytes", field: "signature")
    }
    // The signature type is above every type a reader allows below 240, so it is appended as
    // the last record unless the caller added unknown records of types above it.
    var signatureRecord: [UInt8] = []
    BigSize.write(Bolt12Signature.recordType, to: &signatureRecord)
    BigSize.write(UInt64(SchnorrSignature.byteCount), to: &signatureRecord)
    signatureRecord += signature.bytes
    let higher = stream.records.firstIndex { $0.type > Bolt12Signature.recordType }
    let split = higher.map { stream.records[$0].offset } ?? unsigned.count
    unsigned.insert(contentsOf: signatureRecord, at: split)
    return unsigned
  }
}
