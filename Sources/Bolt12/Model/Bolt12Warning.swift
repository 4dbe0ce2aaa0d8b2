/// Something a valid BOLT #12 string carries that the reader accepted but a wallet should know.
public struct Bolt12Warning: Sendable, Hashable, CustomStringConvertible {
  /// The stable kinds of warning; each raw value is the dotted string the tool prints.
  public enum Code: String, CaseIterable, Sendable {
    /// Three upper-case letters that ISO 4217 does not list: no minor unit is known.
    case unknownCurrency = "bolt12.unknown_currency"
    /// An invoice request that answers no offer carries no signature (its writer must leave it
    /// out).
    case unsignedRequest = "bolt12.unsigned_request"
    /// A fallback a payer must ignore (a version above 16, a program outside 2 to 40 bytes, or
    /// one that breaks its version's rules).
    case fallbackIgnored = "bolt12.fallback_ignored"
    /// Some, not all, of an invoice's paths have an unknown even payinfo feature: those are not
    /// used.
    case pathUnusable = "bolt12.path_unusable"
  }

  /// Which warning: stable, the value to branch on.
  public let code: Code
  /// What it means, for people; prose that may change.
  public let message: String

  /// `code: message`.
  public var description: String { "\(code.rawValue): \(message)" }
}
