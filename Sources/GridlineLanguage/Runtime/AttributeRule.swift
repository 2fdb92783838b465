import LayoutEngine

/// A change to the attributes a layout returns, for the elements a selector picks: what a
/// `UICollectionViewFlowLayout` subclass does when it copies `super`'s attributes and sets a
/// transform, an alpha, a zIndex or `isHidden` on the copy (never on the cached value,
/// FLOW-22). Rules apply in order; a later rule's value wins.
///
/// The script's, not the engine's: UIKit has no value type for "restyle these elements" —
/// an app writes the change in its subclass's overrides — so the engine keeps none either,
/// and the script's layout subclasses (`ScriptFlowLayout` and its siblings) apply these
/// values in the overrides where an app would write its code.
struct AttributeRule: Hashable, Sendable {
  enum Selector: Hashable, Sendable {
    /// Every element, cells, supplementary and decoration views alike.
    case everything
    /// Every cell.
    case allItems
    /// The cells of one section, or of a range of its items.
    case items(section: Int, items: ClosedRange<Int>?)
    /// One cell.
    case item(IndexPath)
    /// Supplementary views of a kind, in every section or in one.
    case supplementary(kind: String, section: Int?)
    /// Decoration views of a kind, in every section or in one.
    case decoration(kind: String, section: Int?)
    /// The cells selected (or highlighted) in the collection view answering: an app's
    /// layout reads its collection view's state, as the article's highlight example does.
    case touchState(selected: Bool)

    /// Whether the rule depends on selection or highlight (changes must restyle).
    var readsTouchState: Bool {
      if case .touchState = self { return true }
      return false
    }

    func matches(_ a: LayoutAttributes, in view: CollectionView?) -> Bool {
      switch self {
      case .touchState(let selected):
        guard a.representedElementCategory == .cell, let view else { return false }
        return selected
          ? view.isItemSelected(at: a.indexPath) : view.isItemHighlighted(at: a.indexPath)
      case .everything:
        return true
      case .allItems:
        return a.representedElementCategory == .cell
      case .items(let section, let items):
        return a.representedElementCategory == .cell && a.indexPath.section == section
          && (items?.contains(a.indexPath.item) ?? true)
      case .item(let path):
        return a.representedElementCategory == .cell && a.indexPath == path
      case .supplementary(let kind, let section):
        return a.representedElementCategory == .supplementaryView
          && a.representedElementKind == kind && (section.map { $0 == a.indexPath.section } ?? true)
      case .decoration(let kind, let section):
        return a.representedElementCategory == .decorationView
          && a.representedElementKind == kind && (section.map { $0 == a.indexPath.section } ?? true)
      }
    }
  }

  var selector: Selector
  /// What the rule sets: a transform that replaces the element's (ATTR-3; the frame stays
  /// as it was, ATTR-2), alpha, zIndex, `isHidden`.
  var values: RuleValues
  /// Every answer, or only an update's initial (`appearing`) or final attributes.
  var moment: TransformMoment = .always
  /// Operations that read the element or the bounds, evaluated at each answer instead of
  /// the constant `values`.
  var live: LiveRule?
  /// The `transform` statement that made the rule, for `why` to quote.
  var declared: SourceRange = .none

  init(
    _ selector: Selector, transform3D: Transform3D? = nil, alpha: Double? = nil,
    zIndex: Int? = nil, isHidden: Bool? = nil
  ) {
    self.selector = selector
    values = RuleValues(transform3D: transform3D, alpha: alpha, zIndex: zIndex, isHidden: isHidden)
  }

  /// Applies every matching rule, in order, to `attributes`. A live rule is evaluated for
  /// the element as it is at that point (earlier rules applied) in `scope`; without a scope,
  /// or when its code fails, it changes nothing.
  static func apply(
    _ rules: [AttributeRule], to attributes: inout LayoutAttributes, in scope: LiveScope? = nil
  ) {
    for rule in rules where rule.selector.matches(attributes, in: scope?.collectionView) {
      guard let live = rule.live else {
        rule.values.apply(to: &attributes)
        continue
      }
      if let scope {
        scope.callbacks.values(of: live, for: attributes, bounds: scope.bounds)?
          .apply(to: &attributes)
      }
    }
  }
}

extension RuleValues {
  func apply(to attributes: inout LayoutAttributes) {
    if let transform3D { attributes.transform3D = transform3D }
    if let alpha { attributes.alpha = alpha }
    if let zIndex { attributes.zIndex = zIndex }
    if let isHidden { attributes.isHidden = isHidden }
  }
}
