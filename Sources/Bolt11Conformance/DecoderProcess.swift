import SystemCall

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An external decoder run as `/bin/sh -c CMD`, asked one line at a time.
///
/// The child gets its own process group (so that a timeout ends whatever the shell started), the
/// default disposition of SIGPIPE, and three descriptors of its own: standard input is a socket,
/// written with `MSG_NOSIGNAL` so that a decoder that has exited can never end the
/// runner with SIGPIPE; standard output and standard error are sockets too. One `poll(2)` loop writes
/// the request, reads the answer and drains standard error at the same time, so a decoder that
/// writes much to standard error, or reads its input late, never blocks the runner; nothing here
/// waits longer than the deadline it is given.
final class DecoderProcess {
  /// Why a line could not be had.
  enum Failure: Error, Equatable {
    /// No full line before the deadline.
    case timedOut
    /// The decoder closed its standard output or exited; its status as text.
    case exited(status: Int32?, description: String)
    /// A line longer than `maximumLineBytes`.
    case lineTooLong
    /// Output that was there before the request was sent: an answer no request asked for.
    case unrequestedOutput
  }

  /// The decoder could not be started at all.
  struct StartError: Error {
    var message: String
  }

  /// Longest answer line read (1 MiB; a decoded invoice is a few kilobytes).
  static let maximumLineBytes = 1 << 20
  /// How much of standard error is kept: the decoder's last 4 KiB.
  static let stderrTailBytes = 4096

  let command: String
  private var pid: pid_t = 0
  private var input: Int32 = -1
  private var output: Int32 = -1
  private var errors: Int32 = -1
  /// Bytes of standard output after the last full line.
  private var pending: [UInt8] = []
  /// The tail of everything the decoder wrote to standard error, over all its starts.
  private(set) var stderrTail: [UInt8] = []
  /// The tail of what it wrote to standard error since the last `exchange` began.
  private(set) var stderrOfLastExchange: [UInt8] = []

  var isRunning: Bool { pid > 0 }

  init(command: String) { self.command = command }

  deinit { stop() }

