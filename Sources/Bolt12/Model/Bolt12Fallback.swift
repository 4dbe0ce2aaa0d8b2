/// An on-chain address an invoice offers instead (`fallback_address`): a witness version and
/// program.
public struct Bolt12Fallback: Sendable, Hashable {
  /// The witness version.
  public let version: UInt8
  /// The witness program.
  public let program: [UInt8]

  /// Makes a fallback, for ``Bolt12InvoiceBuilder``.
  public init(version: UInt8, program: [UInt8]) {
    self.version = version
    self.program = program
  }

  /// Whether a payer must ignore it: a version above 16, a program outside 2 to 40 bytes, or a
  /// version 0 program of neither 20 nor 32 bytes.
  public var isIgnored: Bool {
    version > 16 || !(2...40).contains(program.count)
      || (version == 0 && program.count != 20 && program.count != 32)
  }
}
