import Chains
import Testing

@Suite struct UnixTimeTests {
  // Expected dates from Python's datetime.fromtimestamp(t, UTC), computed apart.
  @Test(
    "a Unix time is its UTC date and time",
    arguments: [
      (UInt64(0), "1970-01-01 00:00:00 UTC"),
      (1_496_314_658, "2017-06-01 10:57:38 UTC"),  // BOLT #11's examples' timestamp
      (951_782_400, "2000-02-29 00:00:00 UTC"),  // a leap day of a century leap year
      (4_102_444_799, "2099-12-31 23:59:59 UTC"),
      (253_402_300_799, "9999-12-31 23:59:59 UTC"),
    ])
  func utcText(seconds: UInt64, expected: String) {
    #expect(UnixTime.text(seconds) == expected)
  }

  @Test("the largest time does not trap")
  func largest() {
    #expect(UnixTime.text(UInt64.max).hasSuffix(" UTC"))
  }

  @Test("a span is its largest whole unit; relative to now either way")
  func spans() {
    #expect(UnixTime.durationText(59) == "59 s")
    #expect(UnixTime.durationText(60) == "1 min")
    #expect(UnixTime.durationText(3599) == "59 min")
    #expect(UnixTime.durationText(7200) == "2 h")
    #expect(UnixTime.durationText(86_400 * 364) == "364 d")
    #expect(UnixTime.durationText(86_400 * 730) == "2 y")
    #expect(UnixTime.relativeText(1_060, now: 1_000) == "in 1 min")
    #expect(UnixTime.relativeText(1_000, now: 1_050) == "50 s ago")
    #expect(UnixTime.relativeText(1_000, now: 1_000) == "0 s ago")
  }

  @Test("the wall clock is after this code was written")
  func now() {
    // 2026-01-01 00:00:00 UTC.
    #expect(UnixTime.now() > 1_767_225_600)
  }
}
