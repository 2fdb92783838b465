import LayoutEngine

/// A runtime value of the language.
public enum Value: Hashable, Sendable {
  case number(Double)
  case bool(Bool)
  case string(String)
  case size(Size)
  case point(Point)
  case rect(Rect)
  case insets(EdgeInsets)
  /// `[section]` (item nil) or `[section, item]`.
  case indexPath(section: Int, item: Int?)
  /// `a...b`, both ends included.
  case range(Double, Double)
  case attributes(LayoutAttributes)
  /// A flow section's geometry, inside a decoration's `frame = …`.
  case section(FlowSectionGeometry)
  /// `["apple", "pear"]`: item identifiers of a diffable data source, or `updates` (the
  /// last batch's update items, `I(0,3)`, `D(0,1)`, …).
  case list([String])
  /// `[0, 0, 0]`, `repeating(0, count: 3)`: an array of numbers (layout code: a waterfall's
  /// column heights).
  case array([Double])
  /// Layout attributes in order: a query's answer (`elements(in: r)`), or what a custom
  /// layout's `prepare` cached (`cached`, in `elements in rect { … }`).
  case elements([LayoutAttributes])
  /// Index paths in order: `selection`, the selected items.
  case indexPaths([IndexPath])
  /// An element's `transform3D` (`item [0, 3].transform`), read through its affine view
  /// and its decomposition (`AffineDecomposition`).
  case transform(Transform3D)
  /// The absence of a result (`hit` on empty space).
  case none

  /// How many a list, an array or a list of elements holds.
  var count: Int? {
    switch self {
    case .list(let items): items.count
    case .array(let values): values.count
    case .elements(let list): list.count
    case .indexPaths(let list): list.count
    default: nil
    }
  }

  public var type: ValueType {
    switch self {
    case .number: .number
    case .bool: .bool
    case .string: .string
    case .size: .size
    case .point: .point
    case .rect: .rect
    case .insets: .insets
    case .indexPath: .indexPath
    case .range: .range
    case .attributes: .attributes
    case .section: .section
    case .list: .list
    case .array: .array
    case .elements: .elements
    case .indexPaths: .indexPaths
    case .transform: .transform
    case .none: .none
    }
  }
}

/// The static type of an expression, as the checker infers it.
public enum ValueType: String, Hashable, Sendable {
  case number, bool, string, size, point, rect, insets
  case indexPath = "index path"
  case range
  case attributes = "element"
  case section
  case list
  case array
  case elements
  case indexPaths = "list of index paths"
  case transform
  case none = "nothing"
  /// An expression that already has an error: accepted everywhere, so one mistake is
  /// reported once.
  case error = "<error>"

  /// Members readable with `.name`, per type.
  var members: [String: ValueType] {
    switch self {
    case .size: ["width": .number, "height": .number]
    case .point: ["x": .number, "y": .number]
    case .rect:
      [
        "x": .number, "y": .number, "width": .number, "height": .number, "minX": .number,
        "minY": .number, "midX": .number, "midY": .number, "maxX": .number, "maxY": .number,
        "origin": .point, "size": .size,
      ]
    case .insets: ["top": .number, "left": .number, "bottom": .number, "right": .number]
    case .indexPath:
      ["section": .number, "item": .number, "before": .indexPath, "after": .indexPath]
    case .list, .array, .elements, .indexPaths: ["count": .number]
    case .range: ["lower": .number, "upper": .number]
    case .attributes:
      [
        "frame": .rect, "center": .point, "size": .size, "bounds": .rect, "alpha": .number,
        "zIndex": .number, "hidden": .bool, "indexPath": .indexPath, "kind": .string,
        "category": .string, "selected": .bool, "highlighted": .bool, "transform": .transform,
      ]
    case .transform:
      [
        "rotation": .number, "scale": .size, "translation": .point, "a": .number, "b": .number,
        "c": .number, "d": .number, "tx": .number, "ty": .number, "m34": .number,
        "affine": .bool, "identity": .bool,
      ]
    case .section:
      [
        "index": .number, "frame": .rect, "items": .rect, "header": .rect, "footer": .rect,
        "count": .number,
      ]
    default: [:]
    }
  }
}

