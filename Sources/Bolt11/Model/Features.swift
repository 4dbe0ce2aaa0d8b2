import Bech32Codec

/// The feature bits of an invoice's `9` field (BOLT #9, context `9`).
public struct Features: Sendable, Hashable, CustomStringConvertible {
  /// Bits 0...63, when no higher bit is set (invoices' usual case: no allocation).
  private var low: UInt64 = 0
  /// The minimal big-endian bytes when a bit of 64 or more is set; empty otherwise.
  private var wide: [UInt8] = []

  /// The bits as a minimal big-endian byte string: bit 0 is the lowest bit of the last byte; no
  /// leading zero bytes. Empty when no bit is set.
  public var bytes: [UInt8] {
    guard wide.isEmpty else { return wide }
    let count = (64 - low.leadingZeroBitCount + 7) / 8
    return (0..<count).map { UInt8(truncatingIfNeeded: low >> UInt64(8 * (count - 1 - $0))) }
  }

  /// The bits when none above 63 is set (bit 0 the lowest), nil otherwise: ``bytes`` without
  /// an allocation in the usual case.
  package var lowBits: UInt64? { wide.isEmpty ? low : nil }

  /// No bits set.
  public init() {}

  /// The highest bit a `9` field can hold: 1023 words (the longest field) of 5 bits are bits
  /// 0...5114.
  public static let maximumBit = 1023 * 5 - 1

  /// The features whose bit numbers are given.
  ///
  /// Every bit is checked before anything is allocated for them.
  /// - Throws: `build.invalid_features` for a negative bit or one above `maximumBit`.
  public init(bits: some Sequence<Int>) throws(InvoiceBuildError) {
    let bits = Array(bits)
    for bit in bits where bit < 0 || bit > Self.maximumBit {
      throw InvoiceBuildError(
        .invalidFeatures,
        "feature bit \(bit) is out of range: a `9` field holds bits 0 to \(Self.maximumBit)")
    }
    guard let highest = bits.max() else { return }
    var bytes = [UInt8](repeating: 0, count: highest / 8 + 1)
    for bit in bits { bytes[bytes.count - 1 - bit / 8] |= 1 << UInt8(bit % 8) }
    self = bytes.withUnsafeBufferPointer { Self(minimalBytes: $0) }
  }

  /// The features whose bits `bytes` sets, big-endian: bit 0 is the lowest bit of the last byte
  /// (the inverse of ``bytes``; leading zero bytes are allowed).
  ///
  /// - Throws: `build.invalid_features` for a bit above `maximumBit`.
  public init(bytes: [UInt8]) throws(InvoiceBuildError) {
    try self.init(bits: Self.bits(ofBytes: bytes))
  }

  /// The numbers of the bits `bytes` sets (big-endian), ascending.
  private static func bits(ofBytes bytes: [UInt8]) -> [Int] {
    var bits: [Int] = []
    for (index, byte) in bytes.reversed().enumerated() where byte != 0 {
      for bit in 0..<8 where (byte >> UInt8(bit)) & 1 == 1 { bits.append(index * 8 + bit) }
    }
    return bits
  }

  /// From big-endian bytes without a leading zero byte.
  private init(minimalBytes bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count <= 8 {
      low = bytes.reduce(0) { $0 << 8 | UInt64($1) }
    } else {
      wide = Array(bytes)
    }
  }

  /// The features encoded in a `9` field's 5-bit words, most significant word first.
  ///
  /// The words are one big-endian number of 5-bit digits; its bytes are that number regrouped to
  /// 8-bit digits, zero bits prepended to fill the first byte, leading zero bytes dropped.
  init(words: some Collection<UInt8>) {
    // Leading zero words carry no bits.
    let words = words.drop { $0 & 31 == 0 }
    // Up to 12 words (60 bits, an invoice's usual case), the bits are the words side by side:
    // they fit in `low` without regrouping.
    if words.count <= 12 {
      self.init()
      low = words.reduce(0) { $0 << 5 | UInt64($1 & 31) }
      return
    }
    self = Self(wideWords: words)
  }

