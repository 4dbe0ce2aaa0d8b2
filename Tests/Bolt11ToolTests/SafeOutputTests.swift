import Bolt11
import Bolt11JSON
import Bolt11Tool
import Bolt11ToolFixtures
import TestSupport
import Testing

@testable import Bolt11Tool

@Suite struct SafeOutputTests {
  /// Scalars that must never reach a terminal raw, each with why.
  static let unsafe = UnsafeScalars.all

  @Test("JSON strings escape unsafe scalars and read back the same", arguments: unsafe.map { $0.0 })
  func jsonEscapes(_ scalar: Unicode.Scalar) throws {
    let text = "x" + String(scalar) + "y"
    let serialized = JSON.string(text).serialized
    #expect(!serialized.unicodeScalars.contains(scalar))
    #expect(try JSON.parse(serialized) == .string(text))
  }

  /// The writer skips eight plain bytes at a time: a character to escape must be found at every
  /// position of such a block, and just after one.
  @Test(
    "JSON strings escape a special character at every position",
    arguments: ["\"", "\\", "\n", "\u{1F}", "\u{7F}", "é", "\u{202E}", "\u{0}", " "]
      as [Unicode.Scalar])
  func jsonEscapeEveryPosition(_ scalar: Unicode.Scalar) throws {
    for position in 0..<26 {
      let text = String(repeating: "a", count: position) + String(scalar) + "bcdefghijklmnopq"
      let serialized = JSON.string(text).serialized
      #expect(try JSON.parse(serialized) == .string(text))
      let mustEscape =
        scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || SafeText.isUnsafe(scalar)
      // Escaped, the scalar itself never appears; the quote and backslash appear escaped only.
      if mustEscape && scalar != "\"" && scalar != "\\" {
        #expect(!serialized.unicodeScalars.contains(scalar), "\(position)")
      }
      if scalar == "\"" { #expect(serialized.contains("\\\""), "\(position)") }
    }
  }

  /// A description that clears the screen, sets the window title, hides text and flips it.
  static let hostile =
    "Pay \u{1B}[2J\u{1B}]0;pwned\u{07}now\u{202E}evil\u{202C}\u{200B}\u{9B}31m\r\n!"

  @Test("decode: a hostile description is shown escaped, in the summary and in JSON")
  func decodeHostile() throws {
    let invoice = Fixture.invoice(description: Self.hostile)
    for arguments in [["decode", invoice], ["decode", "--json", invoice], ["explain", invoice]] {
      let run = runTool(arguments, stdoutIsTerminal: false)
      #expect(run.code == 0, "\(arguments[0]): \(run.stderr)")
      for scalar in run.stdout.unicodeScalars {
        #expect(
          scalar == "\n" || !SafeText.isUnsafe(scalar), "raw U+\(String(scalar.value, radix: 16))")
      }
    }
    let summary = runTool(["decode", invoice]).stdout
    #expect(
      summary.contains(
        "Pay \\u{1b}[2J\\u{1b}]0;pwned\\u{7}now\\u{202e}evil\\u{202c}\\u{200b}\\u{9b}31m\\u{d}\\u{a}!"
      ))
    let json = try JSON.parse(runTool(["decode", "--json", invoice]).stdout)
    #expect(json["description"] == .string(Self.hostile))
    #expect(json["payee"] == .string(Fixture.payee))
  }
}
