import FoundationEssentials
import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#endif

/// The server on a pair of file descriptors (stdin and stdout for `gl lsp`): reads whole
/// frames, hands them to the server in order, and runs the debounced checks when the
/// input is quiet. Everything happens on one thread, so a check never races an edit; a
/// check's result is published only after the input that arrived while it ran has been
/// read, and is dropped if that input changed the document.
public struct StdioConnection {
  let input: Int32
  let output: Int32

  public init(input: Int32 = 0, output: Int32 = 1) {
    self.input = input
    self.output = output
  }

  /// Serves until `exit` (its status: 0 after `shutdown`, else 1) or the end of the input
  /// (1: the client went away without saying so).
  public func serve(options: LanguageServer.Options) -> Int32 {
    // A client that closes the pipe must not kill the server mid-write.
    signal(SIGPIPE, SIG_IGN)
    var writeFailed = false
    let server = LanguageServer(options: options) { body in
      if !writeFailed { writeFailed = !Self.writeAll(MessageFramer.frame(body), to: output) }
    }
    var framer = MessageFramer()
    var open = true
    while open && server.exitStatus == nil && !writeFailed {
      let wait = server.nextCheck.map(Self.milliseconds(until:)) ?? -1
      if wait != 0 && waitForInput(milliseconds: wait) { open = read(into: &framer) }
      // Everything that has arrived is read before anything is handled, so a cancel
      // reaches the request it cancels.
      while open && waitForInput(milliseconds: 0) { open = read(into: &framer) }
      deliver(&framer, to: server)
      guard server.exitStatus == nil else { break }
      let publications = server.dueDiagnostics()
      guard !publications.isEmpty else { continue }
      while open && waitForInput(milliseconds: 0) { open = read(into: &framer) }
      deliver(&framer, to: server)
      for publication in publications { server.publish(publication) }
    }
    return server.exitStatus ?? 1
  }

  /// Hands every complete frame to the server, with the ids cancelled among them.
  func deliver(_ framer: inout MessageFramer, to server: LanguageServer) {
    var frames: [MessageFramer.Frame] = []
    while let frame = framer.next() { frames.append(frame) }
    let cancelled = LanguageServer.cancelledIDs(in: frames)
    for frame in frames { server.receive(frame, cancelled: cancelled) }
  }

  func waitForInput(milliseconds: Int) -> Bool {
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&descriptor, 1, Int32(clamping: milliseconds))
      if ready < 0 && errno == EINTR { continue }
      return ready > 0
    }
  }

  /// Reads what is there; false at the end of the input or on an error.
  func read(into framer: inout MessageFramer) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      framer.append(chunk[..<count])
      return true
    }
  }

  static func writeAll(_ bytes: [UInt8], to output: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.write(output, $0.baseAddress! + written, bytes.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      written += count
    }
    return true
  }

  static func milliseconds(until instant: ContinuousClock.Instant) -> Int {
    let left = ContinuousClock.now.duration(to: instant)
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }
}

extension LanguageServer {
  struct CancelMessage: Decodable {
    var method: String?
    var params: CancelParams?
  }

  /// The ids of `$/cancelRequest` notifications among the frames.
  static func cancelledIDs(in frames: [MessageFramer.Frame]) -> Set<RequestID> {
    var ids: Set<RequestID> = []
    for case .message(let body) in frames {
      // Cheap test before a decode: most messages are not cancellations.
      guard body.count < 4096,
        let message = try? JSONDecoder().decode(CancelMessage.self, from: Data(body)),
        message.method == "$/cancelRequest", let id = message.params?.id
      else { continue }
      ids.insert(id)
    }
    return ids
  }
}
