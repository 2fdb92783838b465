/// UIKit's names for the engine's: the engine is UIKit's machinery with the `UI` and `CG`
/// prefixes dropped (and `Double` for `CGFloat`). CI compiles this file with the engine's
/// sources into a module named `UIKit`, so an exported file compiles there unchanged.
enum UIKitNames {
  /// (UIKit's name, the engine's), one `typealias` each.
  static let aliases: [(uikit: String, engine: String)] = [
    ("UICollectionView", "CollectionView"),
    ("UICollectionViewLayout", "CollectionViewLayout"),
    ("UICollectionViewLayoutAttributes", "LayoutAttributes"),
    ("UICollectionViewLayoutInvalidationContext", "InvalidationContext"),
    ("UICollectionViewFlowLayoutInvalidationContext", "FlowLayoutInvalidationContext"),
    ("UICollectionViewDataSource", "CollectionViewDataSource"),
    ("UICollectionViewDelegate", "CollectionViewDelegate"),
    ("UICollectionViewCompositionalLayout", "CollectionViewCompositionalLayout"),
    (
      "UICollectionViewCompositionalLayoutConfiguration",
      "CollectionViewCompositionalLayoutConfiguration"
    ),
    ("NSCollectionLayoutSize", "CollectionLayoutSize"),
    ("NSCollectionLayoutDimension", "CollectionLayoutDimension"),
    ("NSCollectionLayoutItem", "CollectionLayoutItem"),
    ("NSCollectionLayoutGroup", "CollectionLayoutGroup"),
    ("NSCollectionLayoutGroupCustomItem", "CollectionLayoutGroupCustomItem"),
    ("NSCollectionLayoutSection", "CollectionLayoutSection"),
    ("NSCollectionLayoutSpacing", "CollectionLayoutSpacing"),
    ("NSCollectionLayoutEdgeSpacing", "CollectionLayoutEdgeSpacing"),
    ("NSCollectionLayoutAnchor", "CollectionLayoutAnchor"),
    ("NSCollectionLayoutSupplementaryItem", "CollectionLayoutSupplementaryItem"),
    ("NSCollectionLayoutBoundarySupplementaryItem", "CollectionLayoutBoundarySupplementaryItem"),
    ("NSCollectionLayoutDecorationItem", "CollectionLayoutDecorationItem"),
    ("NSCollectionLayoutEnvironment", "CollectionLayoutEnvironment"),
    ("NSCollectionLayoutVisibleItem", "CollectionLayoutVisibleItem"),
    ("NSDirectionalEdgeInsets", "DirectionalEdgeInsets"),
    ("NSDirectionalRectEdge", "DirectionalRectEdge"),
    ("NSRectAlignment", "RectAlignment"),
    ("UIContentInsetsReference", "ContentInsetsReference"),
    (
      "UICollectionLayoutSectionOrthogonalScrollingBehavior",
      "CollectionLayoutSectionOrthogonalScrollingBehavior"
    ),
    ("UIEdgeInsets", "EdgeInsets"),
    ("CATransform3D", "Transform3D"),
    ("CGSize", "Size"),
    ("CGRect", "Rect"),
    ("CGPoint", "Point"),
    ("CGFloat", "Double"),
  ]

