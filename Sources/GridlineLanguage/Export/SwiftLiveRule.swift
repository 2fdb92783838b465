/// A `transform` whose values read the element (`center`, `frame`, `item`, `section`) or
/// the visible rect (`bounds`, `offset`), as the Swift of `restyled(_:)`: each operation's
/// value translated as layout code is, the transform composed in the order written from
/// `CATransform3DIdentity` with `CATransform3DConcat` (the first applied first), then
/// alpha, zIndex and `isHidden` — what `Evaluator.ruleValues` computes for the element.
struct SwiftLiveRule {
  /// The statements, on `styled[0]`, inside a block where `collectionView` and `bounds` are
  /// the view's.
  var statements: [String] = []
  var translator: SwiftCodeTranslator
  var followsBounds: Bool

  init(_ live: LiveRule, file: SourceFile, lets: [String: SwiftValue])
    throws(SwiftCodeTranslator.Unsupported)
  {
    followsBounds = live.followsBounds
    translator = SwiftCodeTranslator(file: file, lets: lets)
    translator.bound = [
      "center": SwiftValue(code: "styled[0].center", kind: .point),
      "frame": SwiftValue(code: "styled[0].frame", kind: .rect),
      "bounds": SwiftValue(code: "bounds", kind: .rect),
      "offset": SwiftValue(code: "collectionView.contentOffset", kind: .point),
      "item": SwiftValue(code: "styled[0].indexPath.item", kind: .int, whole: true),
      "section": SwiftValue(code: "styled[0].indexPath.section", kind: .int, whole: true),
    ]
    var composed: [String] = []
    var after: [String] = []
    for operation in live.operations {
      switch operation.kind {
      case .rotate(let axis, let e):
        let degrees = translator.number(try number(e))
        let (x, y, z) = axis == .x ? (1, 0, 0) : axis == .y ? (0, 1, 0) : (0, 0, 1)
        composed.append(
          "CATransform3DMakeRotation(\(degrees.operand(SwiftPrecedence.multiplicative)) * .pi / 180, \(x), \(y), \(z))"
        )
      case .scale(let e):
        let value = try translator.value(e)
        switch value.kind {
        case .size:
          composed.append(
            "CATransform3DMakeScale(\(value.receiver).width, \(value.receiver).height, 1)")
        case .int, .number:
          let k = translator.number(value).code
          composed.append("CATransform3DMakeScale(\(k), \(k), 1)")
        default: throw translator.unsupported("a scale that is not a number or a size", e.range)
        }
      case .translate(let e):
        let p = try translator.value(e)
        guard p.kind == .point else {
          throw translator.unsupported("a translation that is not a point", e.range)
        }
        composed.append("CATransform3DMakeTranslation(\(p.receiver).x, \(p.receiver).y, 0)")
      case .perspective(let e):
        composed.append("perspective(distance: \(translator.number(try number(e)).code))")
        translator.helpers.insert(.perspective)
      case .alpha(let e):
        after.append("styled[0].alpha = \(translator.number(try number(e)).code)")
      case .zIndex(let e):
        after.append("styled[0].zIndex = \(try translator.integer(number(e)))")
      case .hidden(let e):
        after.append(
          "styled[0].isHidden = \(try e.map { (x) throws(SwiftCodeTranslator.Unsupported) in try translator.truth(x) } ?? "true")"
        )
      }
    }
    if !composed.isEmpty {
      statements.append("var transform = CATransform3DIdentity")
      for t in composed { statements.append("transform = CATransform3DConcat(transform, \(t))") }
      statements.append("styled[0].transform3D = transform")
    }
    statements += after
  }

  private mutating func number(_ e: Expr) throws(SwiftCodeTranslator.Unsupported) -> SwiftValue {
    let v = try translator.value(e)
    guard v.kind == .int || v.kind == .number else {
      throw translator.unsupported("a value that is not a number", e.range)
    }
    return v
  }

  /// Whether the statements read the view's bounds or the view.
  var readsView: Bool {
    translator.usesCollectionView || statements.contains { $0.contains("bounds") }
  }
}
