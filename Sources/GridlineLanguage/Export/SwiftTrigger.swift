import LayoutEngine

/// `invalidate on bounds change [when …] [{ … }]` / `invalidate on size change`: one reason
/// for `shouldInvalidateLayout(forBoundsChange:)` to answer true (LAY-8), and for a flow
/// layout what the invalidation context then names (`invalidateItems(at:)`, …, a flag of
/// the layout's own context class, or everything).
struct SwiftTrigger {
  var line: Int?
  /// The Swift condition: the size test and the translated `when`, or nil for "always".
  var condition: String? = nil
  /// The context's calls, on `context` (flow layouts only: a custom layout's context names
  /// nothing, as the interpreter's).
  var actions: [String] = []
  var flags: [String] = []
  var everything = false
  var translator: SwiftCodeTranslator

  init(
    _ trigger: TriggerDecl, line: Int?, file: SourceFile, lets: [String: SwiftValue],
    withActions: Bool = false
  ) throws(SwiftCodeTranslator.Unsupported) {
    self.line = line
    translator = SwiftCodeTranslator(file: file, lets: lets)
    translator.bound = [
      "old": SwiftValue(code: "oldBounds", kind: .rect),
      "new": SwiftValue(code: "newBounds", kind: .rect),
      "content": SwiftValue(code: "collectionViewContentSize", kind: .size),
    ]
    var parts: [String] = []
    if trigger.sizeOnly { parts.append("oldBounds.size != newBounds.size") }
    if let when = trigger.condition {
      let value = try translator.value(when)
      guard value.kind == .bool else {
        throw translator.unsupported("a condition that is not true or false", when.range)
      }
      parts.append(parts.isEmpty ? value.code : value.operand(SwiftPrecedence.and + 1))
    }
    condition = parts.isEmpty ? nil : parts.joined(separator: " && ")
    if withActions {
      for action in trigger.actions { try self.action(action) }
    }
  }

  private mutating func action(_ action: TriggerAction) throws(SwiftCodeTranslator.Unsupported) {
    func paths(_ exprs: [Expr]) throws(SwiftCodeTranslator.Unsupported) -> String {
      var paths: [String] = []
      for expr in exprs {
        guard case .indexPath(let parts) = expr.kind, (1...2).contains(parts.count) else {
          throw translator.unsupported("an index path that is not [section, item]", expr.range)
        }
        let section = try translator.integer(translator.value(parts[0]))
        let item = parts.count == 2 ? try translator.integer(translator.value(parts[1])) : "0"
        paths.append("IndexPath(item: \(item), section: \(section))")
      }
      return "[" + paths.joined(separator: ", ") + "]"
    }
    switch action.kind {
    case .items(let exprs): actions.append("context.invalidateItems(at: \(try paths(exprs)))")
    case .supplementary(let kind, let exprs):
      actions.append(
        "context.invalidateSupplementaryElements(ofKind: \(Self.kind(kind)), at: \(try paths(exprs)))"
      )
    case .decoration(let kind, let exprs):
      actions.append(
        "context.invalidateDecorationElements(ofKind: \(SwiftLiteral.string(kind)), at: \(try paths(exprs)))"
      )
    case .flag(let name):
      flags.append(name)
      actions.append("context.\(SwiftNames.variable(name)) = true")
    case .everything: everything = true
    }
  }

  /// A supplementary kind as UIKit spells it: its constants for headers and footers.
  static func kind(_ kind: String) -> String {
    switch kind {
    case ElementKind.sectionHeader: "UICollectionView.elementKindSectionHeader"
    case ElementKind.sectionFooter: "UICollectionView.elementKindSectionFooter"
    default: SwiftLiteral.string(kind)
    }
  }

  /// Whether the condition reads the bounds before the change.
  var readsOldBounds: Bool { condition?.contains("oldBounds") == true }
}
