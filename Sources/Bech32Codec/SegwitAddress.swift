import Chains

/// Segregated-witness addresses (BIP-173 for version 0, BIP-350 for versions 1 to 16).
public enum SegwitAddress {
  /// Why a string is not a segwit address.
  public enum Failure: Error, Equatable, Sendable {
    /// The string is not valid Bech32 or Bech32m.
    case bech32(Bech32Error)
    /// The human-readable part is not the one expected (or not a Bitcoin network's).
    case wrongHRP
    /// The witness version is above 16.
    case invalidVersion
    /// The program is not 2 to 40 bytes, or not 20 or 32 bytes for version 0.
    case invalidProgramLength
    /// Version 0 without a Bech32 checksum, or a later version without a Bech32m one.
    case wrongVariant
    /// The program's words do not regroup exactly into bytes.
    case invalidPadding
  }

  /// Encodes a witness version and program as an address for `hrp` (`bc`, `tb`, `bcrt`).
  ///
  /// - Precondition: `version` is 0...16 and the program length suits it (2...40 bytes; 20 or 32
  ///   for version 0). Callers check these on input first.
  public static func encode(hrp: String, version: UInt8, program: [UInt8]) -> String {
    var hrp = hrp
    return hrp.withUTF8 { hrp in
      program.withUnsafeBufferPointer { program in
        String(
          unsafeUninitializedCapacity: length(hrpCount: hrp.count, programCount: program.count)
        ) { encode(hrp: hrp, version: version, program: program, into: $0) }
      }
    }
  }

  /// How many characters the address of a program of `programCount` bytes takes, for a
  /// human-readable part of `hrpCount`: the separator, the version, the program's words and
  /// the checksum after it.
  package static func length(hrpCount: Int, programCount: Int) -> Int {
    hrpCount + 2 + (programCount * 8 + 4) / 5 + Bech32.checksumLength
  }

  /// `encode(hrp:version:program:)` written to `output`, which holds at least `length(...)`
  /// bytes: returns the count written.
  package static func encode(
    hrp: UnsafeBufferPointer<UInt8>, version: UInt8, program: UnsafeBufferPointer<UInt8>,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    precondition(version <= 16 && (2...40).contains(program.count), "not a witness program")
    // The version, then the program's at most 64 words.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65) { words in
      words[0] = version
      let count =
        1 + Bech32.regroup(bytes: program, into: UnsafeMutableBufferPointer(rebasing: words[1...]))
      return Bech32.encode(
        hrp: hrp, words: UnsafeBufferPointer(rebasing: words[..<count]),
        variant: version == 0 ? .bech32 : .bech32m, into: output)
    }
  }

  /// Human-readable parts of Bitcoin's networks, from the chain table: `bc` (bitcoin), `tb`
  /// (testnet, testnet4 and signet), `bcrt` (regtest).
  public static let bitcoinHRPs: Set<String> = Set(Chain.all.map(\.segwitHRP))

  /// Decodes an address, checking the human-readable part: `expectedHRP` when given, else one of
  /// `bitcoinHRPs`.
  public static func decode(_ address: String, expectedHRP: String? = nil) throws(Failure) -> (
    hrp: String, version: UInt8, program: [UInt8]
  ) {
    let decoded: Bech32.Decoded
    do { decoded = try Bech32.decode(address) } catch { throw .bech32(error) }
    if let expectedHRP, decoded.hrpString != expectedHRP { throw .wrongHRP }
    if expectedHRP == nil, !bitcoinHRPs.contains(decoded.hrpString) { throw .wrongHRP }
    guard let version = decoded.words.first else { throw .invalidProgramLength }
    guard version <= 16 else { throw .invalidVersion }
    let program: [UInt8]
    do { program = try Bech32.bytes(fromWords: decoded.words.dropFirst()) } catch {
      throw .invalidPadding
    }
    guard (2...40).contains(program.count) else { throw .invalidProgramLength }
    if version == 0 && program.count != 20 && program.count != 32 { throw .invalidProgramLength }
    guard decoded.variant == (version == 0 ? .bech32 : .bech32m) else { throw .wrongVariant }
    return (decoded.hrpString, version, program)
  }

  /// The scriptPubKey that pays a witness program: `OP_n <push program>`.
  public static func scriptPubKey(version: UInt8, program: [UInt8]) -> [UInt8] {
    [versionOpcode(version), UInt8(program.count)] + program
  }

  /// The opcode that pushes witness `version` (0...16): OP_0 is 0x00; OP_1...OP_16 are
  /// 0x51...0x60.
  package static func versionOpcode(_ version: UInt8) -> UInt8 {
    precondition(version <= 16, "witness versions are 0...16")
    return version == 0 ? 0 : 0x50 + version
  }
}
