/// What UIKit would raise as an `NSException`. The engine never traps: it records the
/// exception as a `LayoutEvent`, keeps it in `CollectionView.exceptions`, and carries on in
/// a defined state, so a script or a test can report it like UIKit's console would.
public struct CollectionViewException: Error, Hashable, Sendable {
  public var name: String
  public var reason: String

  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }

  public static let internalInconsistency = "NSInternalInconsistencyException"
  public static let invalidArgument = "NSInvalidArgumentException"
  public static let range = "NSRangeException"
}

extension CollectionViewException: CustomStringConvertible {
  /// `*** Terminating app due to uncaught exception 'NAME', reason: 'REASON'`, UIKit's
  /// console line.
  public var description: String {
    "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
  }
}
