import Dispatch
import GridlineRender
import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// Runs one connection's messages, in order, on a queue of its own, so a script that runs
/// for seconds holds neither the event loop nor other pages. A `run`, `step` or `replay` that
/// arrives while another runs cancels it (the interpreter polls between steps and frames):
/// the page only wants its newest text.
final class SessionWorker: @unchecked Sendable {
  /// Messages a connection may have waiting; more are answered `busy` and dropped, so a
  /// page (or anything else) that sends faster than scripts run cannot grow the queue.
  static let maximumPending = 64

  private let queue: DispatchQueue
  /// Touched only on `queue`: that is what makes this class safe to share.
  private let session: PlaygroundSession
  private let channel: Channel
  /// The newest `run`/`step`/`replay`; a job whose number is older has been overtaken.
  private let generation = NIOLockedValueBox(0)
  private let pending = NIOLockedValueBox(0)
  private let closed = NIOLockedValueBox(false)

  init(session: PlaygroundSession, channel: Channel) {
    self.session = session
    self.channel = channel
    queue = DispatchQueue(label: "gl-serve.session")
  }

  /// Takes a text message from the page (on the event loop).
  func submit(_ text: String) {
    let decoded = ClientMessage.decode(text)
    let id: Int?
    switch decoded {
    case .failure(let failure):
      send(failure.error.reply(id: failure.id))
      return
    case .success(let message):
      id = message.id
    }
    let admitted = pending.withLockedValue { count -> Bool in
      guard count < Self.maximumPending else { return false }
      count += 1
      return true
    }
    guard admitted else {
      send(ProtocolError.busy.reply(id: id))
      return
    }
    guard case .success(let message) = decoded else { return }
    let supersedes: Bool
    switch message.command {
    case .run, .step, .replay: supersedes = true
    default: supersedes = false
    }
    let job = generation.withLockedValue { value -> Int in
      if supersedes { value += 1 }
      return value
    }
    queue.async { [self] in
      defer { pending.withLockedValue { $0 -= 1 } }
      if closed.withLockedValue({ $0 }) { return }
      // A run that a newer one overtook before it started is answered without running.
      if supersedes && generation.withLockedValue({ $0 != job }) {
        send(Reply.cancelled.json(id: message.id))
        return
      }
      // Polled by the interpreter between steps and frames: a newer run, or the page gone.
      session.shouldCancel = { [generation, closed] in
        generation.withLockedValue { $0 != job } || closed.withLockedValue { $0 }
      }
      send(session.handle(message))
    }
  }

  /// The page went away: a running script stops at its next step.
  func close() {
    closed.withLockedValue { $0 = true }
  }

  func send(_ json: JSON) {
    var buffer = channel.allocator.buffer(capacity: 256)
    buffer.writeString(json.rendered)
    channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: nil)
  }
}
