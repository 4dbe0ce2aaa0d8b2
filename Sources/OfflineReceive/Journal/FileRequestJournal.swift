import Bech32Codec
import Bolt11
import Bolt11JSON
import Secp256k1
import SystemCall

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A request journal in one file, replaced atomically on every change, safe to share between
/// processes (an app and its extension).
///
/// Every operation takes an exclusive `flock` on `journal.lock` beside the journal, re-reads the
/// file, and (for a change) writes the whole journal to a temporary file of its own, `fsync`s
/// it, renames it over the journal and `fsync`s the directory, before it lets go of the lock.
/// So writers take turns, each sees the others' records, and a kill at any instant leaves either
/// the previous or the new complete file. The lock is never held across a suspension: every
/// operation is synchronous inside the actor. The file is a header line,
/// `offline-journal <schema> <length> <sha256>`, followed by a JSON payload of that many bytes
/// with that SHA-256.
///
/// - A file that fails its checksum or does not parse is moved aside to `journal.corrupt-N` and
///   reported with `journal.corrupt`; it is never silently emptied.
/// - A write that fails removes its temporary file; the next change re-reads the file under
///   the lock and starts from what it holds, so nothing needs to confirm the failure.
/// - Ended records are pruned by `pruneEnded(asOf:margin:)` (the provider calls it), so the
///   file holds the live records and those ended recently, and a write's cost does not grow
///   with the wallet's history.
/// - Descriptors are opened close-on-exec; calls interrupted by a signal are retried.
///
/// POSIX calls and the package's own JSON only: no Foundation.
public actor FileRequestJournal: RequestJournal {
  /// The schema version this library writes. It reads this one and every earlier one: schema 1
  /// has no `cancelling` state and no payment hash on finished records.
  public static let schemaVersion = 2
  static let magic = "offline-journal"
  static let temporaryPrefix = "journal.tmp"

  /// The directory that holds the journal, its lock file and its temporary files.
  public let directory: String
  private let capacity: Int
  private let lock: LockFile
  private var temporaryCounter: UInt64 = 0
  #if DEBUG
    /// The step at which the next write fails with `EIO`: the package's fault-injection tests.
    /// Debug (test) builds only; a release build has no fault injection.
    private var injectedFailure: WriteStep?

    /// The steps of one durable replacement, for fault injection.
    package enum WriteStep: Sendable { case write, fsync, rename }

    /// Makes the next write fail at `step`, as a full disk or a failing device would.
    package func failNextWrite(at step: WriteStep) { injectedFailure = step }
  #endif

  private var path: String { directory + "/journal" }

  /// Opens (or creates) the journal in `directory`, which must exist.
  ///
  /// Temporary files left by a writer that was killed mid-write are removed: under the lock, no
  /// live writer has one.
  ///
  /// - Throws: `journal.io` when `directory` is missing or the lock cannot be taken;
  ///   `journal.corrupt` (the file was moved to `quarantinePath`; opening again starts empty),
  ///   `journal.unsupported_schema` (the file is left alone).
  public init(directory: String, capacity: Int = 16) throws(JournalError) {
    var status = stat()
    guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw Self.ioError("open directory \(directory)")
    }
    self.directory = directory
    self.capacity = capacity
    lock = try LockFile(path: directory + "/journal.lock")
    try lock.withExclusive { () throws(JournalError) in
      for name in directoryEntries(directory) ?? [] where name.hasPrefix(Self.temporaryPrefix) {
        unlink(directory + "/" + name)
      }
      _ = try Self.load(path: directory + "/journal", directory: directory)
    }
  }

  /// Every record, in the order first written, as the file holds them now.
  public func records() throws(JournalError) -> [JournalRecord] { try current().records }
  /// The record of `intentID`, as the file holds it now.
  public func record(_ intentID: IntentID) throws(JournalError) -> JournalRecord? {
    try current().record(intentID)
  }

  /// Writes `record` durably, replacing the one with the same intent id.
  public func save(_ record: JournalRecord) throws(JournalError) {
    try mutate { contents throws(JournalError) in try contents.save(record) }
  }
  /// Forgets one intent, durably.
  public func remove(_ intentID: IntentID) throws(JournalError) {
    try mutate { $0.remove(intentID) }
  }
  /// Forgets every record of one wallet, durably.
  public func removeAll(scope: WalletScope) throws(JournalError) {
    try mutate { $0.removeAll(scope: scope) }
  }
  /// Forgets every finished record, durably.
  public func pruneTerminal() throws(JournalError) { try mutate { $0.pruneTerminal() } }
  /// Forgets every ended record no payment can arrive for any more, durably.
  public func pruneEnded(asOf now: UInt64, margin: UInt64) throws(JournalError) {
    try mutate { $0.pruneEnded(asOf: now, margin: margin) }
  }

  /// Re-reads the file. Kept for source compatibility: writing is no longer blocked after a
  /// failed write, since every change re-reads the file under the lock first.
  public func reconfirm() throws(JournalError) {
    _ = try current()
  }

  /// The journal as the file holds it now, read under the lock.
  private func current() throws(JournalError) -> JournalContents {
    try lock.withExclusive { () throws(JournalError) in
      JournalContents(capacity: capacity, records: try Self.load(path: path, directory: directory))
    }
  }

  /// Every change re-reads the file under the lock first, so a write that may have failed
  /// (full disk, failing device) needs no confirmation call: the next change starts from what
  /// the file holds.
  private func mutate(_ change: (inout JournalContents) throws(JournalError) -> Void)
    throws(JournalError)
  {
    try lock.withExclusive { () throws(JournalError) in
      let before = JournalContents(
        capacity: capacity, records: try Self.load(path: path, directory: directory))
      var next = before
      try change(&next)
      guard next != before else { return }
      try write(Self.encode(next.records))
    }
  }

  // MARK: - Durable replacement

  /// Writes `bytes` as the new journal: a temporary file of this writer, `fsync`, rename over the
  /// journal, `fsync` of the directory. The temporary file is removed when any step fails.
  private func write(_ bytes: [UInt8]) throws(JournalError) {
    temporaryCounter += 1
    let temporaryPath =
      "\(directory)/\(Self.temporaryPrefix)-\(getpid())-\(temporaryCounter)"
    let descriptor = try Self.open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    var renamed = false
    defer { if !renamed { unlink(temporaryPath) } }
    do {
      defer { close(descriptor) }
      try injectFailure(at: .write, "write \(temporaryPath)")
      try Self.writeAll(bytes, to: descriptor, path: temporaryPath)
      try injectFailure(at: .fsync, "fsync \(temporaryPath)")
      try Self.sync(descriptor, path: temporaryPath)
    }
    try injectFailure(at: .rename, "rename to \(path)")
    guard rename(temporaryPath, path) == 0 else { throw Self.ioError("rename to \(path)") }
    renamed = true
    let directoryDescriptor = try Self.open(directory, O_RDONLY | O_DIRECTORY, 0)
    defer { close(directoryDescriptor) }
    try Self.sync(directoryDescriptor, path: directory)
  }

  #if DEBUG
    private func injectFailure(at step: WriteStep, _ operation: String) throws(JournalError) {
      guard injectedFailure == step else { return }
      injectedFailure = nil
      errno = EIO
      throw Self.ioError(operation)
    }
  #else
    private enum WriteStep { case write, fsync, rename }
    private func injectFailure(at step: WriteStep, _ operation: String) throws(JournalError) {}
  #endif

  /// `open(2)` with close-on-exec, retried when a signal interrupts it.
  static func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws(JournalError) -> Int32 {
    try retryingOnInterrupt { posixOpen(path, flags | O_CLOEXEC, mode) }
      .mapError { ioError("open \(path)", $0) }.get()
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String)
    throws(JournalError)
  {
    var written = 0
    while written < bytes.count {
      let count = try bytes.withUnsafeBytes { buffer in
        retryingOnInterrupt {
          posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
        }
      }.mapError { ioError("write \(path)", $0) }.get()
      // write(2) returns 0 only for a count of 0; never loop on it.
      guard count > 0 else { throw ioError("write \(path)") }
      written += count
    }
  }

  private static func sync(_ descriptor: Int32, path: String) throws(JournalError) {
    _ = try retryingOnInterrupt { fsync(descriptor) }.mapError { ioError("fsync \(path)", $0) }
      .get()
  }

  /// The whole file at `path`, or nil when there is none.
  private static func readAll(_ path: String) throws(JournalError) -> [UInt8]? {
    let descriptor: Int32
    do {
      descriptor = try open(path, O_RDONLY, 0)
    } catch {
      if errno == ENOENT { return nil }
      throw error
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = try chunk.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt { read(descriptor, buffer.baseAddress, buffer.count) }
      }.mapError { ioError("read \(path)", $0) }.get()
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  static func ioError(_ operation: String) -> JournalError {
    ioError(operation, SystemError(code: errno))
  }

  /// The journal error of a failed system call.
  static func ioError(_ operation: String, _ failure: SystemError) -> JournalError {
    JournalError(.io, "\(operation): \(failure)")
  }

  // MARK: - Format

  static func encode(_ records: [JournalRecord]) -> [UInt8] {
    var payload: [UInt8] = []
    payload.reserveCapacity(records.count * 400)
    JSON.array(records.map { StoredRecord($0).json }).write(to: &payload)
    let header =
      "\(magic) \(schemaVersion) \(payload.count) \(Hex.encode(SHA256.hash(payload)))\n"
    return Array(header.utf8) + payload
  }

  private static func load(path: String, directory: String) throws(JournalError) -> [JournalRecord]
  {
    guard let bytes = try readAll(path) else { return [] }
    switch decode(bytes) {
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
    guard let parsed = try? JSON.parse(String(decoding: payload, as: UTF8.self)),
      let items = parsed.arrayValue
    else {
      return corrupt("payload does not parse")
    }
    var records: [JournalRecord] = []
    records.reserveCapacity(items.count)
    for item in items {
      guard let stored = StoredRecord(item) else { return corrupt("payload does not parse") }
      guard let record = stored.record else { return corrupt("invalid record \(stored.intent)") }
      records.append(record)
    }
    return .success(records)
  }

  /// Moves a corrupt file aside to the first free `journal.corrupt-N`.
  private static func quarantine(path: String, directory: String) throws(JournalError) -> String {
    var index = 1
    var status = stat()
    while lstat("\(directory)/journal.corrupt-\(index)", &status) == 0 {
      index += 1
    }
    let target = "\(directory)/journal.corrupt-\(index)"
    guard rename(path, target) == 0 else { throw ioError("rename to \(target)") }
    return target
  }
}

/// `write(2)`, named apart from the actor's own `write` method.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

/// `open(2)`, named apart from the journal's own `open`.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

/// The lock file beside the journal: one open descriptor, locked with `flock` around each
/// read-modify-write and closed when the journal goes.
///
/// `flock` locks belong to the open file description, so two journals over one directory
/// exclude each other within one process as well as across processes.
private final class LockFile {
  let descriptor: Int32

  init(path: String) throws(JournalError) {
    descriptor = try FileRequestJournal.open(path, O_RDWR | O_CREAT, 0o600)
  }

  deinit { close(descriptor) }

  /// Runs `body` holding the exclusive lock; waits for other holders, retrying after signals.
  func withExclusive<Value>(_ body: () throws(JournalError) -> Value) throws(JournalError)
    -> Value
  {
    _ = try retryingOnInterrupt { flock(descriptor, LOCK_EX) }
      .mapError { FileRequestJournal.ioError("lock journal.lock", $0) }.get()
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
