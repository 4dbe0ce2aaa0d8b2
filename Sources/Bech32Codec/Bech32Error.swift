/// A Bech32 decoding failure, with the character position of the fault where one applies.
public struct Bech32Error: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stable reasons; each raw value is a dotted string such as `bech32.checksum`, the same
  /// in the `bolt11` tool and its JSON.
  public enum Code: String, CaseIterable, Sendable {
    /// The string has no `1` separating the human-readable part from the data.
    case noSeparator = "bech32.no_separator"
    /// Upper- and lower-case letters are mixed.
    case mixedCase = "bech32.mixed_case"
    /// A character outside printable ASCII in the human-readable part, or outside the Bech32
    /// alphabet in the data part; ``Bech32Error/position`` points at it.
    case invalidCharacter = "bech32.invalid_character"
    /// The checksum matches neither Bech32 nor Bech32m.
    case checksum = "bech32.checksum"
    /// The human-readable part is empty, or fewer than six characters follow the separator.
    case malformed = "bech32.malformed"
  }

  /// Which rule failed: stable, and the value to branch on.
  public var code: Code
  /// What failed, for people. Prose that may change between releases; never branch on it.
  public var message: String
  /// Offset of the faulty character from the start of the decoded text, when one applies.
  public var position: Int?

  /// Makes an error from its parts.
  ///
  /// - Parameters:
  ///   - code: the rule that failed.
  ///   - message: what failed, for people.
  ///   - position: the offset of the faulty character, when one applies.
  public init(_ code: Code, _ message: String, position: Int? = nil) {
    self.code = code
    self.message = message
    self.position = position
  }

  /// Where ``position`` points in `text`, the string that was decoded.
  ///
  /// - Returns: the index of the faulty character, or nil when there is no position or `text`
  ///   is shorter.
  public func index(in text: String) -> String.Index? {
    position.flatMap { InputText.index(atScalarOffset: $0, in: text) }
  }

  /// The code, the message and the position: `bech32.checksum: checksum does not match`.
  public var description: String {
    position.map { "\(code.rawValue): \(message) (at \($0))" } ?? "\(code.rawValue): \(message)"
  }
}
