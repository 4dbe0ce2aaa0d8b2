import Bolt11
import Bolt11JSON
import Dispatch
import PaymentInput
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes one invoice per line into one JSON line per line, in input order, on several workers,
/// with memory bounded whatever the input size.
///
/// A chunked pipeline: read at most `linesPerChunk` lines, decode them on `jobs` workers (each
/// takes the next undecoded line of the chunk), write their results in order, and go on. Only one
/// chunk is held at a time, and a line longer than `maximumLineBytes` is never held in full.
package struct BatchDecoder {
  package var options: DecodeOptions
  package var jobs: Int
  /// Lines per chunk: large enough that workers rarely wait on the reader and writer (4096 lines
  /// take about 90 ms of signature work on two cores), small enough to keep memory flat (about
  /// 2 MB of input and 6 MB of JSON at the longest invoices of the benchmark corpus).
  package var linesPerChunk = 4096
  /// Input bytes after which a chunk reads no more (it always takes a line): with one worker
  /// one read block, so that each line's bytes and JSON are still in the cache when decoded and
  /// written out; with several, about what `linesPerChunk` lines of the corpus take, which also
  /// bounds a chunk of long lines.
  package var bytesPerChunk: Int
  /// With several workers, ordered output is gathered and written in blocks of about this many
  /// bytes, so that a chunk's JSON is not held twice.
  package var orderedBlockBytes = 1 << 18

  package init(options: DecodeOptions, jobs: Int) {
    self.options = options
    self.jobs = jobs
    bytesPerChunk = jobs == 1 ? LineReader.blockSize : 1 << 21
  }

  /// Longest line read in full. An invoice has at most 7089 characters; anything this long is
  /// `input.line_too_long` whatever it holds.
  static let maximumLineBytes = 1 << 16
  /// Lines after which a progress line is worth showing.
  static let progressThreshold = 10_000

  package struct Summary: Equatable {
    /// Lines that decoded to a valid invoice.
    package var decoded = 0
    /// Lines that did not.
    package var invalid = 0
  }

  /// Reads every line of `input`, writes one JSON line per input line to `output`.
  ///
  /// - Parameter progress: called on the calling thread after each chunk with the number of lines
  ///   done so far.
  /// - Throws: the source's read error or the sink's write error, at once (the output written so
  ///   far stays written; nothing more is decoded).
  package func run(
    input: ByteSource, output: ByteSink, progress: ((Int) throws -> Void)? = nil
  ) throws
    -> Summary
  {
    var reader = LineReader(source: input, maximumLineBytes: Self.maximumLineBytes)
    var chunk = LineChunk()
    var summary = Summary()
    // Kept across chunks, so that their buffers are allocated once.
    var results = ChunkResults(maximumWorkers: jobs)
    var done = 0
    while try reader.read(into: &chunk, maximumLines: linesPerChunk, maximumBytes: bytesPerChunk) {
      decode(chunk, into: &results)
      summary.decoded += results.validCount
      summary.invalid += chunk.count - results.validCount
      try results.write(to: output, orderedBlockBytes: orderedBlockBytes)
      done += chunk.count
      try progress?(done)
    }
    return summary
  }

  /// Decodes every line of `chunk` on up to `jobs` workers into `results` (emptied first).
  func decode(_ chunk: LineChunk, into results: inout ChunkResults) {
    let count = chunk.count
    // One worker runs on the calling thread: `--jobs 1` is a plain loop.
    var workers = max(1, min(jobs, count))
    // The package's platforms predate Synchronization's Atomic (macOS 15, iOS 18): on older
    // systems the lines are decoded one after another. Linux always has it.
    if #unavailable(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2) { workers = 1 }
    results.prepare(lines: count, workers: workers)
    guard count > 0 else { return }
    let options = self.options
    guard workers > 1, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      results.withSlots { slots in
        for index in 0..<count { slots.decodeLine(chunk, index, options, worker: 0) }
      }
      return
    }
    let next = Atomic<Int>(0)
    results.withSlots { slots in
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        while true {
          let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard index < count else { return }
          // Each index is taken by exactly one worker, and each worker has its own buffer.
          slots.decodeLine(chunk, index, options, worker: worker)
        }
      }
    }
  }

  /// Appends line `index`'s JSON line (newline included) to `output`; true when it decoded.
  static func decodeLine(
    _ chunk: LineChunk, _ index: Int, _ options: DecodeOptions, to output: inout ByteWriter
  ) -> Bool {
    var isValid = false
    if chunk.isOverlong(index) {
      writeOverlong(to: &output)
    } else {
      // The line's bytes as they are: a byte that is not UTF-8 is named in the error. Written
      // where it is decoded, so that the invoice is never copied.
      chunk.withLine(index) { bytes in isValid = writeAnswer(bytes, options, to: &output) }
    }
    output.append(UInt8(ascii: "\n"))
    return isValid
  }

  /// Appends what `decode --json` prints for the payment string `bytes` (no newline): its
  /// invoice (with `uri` when it came in a `bitcoin:` URI) or its error, read as every command
  /// reads a payment string. True when it gave an invoice.
  static func writeAnswer(
    _ bytes: UnsafeBufferPointer<UInt8>, _ options: DecodeOptions, to output: inout ByteWriter
  ) -> Bool {
    do throws(PaymentStringError) {
      let (invoice, uri) = try PaymentString.invoice(inUTF8: bytes, options: options)
      if let uri {
        PaymentStringJSON.write(invoice, from: uri, to: &output)
      } else {
        InvoiceJSON.write(invoice, to: &output)
      }
      return true
    } catch {
      if let invoiceError = error.invoiceError {
        InvoiceJSON.write(invoiceError, to: &output)
      } else {
        PaymentStringJSON.writeFailure(error, to: &output)
      }
      return false
    }
  }

  /// The error of a line too long to hold.
  @inline(never)
  static func writeOverlong(to output: inout ByteWriter) {
    PaymentStringJSON.writeFailure(
      PaymentStringError(
        kind: nil, .inputLineTooLong,
        "line is longer than \(maximumLineBytes) bytes; an invoice has at most "
          + "\(RawInvoice.maximumLength) characters"), to: &output)
  }

  /// Where a line's JSON line lies: which worker's buffer, and where in it.
  struct LineSlot {
    var worker = 0
    var range = 0..<0
    var isValid = false
  }

  /// One chunk's output: each worker's JSON lines, one after the other, and where each input
  /// line's JSON line lies. Reused from chunk to chunk, so that each line's JSON is written once,
  /// into storage that stays allocated.
  struct ChunkResults: ~Copyable {
    /// One writer a worker, all initialized.
    private let buffers: UnsafeMutablePointer<ByteWriter>
    private let maximumWorkers: Int
    /// How many of `buffers` this chunk uses.
    private var workers = 0
    private var lines: [LineSlot] = []
    /// The lines in input order, when several workers wrote them.
    private var ordered: [UInt8] = []

    /// About what a corpus invoice's JSON line takes, with room to spare (the longest lines of
    /// the benchmark corpus take about 1,500 bytes).
    static let typicalLineBytes = 1536

    init(maximumWorkers: Int) {
      self.maximumWorkers = max(1, maximumWorkers)
      buffers = .allocate(capacity: self.maximumWorkers)
      for worker in 0..<self.maximumWorkers { (buffers + worker).initialize(to: ByteWriter()) }
    }

    deinit {
      buffers.deinitialize(count: maximumWorkers)
      buffers.deallocate()
    }

    var validCount: Int { lines.reduce(0) { $0 + ($1.isValid ? 1 : 0) } }

    mutating func prepare(lines count: Int, workers: Int) {
      precondition(workers >= 1 && workers <= maximumWorkers, "more workers than writers")
      self.workers = workers
      for worker in 0..<workers {
        buffers[worker].removeAll()
        // Room for a typical JSON line per line from the start, rather than growing to it by
        // doubling and copying; capacity is kept for the next chunk.
        buffers[worker].reserveCapacity((count + workers - 1) / workers * Self.typicalLineBytes)
      }
      lines.removeAll(keepingCapacity: true)
      lines.append(contentsOf: repeatElement(LineSlot(), count: count))
    }

    /// The JSON lines in input order: one write with one worker, else blocks of about
    /// `orderedBlockBytes`.
    mutating func write(to sink: ByteSink, orderedBlockBytes: Int) throws {
      guard !lines.isEmpty else { return }
      if workers == 1 {
        try buffers[0].withBytes { try sink.write($0) }
        return
      }
      ordered.removeAll(keepingCapacity: true)
      for line in lines {
        buffers[line.worker].withBytes(in: line.range) { ordered.append(contentsOf: $0) }
        if ordered.count >= orderedBlockBytes {
          try sink.write(ordered)
          ordered.removeAll(keepingCapacity: true)
        }
      }
      if !ordered.isEmpty { try sink.write(ordered) }
    }

    fileprivate mutating func withSlots(_ body: (SendableSlots) -> Void) {
      lines.withUnsafeMutableBufferPointer { lines in
        body(SendableSlots(buffers: buffers, lines: lines.baseAddress!))
      }
    }
  }
}

