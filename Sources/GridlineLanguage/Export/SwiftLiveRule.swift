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
    try self.init(
      live.operations, on: "styled[0]", followsBounds: live.followsBounds,
      bound: [
        "bounds": SwiftValue(code: "bounds", kind: .rect),
        "offset": SwiftValue(code: "collectionView.contentOffset", kind: .point),
      ], file: file, lets: lets)
  }

  /// `operations` as statements setting `receiver`'s transform3D, alpha, zIndex and
  /// isHidden (an attributes object, or a visible item), where `center`, `frame`, `item`
  /// and `section` are the receiver's and `bound` names the rest.
  init(
    _ operations: [TransformOperation], on receiver: String, followsBounds: Bool,
    bound: [String: SwiftValue], file: SourceFile, lets: [String: SwiftValue]
  ) throws(SwiftCodeTranslator.Unsupported) {
    self.followsBounds = followsBounds
    translator = SwiftCodeTranslator(file: file, lets: lets)
    translator.bound = bound.merging([
      "center": SwiftValue(code: "\(receiver).center", kind: .point),
      "frame": SwiftValue(code: "\(receiver).frame", kind: .rect),
      "item": SwiftValue(code: "\(receiver).indexPath.item", kind: .int, whole: true),
      "section": SwiftValue(code: "\(receiver).indexPath.section", kind: .int, whole: true),
    ]) { $1 }
    var composed: [String] = []
    var after: [String] = []
    var bindings: [String] = []
    var scales = 0
    for operation in operations {
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
          var k = translator.number(value).code
          if !value.literal && value.precedence != SwiftPrecedence.atom {
            // Written once, read for both axes.
            let name = scales == 0 ? "scale" : "scale\(scales + 1)"
            scales += 1
            bindings.append("let \(name) = \(k)")
            k = name
          }
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
        after.append("\(receiver).alpha = \(translator.number(try number(e)).code)")
      case .zIndex(let e):
        after.append("\(receiver).zIndex = \(try translator.integer(number(e)))")
      case .hidden(let e):
        after.append(
          "\(receiver).isHidden = \(try e.map { (x) throws(SwiftCodeTranslator.Unsupported) in try translator.truth(x) } ?? "true")"
        )
      }
    }
    statements += bindings
    if composed.count == 1 {
      statements.append("\(receiver).transform3D = \(composed[0])")
    } else if !composed.isEmpty {
      statements.append("var transform = CATransform3DIdentity")
      for t in composed { statements.append("transform = CATransform3DConcat(transform, \(t))") }
      statements.append("\(receiver).transform3D = transform")
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
