import LayoutEngine

/// What a `transform` block sets, evaluated: the operations composed in the order written
/// (the first is applied first), then alpha, zIndex and `isHidden`.
struct RuleValues: Hashable, Sendable {
  var transform3D: Transform3D?
  var alpha: Double?
  var zIndex: Int?
  var isHidden: Bool?
}

/// A transform whose operations read the element they restyle (`frame`, `center`, `item`,
/// `section`) or the visible rect (`bounds`, `offset`): evaluated again for each element
/// each time the layout answers, as an app's `layoutAttributesForElements(in:)` override
/// computes a carousel's scale from the cell's distance to the middle of the bounds.
struct LiveRule: Hashable, Sendable {
  var operations: [TransformOperation]
  /// The values depend on the bounds: the layout must answer
  /// `shouldInvalidateLayout(forBoundsChange:)` true (LAY-8), or they would go stale.
  var followsBounds: Bool

  /// Names that make a rule live; `bounds` and `offset` are the element's collection view's,
  /// read when the layout answers.
  static let elementNames: Set<String> = Set(ElementRuleName.allCases.map(\.rawValue))
  static let boundsNames: Set<String> = [StateName.bounds.rawValue, StateName.offset.rawValue]

  /// The live part of `declaration`, nil when every value is known at declaration.
  init?(_ declaration: TransformDecl) {
    let exprs = declaration.operations.compactMap(\.expression)
    let followsBounds = exprs.contains { $0.mentions(Self.boundsNames) }
    guard followsBounds || exprs.contains(where: { $0.mentions(Self.elementNames) }) else {
      return nil
    }
    operations = declaration.operations
    self.followsBounds = followsBounds
    compiled = operations.map { $0.expression.flatMap(Self.compile) }
    isCompiled = zip(operations, compiled).allSatisfy { op, code in
      code != nil || op.expression == nil
    }
  }

  /// Each operation's value as a numeric program over `inputs(for:bounds:)`, when it is
  /// made of numbers and the element's and bounds' numbers only (no `let`s: those are read
  /// when the rule runs, by the general evaluator).
  var compiled: [NumericCode?]
  var isCompiled: Bool

  private static func compile(_ expr: Expr) -> NumericCode? {
    NumericCode.compile(expr, constant: { _ in nil }, input: slot)
  }

  /// The slot of `frame.midX`, `center.x`, `bounds.width`, `offset.y`, … in the inputs.
  private static func slot(_ e: Expr) -> Int? {
    guard case .member(let base, let member) = e.kind, case .name(let name) = base.kind else {
      return nil
    }
    let rectMembers = ["minX", "minY", "maxX", "maxY", "midX", "midY", "width", "height"]
    let index: Int? =
      switch member.name {
      case "x": 0
      case "y": 1
      default: rectMembers.firstIndex(of: member.name)
      }
    guard let index else { return nil }
    switch name {
    case "frame": return 2 + index
    case "bounds": return 10 + index
    case "center" where index < 2: return 18 + index
    case "offset" where index < 2: return 20 + index
    default: return nil
    }
  }

  /// The inputs of the compiled programs, in their slots: item, section, the frame's and
  /// the bounds' eight numbers (x, y, maxX, maxY, midX, midY, width, height), the centre,
  /// the offset. On the stack: this runs for every displayed element on every scroll.
  private static func withInputs<R>(
    _ a: LayoutAttributes, _ b: Rect, _ body: (UnsafeBufferPointer<Double>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 22) { inputs in
      let f = a.frame
      inputs[0] = Double(a.representedElementCategory == .cell ? a.indexPath.item : 0)
      inputs[1] = Double(a.indexPath.section)
      func put(_ r: Rect, at base: Int) {
        inputs[base] = r.minX
        inputs[base + 1] = r.minY
        inputs[base + 2] = r.maxX
        inputs[base + 3] = r.maxY
        inputs[base + 4] = r.midX
        inputs[base + 5] = r.midY
        inputs[base + 6] = r.width
        inputs[base + 7] = r.height
      }
      put(f, at: 2)
      put(b, at: 10)
      inputs[18] = a.center.x
      inputs[19] = a.center.y
      inputs[20] = b.minX
      inputs[21] = b.minY
      return body(UnsafeBufferPointer(inputs))
    }
  }

