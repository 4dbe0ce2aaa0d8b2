/// Why the request journal refused an operation.
public struct JournalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable codes; raw values are the dotted strings.
  public enum Code: String, CaseIterable, Sendable {
    /// The live-record capacity is reached; nothing was evicted.
    case full = "journal.full"
    /// The file was damaged: a copy was kept aside (`quarantinePath`) and the journal rewritten
    /// with every record it still proves (`salvagedCount`); the next call reads those.
    case corrupt = "journal.corrupt"
    /// The file's schema version is not one this library reads.
    case unsupportedSchema = "journal.unsupported_schema"
    /// A previous write may have failed. `FileRequestJournal` never answers it (each call
    /// catches up with the file first); kept for journals of one's own.
    case unconfirmedWrite = "journal.unconfirmed_write"
    /// The operating system refused a read or write.
    case io = "journal.io"
    /// Nothing was written: the record moved on since the version the save was computed from
    /// (another process wrote it meanwhile), or it is settled by a payment, which no save
    /// replaces. Read the record again.
    case stale = "journal.stale"
    /// Nothing was written: the record is one the journal's reader would refuse (a `ready`
    /// record without its payment hash and expiry).
    case invalidRecord = "journal.invalid_record"
  }

  /// What went wrong: the stable code.
  public var code: Code
  /// What went wrong, for people; never branched on.
  public var message: String
  /// Where the copy of a corrupt file was kept (`journal.corrupt`).
  public var quarantinePath: String?
  /// How many records were salvaged from a corrupt file and are in the journal now
  /// (`journal.corrupt`).
  public var salvagedCount: Int?

  /// An error with `code` and `message`.
  public init(
    _ code: Code, _ message: String, quarantinePath: String? = nil, salvagedCount: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.quarantinePath = quarantinePath
    self.salvagedCount = salvagedCount
  }

  /// The dotted code and the message.
  public var description: String { "\(code.rawValue): \(message)" }
}
