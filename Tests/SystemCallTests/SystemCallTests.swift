import Glibc
import SystemCall
import Testing

/// The one retry of interrupted system calls: again on `EINTR`, never on anything else.
@Suite struct SystemCallTests {
  @Test("a call interrupted twice is made a third time, and its value returned")
  func retriesOnInterrupt() {
    var calls = 0
    let result = retryingOnInterrupt { () -> Int in
      calls += 1
      if calls < 3 {
        errno = EINTR
        return -1
      }
      return 42
    }
    #expect(result == .success(42))
    #expect(calls == 3)
  }

  @Test("any other failure is returned at once, with its errno")
  func otherFailure() {
    var calls = 0
    let result = retryingOnInterrupt { () -> Int32 in
      calls += 1
      return close(-1)  // EBADF
    }
    #expect(result == .failure(SystemError(code: EBADF)))
    #expect(calls == 1)
    #expect(SystemError(code: EBADF).description == String(cString: strerror(EBADF)))
  }
}
