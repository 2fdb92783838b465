#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a pthread mutex. Synchronization's `Mutex` would do, but on Linux it
/// hands a contended lock over inside the kernel (a priority-inheriting futex), where
/// ThreadSanitizer cannot see it, so `make sanitize` reported the accesses it orders as a
/// race; ThreadSanitizer follows a pthread mutex.
final class VisibleLock<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }
}
