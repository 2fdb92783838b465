/// The position of an element: item `item` of section `section` (`NSIndexPath` with its
/// UIKit `item` / `section` accessors). Ordered section-major, as UIKit sorts index paths.
public struct IndexPath: Hashable, Comparable, Sendable {
  public var section: Int
  public var item: Int

  @inlinable
  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  /// How Foundation describes an index path inside UIKit's messages:
  /// `{length = 2, path = 0 - 17}` (ATTR-8, BATCH-6, SV-12).
  public var foundationDescription: String {
    "<NSIndexPath: 0x0> {length = 2, path = \(section) - \(item)}"
  }
}

extension IndexPath: CustomStringConvertible {
  /// `[section, item]`, the way a `.gl` script writes an index path.
  public var description: String { "[\(section), \(item)]" }
}
