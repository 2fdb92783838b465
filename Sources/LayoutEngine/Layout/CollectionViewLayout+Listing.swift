extension CollectionViewLayout {
  /// Every element the layout places, one line each (`category kind [s, i] x y w h zN`, then
  /// its transform, alpha and hiding when not the default),
  /// sorted, after a line with the content size: a text to compare two layouts by. Both
  /// sides of `gl export swift`'s check print it — the script's layout and the exported
  /// Swift compiled against the engine — so the two can differ only in their frames.
  public func frameListing() -> [String] {
    let size = collectionViewContentSize
    let margin = 1e6
    let everything = Rect(
      x: -margin, y: -margin, width: size.width + 2 * margin, height: size.height + 2 * margin)
    let lines = layoutAttributesForElements(in: everything).map { a in
      let f = a.frame
      return "\(a.representedElementCategory) \(a.representedElementKind ?? "-") "
        + "[\(a.indexPath.section), \(a.indexPath.item)] \(f.origin.x) \(f.origin.y) "
        + "\(f.size.width) \(f.size.height) z\(a.zIndex)" + Self.look(of: a)
    }
    return ["content \(size.width) x \(size.height)"] + lines.sorted()
  }

  /// What else an element carries that a restyling layout changes: its transform, alpha
  /// and `isHidden`, written only when not the default, so plain listings stay as they are.
  private static func look(of a: LayoutAttributes) -> String {
    var s = ""
    if !a.transform3D.isIdentity { s += " transform3D \(a.transform3D)" }
    if a.alpha != 1 { s += " alpha \(a.alpha)" }
    if a.isHidden { s += " hidden" }
    return s
  }
}