/// A chunk's output buffers and line slots, written by workers: each worker appends to its own
/// buffer only and writes the slots of the lines it took.
private struct SendableSlots: @unchecked Sendable {
  // Invariant for @unchecked Sendable: buffer `i` is touched only by worker `i`, each line's
  // slot by the one worker that took the line (an atomic counter hands lines out), and both
  // outlive `concurrentPerform`, which returns only when every worker is done.
  let buffers: UnsafeMutablePointer<ByteWriter>
  let lines: UnsafeMutablePointer<BatchDecoder.LineSlot>

  /// Writes line `index`'s JSON line into `worker`'s buffer and records where it lies.
  func decodeLine(_ chunk: LineChunk, _ index: Int, _ options: DecodeOptions, worker: Int) {
    let start = buffers[worker].count
    let isValid = BatchDecoder.decodeLine(chunk, index, options, to: &buffers[worker])
    lines[index] = BatchDecoder.LineSlot(
      worker: worker, range: start..<buffers[worker].count, isValid: isValid)
  }
}

/// A chunk of lines: the bytes as read, and where each line lies in them.
///
/// The bytes are the read buffer itself, kept from chunk to chunk: a line is a range in it, never
/// copied out of it, and only the part of a line that a chunk ends in is moved, to the front.
struct LineChunk: Sendable {
  /// `bytes[0..<filled]` are read; the rest is room for the next read.
  fileprivate(set) var bytes: [UInt8] = []
  fileprivate(set) var filled = 0
  /// Each line's range in `bytes`; an empty range at -1 marks a line too long to hold.
  fileprivate(set) var ranges: [Range<Int>] = []

