/// Bytes appended through a pointer into storage that doubles when full: an append costs a
/// capacity check and a copy, where `Array.append(contentsOf:)` costs a call and a uniqueness
/// check each time.
///
/// It owns its storage and cannot be copied, so a writer kept across lines (one per batch worker)
/// writes each JSON line once, where it stays until it is written out, with no allocation per
/// line once it has grown.
package struct ByteWriter: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  package private(set) var count = 0

  package init(capacity: Int = 4096) {
    self.capacity = max(capacity, 16)
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Runs `body` with an empty writer, then appends what it wrote to `output`.
  static func collect(into output: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
    var writer = ByteWriter()
    body(&writer)
    writer.withBytes { output.append(contentsOf: $0) }
  }

  /// Forgets what was written, keeping the storage.
  package mutating func removeAll() { count = 0 }
  /// Drops the last byte written (an object's closing brace, to add a member after it).
  mutating func removeLast() {
    precondition(count > 0, "removeLast on an empty writer")
    count -= 1
  }

  /// Room for `total` bytes in all, without growing by doubling on the way there.
  package mutating func reserveCapacity(_ total: Int) {
    if total > capacity { grow(to: total) }
  }

  /// Calls `body` with the bytes written so far.
  package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Calls `body` with the bytes at `range`, which lies within what was written.
  package func withBytes<R>(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the bytes")
    return try body(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  /// Room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    // Never wraps: 0 <= count <= capacity, both counts of allocated bytes.
    if capacity &- count < extra { grow(to: count + extra) }
  }

  @inline(never)
  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  package mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inline(__always)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count &+= bytes.count
  }

  /// The bytes of a literal: one call a literal rather than its copy inlined at each of the
  /// JSON writer's many, which kept its code from fitting in the instruction cache beside the
  /// signature check's.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    // Decided when the literal is compiled: a one-character literal may be held as a scalar.
    if text.hasPointerRepresentation {
      append(literal: text.utf8Start, count: text.utf8CodeUnitCount)
    } else {
      text.withUTF8Buffer { append(contentsOf: $0) }
    }
  }

  /// Compiled for size, so that the compiler does not unroll or vectorize `copy`'s loops.
  @inline(never) @_optimize(size)
  private mutating func append(literal start: UnsafePointer<UInt8>, count length: Int) {
    reserve(length)
    Self.copy(UnsafeRawPointer(start), to: UnsafeMutableRawPointer(base + count), count: length)
    count &+= length
  }

  /// Copies `length` bytes eight at a time, the last eight overlapping the ones before, and
  /// fewer than eight one at a time: no call, for the JSON writer's literals of a few dozen
  /// bytes.
  @inline(__always)
  static func copy(
    _ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count length: Int
  ) {
    var index = 0
    guard length >= 8 else {
      while index < length {
        target.storeBytes(
          of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index,
          as: UInt8.self)
        index &+= 1
      }
      return
    }
    // The eight bytes at `offset`.
    func move(_ offset: Int) {
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
        as: UInt64.self)
    }
    while length &- index > 8 {
      move(index)
      index &+= 8
    }
    move(length &- 8)
  }

  /// Ends a JSON array whose items, written from `start` on, each end in a comma: the last comma
  /// becomes `]`, or `]` is appended when there are no items.
  mutating func endList(from start: Int) {
    if count > start {
      base[count &- 1] = UInt8(ascii: "]")
    } else {
      append(UInt8(ascii: "]"))
    }
  }

  /// Lets `body` write exactly `length` bytes in place.
  @inline(__always)
  mutating func write(length: Int, _ body: (UnsafeMutableRawPointer) -> Void) {
    body(space(length))
    commit(length)
  }

  /// Where the next `room` bytes go, with room for them: write there, then `commit` those to
  /// keep. The pointer is good until the next call that changes the writer.
  @inline(__always)
  mutating func space(_ room: Int) -> UnsafeMutableRawPointer {
    reserve(room)
    return UnsafeMutableRawPointer(base + count)
  }

  /// Keeps the first `length` bytes written at `space(room)` (`length <= room`).
  @inline(__always)
  mutating func commit(_ length: Int) {
    count &+= length
  }

  /// The decimal digits of `value`, two at a time. Never inlined: one copy serves every caller.
  @inline(never)
  mutating func appendDecimal(_ value: UInt64) {
    // How many digits, from how many bits: log10(2) is about 1233 / 4096, so `estimate` is
    // floor(bits * log10(2)), the number of digits of 2^bits less one (exact for bits <= 64).
    // `value` is below 2^bits, so it has `estimate` digits or one more (0 counted as 1, which
    // has one digit).
    let bits = 64 &- (value | 1).leadingZeroBitCount
    let estimate = (bits &* 1233) >> 12
    let digits = estimate &+ ((value | 1) >= Self.powersOfTen[estimate] ? 1 : 0)
    var rest = value
    write(length: digits) { place in
      let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
      var end = digits
      while rest >= 10 {
        end &-= 2
        place.storeBytes(
          of: pairs.loadUnaligned(fromByteOffset: 2 * Int(rest % 100), as: UInt16.self),
          toByteOffset: end, as: UInt16.self)
        rest /= 100
      }
      if end == 1 {
        place.storeBytes(of: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest), as: UInt8.self)
      }
    }
  }

  /// 10^0 ... 10^19, the powers of ten a UInt64 holds.
  private static let powersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
    100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
    100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]

  /// "00", "01", ... "99".
  private static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }
}