  /// The values by the compiled programs; nil when the rule is not compiled or a value is
  /// not one UIKit takes (the general evaluator then says why).
  func compiledValues(for a: LayoutAttributes, bounds: Rect) -> RuleValues? {
    guard isCompiled else { return nil }
    return Self.withInputs(a, bounds) { (inputs) -> RuleValues? in
      var values = RuleValues()
      func compose(_ t: Transform3D) {
        values.transform3D = (values.transform3D ?? .identity).concatenating(t)
      }
      for (operation, code) in zip(operations, compiled) {
        let v = code?.evaluate(inputs: inputs) ?? 1
        guard v.isFinite else { return nil }
        switch operation.kind {
        case .rotate(let axis, _): compose(.rotation(degrees: v, about: axis))
        case .scale: compose(.scale(x: v, y: v))
        case .perspective:
          guard v != 0 else { return nil }
          compose(.perspective(distance: v))
        case .alpha:
          guard v >= 0 && v <= 1 else { return nil }
          values.alpha = v
        case .zIndex:
          guard v == v.rounded(), abs(v) < 1e15 else { return nil }
          values.zIndex = Int(v)
        case .hidden: values.isHidden = v != 0
        case .translate: return nil  // a point: never compiled
        }
      }
      return values
    }
  }
}

extension Transform3D {
  /// `rotate [x | y] DEGREES`: a turn in the screen's plane (about z), or about x or y.
  static func rotation(degrees: Double, about axis: Axis?) -> Transform3D {
    let radians = degrees * Double.pi / 180
    switch axis {
    case .x: return .rotation(angle: radians, x: 1, y: 0, z: 0)
    case .y: return .rotation(angle: radians, x: 0, y: 1, z: 0)
    case nil: return .rotation(angle: radians)
    }
  }
}

extension TransformOperation {
  /// The operation's value, if it has one (`hidden` alone has none).
  var expression: Expr? {
    switch kind {
    case .rotate(_, let e), .scale(let e), .translate(let e), .perspective(let e), .alpha(let e),
      .zIndex(let e):
      e
    case .hidden(let e): e
    }
  }
}

extension Evaluator {
  /// A `transform` block's operations, evaluated and checked as UIKit's setters need them
  /// (alpha in 0…1, a perspective distance other than zero, finite values).
  func ruleValues(_ operations: [TransformOperation]) throws(Diagnostic) -> RuleValues {
    var values = RuleValues()
    func compose(_ t: Transform3D) {
      values.transform3D = (values.transform3D ?? .identity).concatenating(t)
    }
    for operation in operations {
      switch operation.kind {
      case .rotate(let axis, let expr):
        compose(.rotation(degrees: try number(expr), about: axis))
      case .scale(let expr):
        switch try evaluate(expr) {
        case .number(let k): compose(.scale(x: k, y: k))
        case .size(let s): compose(.scale(x: s.width, y: s.height))
        case let other:
          throw .error(
            .takes("'scale'", "a number or a size", not: other.type.rawValue), at: expr.range)
        }
      case .translate(let expr):
        let value = try evaluate(expr)
        guard case .point(let p) = value else {
          throw .error(
            .expectedValue("a point (x, y)", found: value.type.rawValue, ", not"), at: expr.range)
        }
        compose(.translation(x: p.x, y: p.y))
      case .perspective(let expr):
        let d = try number(expr)
        guard d != 0 && d.isFinite else { throw .error(.perspectiveZero, at: expr.range) }
        compose(.perspective(distance: d))
      case .alpha(let expr):
        let a = try number(expr)
        guard a >= 0 && a <= 1 else { throw .error(.alphaRange(a), at: expr.range) }
        values.alpha = a
      case .zIndex(let expr):
        values.zIndex = try integer(expr, "the zIndex")
      case .hidden(let expr):
        values.isHidden = try expr.map { (x) throws(Diagnostic) -> Bool in try truth(x) } ?? true
      }
    }
    return values
  }
}

/// What a layout needs to apply live rules while it answers: the script's callbacks and the
/// bounds of its collection view at that moment.
struct LiveScope {
  let callbacks: ScriptCallbacks
  let bounds: Rect
  /// Whose selection and highlight `touchState` rules read.
  unowned let collectionView: CollectionView

  /// The scope of `layout`'s answers now; nil outside a collection view.
  init?(_ callbacks: ScriptCallbacks, _ layout: CollectionViewLayout) {
    guard let view = layout.collectionView else { return nil }
    self.callbacks = callbacks
    self.bounds = view.bounds
    self.collectionView = view
  }
}

extension ScriptCallbacks {
  /// A live rule's values for one element; nil (the element keeps its attributes) when the
  /// code fails, reported with the element's place.
  func values(of rule: LiveRule, for attributes: LayoutAttributes, bounds: Rect) -> RuleValues? {
    if let values = rule.compiledValues(for: attributes, bounds: bounds) { return values }
    guard let environment else { return nil }
    do throws(Diagnostic) {
      let scope = LocalScope(base: environment, bindings: .element(attributes, bounds: bounds))
      return try Evaluator(environment: scope).ruleValues(rule.operations)
    } catch {
      report(error, "transform of \(attributes.key)")
      return nil
    }
  }
}
