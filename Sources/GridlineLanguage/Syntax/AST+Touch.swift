/// A finger on an item, and the selection it changes (grammar.md, Touch and selection).
public struct TouchStep: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `tap POINT | ELEMENT`: down and up at once.
    case tap
    /// `press POINT | ELEMENT`: down, held until `lift`.
    case press
    /// `lift [at POINT]`: the pressing finger leaves the screen, where it pressed or at
    /// the point.
    case lift
  }

  public var kind: Kind
  /// Where the finger is: a point in content coordinates or an element (its centre);
  /// nil for a `lift` where the finger pressed.
  public var target: Expr?
}

/// `select item IP`, `deselect item IP`, `deselect all`: the programmatic calls.
public struct SelectionStep: Hashable, Sendable {
  public var select: Bool
  /// The item; nil for `deselect all`.
  public var target: Expr?
}

/// The settings of touch: `allows selection`, `allows multiple selection`, `touches`.
public enum TouchSetting: Hashable, Sendable {
  case allowsSelection(Bool)
  case allowsMultipleSelection(Bool)
  /// `touches on | off`: the layer's `isUserInteractionEnabled`.
  case touches(Bool)
}

/// `should highlight | select | deselect when CONDITION`: the delegate's answers; `can move
/// when CONDITION`: the data source's.
public struct SelectionRule: Hashable, Sendable {
  public enum Question: String, Hashable, Sendable {
    case highlight, select, deselect, move

    /// The rule's words: `should select`, `can move`.
    public var words: String { self == .move ? "can move" : "should \(rawValue)" }
  }

  public var question: Question
  public var condition: Expr
}

extension Statement.Kind {
  /// The dump of a touch statement: `(tap (item [0 3]))`, `(should select (== …))`.
  var touchDump: String? {
    switch self {
    case .touch(let step):
      return step.target.map { "(\(step.kind) \($0.dump()))" } ?? "(\(step.kind))"
    case .selection(let step):
      return "(\(step.select ? "select" : "deselect") \(step.target?.dump() ?? "all"))"
    case .touchSetting(.allowsSelection(let on)): return "(allows-selection \(on))"
    case .touchSetting(.allowsMultipleSelection(let on)):
      return "(allows-multiple-selection \(on))"
    case .touchSetting(.touches(let on)): return "(touches \(on))"
    case .selectionRule(let rule): return "(\(rule.question.words) \(rule.condition.dump()))"
    case .interactiveMove(let gesture): return gesture.dump
    default: return nil
    }
  }
}

/// A finger moving an item to a new place (grammar.md, Interactive movement).
public struct MoveGesture: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `move begin ITEM`: `beginInteractiveMovementForItem(at:)`.
    case begin(Expr)
    /// `move to POINT`: `updateInteractiveMovementTargetPosition(_:)`, once per frame.
    case to(Expr)
    /// `move end`: `endInteractiveMovement()`.
    case end
    /// `move cancel`: `cancelInteractiveMovement()`.
    case cancel
  }

  public var kind: Kind
  /// `over N frames` (only after `move to`): the finger goes there in N equal steps.
  public var frames: Expr?

  var dump: String {
    switch kind {
    case .begin(let item): "(move-begin \(item.dump()))"
    case .to(let point):
      "(move-to \(point.dump())\(frames.map { " (frames \($0.dump()))" } ?? ""))"
    case .end: "(move-end)"
    case .cancel: "(move-cancel)"
    }
  }
}
