import Bolt11
import Dispatch
import Synchronization

/// Decodes one invoice per line into one JSON line per line, in input order, on several workers,
/// with memory bounded whatever the input size.
///
/// A chunked pipeline: read at most `linesPerChunk` lines, decode them on `jobs` workers (each
/// takes the next undecoded line of the chunk), write their results in order, and go on. Only one
/// chunk is held at a time, and a line longer than `maximumLineBytes` is never held in full.
struct BatchDecoder {
  var options: DecodeOptions
  var jobs: Int
  /// Lines per chunk: large enough that workers rarely wait on the reader and writer (4096 lines
  /// take about 90 ms of signature work on two cores), small enough to keep memory flat (about
  /// 2 MB of input and 6 MB of JSON at the longest invoices of the benchmark corpus).
  var linesPerChunk = 4096

  /// Longest line read in full. An invoice has at most 7089 characters; anything this long is
  /// `invoice.too_long` whatever it holds.
  static let maximumLineBytes = 1 << 16
  /// Lines after which a progress line is worth showing.
  static let progressThreshold = 10_000

  struct Summary: Equatable {
    /// Lines that decoded to a valid invoice.
    var decoded = 0
    /// Lines that did not.
    var invalid = 0
  }

  /// Reads every line of `input`, writes one JSON line per input line to `output`.
  ///
  /// - Parameter progress: called on the calling thread after each chunk with the number of lines
  ///   done so far.
  /// - Throws: the source's read error or the sink's write error, at once (the output written so
  ///   far stays written; nothing more is decoded).
  func run(input: ByteSource, output: ByteSink, progress: ((Int) throws -> Void)? = nil) throws
    -> Summary
  {
    var reader = LineReader(source: input, maximumLineBytes: Self.maximumLineBytes)
    var chunk = LineChunk()
    var summary = Summary()
    var writer = BufferedWriter(sink: output)
    var done = 0
    while try reader.read(into: &chunk, maximumLines: linesPerChunk) {
      let results = decode(chunk)
      for result in results {
        if result.isValid { summary.decoded += 1 } else { summary.invalid += 1 }
        try writer.append(result.json)
      }
      try writer.flush()
      done += results.count
      try progress?(done)
    }
    return summary
  }

  /// One line's outcome: its JSON line (newline included) and whether it decoded.
  struct LineResult: Sendable {
    var json: [UInt8] = []
    var isValid = false
  }

  /// Decodes every line of `chunk` on up to `jobs` workers; results are in line order.
  func decode(_ chunk: LineChunk) -> [LineResult] {
    let count = chunk.count
    guard count > 0 else { return [] }
    var results = [LineResult](repeating: LineResult(), count: count)
    let options = self.options
    // One iteration runs on the calling thread: `--jobs 1` is a plain loop.
    let workers = max(1, min(jobs, count))
    // The package's platforms predate Synchronization's Atomic (macOS 15, iOS 18): on older
    // systems the lines are decoded one after another. Linux always has it.
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      for index in 0..<count { results[index] = Self.decodeLine(chunk, index, options) }
      return results
    }
    let next = Atomic<Int>(0)
    results.withUnsafeMutableBufferPointer { buffer in
      let slots = SendableSlots(base: buffer.baseAddress!)
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
          let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard index < count else { return }
          // Each index is taken by exactly one worker, so each slot has one writer.
          slots.base[index] = Self.decodeLine(chunk, index, options)
        }
      }
    }
    return results
  }

  static func decodeLine(_ chunk: LineChunk, _ index: Int, _ options: DecodeOptions) -> LineResult {
    let json: JSON
    var isValid = false
    if chunk.isOverlong(index) {
      json = InvoiceJSON.object(
        InvoiceError(
          .invoiceTooLong,
          "line is longer than \(maximumLineBytes) bytes; an invoice has at most "
            + "\(RawInvoice.maximumLength) characters",
          position: RawInvoice.maximumLength))
    } else {
      // The line's bytes as they are: a byte that is not UTF-8 is named in the error.
      let result = chunk.withLine(index) { bytes in
        Result { () throws(InvoiceError) in try Invoice.decode(bytes: bytes, options: options) }
      }
      switch result {
      case .success(let invoice):
        json = InvoiceJSON.object(invoice)
        isValid = true
      case .failure(let error):
        json = InvoiceJSON.object(error)
      }
    }
    var text = json.serialized
    text += "\n"
    return LineResult(json: Array(text.utf8), isValid: isValid)
  }
}