  var count: Int { ranges.count }

  fileprivate mutating func appendOverlong() { ranges.append(-1 ..< -1) }

  func isOverlong(_ index: Int) -> Bool { ranges[index].lowerBound < 0 }

  /// Calls `body` with the bytes of line `index`.
  func withLine<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[ranges[index]])) }
  }

  /// Drops the first `count` bytes read, moving the rest to the front.
  fileprivate mutating func removeFirst(_ count: Int) {
    let rest = filled - count
    bytes.withUnsafeMutableBufferPointer { bytes in
      guard rest > 0 else { return }
      let base = bytes.baseAddress!
      base.update(from: base + count, count: rest)
    }
    filled = rest
  }

  /// New storage of `size` bytes, those read copied and the rest zero.
  private mutating func grow(to size: Int) {
    let filled = self.filled
    bytes = bytes.withUnsafeBytes { old in
      [UInt8](unsafeUninitializedCapacity: size) { storage, initialized in
        let base = UnsafeMutableRawPointer(storage.baseAddress!)
        if filled > 0 { base.copyMemory(from: old.baseAddress!, byteCount: filled) }
        memset(base + filled, 0, size - filled)
        initialized = size
      }
    }
  }

  /// Reads up to `blockSize` more bytes from `source` after those read: how many, 0 at its end.
  fileprivate mutating func read(from source: ByteSource, blockSize: Int) throws -> Int {
    let start = filled
    let end = start + blockSize
    if bytes.count < end { grow(to: max(end, 2 * bytes.count)) }
    let count = try bytes.withUnsafeMutableBytes {
      try source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[start..<end]))
    }
    precondition(count >= 0 && count <= blockSize, "a source read more than it was asked")
    filled += count
    return count
  }
}

