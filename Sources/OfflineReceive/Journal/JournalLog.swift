import Bech32Codec
import Bolt11
import Bolt11JSON

/// The file journal's format: a header line, then one line per change.
///
/// Schema 3, what `FileRequestJournal` writes:
///
/// - The header is `offline-journal 3 <compacted lines> <sha256>`, the SHA-256 (hex) of the
///   header's text before its last space.
/// - Each further line is `<length> <sha256> <payload>`: `length` bytes of JSON with that
///   SHA-256, either a record (saved, replacing the one of its intent) or
///   `{"remove":[intent ids]}`. The JSON escapes every control character, so a payload never
///   holds a newline.
/// - The first `compacted lines` lines were written together with the header, as one atomic
///   replacement of the file (a compaction): one line per record. Every later line was appended
///   by one acknowledged call.
///
/// So a damaged line is told apart from a torn append: an append is one `write` of a whole line,
/// newline last, so only bytes after the last good line with no newline among them can be an
/// append a writer did not finish (it was never acknowledged), and they are ignored. A whole
/// line that fails its checksum was acknowledged once: it is corruption wherever it stands, as
/// is a missing or damaged compacted line.
///
/// Schemas 1 and 2 (read, never written): the header `offline-journal <schema> <length>
/// <sha256>` and a JSON array of that many bytes with that SHA-256. Schema 1 has no
/// `cancelling` state and no payment hash on finished records.
enum JournalLog {
  static let schema = 3
  static let magic = "offline-journal"

  /// A file's contents as read: its records, and where its good lines end.
  struct Loaded {
    var contents: JournalContents
    /// The file's schema; only schema 3 is appended to.
    var schema: Int
    /// Change lines read (for schemas 1 and 2, the records).
    var lines: Int
    /// The offset just past the last good line; bytes after it are a torn append.
    var end: Int
  }

  /// What a pass over change lines found.
  struct LineScan {
    /// Good lines read.
    var lines = 0
    /// The offset just past the last good line.
    var end: Int
    /// Why the lines are corrupt; nil when every line is good apart from a torn last one.
    var problem: String?
  }

  // MARK: - Writing

  /// The header of a file whose first `compactedLines` lines are written with it.
  static func header(compactedLines: Int) -> [UInt8] {
    let text = "\(magic) \(schema) \(compactedLines)"
    return Array("\(text) \(Hex.encode(SHA256.hash(Array(text.utf8))))\n".utf8)
  }

  /// A whole file holding `records`: the header and one line per record.
  static func compacted(_ records: [JournalRecord]) -> [UInt8] {
    var bytes = header(compactedLines: records.count)
    bytes.reserveCapacity(bytes.count + records.count * 480)
    for record in records { bytes += line(.save(record)) }
    return bytes
  }

  /// The line of one change, newline included.
  static func line(_ change: JournalChange) -> [UInt8] {
    var payload: [UInt8] = []
    switch change {
    case .save(let record): StoredRecord(record).json.write(to: &payload)
    case .remove(let intentIDs):
      JSON.object([("remove", .array(intentIDs.map { .string($0.rawValue) }))])
        .write(to: &payload)
    }
    var bytes = Array("\(payload.count) \(Hex.encode(SHA256.hash(payload))) ".utf8)
    bytes += payload
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  // MARK: - Reading

  /// Reads a whole file of any schema this library knows.
  ///
  /// - Returns: the records, or `journal.corrupt` (a damaged header, a compacted line missing or
  ///   damaged, a damaged line before a good one; for schemas 1 and 2, any damage) or
  ///   `journal.unsupported_schema`.
  static func decode(_ bytes: [UInt8], capacity: Int) -> Result<Loaded, JournalError> {
    func corrupt(_ message: String) -> Result<Loaded, JournalError> {
      .failure(JournalError(.corrupt, message))
    }
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
      return corrupt("no header line")
    }
    let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    guard header.count == 4, header[0] == magic, let schema = Int(header[1]),
      let count = Int(header[2]), count >= 0
    else { return corrupt("malformed header") }
    guard (1...Self.schema).contains(schema) else {
      return .failure(
        JournalError(
          .unsupportedSchema, "schema \(schema); this library reads 1 to \(Self.schema)"))
    }
    guard schema == Self.schema else {
      return decodeWhole(bytes[(newline + 1)...], length: count, digest: header[3])
        .map { records in
          Loaded(
            contents: JournalContents(capacity: capacity, records: records), schema: schema,
            lines: records.count, end: bytes.count)
        }
    }
    let signed = bytes[..<newline].lastIndex(of: UInt8(ascii: " "))!
    guard Hex.encode(SHA256.hash(Array(bytes[..<signed]))) == header[3] else {
      return corrupt("header checksum mismatch")
    }
    var contents = JournalContents(capacity: capacity)
    let scan = readLines(bytes, from: newline + 1, into: &contents, salvaging: false)
    if let problem = scan.problem { return corrupt(problem) }
    guard scan.lines >= count else {
      return corrupt("\(scan.lines) good lines; the header says \(count) were compacted")
    }
    return .success(Loaded(contents: contents, schema: schema, lines: scan.lines, end: scan.end))
  }