/// The result slots of one chunk, written by workers at distinct indices.
private struct SendableSlots: @unchecked Sendable {
  // Invariant for @unchecked Sendable: each index is written by one worker only (an atomic
  // counter hands indices out), and the buffer outlives `concurrentPerform`, which returns only
  // when every worker is done.
  let base: UnsafeMutablePointer<BatchDecoder.LineResult>
}

/// A chunk of lines: their bytes one after the other, and where each line lies.
struct LineChunk: Sendable {
  var bytes: [UInt8] = []
  /// Each line's range in `bytes`; an empty range at -1 marks a line too long to hold.
  var ranges: [Range<Int>] = []

  var count: Int { ranges.count }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ranges.removeAll(keepingCapacity: true)
  }

  mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
    let start = bytes.count
    bytes.append(contentsOf: line)
    ranges.append(start..<bytes.count)
  }

  mutating func appendOverlong() { ranges.append(-1 ..< -1) }

  func isOverlong(_ index: Int) -> Bool { ranges[index].lowerBound < 0 }

  /// Calls `body` with the bytes of line `index`.
  func withLine<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[ranges[index]])) }
  }
}

/// Splits a byte source into lines (`\n`; a `\r` before it is white space the decoder trims),
/// holding at most one read block plus one line of up to `maximumLineBytes`. A UTF-8 byte order
/// mark (EF BB BF) at the very start, as some editors save text, is skipped.
struct LineReader {
  let source: ByteSource
  let maximumLineBytes: Int
  /// Bytes read but not yet handed out: `pending[start...]`.
  private var pending: [UInt8] = []
  private var start = 0
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

  /// Fills `chunk` (emptied first) with up to `maximumLines` lines; false when the input is done.
  mutating func read(into chunk: inout LineChunk, maximumLines: Int) throws -> Bool {
    chunk.removeAll()
    if !checkedByteOrderMark {
      // A pipe may hand the first bytes over one at a time.
      while pending.count < Self.byteOrderMark.count && !atEnd {
        let block = try source.read(maximum: Self.blockSize)
        if block.isEmpty { atEnd = true } else { pending += block }
      }
      if pending.starts(with: Self.byteOrderMark) { start = Self.byteOrderMark.count }
      checkedByteOrderMark = true
    }
    while chunk.count < maximumLines {
      if let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
        take(upTo: newline, into: &chunk)
        start = newline + 1
        continue
      }
      if atEnd {
        // A last line without a newline still counts; an input ending in "\n" adds no line.
        if start < pending.count {
          take(upTo: pending.count, into: &chunk)
          start = pending.count
        } else if skipping {
          skipping = false
        }
        break
      }
      if !skipping && pending.count - start > maximumLineBytes {
        chunk.appendOverlong()
        skipping = true
      }
      if skipping { start = pending.count }
      pending.removeSubrange(0..<start)
      start = 0
      let block = try source.read(maximum: Self.blockSize)
      if block.isEmpty { atEnd = true } else { pending += block }
    }
    return !chunk.ranges.isEmpty
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
    pending.withUnsafeBufferPointer { chunk.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }
}

/// Collects output and writes it in blocks, so that a chunk's lines cost few system calls.
struct BufferedWriter {
  let sink: ByteSink
  private var buffer: [UInt8] = []
  static let blockSize = 1 << 18

  init(sink: ByteSink) {
    self.sink = sink
    buffer.reserveCapacity(Self.blockSize)
  }

  mutating func append(_ bytes: [UInt8]) throws {
    buffer += bytes
    if buffer.count >= Self.blockSize { try flush() }
  }

  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
