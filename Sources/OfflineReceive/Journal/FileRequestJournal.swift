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

/// A request journal in one append-only file, safe to share between processes (an app and its
/// extension), whose writes cost the same however long the wallet's history.
///
/// The file is a log (schema 3): a header line, then one line per change, each with its own
/// length and SHA-256. A save appends one line and `fdatasync`s the file. When the log holds
/// more than twice as many lines as the journal has records (and at least
/// `compactionFloor`), and on `removeAll(scope:)` and `pruneTerminal()`, the change is a
/// compaction instead: the records are written to a temporary file of this writer, which is
/// `fsync`ed, renamed over the journal, and the directory `fsync`ed. So the file holds the live
/// records and those ended recently (the provider prunes the rest with
/// `pruneEnded(asOf:margin:)`), and a save's cost does not grow with the history.
///
/// - Every call takes an exclusive `flock` on `journal.lock` beside the journal and first
///   catches up with the file: when it is the same file (same inode) and has grown, only the
///   new lines are read; when it is unchanged, nothing is read; otherwise it is read again
///   whole. So writers take turns and each sees the others' records.
/// - A kill at any instant leaves, for each acknowledged call, the journal before or after it:
///   an append cut short is the file's last bytes, with no newline, and was never
///   acknowledged; it is ignored, and cut off before the next append.
/// - The file alone cannot tell a torn append from a file cut inside an acknowledged line, so
///   each writer notes in `journal.lock` (which a cut of the journal cannot reach) the
///   journal's inode and the length acknowledged so far: a journal shorter than that is damage.
///   The note is written after the journal's own sync and is not synced itself (it costs a
///   `pwrite`, not a second sync): a kill never loses it, and after a power loss it may only
///   claim less than the journal holds, never more.
/// - A damaged file (a whole line that fails its checksum, even the last; a damaged header or
///   compacted line;
///   for a file of schema 1 or 2, a failed checksum) is copied aside to `journal.corrupt-N` and
///   the journal rewritten with every record it still proves: the latest state of each intent
///   over its good lines. The call that found it throws `journal.corrupt`, with
///   `quarantinePath` and `salvagedCount`; the next call reads the salvaged records, so the
///   provider's `restore()` finds the live node requests again.
/// - A write that fails leaves no change behind (its temporary file is removed, its line cut
///   off), and the next call starts from what the file holds: nothing needs to confirm it.
/// - Files of schema 1 and 2 are read, and rewritten as schema 3 by the next change.
/// - The actor runs on a thread of its own (`unownedExecutor`), so a call that waits for the
///   lock never holds a thread of the cooperative pool. The thread ends with the journal.
/// - Temporary files of writers killed mid-write are removed by the first call. Descriptors
///   are opened close-on-exec; calls interrupted by a signal are retried.
///
/// POSIX calls and the package's own JSON only: no Foundation.
public actor FileRequestJournal: RequestJournal {
  /// The schema version this library writes. It reads this one and every earlier one.
  public static let schemaVersion = JournalLog.schema
  static let temporaryPrefix = "journal.tmp"
  /// The fewest lines a log may reach before a compaction: a small journal is not rewritten
  /// every few saves.
  static let compactionFloor = 64
  /// The most `journal.corrupt-N` copies kept: the oldest go first, so damage found again and
  /// again never fills the disk.
  public static let quarantineLimit = 3

  /// The directory that holds the journal, its lock file and its temporary files.
  public let directory: String
  private let capacity: Int
  private let lock: LockFile
  private let thread: JournalThread
  /// Whether every open for writing fails as on a read-only file system (tests only).
  private let simulatedReadOnly: Bool
  private var temporaryCounter: UInt64 = 0
  /// Whether the first call's clean-up of temporary files was done.
  private var opened = false
  /// The journal file as last read; nil when there is none.
  private var file: OpenFile?
  /// The records of `file` as last read.
  private var contents: JournalContents
  /// A damaged journal file whose salvaged records could not be written (a full disk): the
  /// journal carries on with them in memory while the file stays as it is, and the next change
  /// that can be written replaces it.
  private var unsalvagedFile: OpenFile?
  /// The bytes of a damaged file no copy could be made of: copied before the file is replaced.
  private var uncopiedDamage: [UInt8]?
  #if DEBUG
    /// The step at which the next write fails with `EIO`: the package's fault-injection tests.
    /// Debug (test) builds only; a release build has no fault injection.
    private var injectedFailure: WriteStep?
    /// The steps at which every write fails with `ENOSPC`, until changed.
    private var persistentFailures: Set<WriteStep> = []

    /// The steps of a write, for fault injection: `append` and `appendSync` of a line (the
    /// failing append writes half its line first), `write`, `fsync` and `rename` of a
    /// compaction, `quarantine` of the copy of a damaged file (half of it is written first).
    package enum WriteStep: Sendable { case append, appendSync, write, fsync, rename, quarantine }

    /// Makes the next write fail at `step`, as a failing device would.
    package func failNextWrite(at step: WriteStep) { injectedFailure = step }
    /// Makes every write fail at `steps` with `ENOSPC`, as a full disk does, until called again.
    package func failWrites(at steps: Set<WriteStep>) { persistentFailures = steps }
  #endif

  /// The journal's own thread: every call runs there.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    thread.asUnownedSerialExecutor()
  }

  #if os(Linux)
    /// The kernel's id of the journal's thread; 0 until it first runs.
    nonisolated var kernelThreadID: Int32 { thread.kernelThreadID }
  #endif

  private var path: String { directory + "/journal" }

  /// Opens the journal in `directory`, which must exist; the file is created by the first
  /// change.
  ///
  /// Opening neither reads the file nor waits for the lock: the first call does both, on the
  /// journal's thread, and removes the temporary files of writers killed mid-write (under the
  /// lock, no live writer has one).
  ///
  /// - Throws: `journal.io` when `directory` is missing, or the lock file or the journal's
  ///   thread cannot be made.
  public init(directory: String, capacity: Int = 16) throws(JournalError) {
    try self.init(directory: directory, capacity: capacity, readOnly: false)
  }

  #if DEBUG
    /// A journal that treats `directory` as read-only, as a read-only file system would (every
    /// open for writing fails with `EROFS`): the package's tests run as any user, root too.
    package init(directory: String, capacity: Int = 16, simulatingReadOnly: Bool)
      throws(JournalError)
    {
      try self.init(directory: directory, capacity: capacity, readOnly: simulatingReadOnly)
    }
  #endif

  private init(directory: String, capacity: Int, readOnly: Bool) throws(JournalError) {
    var status = stat()
    guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw Self.ioError("open directory \(directory)")
    }
    self.directory = directory
    self.capacity = capacity
    contents = JournalContents(capacity: capacity)
    simulatedReadOnly = readOnly
    lock = try LockFile(path: directory + "/journal.lock", simulatingReadOnly: readOnly)
    thread = try JournalThread()
  }

  deinit { thread.shutdown() }

  /// Every record, in the order first written, as the file holds them now.
  ///
  /// - Throws: `journal.corrupt` (the records salvaged are read by the next call),
  ///   `journal.unsupported_schema` (the file is left alone), `journal.io`.
  public func records() throws(JournalError) -> [JournalRecord] {
    try withLock { () throws(JournalError) in contents.records }
  }
  /// The record of `intentID`, as the file holds it now.
  public func record(_ intentID: IntentID) throws(JournalError) -> JournalRecord? {
    try withLock { () throws(JournalError) in contents.record(intentID) }
  }

  /// Writes `record` durably, replacing the one with the same intent id: one appended line.
  ///
  /// - Throws: `journal.full`, `journal.corrupt`, `journal.unsupported_schema`, `journal.io`.
  /// - Complexity: O(1) file writes, whatever the history; a compaction, when due, rewrites the
  ///   records once.
  public func save(_ record: JournalRecord) throws(JournalError) {
    try withLock { () throws(JournalError) in
      guard contents.record(record.intentID) != record else { return }
      var next = contents
      try next.save(record)
      try commit(.save(record), giving: next)
    }
  }
  /// Writes `record` durably when the file still holds `expected` (nil: no record of that
  /// intent), compared under the lock once the journal has caught up with the file.
  ///
  /// - Throws: `journal.stale` when another writer moved the record on (nothing is written),
  ///   and what `save(_:)` throws.
  public func save(_ record: JournalRecord, replacing expected: JournalRecord?)
    throws(JournalError)
  {
    try withLock { () throws(JournalError) in
      var next = contents
      try next.save(record, replacing: expected)
      guard contents.record(record.intentID) != record else { return }
      try commit(.save(record), giving: next)
    }
  }
  /// Forgets one intent, durably.
  public func remove(_ intentID: IntentID) throws(JournalError) {
    try forget(compacting: false) { $0.remove(intentID) }
  }
  /// Forgets every record of one wallet, durably; the file is rewritten, so none of the
  /// wallet's records stays in it.
  public func removeAll(scope: WalletScope) throws(JournalError) {
    try forget(compacting: true) { $0.removeAll(scope: scope) }
  }
  /// Forgets every finished record, durably; the file is rewritten with the live records.
  public func pruneTerminal() throws(JournalError) {
    try forget(compacting: true) { $0.pruneTerminal() }
  }
  /// Forgets every ended record no payment can arrive for any more, durably: one appended line.
  public func pruneEnded(asOf now: UInt64, margin: UInt64) throws(JournalError) {
    try forget(compacting: false) { $0.pruneEnded(asOf: now, margin: margin) }
  }

  /// Reads the file. Kept for source compatibility: writing is never blocked after a failed
  /// write, since every call catches up with the file under the lock first.
  public func reconfirm() throws(JournalError) {
    try withLock { () throws(JournalError) in }
  }

  // MARK: - Under the lock

  /// Runs `body` holding the lock, once the journal has caught up with the file.
  private func withLock<Value>(_ body: () throws(JournalError) -> Value) throws(JournalError)
    -> Value
  {
    try lock.withExclusive { () throws(JournalError) in
      try catchUp()
      return try body()
    }
  }

  /// Removes the records `change` drops, as one line, or by a compaction when `compacting`.
  private func forget(compacting: Bool, _ change: (inout JournalContents) -> Void)
    throws(JournalError)
  {
    try withLock { () throws(JournalError) in
      var next = contents
      change(&next)
      guard next.records.count < contents.records.count else { return }
      if compacting { return try compact(next) }
      let kept = Set(next.records.map(\.intentID))
      try commit(
        .remove(contents.records.map(\.intentID).filter { !kept.contains($0) }), giving: next)
    }
  }

  /// Makes `change` durable, which turns the journal into `next`: one appended line, or a
  /// compaction when the log is due one (or is not yet of this schema).
  private func commit(_ change: JournalChange, giving next: JournalContents) throws(JournalError) {
    guard let file, file.schema == JournalLog.schema,
      file.lines < max(2 * next.records.count, Self.compactionFloor)
    else { return try compact(next) }
    try append(JournalLog.line(change), to: file)
    contents = next
  }

  /// Brings `contents` up to the file: reads nothing when it is unchanged, only the new lines
  /// when it grew, and all of it when it was replaced.
  private func catchUp() throws(JournalError) {
    if !opened {
      for name in directoryEntries(directory) ?? [] where name.hasPrefix(Self.temporaryPrefix) {
        unlink(directory + "/" + name)
      }
      opened = true
    }
    var status = stat()
    guard stat(path, &status) == 0 else {
      guard errno == ENOENT else { throw Self.ioError("stat \(path)") }
      file = nil
      contents = JournalContents(capacity: capacity)
      return
    }
    if file == nil, let unsalvagedFile, unsalvagedFile.isSame(as: status),
      unsalvagedFile.size == Int(status.st_size)
    {
      // Still the damaged file whose salvage could not be written: its records are in memory.
      return
    }
    if let file, file.isSame(as: status) {
      let size = Int(status.st_size)
      file.size = size
      if size == file.end { return }
      if file.schema == JournalLog.schema && size > file.end {
        let tail = try Self.read(file.descriptor, from: file.end, count: size - file.end, path)
        var next = contents
        let scan = JournalLog.readLines(tail, from: 0, into: &next, salvaging: false)
        if scan.problem == nil, file.end + scan.end >= acknowledgedEnd(of: file) {
          contents = next
          file.end += scan.end
          file.lines += scan.lines
          return
        }
      }
    }
    try load()
  }

  /// How far the writers of `file` acknowledged it; 0 when the lock file names another file.
  private func acknowledgedEnd(of file: OpenFile) -> Int {
    guard let acknowledged = lock.acknowledged(), acknowledged.inode == file.inode else { return 0 }
    return acknowledged.end
  }

  /// Reads the whole file; salvages it when it is corrupt.
  private func load() throws(JournalError) {
    file = nil
    unsalvagedFile = nil
    uncopiedDamage = nil
    let descriptor: Int32
    do throws(JournalError) {
      if simulatedReadOnly {
        errno = EROFS
        throw Self.ioError("open \(path)")
      }
      descriptor = try Self.open(path, O_RDWR, 0)
    } catch {
      switch errno {
      case ENOENT:
        contents = JournalContents(capacity: capacity)
        return
      case EACCES, EROFS, EPERM:
        // A read-only directory or file system: the records can still be read.
        descriptor = try Self.open(path, O_RDONLY, 0)
      default: throw error
      }
    }
    let opened = try OpenFile(descriptor: descriptor, path: path)
    let bytes = try Self.read(descriptor, from: 0, count: opened.size, path)
    let acknowledged = acknowledgedEnd(of: opened)
    switch JournalLog.decode(bytes, capacity: capacity) {
    case .success(let loaded) where loaded.schema == JournalLog.schema && loaded.end < acknowledged:
      // The file is shorter than what its writers acknowledged: cut, not a torn append.
      try salvage(
        bytes,
        "the journal's good lines end at byte \(loaded.end); its writers acknowledged "
          + "\(acknowledged) bytes", opened)
    case .success(let loaded):
      contents = loaded.contents
      opened.schema = loaded.schema
      opened.lines = loaded.lines
      opened.end = loaded.end
      file = opened
    case .failure(let error) where error.code == .unsupportedSchema: throw error
    case .failure(let error): try salvage(bytes, error.message, opened)
    }
  }

  /// Keeps a copy of a corrupt file aside when it can, rewrites the journal with what it still
  /// proves, and throws `journal.corrupt`.
  ///
  /// On a full disk neither may be possible: the salvaged records are then kept in memory, so
  /// the next call reads them, and the damaged file stays until a change can be written.
  private func salvage(_ bytes: [UInt8], _ reason: String, _ damaged: OpenFile)
    throws(JournalError) -> Never
  {
    let salvaged = JournalLog.salvage(bytes, capacity: capacity)
    // The copy is durable before the journal is replaced: a kill in between finds the damaged
    // journal again, and salvages it again.
    let quarantine = keepAside(bytes)
    var kept =
      quarantine == nil ? "no room for a copy of the damaged file" : "the damaged file kept"
    do {
      try compact(salvaged)
    } catch {
      contents = salvaged
      unsalvagedFile = damaged
      if quarantine == nil { uncopiedDamage = bytes }
      kept += "; the salvaged records are not written yet (\(error))"
    }
    throw JournalError(
      .corrupt, "\(reason); \(salvaged.records.count) records salvaged, \(kept)",
      quarantinePath: quarantine, salvagedCount: salvaged.records.count)
  }

  // MARK: - Writing

  /// Appends `line` to `file` and syncs it. A torn append left by a killed writer is cut off
  /// first; a failed append is cut off again, so a call that threw leaves no change behind.
  private func append(_ line: [UInt8], to file: OpenFile) throws(JournalError) {
    if file.size != file.end {
      try Self.truncate(file, path)
    }
    do {
      try injectFailure(at: .append, "write \(path)") { () throws(JournalError) in
        try Self.write(Array(line.prefix(line.count / 2)), to: file.descriptor, at: file.end, path)
      }
      try Self.write(line, to: file.descriptor, at: file.end, path)
      try injectFailure(at: .appendSync, "fdatasync \(path)")
      try Self.syncData(file.descriptor, path)
    } catch {
      file.size = Int.max  // unknown until cut off
      do { try Self.truncate(file, path) } catch { self.file = nil }
      throw error
    }
    file.end += line.count
    file.size = file.end
    file.lines += 1
    lock.acknowledge(inode: file.inode, end: file.end)
  }

  /// Writes `next` as the whole journal: a temporary file of this writer, `fsync`, rename over
  /// the journal, `fsync` of the directory. The temporary file is removed when a step fails.
  private func compact(_ next: JournalContents) throws(JournalError) {
    if unsalvagedFile != nil, let damage = uncopiedDamage, keepAside(damage) != nil {
      uncopiedDamage = nil
    }
    let bytes = JournalLog.compacted(next.records)
    temporaryCounter += 1
    let temporaryPath = "\(directory)/\(Self.temporaryPrefix)-\(getpid())-\(temporaryCounter)"
    let descriptor = try Self.open(temporaryPath, O_RDWR | O_CREAT | O_EXCL, 0o600)
    var replacement: OpenFile?
    defer {
      if replacement == nil {
        close(descriptor)
        unlink(temporaryPath)
      }
    }
    try injectFailure(at: .write, "write \(temporaryPath)")
    try Self.write(bytes, to: descriptor, at: 0, temporaryPath)
    try injectFailure(at: .fsync, "fsync \(temporaryPath)")
    try Self.sync(descriptor, temporaryPath)
    let written = try OpenFile(descriptor: descriptor, path: temporaryPath)
    try injectFailure(at: .rename, "rename to \(path)")
    guard rename(temporaryPath, path) == 0 else { throw Self.ioError("rename to \(path)") }
    replacement = written
    lock.acknowledge(inode: written.inode, end: bytes.count)
    written.lines = next.records.count
    written.end = bytes.count
    file = written
    unsalvagedFile = nil
    uncopiedDamage = nil
    contents = next
    let directoryDescriptor = try Self.open(directory, O_RDONLY | O_DIRECTORY, 0)
    defer { close(directoryDescriptor) }
    try Self.sync(directoryDescriptor, directory)
  }

  /// Writes `bytes` to the next `journal.corrupt-N`, durably, and removes the oldest copies
  /// beyond `quarantineLimit`.
  ///
  /// - Returns: the copy's path; nil when it could not be written (a full disk), in which case
  ///   nothing of it is left behind.
  private func keepAside(_ bytes: [UInt8]) -> String? {
    let prefix = "journal.corrupt-"
    var existing = (directoryEntries(directory) ?? []).compactMap { name -> Int? in
      name.hasPrefix(prefix) ? Int(name.dropFirst(prefix.count)) : nil
    }.sorted()
    let target = "\(directory)/\(prefix)\((existing.last ?? 0) + 1)"
    let descriptor: Int32
    do {
      descriptor = try Self.open(target, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    } catch {
      return nil
    }
    do {
      defer { close(descriptor) }
      try injectFailure(at: .quarantine, "write \(target)") { () throws(JournalError) in
        try Self.write(Array(bytes.prefix(bytes.count / 2)), to: descriptor, at: 0, target)
      }
      try Self.write(bytes, to: descriptor, at: 0, target)
      try Self.sync(descriptor, target)
    } catch {
      unlink(target)
      return nil
    }
    while existing.count >= Self.quarantineLimit {
      unlink("\(directory)/\(prefix)\(existing.removeFirst())")
    }
    return target
  }

  #if DEBUG
    /// Fails with `EIO` when the injected failure is at `step`, after running `partly` (the
    /// part of the step done before the failure).
    private func injectFailure(
      at step: WriteStep, _ operation: String,
      partly: () throws(JournalError) -> Void = {}
    ) throws(JournalError) {
      let persistent = persistentFailures.contains(step)
      guard injectedFailure == step || persistent else { return }
      if !persistent { injectedFailure = nil }
      try partly()
      errno = persistent ? ENOSPC : EIO
      throw Self.ioError(operation)
    }
  #else
    private enum WriteStep { case append, appendSync, write, fsync, rename, quarantine }
    private func injectFailure(
      at step: WriteStep, _ operation: String,
      partly: () throws(JournalError) -> Void = {}
    ) throws(JournalError) {}
  #endif

  // MARK: - System calls

  /// `open(2)` with close-on-exec, retried when a signal interrupts it.
  static func open(_ path: String, _ flags: Int32, _ mode: mode_t) throws(JournalError) -> Int32 {
    try retryingOnInterrupt { posixOpen(path, flags | O_CLOEXEC, mode) }
      .mapError { ioError("open \(path)", $0) }.get()
  }

  /// `pwrite(2)` of all of `bytes` at `offset`.
  private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int, _ path: String)
    throws(JournalError)
  {
    var written = 0
    while written < bytes.count {
      let count = try bytes.withUnsafeBytes { buffer in
        retryingOnInterrupt {
          pwrite(
            descriptor, buffer.baseAddress! + written, buffer.count - written,
            off_t(offset + written))
        }
      }.mapError { ioError("write \(path)", $0) }.get()
      // pwrite(2) returns 0 only for a count of 0; never loop on it.
      guard count > 0 else { throw ioError("write \(path)") }
      written += count
    }
  }

  /// `pread(2)` of `count` bytes from `offset`; fewer when the file ends sooner.
  private static func read(_ descriptor: Int32, from offset: Int, count: Int, _ path: String)
    throws(JournalError) -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = try bytes.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt {
          pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
        }
      }.mapError { ioError("read \(path)", $0) }.get()
      if got == 0 { break }
      done += got
    }
    bytes.removeLast(count - done)
    return bytes
  }

  private static func sync(_ descriptor: Int32, _ path: String) throws(JournalError) {
    _ = try retryingOnInterrupt { fsync(descriptor) }.mapError { ioError("fsync \(path)", $0) }
      .get()
  }

  /// `fdatasync(2)`: the data and the size, without the times (`fsync` where there is none).
  private static func syncData(_ descriptor: Int32, _ path: String) throws(JournalError) {
    #if os(Linux)
      _ = try retryingOnInterrupt { fdatasync(descriptor) }
        .mapError { ioError("fdatasync \(path)", $0) }.get()
    #else
      try sync(descriptor, path)
    #endif
  }

  /// Cuts `file` back to its last good line, durably.
  private static func truncate(_ file: OpenFile, _ path: String) throws(JournalError) {
    _ = try retryingOnInterrupt { ftruncate(file.descriptor, off_t(file.end)) }
      .mapError { ioError("truncate \(path)", $0) }.get()
    try syncData(file.descriptor, path)
    file.size = file.end
  }

  static func ioError(_ operation: String) -> JournalError {
    ioError(operation, SystemError(code: errno))
  }

  /// The journal error of a failed system call.
  static func ioError(_ operation: String, _ failure: SystemError) -> JournalError {
    JournalError(.io, "\(operation): \(failure)")
  }
}

