import Bolt11
import Bolt11JSON

/// Text safe to show on a terminal or in a report, that quotes what it got from a vector file or
/// a decoder once: a verdict's reason, a vector's expectation.
///
/// It is made by string interpolation, and each piece is escaped by what it is:
///
/// - the literal text, this library's own words, is kept (any unsafe scalar in it written as
///   `\u{...}`);
/// - a `JSON` value is written as compact JSON text: strings in quotes, with `"` and `\` escaped
///   and every scalar `SafeText` finds unsafe written as `\uXXXX`;
/// - any other value (a name, a code, a message) goes through `SafeText.escape`: unsafe scalars
///   as `\u{...}`, `\` doubled;
/// - another `DisplayText` is kept as it is.
///
/// So an expected string `a"b\c` reads `"a\"b\\c"`, as JSON, and no piece escapes another's
/// escapes: a backslash inside quoted JSON is JSON's, and `\u{...}` is never JSON's.
///
/// ```swift
/// let reason: DisplayText = "\(key): \(actual), expected \(expected)"
/// ```
public struct DisplayText: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringInterpolation
{
  /// The text, safe to print.
  public let description: String

  /// Literal text, with any unsafe scalar escaped.
  public init(stringLiteral value: String) {
    description = Self.escapingUnsafeScalars(value)
  }

  /// The text the interpolation built.
  public init(stringInterpolation: StringInterpolation) {
    description = stringInterpolation.text
  }

  /// The pieces of an interpolated `DisplayText`, each escaped by what it is.
  public struct StringInterpolation: StringInterpolationProtocol {
    var text = ""

    /// Room for the literal text and the interpolations.
    public init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    /// Appends literal text, with any unsafe scalar escaped.
    public mutating func appendLiteral(_ literal: String) {
      text += DisplayText.escapingUnsafeScalars(literal)
    }

    /// Appends `value` as compact JSON text.
    public mutating func appendInterpolation(_ value: JSON) {
      text += DisplayText.escapingUnsafeScalars(value.serialized)
    }

    /// Appends `value` as it is: it is display text already.
    public mutating func appendInterpolation(_ value: DisplayText) {
      text += value.description
    }

    /// Appends `value`'s description through `SafeText.escape`.
    public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      text += SafeText.escape(value.description)
    }
  }

  /// `text` with every scalar `SafeText` finds unsafe written as `SafeText.escape` writes it,
  /// and nothing else changed: for text whose backslashes are its own (JSON, our words).
  static func escapingUnsafeScalars(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: SafeText.isUnsafe) else { return text }
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if SafeText.isUnsafe(scalar) {
        output.append(contentsOf: SafeText.escape(String(scalar)).unicodeScalars)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }
}
