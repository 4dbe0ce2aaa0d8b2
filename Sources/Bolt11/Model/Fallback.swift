import Bech32Codec

/// An on-chain fallback address from an `f` field.
public struct Fallback: Sendable, Hashable {
  /// The address kind, named as Core Lightning names it.
  public enum Kind: String, Sendable, CaseIterable {
    /// Pay to public-key hash (version 17, 20 bytes).
    case p2pkh = "P2PKH"
    /// Pay to script hash (version 18, 20 bytes).
    case p2sh = "P2SH"
    /// Pay to witness public-key hash (version 0, 20 bytes).
    case p2wpkh = "P2WPKH"
    /// Pay to witness script hash (version 0, 32 bytes).
    case p2wsh = "P2WSH"
    /// Pay to Taproot (version 1, 32 bytes).
    case p2tr = "P2TR"
    /// Any other witness version or program length.
    case witnessUnknown = "WITNESS_UNKNOWN"
  }

  /// The `f` field's version: 0...16 a witness version, 17 P2PKH, 18 P2SH.
  public let version: UInt8
  /// The witness program, or the 20-byte hash for versions 17 and 18.
  public let program: [UInt8]

  /// Version 17: pay to public-key hash.
  public static let p2pkhVersion: UInt8 = 17
  /// Version 18: pay to script hash.
  public static let p2shVersion: UInt8 = 18

  /// Whether readers interpret an `f` field of `version`: 0...16 (witness versions), 17 and 18.
  /// BOLT 11: "MUST skip over `f` fields that use an unknown `version`."
  public static func isKnownVersion(_ version: UInt8) -> Bool { version <= p2shVersion }

  /// Makes a fallback, or nil when the version and length are not a valid address.
  ///
  /// Version 0 takes 20 or 32 bytes; 1...16, 2 to 40 bytes (BIP-141); 17 and 18, exactly 20.
  public init?(version: UInt8, program: [UInt8]) {
    switch version {
    case 0: guard program.count == 20 || program.count == 32 else { return nil }
    case 1...16: guard (2...40).contains(program.count) else { return nil }
    case Self.p2pkhVersion, Self.p2shVersion: guard program.count == 20 else { return nil }
    default: return nil
    }
    self.version = version
    self.program = program
  }

  /// The fallback that pays `script`: P2PKH, P2SH or a witness program (`scriptPubKey`'s
  /// inverse); nil for any other script.
  public init?(scriptPubKey script: [UInt8]) {
    // OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG
    if script.count == 25, script.starts(with: [0x76, 0xa9, 0x14]),
      script.suffix(2).elementsEqual([0x88, 0xac])
    {
      self.init(version: Self.p2pkhVersion, program: Array(script[3..<23]))
      return
    }
    // OP_HASH160 <20> OP_EQUAL
    if script.count == 23, script.starts(with: [0xa9, 0x14]), script.last == 0x87 {
      self.init(version: Self.p2shVersion, program: Array(script[2..<22]))
      return
    }
    // OP_n <push program>: OP_0 is 0x00; OP_1...OP_16 are 0x51...0x60.
    guard script.count >= 4, Int(script[1]) == script.count - 2 else { return nil }
    let version: UInt8
    switch script[0] {
    case 0: version = 0
    case 0x51...0x60: version = script[0] - 0x50
    default: return nil
    }
    self.init(version: version, program: Array(script[2...]))
  }

  /// The address kind, from the version and the program's length.
  public var kind: Kind {
    switch (version, program.count) {
    case (Self.p2pkhVersion, _): .p2pkh
    case (Self.p2shVersion, _): .p2sh
    case (0, 20): .p2wpkh
    case (0, 32): .p2wsh
    case (1, 32): .p2tr
    default: .witnessUnknown
    }
  }

  /// The address on `currency`'s chain: bech32 for witness version 0, bech32m for 1...16,
  /// Base58Check for versions 17 and 18. Nil for a Base58Check address on an unknown chain, whose
  /// version bytes are not known; a witness address there takes the currency prefix as its
  /// human-readable part.
  public func address(on currency: Currency) -> String? {
    var address: String?
    withAddressBytes(on: currency) { address = $0.map { String(decoding: $0, as: UTF8.self) } }
    return address
  }

  /// Calls `body` with the UTF-8 bytes of `address(on:)`, or nil where that is nil, without
  /// making a string: the JSON writer copies them straight into its line. Not generic, so that
  /// callers in other modules call this code rather than an unspecialized copy of it.
  package func withAddressBytes(
    on currency: Currency, _ body: (UnsafeBufferPointer<UInt8>?) -> Void
  ) {
    let base58Version: UInt8?
    switch version {
    case Self.p2pkhVersion: base58Version = currency.p2pkhVersion
    case Self.p2shVersion: base58Version = currency.p2shVersion
    default:
      var hrp = currency.segwitHRP
      return hrp.withUTF8 { hrp in
        program.withUnsafeBufferPointer { program in
          withUnsafeTemporaryAllocation(
            of: UInt8.self,
            capacity: SegwitAddress.length(hrpCount: hrp.count, programCount: program.count)
          ) { output in
            let count = SegwitAddress.encode(
              hrp: hrp, version: version, program: program, into: output)
            return body(UnsafeBufferPointer(rebasing: output[..<count]))
          }
        }
      }
    }
    guard let base58Version else { return body(nil) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Base58.maximumCheckLength) {
      output in
      let count = program.withUnsafeBytes {
        Base58.checkEncode(version: base58Version, payload: $0, into: output)
      }
      return body(UnsafeBufferPointer(rebasing: output[..<count]))
    }
  }

  /// The output script this address pays.
  public var scriptPubKey: [UInt8] {
    var script: [UInt8] = []
    withScriptPubKeyBytes { script = Array($0) }
    return script
  }

  /// Calls `body` with the bytes of `scriptPubKey`, without making an array of them (not
  /// generic, as `withAddressBytes`).
  package func withScriptPubKeyBytes(_ body: (UnsafeRawBufferPointer) -> Void) {
    // At most three opcodes around a push of at most 40 bytes (`init?(version:program:)`).
    precondition(program.count <= 40, "a fallback's program has at most 40 bytes")
    withUnsafeTemporaryAllocation(byteCount: 45, alignment: 1) { script in
      var count = 0
      func append(_ byte: UInt8) {
        script[count] = byte
        count += 1
      }
      func appendProgram() {
        append(UInt8(program.count))
        program.withUnsafeBytes {
          UnsafeMutableRawBufferPointer(rebasing: script[count..<(count + $0.count)])
            .copyMemory(from: $0)
        }
        count += program.count
      }
      switch version {
      case Self.p2pkhVersion:  // OP_DUP OP_HASH160 <20> OP_EQUALVERIFY OP_CHECKSIG
        append(0x76)
        append(0xa9)
        appendProgram()
        append(0x88)
        append(0xac)
      case Self.p2shVersion:  // OP_HASH160 <20> OP_EQUAL
        append(0xa9)
        appendProgram()
        append(0x87)
      default:  // OP_n <push program>
        append(SegwitAddress.versionOpcode(version))
        appendProgram()
      }
      return body(UnsafeRawBufferPointer(rebasing: script[..<count]))
    }
  }
}

extension Invoice {
  /// The on-chain addresses the `f` fields give, in their order, written for the invoice's chain
  /// (``Fallback/address(on:)``); a Base58Check fallback on an unknown chain has none and is left
  /// out. rust-lightning calls this `fallback_addresses()`.
  public var fallbackAddresses: [String] {
    fields.fallbacks.compactMap { $0.address(on: fields.currency) }
  }
}
