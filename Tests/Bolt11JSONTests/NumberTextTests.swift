import Testing

@testable import Bolt11JSON

/// The parser keeps each number's text by its path in the same walk that reads the value.
@Suite struct NumberTextTests {
  @Test("every number's text by its path, as the document writes it")
  func numberTexts() throws {
    let text = #"{"a": [1, 1E400 , 18446744073709551616], "b": {"c": -0.50, "d": "7"}, "e": [[2]]}"#
    let (value, texts) = try JSON.parse(text, keepingNumberTexts: true)
    #expect(value == (try JSON.parse(text)))
    #expect(
      texts == [
        [.key("a"), .index(0)]: "1", [.key("a"), .index(1)]: "1E400",
        [.key("a"), .index(2)]: "18446744073709551616", [.key("b"), .key("c")]: "-0.50",
        [.key("e"), .index(0), .index(0)]: "2",
      ])
  }

  @Test("a top-level number has the empty path; without asking, nothing is kept")
  func topLevelAndOff() throws {
    #expect(try JSON.parse(" 12 ", keepingNumberTexts: true).numberTexts == [[]: "12"])
    #expect(try JSON.parse(#"{"a": 1}"#, keepingNumberTexts: false).numberTexts.isEmpty)
  }
}
