import GridlineCLI
import GridlineLanguage
import GridlineRender
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// What `gl serve` was asked for.
public struct ServeOptions: Sendable {
  /// The script the page opens (and watches); nil: a page with the starter script.
  public var file: String?
  public var host = "127.0.0.1"
  /// 0: any free port (the URL printed says which).
  public var port = 8080
  /// Where a script's `svg` statements write (`--out`); nil: they write nothing.
  public var outputDirectory: String?
  public var limits = Limits()

  public init(file: String? = nil) {
    self.file = file
  }

  /// Whether `host` keeps the server to this machine.
  public var isLoopback: Bool { RequestGuard.isLoopback(host.lowercased()) }
}

/// `gl serve`: the playground's HTTP server (the page's assets) and its WebSocket (the
/// protocol of docs/playground.md), on SwiftNIO, one event loop thread; each page's
/// scripts run on a queue of their own.
public final class PlaygroundServer: Sendable {
  /// The largest message a page may send: a script at the input limit, escaped in JSON
  /// (each byte of it at most two), with room for the message around it. A larger one
  /// closes the connection with status 1009, as RFC 6455 says.
  static let maximumMessageBytes = 2 * InputLimits.maximumBytes + (64 << 10)
  /// How often the served file and the files it uses are looked at for a change.
  static let watchInterval = TimeAmount.milliseconds(200)
  /// The name of the page's script when `gl serve` was given no file: `use` paths start in
  /// the working directory.
  static let untitled = "untitled.gl"

  public let options: ServeOptions
  private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
  private let connections = ConnectionRegistry()
  private let listening = NIOLockedValueBox<Channel?>(nil)

  public init(options: ServeOptions) {
    self.options = options
  }

  /// Binds and starts serving; returns the bound port. Throws when the address cannot be
  /// bound (in use, not this machine's).
  public func start() throws -> Int {
    let guardian = RequestGuard(exposedHost: options.isLoopback ? nil : options.host)
    let connections = self.connections
    let options = self.options
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 64)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        guard connections.accept() else { return channel.close() }
        channel.closeFuture.whenComplete { _ in connections.disconnected() }
        return channel.eventLoop.makeCompletedFuture {
          try Self.configure(
            channel, guardian: guardian, connections: connections, options: options)
        }
      }
    let channel = try bootstrap.bind(host: options.host, port: options.port).wait()
    listening.withLockedValue { $0 = channel }
    if options.file != nil { watch(on: channel.eventLoop) }
    return channel.localAddress?.port ?? options.port
  }

  /// Serves until the server is stopped (or the process ends).
  public func wait() {
    try? listening.withLockedValue { $0 }?.closeFuture.wait()
  }

  /// Stops serving (tests).
  public func stop() {
    try? group.syncShutdownGracefully()
  }

  private static func configure(
    _ channel: Channel, guardian: RequestGuard, connections: ConnectionRegistry,
    options: ServeOptions
  ) throws {
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: maximumMessageBytes, automaticErrorHandling: true,
      shouldUpgrade: { channel, head in
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let host = head.headers.first(name: "Host")
        let allowed =
          path == PageAssets.socketPath && guardian.acceptsHost(host)
          && guardian.acceptsOrigin(head.headers.first(name: "Origin"), host: host)
          && connections.hasRoomForSession
        // Refused, the request goes on to the page handler, which answers 403.
        return channel.eventLoop.makeSucceededFuture(allowed ? HTTPHeaders() : nil)
      },
      upgradePipelineHandler: { channel, _ in
        // The page handler sits after the HTTP ones, which the upgrade removes; after the
        // upgrade, bytes are WebSocket frames it must not see.
        channel.pipeline.removeHandler(name: "page").flatMapThrowing {
          let sync = channel.pipeline.syncOperations
          try sync.addHandler(
            NIOWebSocketFrameAggregator(
              minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 4096,
              maxAccumulatedFrameSize: maximumMessageBytes))
          try sync.addHandler(
            PlaygroundSocketHandler(hello: hello(options), connections: connections) { channel in
              SessionWorker(session: session(options), channel: channel)
            })
        }
      })
    let sync = channel.pipeline.syncOperations
    try sync.configureHTTPServerPipeline(
      withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
    try sync.addHandler(PageRequestHandler(guardian: guardian), name: "page")
  }

  /// A new page's session: its scripts read `use`d files beside FILE (or the working
  /// directory), under the options' limits, and write `svg` files only below `--out`.
  static func session(_ options: ServeOptions) -> PlaygroundSession {
    PlaygroundSession(
      path: options.file ?? untitled, limits: options.limits,
      writeFile: options.outputDirectory.map { SVGFile.writer(in: $0) })
  }

  /// The first message a page gets: the protocol's version, and the script to show.
  static func hello(_ options: ServeOptions) -> JSON {
    var fields: [(String, JSON)] = [
      ("type", .string("hello")), ("v", .number(Double(ClientMessage.version))),
      ("file", options.file.map { .string($0) } ?? .null),
      // The name diagnostics give the page's own script.
      ("name", .string(options.file ?? PlaygroundServer.untitled)),
    ]
    fields += scriptFields(options)
    fields.append(("writesFiles", .bool(options.outputDirectory != nil)))
    return .object(fields)
  }

  /// The served file's text, or why it cannot be read (the page then starts empty).
  static func scriptFields(_ options: ServeOptions) -> [(String, JSON)] {
    guard let path = options.file else { return [("text", .string(StarterScript.text))] }
    do throws(ScriptReadError) {
      let file = try readScriptFile(path, onlyFile: "gl serve watches files, not pipes or devices")
      return [("text", .string(file.text))]
    } catch {
      return [("text", .string("")), ("problem", .string(error.message(path)))]
    }
  }

  /// Looks at FILE and the files it uses every `watchInterval`; when one changes, every
  /// page gets FILE's text again (`{"type":"file",…}`) and decides whether to run it.
  private func watch(on loop: EventLoop) {
    guard let path = options.file else { return }
    let options = self.options
    let connections = self.connections
    let watched = NIOLockedValueBox(WatchedFiles(path: path))
    loop.scheduleRepeatedTask(initialDelay: Self.watchInterval, delay: Self.watchInterval) { _ in
      guard let changed = watched.withLockedValue({ $0.changes() }) else { return }
      var fields: [(String, JSON)] = [
        ("type", .string("file")), ("file", .string(path)),
        ("changed", .array(changed.map { .string($0) })),
      ]
      fields += Self.scriptFields(options)
      connections.broadcast(.object(fields))
    }
  }
}
