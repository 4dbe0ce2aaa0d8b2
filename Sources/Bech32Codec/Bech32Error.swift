/// A Bech32 decoding failure, with the character position of the fault where one applies.
public struct Bech32Error: Error, Equatable, Sendable, CustomStringConvertible {
  /// Stable, dotted codes: part of the command-line and JSON contract.
  public enum Code: String, CaseIterable, Sendable {
    case noSeparator = "bech32.no_separator"
    case mixedCase = "bech32.mixed_case"
    case invalidCharacter = "bech32.invalid_character"
    case checksum = "bech32.checksum"
    case malformed = "bech32.malformed"
  }

  public var code: Code
  public var message: String
  /// Offset of the faulty character from the start of the decoded text, when one applies.
  public var position: Int?

  public init(_ code: Code, _ message: String, position: Int? = nil) {
    self.code = code
    self.message = message
    self.position = position
  }

  public var description: String {
    position.map { "\(code.rawValue): \(message) (at \($0))" } ?? "\(code.rawValue): \(message)"
  }
}
