/// Something a valid BOLT #12 string carries that the reader accepted but a wallet should know.
public struct Bolt12Warning: Sendable, Hashable, CustomStringConvertible {
  /// The stable kinds of warning; each raw value is the dotted string the tool prints.
  public enum Code: String, CaseIterable, Sendable {
    /// Three upper-case letters that ISO 4217 does not list: no minor unit is known.
    case unknownCurrency = "bolt12.unknown_currency"
  }

  /// Which warning: stable, the value to branch on.
  public let code: Code
  /// What it means, for people; prose that may change.
  public let message: String

  /// `code: message`.
  public var description: String { "\(code.rawValue): \(message)" }
}
