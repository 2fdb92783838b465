/// Who may talk to the playground. A page on another site can make a browser send
/// requests to a loopback port, and DNS rebinding can even make them same-origin; so a
/// request must name the server by a loopback name (or, with `--host`, by the address it
/// was told to listen on, or by an IP address, which no DNS answer can stand in for), and
/// a WebSocket upgrade from a browser must come from the server's own page.
struct RequestGuard: Sendable {
  /// The `--host` the server listens on, when it is not a loopback address.
  var exposedHost: String?

  /// Whether a request's `Host` header (`127.0.0.1:8080`, `localhost`, `[::1]:80`) names
  /// this server.
  func acceptsHost(_ header: String?) -> Bool {
    guard let header, let name = Self.hostName(header) else { return false }
    if Self.isLoopback(name) { return true }
    guard let exposedHost else { return false }
    return name == exposedHost.lowercased() || Self.isIPAddress(name)
  }

  /// Whether a WebSocket upgrade may go ahead: its `Origin` is the page this server served
  /// (`http://` and the request's own `Host`). A client that is not a browser sends no
  /// `Origin` and cannot be made to by another site, so none is accepted.
  func acceptsOrigin(_ origin: String?, host: String?) -> Bool {
    guard let origin else { return true }
    guard let host else { return false }
    return origin.lowercased() == "http://" + host.lowercased()
  }

  /// The name part of a `Host` header, lower-cased, without its port; nil when malformed.
  static func hostName(_ header: String) -> String? {
    let value = header.lowercased()
    if value.hasPrefix("[") {
      guard let close = value.firstIndex(of: "]") else { return nil }
      let rest = value[value.index(after: close)...]
      guard rest.isEmpty || Self.isPort(rest.dropFirst()) && rest.first == ":" else { return nil }
      return String(value[...close])
    }
    let parts = value.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, let name = parts.first, !name.isEmpty else { return nil }
    if parts.count == 2 && !isPort(parts[1]) { return nil }
    return String(name)
  }

  static func isPort(_ text: Substring) -> Bool {
    !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// `localhost` (and its subdomains, which resolvers keep on loopback, RFC 6761),
  /// 127.0.0.0/8, and `[::1]`.
  static func isLoopback(_ name: String) -> Bool {
    if name == "localhost" || name.hasSuffix(".localhost") || name == "[::1]" { return true }
    guard let octets = ipv4(name) else { return false }
    return octets[0] == 127
  }

  static func isIPAddress(_ name: String) -> Bool {
    ipv4(name) != nil || (name.hasPrefix("[") && name.hasSuffix("]"))
  }

  static func ipv4(_ name: String) -> [Int]? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let octets = parts.compactMap { part -> Int? in
      guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
        let n = Int(part), n <= 255
      else { return nil }
      return n
    }
    return octets.count == 4 ? octets : nil
  }
}
