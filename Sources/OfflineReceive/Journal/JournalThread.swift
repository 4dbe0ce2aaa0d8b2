import SystemCall

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A serial executor that runs its jobs, in order, on one thread of its own: the file journal's,
/// whose jobs block in `flock` while another process holds the lock, and must not hold a thread
/// of the cooperative pool while they do.
///
/// The thread starts with the executor and ends once `shutdown()` was called and the jobs
/// enqueued before it have run. POSIX threads, a mutex and a condition variable: no Foundation.
final class JournalThread: SerialExecutor, @unchecked Sendable {
  // @unchecked Sendable: `jobs`, `stopping` and `threadID` are read and written only with
  // `mutex` held. The mutex and the condition are initialised before the thread starts and
  // destroyed in deinit, which runs after the thread has let go of its reference.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var jobs: [UnownedJob] = []
  private var stopping = false
  private var threadID: Int32 = 0

  /// Starts the thread.
  ///
  /// - Throws: `journal.io` when the system refuses a new thread.
  init() throws(JournalError) {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    // The thread holds a reference to the executor until its loop ends.
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let failure = pthread_create(
      &thread, nil,
      { context in
        // Optional on Linux, not on Darwin: one spelling for both.
        let pointer: UnsafeMutableRawPointer? = context
        Unmanaged<JournalThread>.fromOpaque(pointer!).takeRetainedValue().run()
        return nil
      }, context)
    guard failure == 0 else {
      Unmanaged<JournalThread>.fromOpaque(context).release()
      throw JournalError(.io, "start the journal thread: \(SystemError(code: failure))")
    }
    #if canImport(Darwin)
      pthread_detach(thread!)
    #else
      pthread_detach(thread)
    #endif
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(mutex)
    jobs.append(job)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Lets the thread end once the jobs enqueued so far have run.
  func shutdown() {
    pthread_mutex_lock(mutex)
    stopping = true
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  #if os(Linux)
    /// The kernel's id of the thread (`gettid`), for the tests that see it end; 0 until it runs.
    var kernelThreadID: Int32 {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return threadID
    }
  #endif

  #if os(Linux)
    /// The calling thread's kernel id, from `/proc/thread-self` (`PID/task/TID`); 0 when unknown.
    private static func currentKernelThreadID() -> Int32 {
      var target = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/thread-self", &target, target.count - 1)
      guard count > 0 else { return 0 }
      let text = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return text.split(separator: "/").last.flatMap { Int32($0) } ?? 0
    }
  #endif

  /// The thread's loop: runs the jobs in the order enqueued until `shutdown()`.
  private func run() {
    let executor = asUnownedSerialExecutor()
    var batch: [UnownedJob] = []
    pthread_mutex_lock(mutex)
    #if os(Linux)
      threadID = Self.currentKernelThreadID()
    #endif
    while true {
      while jobs.isEmpty && !stopping { pthread_cond_wait(condition, mutex) }
      if jobs.isEmpty { break }
      swap(&batch, &jobs)
      pthread_mutex_unlock(mutex)
      for job in batch { job.runSynchronously(on: executor) }
      batch.removeAll(keepingCapacity: true)
      pthread_mutex_lock(mutex)
    }
    pthread_mutex_unlock(mutex)
  }
}
