/// The syntax of the steps that change data or move a finger: updates, batches,
/// snapshots, gestures.

/// One update call: what it names, and over how many frames it animates (alone only).
public struct UpdateStep: Hashable, Sendable {
  public var kind: Kind
  public var frames: Expr?

  public enum Kind: Hashable, Sendable {
    case insertItems([Expr])
    case deleteItems([Expr])
    case reloadItems([Expr])
    case moveItem(Expr, to: Expr)
    /// `insert sections 2, 3 items 4`: each new section's item count (default 0).
    case insertSections([Expr], items: Expr?)
    case deleteSections([Expr])
    case reloadSections([Expr])
    case moveSection(Expr, to: Expr)
  }
}

/// `batch [over N frames] { … }`.
public struct BatchStep: Hashable, Sendable {
  public var frames: Expr?
  public var body: [Statement]
}

/// An entry of `data { … }`: `section N items M` (`section` set) or `sections N`.
public struct DataEntry: Hashable, Sendable {
  public var section: Expr?
  public var count: Expr
  public var range: SourceRange
}

/// `apply snapshot { … }`: the new snapshot — its sections in order, each with its items'
/// identifiers — and the items to reconfigure or reload. Without a `section` entry the
/// current snapshot is applied again with those marks (`reconfigure items ["apple"]`).
public struct SnapshotStep: Hashable, Sendable {
  public var entries: [SnapshotEntry]
  public var frames: Expr?
}

/// An entry of `apply snapshot { … }`.
public struct SnapshotEntry: Hashable, Sendable {
  public var kind: Kind
  public var range: SourceRange

  public enum Kind: Hashable, Sendable {
    /// `section "Fruits" items ["fig", "apple"]`: `appendSections` then `appendItems`.
    case section(name: Expr, items: Expr)
    /// `reconfigure items ["apple"]`: `reconfigureItems(_:)`, the cells kept.
    case reconfigure(Expr)
    /// `reload items ["apple"]`: `reloadItems(_:)`, the cells replaced.
    case reload(Expr)
  }
}

/// A finger on the scroll view. A motion is one axis (`x` / `y` and a number) or a point.
public struct GestureStep: Hashable, Sendable {
  public var kind: Kind
  /// `drag … over N frames`.
  public var frames: Expr?

  public enum Kind: Hashable, Sendable {
    /// `drag by y -300`: the finger moves (down and right are positive).
    case drag(Axis?, Expr)
    /// `release [velocity y 2.4]`: the finger lifts, with this velocity or its own.
    case release(Axis?, Expr?)
    /// `fling y 2.4`: a drag that lifts at once with this velocity.
    case fling(Axis?, Expr)
    /// `fling section N x 2.4`: the same on an orthogonal section's own scroller (COMP-9).
    case flingSection(Expr, Axis, Expr)
    /// `drag section N by x -200`: a finger on an orthogonal section's own scroller.
    case dragSection(Expr, Axis, Expr)
    /// `release section N [velocity x 2.4]`: that finger lifts.
    case releaseSection(Expr, Axis?, Expr?)
  }
}

/// The scroll view's settings.
public enum ScrollSetting: Hashable, Sendable {
  case paging(Bool)
  case bounces(Bool)
  /// `prefetching on | off`: the collection view's `isPrefetchingEnabled` (DISP-5).
  case prefetching(Bool)
  case alwaysBounce(vertical: Bool, Bool)
  /// `deceleration normal | fast` (nil rate) or `deceleration 0.995`.
  case deceleration(fast: Bool, rate: Expr?)
  case frameRate(Expr)
}
