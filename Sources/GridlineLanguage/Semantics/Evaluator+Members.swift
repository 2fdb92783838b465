import LayoutEngine

/// `.name` on a value: the members `ValueType.members` lists, read.
extension Evaluator {
  func member(_ base: Value, _ member: Identifier, _ range: SourceRange) throws(Diagnostic)
    -> Value
  {
    let name = member.name
    switch base {
    case .size(let s):
      if name == "width" { return .number(s.width) }
      if name == "height" { return .number(s.height) }
    case .point(let p):
      if name == "x" { return .number(p.x) }
      if name == "y" { return .number(p.y) }
    case .rect(let r):
      if let value = Self.member(of: r, name) { return value }
    case .insets(let i):
      switch name {
      case "top": return .number(i.top)
      case "left": return .number(i.left)
      case "bottom": return .number(i.bottom)
      case "right": return .number(i.right)
      default: break
      }
    case .indexPath(let section, let item):
      if name == "section" { return .number(Double(section)) }
      if name == "item" { return .number(Double(item ?? 0)) }
      if name == "before" || name == "after" {
        return environment.acrossLastUpdate(section: section, item: item, after: name == "after")
      }
    case .list, .array, .elements, .indexPaths:
      if name == "count", let count = base.count { return .number(Double(count)) }
    case .range(let low, let high):
      if name == "lower" { return .number(low) }
      if name == "upper" { return .number(high) }
    case .section(let g):
      // A missing header or footer reads as an empty rect where it would start.
      let emptyAtStart = Rect(origin: g.frame.origin, size: .zero)
      switch name {
      case "index": return .number(Double(g.section))
      case "frame": return .rect(g.frame)
      case "items": return .rect(g.items)
      case "header": return .rect(g.header ?? emptyAtStart)
      case "footer": return .rect(g.footer ?? Rect(origin: g.items.origin, size: .zero))
      case "count": return .number(Double(g.itemCount))
      default: break
      }
    case .attributes(let a):
      switch name {
      case "frame": return .rect(a.frame)
      case "center": return .point(a.center)
      case "size": return .size(a.size)
      case "bounds": return .rect(a.bounds)
      case "alpha": return .number(a.alpha)
      case "zIndex": return .number(Double(a.zIndex))
      case "hidden": return .bool(a.isHidden)
      case "indexPath": return .indexPath(section: a.indexPath.section, item: a.indexPath.item)
      // ATTR-1: representedElementKind is nil for a cell.
      case "kind": return a.representedElementKind.map { .string($0) } ?? .none
      case "category": return .string(a.representedElementCategory.description)
      case "transform": return .transform(a.transform3D)
      case "selected", "highlighted":
        guard a.representedElementCategory == .cell else { return .bool(false) }
        return .bool(environment.isItem(a.indexPath, selected: name == "selected"))
      default: break
      }
    case .transform(let t):
      if let value = Self.member(of: t, name) { return value }
    default: break
    }
    let names = base.type.members.keys.sorted()
    throw .error(
      .noMember(base.type.rawValue, name), at: member.range,
      help: suggestion(for: name, among: names)
        ?? (names.isEmpty ? nil : "members are \(names.joined(separator: ", "))"))
  }
}

extension Evaluator {
  /// A rect's members, CGRect's names (GEO-1: minY is the top).
  static func member(of r: Rect, _ name: String) -> Value? {
    switch name {
    case "x": .number(r.origin.x)
    case "y": .number(r.origin.y)
    case "width": .number(r.size.width)
    case "height": .number(r.size.height)
    case "minX": .number(r.minX)
    case "minY": .number(r.minY)
    case "midX": .number(r.midX)
    case "midY": .number(r.midY)
    case "maxX": .number(r.maxX)
    case "maxY": .number(r.maxY)
    case "origin": .point(r.origin)
    case "size": .size(r.size)
    default: nil
    }
  }
}

extension Evaluator {
  /// A transform's members: its decomposition (`AffineDecomposition`, the rotation in
  /// degrees as `rotate` takes them), `CGAffineTransform`'s six numbers (ATTR-3's affine
  /// view), `m34` (the perspective), and whether it is affine or the identity.
  static func member(of t: Transform3D, _ name: String) -> Value? {
    let f = AffineTransform(t)
    switch name {
    case "rotation":
      // Degrees to 1e-9, so that `rotate 45` reads back as 45; a half turn is +180.
      let degrees = (f.decomposed.rotation * 180 / Double.pi * 1e9).rounded() / 1e9
      return .number(degrees == -180 ? 180 : degrees + 0)
    case "scale":
      let s = f.decomposed.scale
      return .size(Size(width: tidy(s.width), height: tidy(s.height)))
    case "translation": return .point(Point(x: f.tx, y: f.ty))
    case "a": return .number(f.a)
    case "b": return .number(f.b)
    case "c": return .number(f.c)
    case "d": return .number(f.d)
    case "tx": return .number(f.tx)
    case "ty": return .number(f.ty)
    case "m34": return .number(t.m34)
    case "affine": return .bool(t.isAffine)
    case "identity": return .bool(t.isIdentity)
    default: return nil
    }
  }

  /// A length to twelve decimals: the rounding of cos² + sin² (0.9999999999999999) gone.
  private static func tidy(_ v: Double) -> Double { (v * 1e12).rounded() / 1e12 + 0 }
}
