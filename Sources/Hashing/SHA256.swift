// Bech32Codec: the stack-built array of the digest.
import Bech32Codec
internal import CSHA256

/// SHA-256 (FIPS 180-4), one-shot, on bytes.
///
/// Foundation on Linux has no SHA-256 and the libraries stay free of Foundation, so they carry
/// their own: small, allocation-free apart from the 32-byte result, and tested against the NIST vectors.
/// On x86 CPUs with the SHA extensions the blocks go through those instructions (the CSHA256
/// target); everywhere else, through the portable Swift rounds below. Both give the same digests.
public enum SHA256 {
  /// Bytes in a digest.
  public static let digestLength = 32

  /// How blocks are compressed.
  enum Engine: Sendable {
    /// The rounds in Swift, on any CPU.
    case portable
    /// The x86 SHA extensions (SHA-NI); only on a CPU that has them.
    case shaExtensions

    /// The SHA extensions when this CPU has them, else the portable rounds; asked of the CPU once.
    static let preferred: Engine = csha256_cpu_has_sha_ni() ? .shaExtensions : .portable
  }

  /// The SHA-256 digest of `bytes`.
  public static func hash(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBytes { hash(UnsafeRawBufferPointer($0)) }
  }

  /// The SHA-256 digest of the bytes in `buffer`.
  /// - Complexity: O(n).
  public static func hash(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
    [UInt8](stackCapacity: digestLength) { digest in
      hash(buffer, into: digest)
      return digestLength
    }
  }

  /// Writes the SHA-256 digest of the bytes in `buffer` to the first 32 bytes of `digest`.
  ///
  /// - Precondition: `digest` holds at least `digestLength` bytes.
  /// - Complexity: O(n), no allocation.
  public static func hash(
    _ buffer: UnsafeRawBufferPointer, into digest: UnsafeMutableBufferPointer<UInt8>
  ) {
    hash(buffer, into: digest, engine: .preferred)
  }

  /// `hash(_:into:)` with the given engine, so that tests can compare the two.
  ///
  /// - Precondition: `engine` is `.portable` or `Engine.preferred`.
  static func hash(
    _ buffer: UnsafeRawBufferPointer, into digest: UnsafeMutableBufferPointer<UInt8>,
    engine: Engine
  ) {
    // The working state a, b, ..., h, shared by both engines: eight native words.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { state in
      start(state)
      finish(state, after: 0, buffer, into: digest, engine: engine)
    }
  }

  /// Writes FIPS 180-4's initial hash value H(0) to the first 8 words of `state`.
  @inline(__always)
  static func start(_ state: UnsafeMutableBufferPointer<UInt32>) {
    state[0] = 0x6a09_e667
    state[1] = 0xbb67_ae85
    state[2] = 0x3c6e_f372
    state[3] = 0xa54f_f53a
    state[4] = 0x510e_527f
    state[5] = 0x9b05_688c
    state[6] = 0x1f83_d9ab
    state[7] = 0x5be0_cd19
  }

  /// Compresses the bytes of `buffer` into `state`, which holds the state after
  /// `prefixLength` bytes (a multiple of 64) were compressed, pads, and writes the digest of
  /// prefix ‖ buffer to the first 32 bytes of `digest`.
  ///
  /// - Precondition: `digest` holds at least `digestLength` bytes; `engine` is `.portable` or
  ///   `Engine.preferred`.
  static func finish(
    _ state: UnsafeMutableBufferPointer<UInt32>, after prefixLength: Int,
    _ buffer: UnsafeRawBufferPointer, into digest: UnsafeMutableBufferPointer<UInt8>,
    engine: Engine
  ) {
    precondition(digest.count >= digestLength, "a SHA-256 digest is 32 bytes")
    precondition(
      engine == .portable || engine == Engine.preferred, "this CPU has no SHA extensions")
    let count = buffer.count
    let wholeBytes = count / 64 * 64
    compress(state, UnsafeRawBufferPointer(rebasing: buffer[0..<wholeBytes]), engine)
    // The tail, the 0x80 marker and the 64-bit bit length fill one or two final blocks.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
      tail.initialize(repeating: 0)
      let remaining = count - wholeBytes
      UnsafeMutableRawBufferPointer(tail).copyMemory(
        from: UnsafeRawBufferPointer(rebasing: buffer[wholeBytes...]))
      tail[remaining] = 0x80
      let tailLength = remaining + 9 <= 64 ? 64 : 128
      // Bit length: a buffer in memory holds far fewer than 2^61 bytes, so this cannot overflow.
      let bitLength = UInt64(prefixLength + count) &* 8
      for index in 0..<8 {
        tail[tailLength - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index)))
      }
      compress(state, UnsafeRawBufferPointer(start: tail.baseAddress, count: tailLength), engine)
    }
    for index in 0..<8 {
      let word = state[index]
      digest[index * 4] = UInt8(truncatingIfNeeded: word >> 24)
      digest[index * 4 + 1] = UInt8(truncatingIfNeeded: word >> 16)
      digest[index * 4 + 2] = UInt8(truncatingIfNeeded: word >> 8)
      digest[index * 4 + 3] = UInt8(truncatingIfNeeded: word)
    }
  }

  /// Compresses the whole 64-byte blocks of `blocks` (a multiple of 64 bytes) into `state`.
  @inline(__always)
  static func compress(
    _ state: UnsafeMutableBufferPointer<UInt32>, _ blocks: UnsafeRawBufferPointer, _ engine: Engine
  ) {
    let blockCount = blocks.count / 64
    guard blockCount > 0, let start = blocks.baseAddress else { return }
    switch engine {
    case .shaExtensions:
      csha256_compress_sha_ni(state.baseAddress, start, blockCount)
    case .portable:
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        roundConstants.withUnsafeBufferPointer { constants in
          for block in 0..<blockCount {
            compressBlock(
              state, UnsafeRawBufferPointer(rebasing: blocks[(block * 64)..<(block * 64 + 64)]),
              schedule, constants)
          }
        }
      }
    }
  }

  // All arithmetic below is modulo 2^32 by definition of SHA-256, hence the wrapping operators.
  /// The portable compression of one 64-byte block, with `w` for the message schedule.
  @inline(__always)
  private static func compressBlock(
    _ state: UnsafeMutableBufferPointer<UInt32>, _ block: UnsafeRawBufferPointer,
    _ w: UnsafeMutableBufferPointer<UInt32>,
    _ k: UnsafeBufferPointer<UInt32>
  ) {
    for t in 0..<16 {
      w[t] =
        UInt32(block[t * 4]) << 24 | UInt32(block[t * 4 + 1]) << 16
        | UInt32(block[t * 4 + 2]) << 8 | UInt32(block[t * 4 + 3])
    }
    for t in 16..<64 {
      let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
      let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
      w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
    }
    var (a, b, c, d) = (state[0], state[1], state[2], state[3])
    var (e, f, g, h) = (state[4], state[5], state[6], state[7])
    for t in 0..<64 {
      let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      let choice = (e & f) ^ (~e & g)
      let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
      let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temp2 = s0 &+ majority
      h = g
      g = f
      f = e
      e = d &+ temp1
      d = c
      c = b
      b = a
      a = temp1 &+ temp2
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  @inline(__always)
  private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}
