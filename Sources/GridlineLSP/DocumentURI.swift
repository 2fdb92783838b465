/// `file://` URIs and the paths they name (RFC 8089, percent-encoding of RFC 3986). Other
/// schemes (`untitled:`) name documents that have no file: their `use`s start in the
/// working directory.
enum DocumentURI {
  /// The path a `file:` URI names, or nil for another scheme.
  static func path(of uri: String) -> String? {
    var rest: Substring
    if uri.hasPrefix("file://") {
      rest = uri.dropFirst(7)
      if rest.hasPrefix("localhost/") { rest = rest.dropFirst(9) }
      guard rest.hasPrefix("/") else { return nil }
    } else if uri.hasPrefix("file:/") {
      rest = uri.dropFirst(5)
    } else {
      return nil
    }
    return percentDecoded(rest)
  }

  /// The `file:` URI of an absolute path.
  static func uri(ofPath path: String) -> String {
    var out = "file://"
    for byte in path.utf8 {
      if isUnreserved(byte) || byte == UInt8(ascii: "/") {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + hex(byte >> 4) + hex(byte & 15)
      }
    }
    return out
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  static func hex(_ nibble: UInt8) -> String { String(nibble, radix: 16, uppercase: true) }

  /// `%2F` and the like decoded; a `%` not followed by two hex digits stays as it is.
  static func percentDecoded(_ text: Substring) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
        let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2])
      {
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
