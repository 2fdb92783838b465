/// The page `gl serve` serves: plain HTML, CSS and ES modules kept in the binary, so the
/// playground works offline, with no build step and nothing read from the disk. A URL's
/// path is only ever a key into this table.
enum PageAssets {
  struct Asset {
    let contentType: String
    let body: String
  }

  /// Where the page opens its WebSocket.
  static let socketPath = "/ws"

  /// The page runs only its own scripts and styles and talks only to its own server.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  static let javaScript = "text/javascript; charset=utf-8"

  static let assets: [String: Asset] = [
    "/": Asset(contentType: "text/html; charset=utf-8", body: PageHTML.text),
    "/style.css": Asset(contentType: "text/css; charset=utf-8", body: PageStyle.text),
    "/app.js": Asset(contentType: javaScript, body: PageScripts.app),
    "/connection.js": Asset(contentType: javaScript, body: PageScripts.connection),
    "/viewport.js": Asset(contentType: javaScript, body: PageScripts.viewport),
    "/finger.js": Asset(contentType: javaScript, body: PageScripts.finger),
    "/editor.js": Asset(contentType: javaScript, body: PageScripts.editor),
    "/panels.js": Asset(contentType: javaScript, body: PageScripts.panels),
  ]

  static func asset(at path: String) -> Asset? {
    assets[path == "/index.html" ? "/" : path]
  }
}
