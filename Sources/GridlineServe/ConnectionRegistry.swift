import GridlineRender
import NIOConcurrencyHelpers

/// The server's connections, bounded: TCP connections (a browser opens a few for the
/// page's assets) and pages with a playground session each. Past either bound a new one
/// is refused, so nothing a client does makes the server hold more than this many
/// sessions' interpreters.
final class ConnectionRegistry: Sendable {
  static let maximumConnections = 32
  static let maximumSessions = 8

  private struct State {
    var connections = 0
    var workers: [ObjectIdentifier: SessionWorker] = [:]
  }
  private let state = NIOLockedValueBox(State())

  /// Counts a new TCP connection; false (refuse it) past the bound.
  func accept() -> Bool {
    state.withLockedValue { s in
      guard s.connections < Self.maximumConnections else { return false }
      s.connections += 1
      return true
    }
  }

  func disconnected() {
    state.withLockedValue { $0.connections -= 1 }
  }

  /// Whether another page may open a session.
  var hasRoomForSession: Bool {
    state.withLockedValue { $0.workers.count < Self.maximumSessions }
  }

  func opened(_ worker: SessionWorker) {
    state.withLockedValue { $0.workers[ObjectIdentifier(worker)] = worker }
  }

  func closed(_ worker: SessionWorker) {
    _ = state.withLockedValue { $0.workers.removeValue(forKey: ObjectIdentifier(worker)) }
  }

  /// Sends `message` to every page (a file they show changed on disk).
  func broadcast(_ message: JSON) {
    let workers = state.withLockedValue { Array($0.workers.values) }
    for worker in workers { worker.send(message) }
  }
}
