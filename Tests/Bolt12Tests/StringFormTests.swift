import Bolt12
import Testing

/// The string form's faults, joins and cap (the runner of `bolt11 vectors` runs BOLT #12's
/// `format-string-test.json`: see `PublishedBolt12FileTests`).
@Suite struct StringFormTests {
  @Test(
    "string-form faults give bolt12.malformed at their character",
    arguments: [
      ("LnO1qqqq", 1), ("lno1", 4), ("lnx1qq", 2), ("lno1qb", 5), ("+lno1qq", 0),
      ("lno1q+", 5), ("ln++o1qq", 2), ("lno1 qq", 4), ("lno1qqé", 6), ("lno1q", 5),
      ("lno1qp", 6), ("lnoqq", 3), ("lno1qq+ ", 6),
    ])
  func malformed(_ text: String, position: Int) {
    do {
      let form = try StringForm(parsing: text)
      Issue.record("read \(form.bytes), expected bolt12.malformed at \(position)")
    } catch {
      #expect(error.code == .malformed)
      #expect(error.position == position)
    }
  }

  @Test("a + may be followed by space, tab, CR and LF, and joins inside the prefix")
  func joins() throws {
    let plain = try StringForm(parsing: "lno1qqqq")
    for joined in ["l+no1qq+qq", "lno1+ \t\r\nqqqq", "LNO+\n1QQQQ"] {
      #expect(try StringForm(parsing: joined) == plain)
    }
    #expect(plain.bytes == [0, 0])
    #expect(plain.text == "lno1qqqq")
  }

  @Test("the cap: 16,384 characters are read, one more is bolt12.too_long before any other check")
  func cap() throws {
    // 16,380 data characters are 10,237 bytes and 4 bits of zero padding.
    let longest = "lno1" + String(repeating: "q", count: 16_380)
    #expect(try StringForm(parsing: longest).bytes.count == 16_380 * 5 / 8)
    for tooLong in [longest + "q", "LnO" + String(repeating: "é", count: 16_382)] {
      do {
        _ = try StringForm(parsing: tooLong)
        Issue.record("expected bolt12.too_long")
      } catch {
        #expect(error.code == .tooLong)
        #expect(error.position == 16_384)
      }
    }
  }
}
