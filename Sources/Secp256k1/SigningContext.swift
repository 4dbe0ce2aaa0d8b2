internal import CSecp256k1

/// The owned context a signing key signs with: made, then randomized with fresh system
/// randomness (libsecp256k1's side-channel blinding), once per key.
enum SigningContext {
  /// A new randomized context; its owner destroys it (`secp256k1_context_destroy`).
  ///
  /// Wraps `secp256k1_context_create` and `secp256k1_context_randomize`.
  static func create() -> OpaquePointer {
    guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
      preconditionFailure("secp256k1_context_create failed")
    }
    var seed = [UInt8](repeating: 0, count: 32)
    var generator = SystemRandomNumberGenerator()
    for index in seed.indices { seed[index] = generator.next() }
    let randomized = secp256k1_context_randomize(context, seed)
    precondition(randomized == 1, "context randomization cannot fail on a fresh context")
    return context
  }
}