/// Splits a byte source into lines (`\n`; a `\r` before it is white space the decoder trims),
/// read in blocks straight into the chunk, holding at most a chunk's lines plus one block plus
/// one line of up to `maximumLineBytes`. A UTF-8 byte order mark (EF BB BF) at the very start, as
/// some editors save text, is skipped.
struct LineReader {
  let source: ByteSource
  let maximumLineBytes: Int
  /// Read but not yet handed out as lines: the chunk's bytes from `start` on; those before
  /// `scanned` hold no newline.
  private var start = 0
  private var scanned = 0
  private var atEnd = false
  /// Inside a line too long to hold: its bytes are dropped up to its newline.
  private var skipping = false
  /// Whether the start of the input was looked at for a byte order mark.
  private var checkedByteOrderMark = false
  static let blockSize = 1 << 16
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  init(source: ByteSource, maximumLineBytes: Int) {
    self.source = source
    self.maximumLineBytes = maximumLineBytes
  }

  /// Fills `chunk` (its lines emptied first) with up to `maximumLines` lines, reading no more
  /// once `maximumBytes` are read and it holds a line; false when the input is done.
  ///
  /// The chunk's bytes stay as they are until the next call, which moves what it left unread
  /// (part of a line) to the front.
  mutating func read(into chunk: inout LineChunk, maximumLines: Int, maximumBytes: Int = .max)
    throws -> Bool
  {
    chunk.ranges.removeAll(keepingCapacity: true)
    if start > 0 {
      chunk.removeFirst(start)
      scanned -= start
      start = 0
    }
    if !checkedByteOrderMark {
      // A pipe may hand the first bytes over one at a time.
      while chunk.filled < Self.byteOrderMark.count && !atEnd {
        if try chunk.read(from: source, blockSize: Self.blockSize) == 0 { atEnd = true }
      }
      if chunk.bytes[0..<chunk.filled].starts(with: Self.byteOrderMark) {
        start = Self.byteOrderMark.count
        scanned = start
      }
      checkedByteOrderMark = true
    }
    while chunk.count < maximumLines {
      if let newline = Self.firstNewline(in: chunk, from: scanned) {
        take(upTo: newline, into: &chunk)
        start = newline + 1
        scanned = start
        continue
      }
      scanned = chunk.filled
      if atEnd {
        // A last line without a newline still counts; an input ending in "\n" adds no line.
        if start < chunk.filled {
          take(upTo: chunk.filled, into: &chunk)
          start = chunk.filled
        } else if skipping {
          skipping = false
        }
        break
      }
      if chunk.count > 0 && chunk.filled >= maximumBytes { break }
      if skipping || chunk.filled - start > maximumLineBytes {
        // Nothing of this line is kept.
        chunk.filled = start
        scanned = start
        if !skipping {
          // Its answer goes out now, before its end is found: a line that never ends (a
          // device that never runs dry) still gets one.
          chunk.appendOverlong()
          skipping = true
          break
        }
      }
      if try chunk.read(from: source, blockSize: Self.blockSize) == 0 { atEnd = true }
    }
    return !chunk.ranges.isEmpty
  }

  /// The index of the first `\n` in the chunk's bytes read from `start` on, found with memchr(3).
  private static func firstNewline(in chunk: LineChunk, from start: Int) -> Int? {
    guard start < chunk.filled else { return nil }
    return chunk.bytes.withUnsafeBufferPointer { buffer in
      guard let found = memchr(buffer.baseAddress! + start, 0x0A, chunk.filled - start) else {
        return nil
      }
      return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  private mutating func take(upTo end: Int, into chunk: inout LineChunk) {
    if skipping {
      skipping = false  // the overlong line was already counted; its tail ends here
      return
    }
    if end - start > maximumLineBytes {
      chunk.appendOverlong()
      return
    }
    chunk.ranges.append(start..<end)
  }
}
