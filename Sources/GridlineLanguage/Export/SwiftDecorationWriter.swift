import LayoutEngine

/// Decoration views as the flow subclass an app writes: the kinds registered in `init()`,
/// their attributes computed in `prepare()` from the section's item frames (the frame
/// expression written as Swift), added in `layoutAttributesForElements(in:)` and answered
/// by `layoutAttributesForDecorationView(ofKind:at:)` — what the engine's flow additions
/// do. Attributes are written through the array, right for UIKit's class and the engine's
/// value type alike.
struct SwiftDecorationWriter {
  let model: ExportModel
  let decorations: [SectionDecoration]
  /// Whether the transform writer's `restyled(_:)` applies to every answer.
  var restyles = false

  /// The kinds, in the order they were first declared.
  private var kinds: [String] {
    decorations.map(\.kind).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  func writeProperties(_ out: inout SwiftLines) {
    out.add("/// The decoration views of the last `prepare()`.")
    out.add("private var decorations: [UICollectionViewLayoutAttributes] = []")
    out.add("")
  }

  /// In `init()`: the layout registers the views of its decorations.
  func writeRegistrations(_ out: inout SwiftLines) {
    for kind in kinds {
      out.add(
        "register(UICollectionReusableView.self, forDecorationViewOfKind: \(SwiftLiteral.string(kind)))"
      )
    }
  }

  func writeOverrides(_ out: inout SwiftLines) {
    out.add("")
    out.block("override func prepare()") { b in
      b.add("super.prepare()")
      b.add("decorations = []")
      b.block("guard let collectionView else") { $0.add("return") }
      b.block("for section in 0..<collectionView.numberOfSections") { f in
        f.add("let items = itemsFrame(inSection: section)")
        for decoration in ordered { writeDecoration(decoration, &f) }
      }
    }
    out.add("")
    writeItemsFrame(&out)
    out.add("")
    out.block(
      "override func layoutAttributesForElements(in rect: CGRect)\n    -> [UICollectionViewLayoutAttributes]?"
    ) { b in
      b.add("let flow = super.layoutAttributesForElements(in: rect) ?? []")
      let answer = "flow + decorations.filter { $0.frame.intersects(rect) }"
      b.add(restyles ? "return (\(answer)).map(restyled)" : "return " + answer)
    }
    out.add("")
    out.block(
      "override func layoutAttributesForDecorationView(\n    ofKind elementKind: String, at indexPath: IndexPath\n  ) -> UICollectionViewLayoutAttributes?"
    ) {
      $0.add(
        "decorations.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }"
          + (restyles ? ".map(restyled)" : ""))
    }
  }

  /// One section or index path before each section: the more precise declaration wins.
  private var ordered: [SectionDecoration] {
    decorations.filter { $0.place != .eachSection }
      + decorations.filter { $0.place == .eachSection }
  }

  private func writeDecoration(_ decoration: SectionDecoration, _ out: inout SwiftLines) {
    guard let frame = try? SwiftFrameExpression.swift(decoration.frame) else { return }
    let condition: String
    let item: Int
    switch decoration.place {
    case .eachSection:
      let taken = decorations.compactMap { d -> Int? in
        guard d.kind == decoration.kind, case .indexPath(let p) = d.place, p.item == 0 else {
          return nil
        }
        return p.section
      }
      condition = taken.isEmpty ? "" : taken.map { "section != \($0)" }.joined(separator: " && ")
      item = 0
    case .indexPath(let p):
      condition = "section == \(p.section)"
      item = p.item
    }
    let add: (inout SwiftLines) -> Void = { b in
      b.add("decorations.append(")
      b.add("  UICollectionViewLayoutAttributes(")
      b.add(
        "    forDecorationViewOfKind: \(SwiftLiteral.string(decoration.kind)), with: IndexPath(item: \(item), section: section)))"
      )
      b.add("decorations[decorations.count - 1].frame = \(frame)")
      b.add("decorations[decorations.count - 1].zIndex = \(decoration.zIndex)")
    }
    if condition.isEmpty { add(&out) } else { out.block("if \(condition)", add) }
  }

  /// `section.items`: the union of the item frames; for a section without items, a rect of
  /// no length where its items would start, between the section insets.
  private func writeItemsFrame(_ out: inout SwiftLines) {
    let vertical = model.layout.scrollDirection == .vertical
    out.add("/// The union of the section's item frames; in an empty section, a rect of no")
    out.add("/// length where its items would start, between the section insets.")
    out.block("private func itemsFrame(inSection section: Int) -> CGRect") { b in
      b.add("let count = collectionView?.numberOfItems(inSection: section) ?? 0")
      b.add("var items = CGRect.null")
      b.block("for item in 0..<count") { f in
        f.block(
          "if let cell = layoutAttributesForItem(at: IndexPath(item: item, section: section))"
        ) {
          $0.add("items = items.union(cell.frame)")
        }
      }
      b.block(
        "guard items.isNull,\n      let header = layoutAttributesForSupplementaryView(\n        ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))\n    else"
      ) { $0.add("return items") }
      b.add("let size = collectionViewContentSize")
      if vertical {
        b.add("return CGRect(")
        b.add("  x: sectionInset.left, y: header.frame.maxY + sectionInset.top,")
        b.add("  width: max(0, size.width - sectionInset.left - sectionInset.right), height: 0)")
      } else {
        b.add("return CGRect(")
        b.add("  x: header.frame.maxX + sectionInset.left, y: sectionInset.top, width: 0,")
        b.add("  height: max(0, size.height - sectionInset.top - sectionInset.bottom))")
      }
    }
  }
}

/// A decoration's frame expression as Swift over `items` (`section.items`) and `section`:
/// numbers, arithmetic, a rect's members, `rect(…)`, `inset(r, d)` and `union(a, b)`.
enum SwiftFrameExpression {
  struct Unsupported: Error {}

  private static let members = [
    "x": "origin.x", "y": "origin.y", "width": "width", "height": "height", "minX": "minX",
    "minY": "minY", "midX": "midX", "midY": "midY", "maxX": "maxX", "maxY": "maxY",
  ]

  static func swift(_ e: Expr) throws(Unsupported) -> String {
    switch e.kind {
    case .number(let v): return SwiftLiteral.number(v)
    case .unary(.negate, let x): return "-" + (try swift(x))
    case .binary(let op, let a, let b) where [.add, .subtract, .multiply, .divide].contains(op):
      return "(\(try swift(a)) \(op.rawValue) \(try swift(b)))"
    case .member(let base, let name):
      if case .name("section") = base.kind {
        switch name.name {
        case "items": return "items"
        case "index": return "CGFloat(section)"
        case "count": return "CGFloat(collectionView?.numberOfItems(inSection: section) ?? 0)"
        default: throw Unsupported()
        }
      }
      guard let member = members[name.name] else { throw Unsupported() }
      return "\(try swift(base)).\(member)"
    case .call(let name, let arguments) where arguments.allSatisfy({ $0.label == nil }):
      let a = try arguments.map { (x) throws(Unsupported) in try swift(x.value) }
      switch (name.name, a.count) {
      case ("rect", 4): return "CGRect(x: \(a[0]), y: \(a[1]), width: \(a[2]), height: \(a[3]))"
      case ("inset", 2): return "\(a[0]).insetBy(dx: \(a[1]), dy: \(a[1]))"
      case ("union", 2): return "\(a[0]).union(\(a[1]))"
      default: throw Unsupported()
      }
    default: throw Unsupported()
    }
  }
}
