import Bolt11
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request journal in one file, replaced atomically on every change.
///
/// Each write goes to a temporary file, which is `fsync`ed, renamed over the journal, and then
/// the directory is `fsync`ed (spec §3 A), so a kill at any instant leaves either the previous
/// or the new complete file. The file is a header line, `offline-journal <schema> <length>
/// <sha256>`, followed by a JSON payload of that many bytes with that SHA-256.
///
/// - A file that fails its checksum or does not parse is moved aside to `journal.corrupt-N` and
///   reported with `journal.corrupt`; it is never silently emptied (departs from J6).
/// - A write that fails blocks further writes until `reconfirm()` re-reads the file.
///
/// This is the only file of the module that uses Foundation.
public actor FileRequestJournal: RequestJournal {
  /// The schema version this library writes. It reads this one and every earlier one: schema 1
  /// has no `cancelling` state and no payment hash on finished records.
  public static let schemaVersion = 2
  static let magic = "offline-journal"

  public let directory: String
  private var contents: JournalContents
  private var writeMayHaveFailed = false

  private var path: String { directory + "/journal" }
  private var temporaryPath: String { directory + "/journal.tmp" }

  /// Opens (or creates) the journal in `directory`, which must exist.
  ///
  /// - Throws: `journal.corrupt` (the file was moved to `quarantinePath`; opening again starts
  ///   empty), `journal.unsupported_schema` (the file is left alone), `journal.io`.
  public init(directory: String, capacity: Int = 16) throws(JournalError) {
    self.directory = directory
    // A temporary file left by a kill mid-write was never renamed: it is not the journal.
    unlink(directory + "/journal.tmp")
    contents = JournalContents(
      capacity: capacity, records: try Self.load(path: directory + "/journal", directory: directory))
  }

  public func records() -> [JournalRecord] { contents.records }
  public func record(_ intentID: IntentID) -> JournalRecord? { contents.record(intentID) }

  public func save(_ record: JournalRecord) throws(JournalError) {
    try mutate { contents throws(JournalError) in try contents.save(record) }
  }
  public func remove(_ intentID: IntentID) throws(JournalError) {
    try mutate { $0.remove(intentID) }
  }
  public func removeAll(scope: WalletScope) throws(JournalError) {
    try mutate { $0.removeAll(scope: scope) }
  }
  public func pruneTerminal() throws(JournalError) { try mutate { $0.pruneTerminal() } }

  /// Re-reads the file after a failed write and unblocks writing: what is on disk is the truth.
  public func reconfirm() throws(JournalError) {
    let records = try Self.load(path: path, directory: directory)
    contents = JournalContents(capacity: contents.capacity, records: records)
    writeMayHaveFailed = false
  }

  private func mutate(_ change: (inout JournalContents) throws(JournalError) -> Void)
    throws(JournalError)
  {
    guard !writeMayHaveFailed else {
      throw JournalError(.unconfirmedWrite, "a previous write may have failed; call reconfirm()")
    }
    var next = contents
    try change(&next)
    guard next != contents else { return }
    do {
      try write(Self.encode(next.records))
    } catch {
      writeMayHaveFailed = true
      throw error
    }
    contents = next
  }

  // MARK: - Durable replacement

  private func write(_ bytes: [UInt8]) throws(JournalError) {
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw Self.ioError("open \(temporaryPath)") }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      guard count > 0 else {
        close(descriptor)
        throw Self.ioError("write \(temporaryPath)")
      }
      written += count
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard synced else { throw Self.ioError("fsync \(temporaryPath)") }
    guard rename(temporaryPath, path) == 0 else { throw Self.ioError("rename to \(path)") }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY)
    guard directoryDescriptor >= 0 else { throw Self.ioError("open \(directory)") }
    let directorySynced = fsync(directoryDescriptor) == 0
    close(directoryDescriptor)
    guard directorySynced else { throw Self.ioError("fsync \(directory)") }
  }

  private static func ioError(_ operation: String) -> JournalError {
    JournalError(.io, "\(operation): \(String(cString: strerror(errno)))")
  }

  // MARK: - Format

  static func encode(_ records: [JournalRecord]) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding plain strings and integers cannot fail.
    let payload = Array(try! encoder.encode(records.map(StoredRecord.init)))
    let header =
      "\(magic) \(schemaVersion) \(payload.count) \(Hex.encode(SHA256.hash(payload)))\n"
    return Array(header.utf8) + payload
  }

  private static func load(path: String, directory: String) throws(JournalError) -> [JournalRecord]
  {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw JournalError(.io, "cannot read \(path)")
    }
    switch decode(Array(data)) {
    case .success(let records): return records
    case .failure(let error) where error.code == .unsupportedSchema: throw error
    case .failure(let error):
      let quarantine = try quarantine(path: path, directory: directory)
      throw JournalError(.corrupt, error.message, quarantinePath: quarantine)
    }
  }

  static func decode(_ bytes: [UInt8]) -> Result<[JournalRecord], JournalError> {
    func corrupt(_ message: String) -> Result<[JournalRecord], JournalError> {
      .failure(JournalError(.corrupt, message))
    }
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
      return corrupt("no header line")
    }
    let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    guard header.count == 4, header[0] == magic, let schema = Int(header[1]),
      let length = Int(header[2])
    else { return corrupt("malformed header") }
    guard (1...schemaVersion).contains(schema) else {
      return .failure(
        JournalError(
          .unsupportedSchema, "schema \(schema); this library reads 1 to \(schemaVersion)"))
    }
    let payload = Array(bytes[(newline + 1)...])
    guard payload.count == length else {
      return corrupt("payload is \(payload.count) bytes; the header says \(length)")
    }
    guard Hex.encode(SHA256.hash(payload)) == header[3] else {
      return corrupt("checksum mismatch")
    }
    guard let stored = try? JSONDecoder().decode([StoredRecord].self, from: Data(payload)) else {
      return corrupt("payload does not parse")
    }
    var records: [JournalRecord] = []
    for item in stored {
      guard let record = item.record else { return corrupt("invalid record \(item.intent)") }
      records.append(record)
    }
    return .success(records)
  }

  /// Moves a corrupt file aside to the first free `journal.corrupt-N`.
  private static func quarantine(path: String, directory: String) throws(JournalError) -> String {
    var index = 1
    while FileManager.default.fileExists(atPath: "\(directory)/journal.corrupt-\(index)") {
      index += 1
    }
    let target = "\(directory)/journal.corrupt-\(index)"
    guard rename(path, target) == 0 else { throw ioError("rename to \(target)") }
    return target
  }

  /// The on-disk form of one record.
  private struct StoredRecord: Codable {
    var intent: String
    var request: String
    var amountMsat: UInt64
    var description: String
    var state: String
    var paymentHash: String?
    var expiresAt: UInt64?
    var reason: String?
    var network: String
    var nodeID: String

    init(_ record: JournalRecord) {
      intent = record.intentID.rawValue
      request = record.nodeRequestID
      amountMsat = record.amount.rawValue
      description = record.description
      network = record.scope.network.rawValue
      nodeID = record.scope.nodeID.description
      paymentHash = record.paymentHash?.description
      expiresAt = record.expiresAt
      switch record.state {
      case .intent: state = "intent"
      case .submitted: state = "submitted"
      case .ready: state = "ready"
      case .cancelling(let terminal):
        state = "cancelling"
        reason = Self.encode(terminal)
      case .terminal(let terminal):
        state = "terminal"
        reason = Self.encode(terminal)
      }
    }

    var record: JournalRecord? {
      guard let network = Currency(rawValue: network), let nodeID = NodeID(hex: nodeID) else {
        return nil
      }
      var hash: PaymentHash?
      if let paymentHash {
        guard let parsed = PaymentHash(hex: paymentHash) else { return nil }
        hash = parsed
      }
      let decodedState: RequestState
      switch state {
      case "intent": decodedState = .intent
      case "submitted": decodedState = .submitted
      case "ready":
        guard hash != nil, expiresAt != nil else { return nil }
        decodedState = .ready
      case "cancelling":
        guard let reason, let terminal = Self.decode(reason) else { return nil }
        decodedState = .cancelling(terminal)
      case "terminal":
        guard let reason, let terminal = Self.decode(reason) else { return nil }
        decodedState = .terminal(terminal)
      default: return nil
      }
      return JournalRecord(
        intentID: IntentID(intent), nodeRequestID: request, amount: Millisatoshis(amountMsat),
        description: description, state: decodedState,
        scope: WalletScope(network: network, nodeID: nodeID), paymentHash: hash,
        expiresAt: expiresAt)
    }

    private static func encode(_ reason: TerminalReason) -> String {
      switch reason {
      case .expired: "expired"
      case .settled(let fulfilled): fulfilled ? "settled:fulfilled" : "settled:failed"
      case .failed(let text): "failed:" + text
      case .cancelled: "cancelled"
      case .refused(let text): "refused:" + text
      case .invalidInvoice(let text): "invalid_invoice:" + text
      }
    }

    private static func decode(_ text: String) -> TerminalReason? {
      let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      let detail = parts.count > 1 ? String(parts[1]) : ""
      switch (parts[0], parts.count) {
      case ("expired", 1): return .expired
      case ("cancelled", 1): return .cancelled
      case ("settled", 2) where detail == "fulfilled": return .settled(fulfilled: true)
      case ("settled", 2) where detail == "failed": return .settled(fulfilled: false)
      case ("failed", 2): return .failed(detail)
      case ("refused", 2): return .refused(detail)
      case ("invalid_invoice", 2): return .invalidInvoice(detail)
      default: return nil
      }
    }
  }
}

/// `write(2)`, named apart from the actor's own `write` method.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