  /// `init(words:)` for more than 12 words, without leading zero words. Out of line: invoices
  /// rarely set a bit above 59, and this code would spread the usual case over more cache lines.
  @inline(never)
  private init(wideWords words: some Collection<UInt8>) {
    // Zero words in front, as many as make the bit count whole bytes: the words then regroup
    // exactly and the number stays right-aligned. At most 1030 words and 644 bytes, on the stack.
    let total = (words.count + 7) / 8 * 8
    self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(total + total / 8 * 5, 1)) {
      buffer in
      let aligned = UnsafeMutableBufferPointer(rebasing: buffer[0..<total])
      aligned.initialize(repeating: 0)
      _ = UnsafeMutableBufferPointer(rebasing: aligned[(total - words.count)...])
        .initialize(fromContentsOf: words)
      let output = UnsafeMutableBufferPointer(rebasing: buffer[total...])
      let count = Bech32.regroup(UnsafeBufferPointer(aligned), into: output, padded: false).count
      // Leading zero bytes carry no bits.
      let start = output[0..<count].firstIndex { $0 != 0 } ?? count
      return Self(minimalBytes: UnsafeBufferPointer(rebasing: output[start..<count]))
    }
  }

  /// Whether `bit` is set.
  public func contains(bit: Int) -> Bool {
    guard bit >= 0 else { return false }
    guard !wide.isEmpty else { return bit < 64 && (low >> UInt64(bit)) & 1 == 1 }
    let bytes = wide
    let byteFromEnd = bit / 8
    guard byteFromEnd < bytes.count else { return false }
    return (bytes[bytes.count - 1 - byteFromEnd] >> UInt8(bit % 8)) & 1 == 1
  }

  /// The numbers of the bits set, ascending.
  public var setBits: [Int] { Self.bits(ofBytes: bytes) }

  /// Whether no bit is set (then an invoice carries no `9` field, unless its order names one).
  public var isEmpty: Bool { low == 0 && wide.isEmpty }

  /// The `9` field's words: minimal, no leading zero word.
  var words: [UInt8] {
    guard let highest = setBits.last else { return [] }
    let count = highest / 5 + 1
    var words = [UInt8](repeating: 0, count: count)
    for bit in setBits { words[count - 1 - bit / 5] |= 1 << UInt8(bit % 5) }
    return words
  }

  /// Features BOLT #9 allows in invoices (context `9`), by even bit of the pair.
  /// `var_onion_optin` and `payment_secret` are ASSUMED today but still appear in invoices.
  public static let knownInvoiceFeatures: [Int: String] = Dictionary(
    uniqueKeysWithValues: Feature.allCases.map { ($0.evenBit, $0.name) })

  /// Dependencies among invoice features, by even bit: `basic_mpp` needs `payment_secret`.
  static let dependencies: [(feature: Int, requires: Int)] = [(16, 14)]

  /// The name of `bit`'s feature, or nil when BOLT #9 assigns none for invoices.
  public static func name(ofBit bit: Int) -> String? {
    Feature(rawValue: bit & ~1)?.name
  }

  /// The first unknown even (required) bit, if any.
  ///
  /// BOLT 11: "if the `9` field contains unknown _even_ bits that are non-zero: MUST fail the
  /// payment."
  public var firstUnknownRequiredBit: Int? {
    guard !wide.isEmpty else {
      // Set, even (0x55...: bits 0, 2, 4, ...) and not known: the lowest is the first.
      let unknown = low & 0x5555_5555_5555_5555 & ~Self.knownEvenBits
      return unknown == 0 ? nil : unknown.trailingZeroBitCount
    }
    return firstUnknownRequiredWideBit
  }

  /// `firstUnknownRequiredBit` when a bit above 63 is set. Out of line: invoices rarely set one,
  /// and the loop would spread the usual case over more instruction-cache lines.
  @inline(never)
  private var firstUnknownRequiredWideBit: Int? {
    // Lowest bits first, as `setBits` lists them; only even bits, only set ones.
    for (index, byte) in wide.reversed().enumerated() where byte & 0x55 != 0 {
      for bit in stride(from: 0, to: 8, by: 2) where (byte >> UInt8(bit)) & 1 == 1 {
        let number = index * 8 + bit
        guard number < 64 else {
          if Feature(rawValue: number) == nil { return number }
          continue
        }
        if Self.knownEvenBits & 1 << UInt64(number) == 0 { return number }
      }
    }
    return nil
  }

  /// The known features' even bits below 64 as a bit set, for `firstUnknownRequiredBit`.
  ///
  /// Made from `Feature` itself, not from the `knownInvoiceFeatures` dictionary: building that
  /// (and finding `Int`'s `Hashable` conformance for it) cost a one-shot decode a tenth of its
  /// instructions.
  private static let knownEvenBits: UInt64 = Feature.allCases.reduce(0) {
    $1.evenBit < 64 ? $0 | 1 << UInt64($1.evenBit) : $0
  }

  /// The first feature set without a feature it depends on, with that dependency.
  public var firstMissingDependency: (feature: Int, requires: Int)? {
    for dependency in Self.dependencies {
      let isSet = contains(bit: dependency.feature) || contains(bit: dependency.feature + 1)
      let hasRequirement =
        contains(bit: dependency.requires) || contains(bit: dependency.requires + 1)
      if isSet && !hasRequirement {
        let setBit = contains(bit: dependency.feature) ? dependency.feature : dependency.feature + 1
        return (setBit, dependency.requires)
      }
    }
    return nil
  }

  public var description: String {
    setBits.map { bit in
      let kind = bit % 2 == 0 ? "required" : "optional"
      return Self.name(ofBit: bit).map { "\($0) (\(bit), \(kind))" } ?? "unknown (\(bit), \(kind))"
    }.joined(separator: ", ")
  }
}
