import NIOCore
import NIOHTTP1

/// Serves the page's own assets, and nothing else: a URL's path is looked up among them,
/// never on the disk. A request that does not name this server by a loopback name (or
/// the `--host` it listens on) is refused before anything is served.
final class PageRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let guardian: RequestGuard
  private var request: HTTPRequestHead?

  init(guardian: RequestGuard) {
    self.guardian = guardian
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      request = head
    case .body:
      break  // the page sends no bodies; whatever comes is dropped, never held
    case .end:
      guard let head = request else { return }
      request = nil
      respond(to: head, context: context)
    }
  }

  private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
    let (status, asset) = Self.answer(head, guardian: guardian)
    var headers = HTTPHeaders()
    let body: String
    if let asset {
      headers.add(name: "Content-Type", value: asset.contentType)
      body = asset.body
    } else {
      headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
      body = status.reasonPhrase + "\n"
    }
    headers.add(name: "Content-Length", value: String(body.utf8.count))
    headers.add(name: "Cache-Control", value: "no-store")
    headers.add(name: "X-Content-Type-Options", value: "nosniff")
    headers.add(name: "Content-Security-Policy", value: PageAssets.contentSecurityPolicy)
    headers.add(name: "Referrer-Policy", value: "no-referrer")
    let keepAlive = head.isKeepAlive && status == .ok
    headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
    let response = HTTPResponseHead(version: head.version, status: status, headers: headers)
    context.write(wrapOutboundOut(.head(response)), promise: nil)
    if head.method != .HEAD {
      var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
      buffer.writeString(body)
      context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
    }
    let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
    if !keepAlive {
      let channel = context.channel
      done.whenComplete { _ in channel.close(promise: nil) }
    }
  }

  /// The status and asset for a request: 421 for a `Host` that is not this server's,
  /// 405 for a method other than GET and HEAD, 403 for the socket's path without an
  /// upgrade it accepts, 404 for a path that is not an asset.
  static func answer(_ head: HTTPRequestHead, guardian: RequestGuard) -> (
    HTTPResponseStatus, PageAssets.Asset?
  ) {
    guard guardian.acceptsHost(head.headers.first(name: "Host")) else {
      return (.misdirectedRequest, nil)
    }
    guard head.method == .GET || head.method == .HEAD else { return (.methodNotAllowed, nil) }
    let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    // The socket's path reaches here only when the upgrade was refused: another site's
    // page, too many pages, or no upgrade asked for.
    if path == PageAssets.socketPath { return (.forbidden, nil) }
    guard let asset = PageAssets.asset(at: String(path)) else { return (.notFound, nil) }
    return (.ok, asset)
  }
}
