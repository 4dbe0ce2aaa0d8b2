import Testing

@testable import Bolt11Tool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tool reads the variables its manual lists, and no other.
@Suite struct ProcessEnvironmentTests {
  @Test("a listed variable is read as getenv finds it; an unlisted one is not read")
  func readsTheListedVariables() {
    // TERM is listed; a variable of this test's own is not. Neither is read by another test.
    let listed = CommandTable.environment.map(\.name)
    #expect(listed.contains("TERM"))
    let saved = getenv("TERM").map { String(cString: $0) }
    defer {
      if let saved { setenv("TERM", saved, 1) } else { unsetenv("TERM") }
      unsetenv("BOLT11_TEST_UNLISTED")
    }
    setenv("TERM", "dumb", 1)
    setenv("BOLT11_TEST_UNLISTED", "x", 1)
    let variables = ToolEnvironment.processEnvironment()
    #expect(variables["TERM"] == "dumb")
    #expect(variables["BOLT11_TEST_UNLISTED"] == nil)
    #expect(variables["PATH"] == nil, "PATH is set in any test run but not listed")
  }
}