  /// Every record a damaged file still proves: the latest state of each intent over its good
  /// lines. A file of schema 1 or 2 proves nothing once its checksum fails.
  static func salvage(_ bytes: [UInt8], capacity: Int) -> JournalContents {
    var contents = JournalContents(capacity: capacity)
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return contents }
    let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    if header.count == 4, header[0] == magic, let schema = Int(header[1]), schema < Self.schema {
      return contents
    }
    _ = readLines(bytes, from: newline + 1, into: &contents, salvaging: true)
    return contents
  }

  /// Reads the change lines of `bytes[start...]` into `contents`, in order.
  ///
  /// A line is good when it ends with a newline and its length, checksum and JSON hold. Bytes
  /// after the last good line are a torn append when they hold no newline; anything else (a
  /// whole damaged line, even the last) is a `problem`, unless `salvaging`, which skips every
  /// damaged line.
  ///
  /// - Complexity: O(n) in the bytes read.
  static func readLines(
    _ bytes: [UInt8], from start: Int, into contents: inout JournalContents, salvaging: Bool
  ) -> LineScan {
    var scan = LineScan(end: start)
    var firstDamaged: Int?
    var position = start
    let newlineByte = UInt8(ascii: "\n")
    while position < bytes.count {
      let newline = bytes[position...].firstIndex(of: newlineByte)
      if let newline, let change = decodeLine(bytes[position..<newline]) {
        if let firstDamaged, !salvaging {
          scan.problem = "damaged line at byte \(firstDamaged), followed by good ones"
          return scan
        }
        contents.replay(change)
        scan.lines += 1
        scan.end = newline + 1
      } else if firstDamaged == nil {
        firstDamaged = position
      }
      position = newline.map { $0 + 1 } ?? bytes.count
    }
    if let firstDamaged, !salvaging {
      let tail = bytes[firstDamaged...]
      // A torn append never holds its newline: the newline is the last byte of its one write.
      if tail.contains(newlineByte) {
        scan.problem = "damaged line at byte \(firstDamaged), a whole line once acknowledged"
      }
    }
    return scan
  }

  /// One change line (without its newline), or nil when its length, checksum or JSON fail.
  static func decodeLine(_ line: ArraySlice<UInt8>) -> JournalChange? {
    let digestLength = 64  // 32 bytes of SHA-256, two hex digits each
    guard let space = line.firstIndex(of: UInt8(ascii: " ")), space > line.startIndex,
      space - line.startIndex <= 7,  // a line is far shorter than 10 MB
      line.endIndex - space > digestLength + 1,
      line[space + digestLength + 1] == UInt8(ascii: " ")
    else { return nil }
    var length = 0
    for digit in line[..<space] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      length = length * 10 + Int(digit - UInt8(ascii: "0"))
    }
    let payload = line[(space + digestLength + 2)...]
    guard payload.count == length,
      Hex.encode(SHA256.hash(Array(payload)))
        == String(decoding: line[(space + 1)...(space + digestLength)], as: UTF8.self),
      let json = try? JSON.parse(String(decoding: payload, as: UTF8.self))
    else { return nil }
    if let removed = json["remove"] {
      guard json.objectValue?.count == 1, let items = removed.arrayValue else { return nil }
      var intentIDs: [IntentID] = []
      for item in items {
        guard let text = item.stringValue else { return nil }
        intentIDs.append(IntentID(text))
      }
      return .remove(intentIDs)
    }
    return StoredRecord(json)?.record.map { .save($0) }
  }

  /// The records of a schema 1 or 2 payload, checked against its header's length and SHA-256.
  private static func decodeWhole(_ payload: ArraySlice<UInt8>, length: Int, digest: Substring)
    -> Result<[JournalRecord], JournalError>
  {
    func corrupt(_ message: String) -> Result<[JournalRecord], JournalError> {
      .failure(JournalError(.corrupt, message))
    }
    guard payload.count == length else {
      return corrupt("payload is \(payload.count) bytes; the header says \(length)")
    }
    guard Hex.encode(SHA256.hash(Array(payload))) == digest else {
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
}
