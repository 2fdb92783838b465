import GridlineRender
import NIOCore
import NIOWebSocket

/// One page's WebSocket: whole text messages (fragments joined by NIO's aggregator, with
/// its bounds) go to the connection's `SessionWorker`; pings are answered; a binary
/// message is refused with an error reply and the connection stays.
final class PlaygroundSocketHandler: ChannelInboundHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private let makeWorker: (Channel) -> SessionWorker
  private let hello: JSON
  private let connections: ConnectionRegistry
  private var worker: SessionWorker?

  init(
    hello: JSON, connections: ConnectionRegistry, makeWorker: @escaping (Channel) -> SessionWorker
  ) {
    self.hello = hello
    self.connections = connections
    self.makeWorker = makeWorker
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let worker = makeWorker(context.channel)
    self.worker = worker
    connections.opened(worker)
    worker.send(hello)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    if let worker {
      worker.close()
      connections.closed(worker)
    }
    worker = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text:
      var data = frame.unmaskedData
      let text = data.readString(length: data.readableBytes) ?? ""
      worker?.submit(text)
    case .binary:
      worker?.send(ProtocolError.malformed.reply(id: nil))
    case .ping:
      let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
      context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
    case .connectionClose:
      var data = context.channel.allocator.buffer(capacity: 2)
      data.write(webSocketErrorCode: .normalClosure)
      let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
      let channel = context.channel
      context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in
        channel.close(promise: nil)
      }
    default:
      break
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    context.close(promise: nil)
  }
}
