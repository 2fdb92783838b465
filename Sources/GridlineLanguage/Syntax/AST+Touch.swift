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

/// `menu POINT | item IP [cut | copy | paste]`: a finger held on an item (the editing
/// menu), then the entry the user picks, if any.
public struct MenuStep: Hashable, Sendable {
  public var target: Expr
  public var action: EditActionWord?
}

/// `should highlight | select | deselect when CONDITION`, `should show menu when …`,
/// `can perform copy when …`: the delegate's answers to a question about one item; `can
/// move when …`: the data source's.
public struct SelectionRule: Hashable, Sendable {
  public enum Question: Hashable, Sendable {
    case highlight, select, deselect
    /// The data source's `collectionView(_:canMoveItemAt:)` (`can move when …`).
    case move
    /// `collectionView(_:shouldShowMenuForItemAt:)`.
    case showMenu
    /// `collectionView(_:canPerformAction:forItemAt:withSender:)` for one action.
    case perform(EditActionWord)

    /// The rule as written: `should select`, `should show menu`, `can perform copy`.
    public var phrase: String {
      switch self {
      case .highlight: "should highlight"
      case .select: "should select"
      case .deselect: "should deselect"
      case .move: "can move"
      case .showMenu: "should show menu"
      case .perform(let action): "can perform \(action.spelling)"
      }
    }

    /// What UIKit answers when the delegate does not implement the method: true for the
    /// selection questions, false for the menu's.
    public var defaultAnswer: Bool {
      switch self {
      case .highlight, .select, .deselect, .move: true
      case .showMenu, .perform: false
      }
    }
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
    case .selectionRule(let rule): return "(\(rule.question.phrase) \(rule.condition.dump()))"
    case .menu(let step):
      return "(menu \(step.target.dump())\(step.action.map { " \($0.spelling)" } ?? ""))"
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
