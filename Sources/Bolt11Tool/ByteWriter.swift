/// Bytes appended through a pointer into storage that doubles when full: an append costs a
/// capacity check and a copy, where `Array.append(contentsOf:)` costs a call and a uniqueness
/// check each time. Used for one JSON line at a time (`collect(into:_:)`).
struct ByteWriter {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  private init(capacity: Int) {
    self.capacity = capacity
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  }

  /// Runs `body` with an empty writer, then appends what it wrote to `output`.
  static func collect(into output: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
    var writer = ByteWriter(capacity: 4096)
    defer { writer.base.deallocate() }
    body(&writer)
    output.append(contentsOf: UnsafeBufferPointer(start: writer.base, count: writer.count))
  }

  /// Room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if capacity - count < extra { grow(to: count + extra) }
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
  mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// The bytes of a literal.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Lets `body` write exactly `length` bytes in place.
  mutating func write(length: Int, _ body: (UnsafeMutableRawPointer) -> Void) {
    reserve(length)
    body(UnsafeMutableRawPointer(base + count))
    count += length
  }

  /// The decimal digits of `value`, two at a time.
  mutating func appendDecimal(_ value: UInt64) {
    // 20 digits hold UInt64.max; 10^19 is the largest power of ten below it.
    var digits = 1
    var power: UInt64 = 10
    while digits < 20 && value >= power {
      digits += 1
      power &*= 10
    }
    var rest = value
    write(length: digits) { place in
      let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
      var end = digits
      while rest >= 10 {
        end -= 2
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

  /// "00", "01", ... "99".
  private static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }
}
