internal import CSecp256k1

/// The library's static context, checked once by `secp256k1_selftest` before first use.
///
/// The static context can verify and recover but never sign; it needs no allocation and is safe to
/// share between threads.
enum StaticContext {
  /// Wraps `secp256k1_selftest`; evaluated once, lazily and thread-safely, as a static `let`.
  private static let selfTested: Bool = {
    secp256k1_selftest()
    return true
  }()

  static var pointer: OpaquePointer {
    precondition(selfTested)
    return CSecp256k1_staticContext()
  }
}