/// The open journal file and how far it was read: closed when it goes.
private final class OpenFile {
  let descriptor: Int32
  let device: UInt64
  let inode: UInt64
  /// The file's size when last seen.
  var size: Int
  /// The offset just past its last good line.
  var end = 0
  /// Its change lines.
  var lines = 0
  /// Its schema; only schema 3 is appended to.
  var schema = JournalLog.schema

  /// Takes over `descriptor` (closing it when this goes) and notes its file's identity and size.
  init(descriptor: Int32, path: String) throws(JournalError) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let error = FileRequestJournal.ioError("stat \(path)")
      close(descriptor)
      throw error
    }
    self.descriptor = descriptor
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int(status.st_size)
  }

  deinit { close(descriptor) }

  /// Whether `status` is of this file. While it is open its inode is not reused, so the same
  /// inode is the same file.
  func isSame(as status: stat) -> Bool {
    UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
  }
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

  /// Opens (or makes) the lock file. Where it cannot be opened for writing (a read-only
  /// directory or file system), it is opened for reading, or, when it does not exist, there is
  /// no lock: nobody can write the journal there.
  init(path: String, simulatingReadOnly: Bool) throws(JournalError) {
    do throws(JournalError) {
      if simulatingReadOnly {
        errno = EROFS
        throw FileRequestJournal.ioError("open \(path)")
      }
      descriptor = try FileRequestJournal.open(path, O_RDWR | O_CREAT, 0o600)
    } catch {
      guard [EACCES, EROFS, EPERM].contains(errno) else { throw error }
      descriptor = (try? FileRequestJournal.open(path, O_RDONLY, 0)) ?? -1
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// The journal file (its inode) and the length its writers acknowledged, as the last writer
  /// left them in the lock file; nil when none was written.
  func acknowledged() -> (inode: UInt64, end: Int)? {
    var words = [UInt64](repeating: 0, count: 2)
    let got = words.withUnsafeMutableBytes { buffer in
      retryingOnInterrupt { pread(descriptor, buffer.baseAddress!, buffer.count, 0) }
    }
    guard case .success(16) = got else { return nil }
    return (UInt64(littleEndian: words[0]), Int(UInt64(littleEndian: words[1])))
  }

  /// Notes that the journal file `inode` is acknowledged up to `end`. Not synced: it is written
  /// after the journal's own sync, so whatever survives a crash never claims more than the
  /// journal holds; a kill of the process never loses it.
  func acknowledge(inode: UInt64, end: Int) {
    let words = [inode.littleEndian, UInt64(end).littleEndian]
    _ = words.withUnsafeBytes { buffer in
      retryingOnInterrupt { pwrite(descriptor, buffer.baseAddress!, buffer.count, 0) }
    }
  }

  /// Runs `body` holding the exclusive lock; waits for other holders, retrying after signals.
  func withExclusive<Value>(_ body: () throws(JournalError) -> Value) throws(JournalError)
    -> Value
  {
    guard descriptor >= 0 else { return try body() }
    _ = try retryingOnInterrupt { flock(descriptor, LOCK_EX) }
      .mapError { FileRequestJournal.ioError("lock journal.lock", $0) }.get()
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}