  /// What an app's file uses that the engine has in another shape: the views it dequeues
  /// (the engine keeps no view objects), `register(_:forCellWithReuseIdentifier:)`, and the
  /// delegate's metrics as UIKit returns them — a value, where the engine's protocol says
  /// "not implemented" with `nil`. A method the exported class does not write answers NaN
  /// here, which the bridge turns back into `nil`.
  static let shims = """
    open class NSObject { public init() {} }
    public final class NSCoder {}
    open class UICollectionReusableView { public init() {} }
    open class UICollectionViewCell: UICollectionReusableView {}

    /// UIKit answers `layoutAttributesForElements(in:)` with an optional array, the engine
    /// with an array: a subclass overrides UIKit's, which the engine's calls.
    open class UICollectionViewFlowLayout: CollectionViewFlowLayout {
      public override init() { super.init() }

      open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)
      }

      open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        let uikit = layoutAttributesForElements(in:) as (CGRect) -> [UICollectionViewLayoutAttributes]?
        return uikit(rect) ?? []
      }
    }

    /// Core Animation's transform functions: the engine's.
    public let CATransform3DIdentity = Transform3D.identity
    public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
      .scale(x: sx, y: sy, z: sz)
    }
    public func CATransform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
      .translation(x: tx, y: ty, z: tz)
    }
    public func CATransform3DMakeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double)
      -> Transform3D
    { .rotation(angle: angle, x: x, y: y, z: z) }
    public func CATransform3DConcat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
      a.concatenating(b)
    }

    /// Darwin's sin and cos, which an app's file gets with UIKit: the engine's.
    public func sin(_ x: Double) -> Double { sine(x) }
    public func cos(_ x: Double) -> Double { cosine(x) }

    extension CollectionViewLayout {
      public func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        register(decorationViewOfKind: elementKind)
      }
    }

    /// UIKit's attributes are an object a subclass copies before changing; the engine's are
    /// a value, so the copy is the value itself.
    extension LayoutAttributes {
      public func copy() -> Any { self }
    }

    extension CollectionView {
      public static let elementKindSectionHeader = ElementKind.sectionHeader
      public static let elementKindSectionFooter = ElementKind.sectionFooter

      public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        register(cellWithReuseIdentifier: identifier)
      }

      public func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind kind: String,
        withReuseIdentifier identifier: String
      ) {}

      public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
      { UICollectionViewCell() }

      public func dequeueReusableSupplementaryView(
        ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
      ) -> UICollectionReusableView { UICollectionReusableView() }
    }

    public protocol UICollectionViewDelegateFlowLayout: CollectionViewDelegateFlowLayout {
    \(metrics.map { "  func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, \($0.label)) -> \($0.uikit)" }.joined(separator: "\n"))
    }

    extension UICollectionViewDelegateFlowLayout {
    \(metrics.map(bridge).joined(separator: "\n"))
    }
    """

  /// The six metrics: the argument, UIKit's result type, the engine's, "not written".
  private static let metrics:
    [(label: String, argument: String, uikit: String, engine: String, missing: String)] = [
      (
        "sizeForItemAt indexPath: IndexPath", "sizeForItemAt: indexPath", "CGSize", "Size",
        "$0.width.isNaN"
      ),
      (
        "insetForSectionAt section: Int", "insetForSectionAt: section", "UIEdgeInsets",
        "EdgeInsets", "$0.top.isNaN"
      ),
      (
        "minimumLineSpacingForSectionAt section: Int", "minimumLineSpacingForSectionAt: section",
        "CGFloat", "Double", "$0.isNaN"
      ),
      (
        "minimumInteritemSpacingForSectionAt section: Int",
        "minimumInteritemSpacingForSectionAt: section", "CGFloat", "Double", "$0.isNaN"
      ),
      (
        "referenceSizeForHeaderInSection section: Int", "referenceSizeForHeaderInSection: section",
        "CGSize", "Size", "$0.width.isNaN"
      ),
      (
        "referenceSizeForFooterInSection section: Int", "referenceSizeForFooterInSection: section",
        "CGSize", "Size", "$0.width.isNaN"
      ),
    ]

  private static func bridge(
    _ m: (label: String, argument: String, uikit: String, engine: String, missing: String)
  ) -> String {
    let nan =
      switch m.uikit {
      case "CGSize": "CGSize(width: .nan, height: .nan)"
      case "UIEdgeInsets": "UIEdgeInsets(all: .nan)"
      default: "CGFloat.nan"
      }
    return """
        public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, \(m.label)) -> \(m.uikit) { \(nan) }
        public func collectionView(_ collectionView: CollectionView, layout: CollectionViewLayout, \(m.label)) -> \(m.engine)? {
          let answer: \(m.uikit) = self.collectionView(collectionView, layout: layout, \(m.argument))
          return [answer].first { !(\(m.missing)) }
        }
      """
  }

  /// The alias file: the aliases and the shims.
  static var file: String {
    var text =
      "// UIKit's names for LayoutEngine (`gl export swift --uikit-aliases`): compiled with the\n"
    text += "// engine's sources into a module named UIKit, for checking exported files.\n\n"
    for (uikit, engine) in aliases { text += "public typealias \(uikit) = \(engine)\n" }
    return text + "\n" + shims + "\n"
  }
}