extension Value: CustomStringConvertible {
  /// The value exactly, as a script writes numbers (`formatNumber`'s `.exact`):
  /// `375 x 667`, `(0, 300)`, `(0, 0, 375, 667)`, `[0, 3]`, `129.33333333333334`. What
  /// diagnostics and JSON say, so that it can be typed back in.
  public var description: String { written { formatNumber($0) } }

  /// How `print` shows the value to a person (issue 34): numbers to at most `decimals`
  /// places, trailing zeros dropped, never `-0` (`129.333`); `gl run --precision N`.
  public func readable(decimals: Int) -> String {
    written { formatNumber($0, .readable(decimals)) }
  }

  private func written(_ number: (Double) -> String) -> String {
    func rect(_ r: Rect) -> String {
      "(\(number(r.origin.x)), \(number(r.origin.y)), \(number(r.size.width)), \(number(r.size.height)))"
    }
    switch self {
    case .number(let v): return number(v)
    case .bool(let b): return b ? "true" : "false"
    case .string(let s): return s
    case .size(let s): return "\(number(s.width)) x \(number(s.height))"
    case .point(let p): return "(\(number(p.x)), \(number(p.y)))"
    case .rect(let r): return rect(r)
    case .insets(let i):
      return
        "(top: \(number(i.top)), left: \(number(i.left)), bottom: \(number(i.bottom)), right: \(number(i.right)))"
    case .indexPath(let section, let item):
      return item.map { "[\(section), \($0)]" } ?? "[\(section)]"
    case .range(let a, let b): return "\(number(a))...\(number(b))"
    case .attributes(let a):
      return "\(a.key) frame \(rect(a.frame)) z \(a.zIndex) alpha \(number(a.alpha))"
        + (a.isHidden ? " hidden" : "")
    case .section(let g): return "section \(g.section) frame \(rect(g.frame))"
    case .list(let items): return "[" + items.map(\.quoted).joined(separator: ", ") + "]"
    case .array(let values):
      return "[" + values.map { number($0) }.joined(separator: ", ") + "]"
    case .elements(let list):
      return "[" + list.map(\.key.scriptDescription).joined(separator: ", ") + "]"
    case .indexPaths(let list): return "[" + list.map(\.description).joined(separator: ", ") + "]"
    case .transform(let t): return Self.describe(t)
    case .none: return "nothing"
    }
  }
}

extension Value {
  /// An affine transform as `CGAffineTransform`'s six numbers, `(a: 1, b: 0, c: 0, d: 1,
  /// tx: 0, ty: 0)`, six significant digits and the rounding of a quarter turn's cosine
  /// (below 1e-12) shown as 0; any other as its four rows, `[1 0 0 0; 0 1 0 -0.002; …]`.
  static func describe(_ t: Transform3D) -> String {
    guard t.isAffine else { return "[\(t)]" }
    let f = AffineTransform(t)
    let parts = [("a", f.a), ("b", f.b), ("c", f.c), ("d", f.d), ("tx", f.tx), ("ty", f.ty)]
    return "("
      + parts.map { "\($0.0): \(formatNumber(abs($0.1) < 1e-12 ? 0 : $0.1, .printfG))" }
      .joined(separator: ", ") + ")"
  }
}

extension ElementKey {
  /// The element as a script writes it: `item [0, 3]`, `header [1]`, `footer [1]`.
  public var scriptDescription: String {
    switch category {
    case .cell: return "item [\(indexPath.section), \(indexPath.item)]"
    case .supplementaryView:
      if kind == ElementKind.sectionHeader { return "header [\(indexPath.section)]" }
      if kind == ElementKind.sectionFooter { return "footer [\(indexPath.section)]" }
      return "supplementary \"\(kind ?? "")\" [\(indexPath.section), \(indexPath.item)]"
    case .decorationView:
      return "decoration \"\(kind ?? "")\" [\(indexPath.section), \(indexPath.item)]"
    }
  }
}

extension String {
  /// The text between double quotes, as a script writes a string (the lexer's escapes).
  var quoted: String {
    var out = "\""
    for c in self {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out.append(c)
      }
    }
    return out + "\""
  }
}
