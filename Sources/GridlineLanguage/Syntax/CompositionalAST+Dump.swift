/// The compositional entries in the dump's S-expressions, so that `gl fmt`'s check and
/// the robustness tests see every part of them.
extension CompositionalEntry {
  func dump() -> String {
    let name = keyword?.spelling.replacing(" ", with: "-") ?? "unread"
    switch value {
    case .section(let index, let entries):
      return "(\(name)\(index.map { " " + $0.dump() } ?? "")\(Self.dump(entries)))"
    case .group(let axis, let size, let count, let entries):
      let n = count.map { " (count \($0.dump()))" } ?? ""
      return "(\(name) \(axis.spelling) \(size.dump())\(n)\(Self.dump(entries)))"
    case .item(let size, let entries):
      return "(\(name) \(size.dump())\(Self.dump(entries)))"
    case .customGroup(let size, let entries, let code):
      return "(\(name) custom \(size.dump())\(Self.dump(entries))"
        + code.map { " " + $0.dump(indent: 0) }.joined() + ")"
    case .expression(let e): return "(\(name) \(e.dump()))"
    case .spacing(let flexible, let e):
      return "(\(name) \(flexible ? "flexible" : "fixed") \(e.dump()))"
    case .word(let w): return "(\(name) \(w))"
    case .toggle(let on): return "(\(name) \(on ? "on" : "off"))"
    case .boundary(let b):
      var parts = [b.kind?.dump(), b.size.dump(), b.alignment.rawValue].compactMap { $0 }
      if b.pinned { parts.append("pinned") }
      if b.overlapping { parts.append("overlapping") }
      if let x = b.offsetX, let y = b.offsetY { parts.append("(offset \(x.dump()) \(y.dump()))") }
      if let z = b.zIndex { parts.append("(z \(z.dump()))") }
      return "(\(name) \(parts.joined(separator: " ")))"
    case .supplementary(let s):
      var parts = [
        s.kind.dump(), s.size.dump(), "(at \(s.edges.map(\.rawValue).joined(separator: " ")))",
      ]
      if let x = s.offsetX, let y = s.offsetY {
        parts.append("(offset \(x.dump()) \(y.dump())\(s.fractionalOffset ? " fraction" : ""))")
      }
      if let z = s.zIndex { parts.append("(z \(z.dump()))") }
      return "(\(name) \(parts.joined(separator: " ")))"
    case .background(let kind, let insets, let z):
      let i = insets.map { " (insets \($0.dump()))" } ?? ""
      return "(\(name) \(kind.dump())\(i)\(z.map { " (z \($0.dump()))" } ?? ""))"
    case .edgeSpacing(let edges):
      let parts = edges.map {
        "(\($0.edge.rawValue) \($0.flexible ? "flexible" : "fixed") \($0.value.dump()))"
      }
      return "(\(name) \(parts.joined(separator: " ")))"
    case .handler(let operations):
      return "(\(name)\(operations.map { " " + $0.dump() }.joined()))"
    case .unread: return "(unread)"
    }
  }

  static func dump(_ entries: [CompositionalEntry]) -> String {
    entries.map { " " + $0.dump() }.joined()
  }
}

extension DimensionPair {
  func dump() -> String { "(size \(width.dump()) \(height.dump()))" }
}

extension DimensionSpec {
  func dump() -> String { "(\(kind.rawValue) \(value.dump()))" }
}