  /// Starts the decoder.
  ///
  /// - Throws: `StartError` when a pipe cannot be made or `/bin/sh` cannot be spawned.
  func start() throws(StartError) {
    stop()
    // Socket pairs rather than pipes: made close-on-exec atomically, so a decoder that another
    // thread starts meanwhile never holds this one's descriptors open.
    var inputPair: [Int32] = [-1, -1]
    var outputPair: [Int32] = [-1, -1]
    var errorPair: [Int32] = [-1, -1]
    let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    var made: [Int32] = []
    for index in 0..<3 {
      var pair: [Int32] = [-1, -1]
      guard socketpair(AF_UNIX, socketType, 0, &pair) == 0 else {
        let reason = SystemError(code: errno).description
        made.forEach { close($0) }
        throw StartError(message: "socketpair: \(reason)")
      }
      made += pair
      switch index {
      case 0: inputPair = pair
      case 1: outputPair = pair
      default: errorPair = pair
      }
    }
    let childEnds = [inputPair[1], outputPair[1], errorPair[1]]
    let spawned = spawn(stdin: inputPair[1], stdout: outputPair[1], stderr: errorPair[1])
    childEnds.forEach { close($0) }
    let ourEnds = [inputPair[0], outputPair[0], errorPair[0]]
    guard case .success(let child) = spawned else {
      ourEnds.forEach { close($0) }
      if case .failure(let error) = spawned { throw error }
      return
    }
    for descriptor in ourEnds {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    (pid, input, output, errors) = (child, inputPair[0], outputPair[0], errorPair[0])
    pending = []
  }

  /// Spawns `/bin/sh -c command` with the given descriptors as its 0, 1 and 2.
  private func spawn(stdin: Int32, stdout: Int32, stderr: Int32) -> Result<pid_t, StartError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let words: [String] = ["/bin/sh", "-c", command]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
    defer { arguments.forEach { free($0) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments + [nil], environ)
    guard result == 0 else {
      return .failure(StartError(message: "/bin/sh: \(SystemError(code: result))"))
    }
    return .success(child)
  }

  /// Writes `request` and a newline, and returns the next line the decoder writes (without its
  /// newline), or why there is none, within `timeout` seconds.
  ///
  /// After a failure other than `.exited` the decoder is still running and out of step: call
  /// `stop()` before the next exchange.
  func exchange(_ request: [UInt8], timeout: Double) -> Result<[UInt8], Failure> {
    stderrOfLastExchange = []
    guard isRunning else { return .failure(.exited(status: nil, description: "not running")) }
    readAvailableOutput()
    guard pending.isEmpty else { return .failure(.unrequestedOutput) }
    let deadline = Self.monotonicNanoseconds() + UInt64(max(0, timeout) * 1e9)
    var unsent = request + [0x0A]
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        return .success(line)
      }
      if pending.count > Self.maximumLineBytes { return .failure(.lineTooLong) }
      let now = Self.monotonicNanoseconds()
      guard now < deadline else { return .failure(.timedOut) }
      let milliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
      var descriptors = [
        pollfd(fd: output, events: Int16(POLLIN), revents: 0),
        pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
        pollfd(fd: unsent.isEmpty ? -1 : input, events: Int16(POLLOUT), revents: 0),
      ]
      // Not `retryingOnInterrupt`: after a signal the loop goes round again, so that the wait
      // is worked out anew from the deadline rather than started over.
      if poll(&descriptors, nfds_t(descriptors.count), milliseconds) < 0 {
        let failure = SystemError(code: errno)
        if failure.code == EINTR { continue }
        stop()
        return .failure(.exited(status: nil, description: "poll: \(failure)"))
      }
      if descriptors[1].revents != 0 { drainErrors() }
      if descriptors[2].revents != 0 { send(&unsent) }
      if descriptors[0].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let result = buffer.withUnsafeMutableBytes { buffer in
          retryingOnInterrupt { read(output, buffer.baseAddress, buffer.count) }
        }
        switch result {
        case .success(let count) where count > 0: pending += buffer[..<count]
        case .failure(let failure) where failure.code == EAGAIN: break
        default:  // the end of its output, or a failed read
          drainErrors()
          let status = reap()
          return .failure(.exited(status: status.code, description: status.text))
        }
      }
    }
  }

  /// Reads what standard output holds now, without waiting; an end of output is left for
  /// `exchange` to find.
  private func readAvailableOutput() {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while pending.count <= Self.maximumLineBytes {
      let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      pending += buffer[..<count]
    }
  }

  /// Sends what it can of `unsent`; a decoder that no longer reads gets the rest never.
  private func send(_ unsent: inout [UInt8]) {
    let sent = unsent.withUnsafeBytes { bytes in
      retryingOnInterrupt {
        socketSend(
          input, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
      }
    }
    switch sent {
    case .success(let count): unsent.removeFirst(count)
    case .failure(let failure) where failure.code == EAGAIN: break
    case .failure: unsent = []  // it closed its input; it may still answer, or exit
    }
  }

  /// Reads whatever standard error holds now, keeping the tails.
  private func drainErrors() {
    guard errors >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let result = buffer.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt { read(errors, buffer.baseAddress, buffer.count) }
      }
      switch result {
      case .success(let count) where count > 0:
        Self.appendTail(buffer[..<count], to: &stderrTail)
        Self.appendTail(buffer[..<count], to: &stderrOfLastExchange)
        continue
      case .failure(let failure) where failure.code == EAGAIN: return
      default:  // the end of standard error, or a failed read
        close(errors)
        errors = -1
        return
      }
    }
  }

  static func appendTail(_ bytes: ArraySlice<UInt8>, to tail: inout [UInt8]) {
    tail += bytes
    if tail.count > stderrTailBytes { tail.removeFirst(tail.count - stderrTailBytes) }
  }

  /// Waits briefly for a decoder that closed its output to exit, then ends its process group and
  /// collects its status.
  private func reap() -> (code: Int32?, text: String) {
    // Up to 0.5 s for an exit already under way, so that its own status is reported. WNOWAIT
    // leaves the child a zombie, which keeps its process group from being reused until the
    // group is ended below.
    var exited = false
    for _ in 0..<50 {
      var info = siginfo_t()
      if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
        info._sifields._sigchld.si_pid == pid
      {
        exited = true
        break
      }
      usleep(10_000)
    }
    kill(-pid, SIGKILL)  // the decoder if still running, and anything it left in its group
    var status: Int32 = 0
    let collected = retryingOnInterrupt { waitpid(pid, &status, 0) }
    closeDescriptors()
    guard case .success(let child) = collected, child > 0 else { return (nil, "exited") }
    let signal = status & 0x7F
    if signal == 0 {
      let code = (status >> 8) & 0xFF
      return (code, "exited with status \(code)")
    }
    return (nil, exited ? "killed by signal \(signal)" : "closed its output and was ended")
  }

  /// Ends the decoder and its process group, if running.
  func stop() {
    guard isRunning else { return }
    drainErrors()
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
    closeDescriptors()
  }

  /// The monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds: deadlines that a change of the
  /// wall clock cannot move.
  private static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    // Wraps `clock_gettime`, which cannot fail for CLOCK_MONOTONIC with a valid pointer.
    _ = clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  private func closeDescriptors() {
    for descriptor in [input, output, errors] where descriptor >= 0 { close(descriptor) }
    (pid, input, output, errors) = (0, -1, -1, -1)
    pending = []
  }
}

/// Wraps `send(2)`: the method `DecoderProcess.send` hides the C function's name.
private func socketSend(
  _ socket: Int32, _ buffer: UnsafeRawPointer?, _ length: Int, _ flags: Int32
) -> Int {
  send(socket, buffer, length, flags)
}
