/// Writes the UIKit Swift of a custom layout: a `UICollectionViewLayout` subclass with the
/// four steps (MOS-1…MOS-6) — `prepare()` translated from the `prepare` code, caching the
/// attributes it places; `collectionViewContentSize`; `layoutAttributesForElements(in:)`
/// (the `elements in rect` code, or the cached elements that meet the rect, in placement
/// order, as the interpreter answers); `layoutAttributesForItem(at:)` (a lookup) — and
/// `shouldInvalidateLayout(forBoundsChange:)` for its triggers (LAY-8). Attributes are
/// written through the cache's array, right for UIKit's class and the engine's value type.
struct SwiftCustomWriter {
  let model: CustomExportModel

  var layoutName: String { model.layoutName }
  var dataSourceName: String { model.typeStem + "DataSource" }

  func write(version: String) -> String {
    var out = SwiftLines(
      file: layoutName, version: version,
      origin: "\(model.fileName): the custom layout `\(model.layout.name)` "
        + "(\(model.place(model.lines["layout"])))", scene: model.scene)
    writeLayout(&out)
    out.add("")
    SwiftDataSourceWriter(
      name: dataSourceName, fileName: model.fileName, sections: model.sections,
      sectionLines: model.sectionLines, supplementaryKinds: [], isFlowDelegate: false
    ).write(&out)
    SwiftHelpers.write(helpers, &out)
    return out.text
  }

  private var translators: [SwiftCodeTranslator] {
    [model.prepare] + (model.query.map { [$0] } ?? []) + model.triggers.map(\.translator)
  }

  private var helpers: Set<SwiftHelper> {
    translators.reduce(into: []) { $0.formUnion($1.helpers) }
  }

  private func writeLayout(_ out: inout SwiftLines) {
    out.add(
      "/// The custom layout `\(model.layout.name)` of \(model.fileName) (`UICollectionViewLayout`):"
    )
    out.add("/// `prepare()` computes every item's attributes once and caches them; the collection")
    out.add(
      "/// view then asks for the content size, the elements in a rect and single items, which")
    out.add("/// the cache answers.")
    out.block("final class \(layoutName): UICollectionViewLayout") { body in
      for constant in model.constants {
        body.add(
          "let \(constant.name): \(constant.type) = \(constant.value)", model.place(constant.line))
      }
      if !model.constants.isEmpty { body.add("") }
      body.add("/// What the last `prepare()` placed, in placement order.")
      body.add("private var cachedAttributes: [UICollectionViewLayoutAttributes] = []")
      body.add("/// Where each item's attributes are in `cachedAttributes`.")
      body.add("private var itemPositions: [IndexPath: Int] = [:]")
      body.add("/// What `prepare()` set with `content size`.")
      body.add("private var contentSize = CGSize.zero")
      body.add("")
      writePrepare(&body)
      body.add("")
      body.add("/// 2. How far the content scrolls: what `prepare()` computed.")
      body.add("override var collectionViewContentSize: CGSize { contentSize }")
      body.add("")
      writeQuery(&body)
      body.add("")
      body.add("/// 4. One item, e.g. to scroll to it: a lookup in the cache.")
      body.block(
        "override func layoutAttributesForItem(at indexPath: IndexPath)\n    -> UICollectionViewLayoutAttributes?"
      ) { $0.add("itemPositions[indexPath].map { cachedAttributes[$0] }") }
      writeTriggers(&body)
      body.add("")
      writePlaceItem(&body)
    }
  }

  private func writePrepare(_ out: inout SwiftLines) {
    let code = model.prepare
    out.add(
      "/// 1. `prepare { … }` (\(model.place(model.lines["prepare"]))): computes and caches "
        + "every frame.")
    scriptComments(above: model.lines["prepare"], &out)
    out.block("override func prepare()") { b in
      b.add("super.prepare()")
      b.add("cachedAttributes = []")
      b.add("itemPositions = [:]")
      b.add("contentSize = .zero")
      writeBody(code, &b, otherwise: "return")
    }
  }

  private func writeQuery(_ out: inout SwiftLines) {
    let head =
      "override func layoutAttributesForElements(in rect: CGRect)\n    -> [UICollectionViewLayoutAttributes]"
    guard let query = model.query else {
      out.add(
        "/// 3. The elements in `rect`: the cached ones whose frames meet it, in placement order.")
      out.block(head) { $0.add("cachedAttributes.filter { $0.frame.intersects(rect) }") }
      return
    }
    out.add(
      "/// 3. `elements in rect { … }` (\(model.place(model.lines["elements"]))): the script's own "
        + "answer, in its order.")
    scriptComments(above: model.lines["elements"], &out)
    out.block(head) { b in
      b.add("var answer: [UICollectionViewLayoutAttributes] = []")
      writeBody(query, &b, otherwise: "return answer")
      b.add("return answer")
    }
  }

  /// The translated code, after the collection view and the state it reads.
  private func writeBody(_ code: SwiftCodeTranslator, _ out: inout SwiftLines, otherwise: String) {
    if code.usesCollectionView {
      out.block("guard let collectionView else") { $0.add(otherwise) }
    }
    for name in code.usedState { out.add("let \(name) = \(Self.stateRead(name))") }
    for line in code.lines { out.add(line) }
  }

  /// How the method reads the collection view's state the code names.
  static func stateRead(_ name: String) -> String {
    switch name {
    case "viewport": "collectionView.bounds.size"
    case "bounds": "collectionView.bounds"
    default: "collectionView.contentOffset"
    }
  }

  /// `shouldInvalidateLayout(forBoundsChange:)`: true when any trigger fires; UIKit's base
  /// class answers false, so it is written only for a layout with triggers.
  private func writeTriggers(_ out: inout SwiftLines) {
    let triggers = model.triggers
    guard !triggers.isEmpty else { return }
    out.add("")
    out.add("/// The script's triggers (`invalidate on …`): a new `prepare()` when one fires.")
    out.block("override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool") {
      b in
      let readsView =
        triggers.contains { $0.readsOldBounds || $0.translator.usesCollectionView }
      if readsView {
        b.block("guard let collectionView else") { $0.add("return false") }
      }
      if triggers.contains(where: \.readsOldBounds) {
        b.add("let oldBounds = collectionView.bounds")
      }
      let state = triggers.flatMap(\.translator.usedState).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
      var code = SwiftCodeTranslator(file: model.file, lets: [:])
      code.usedState = state
      writeBody(code, &b, otherwise: "return false")
      for trigger in triggers.dropLast() {
        b.block("if \(trigger.condition ?? "true")", comment: note(trigger.line)) {
          $0.add("return true")
        }
      }
      let last = triggers[triggers.count - 1]
      b.add("return \(last.condition ?? "true")", note(last.line))
    }
  }

  /// `file:line` and the script's comment at the end of that line.
  private func note(_ line: Int?) -> String {
    let comment = line.flatMap { SwiftCodeScan.trailingComment(model.file.lineText($0)) }
    return model.place(line) + (comment.map { ": " + $0 } ?? "")
  }

  /// The script's comment lines above a part of the layout, for the method's documentation.
  private func scriptComments(above line: Int?, _ out: inout SwiftLines) {
    guard let line else { return }
    let texts = SwiftCodeScan.comments(above: line, in: model.file)
    if texts.isEmpty { return }
    out.add("///")
    for text in texts { out.add("/// " + text) }
  }

  private func writePlaceItem(_ out: inout SwiftLines) {
    let styled = translators.contains(where: \.placesStyled)
    out.add("/// Caches an item's attributes; placing an item again replaces them.")
    let style = styled ? ", alpha: CGFloat = 1, zIndex: Int = 0" : ""
    out.block("private func placeItem(_ indexPath: IndexPath, at frame: CGRect\(style))") { b in
      b.add("let position = itemPositions[indexPath] ?? cachedAttributes.count")
      b.block("if position == cachedAttributes.count") { f in
        f.add("itemPositions[indexPath] = position")
        f.add("cachedAttributes.append(UICollectionViewLayoutAttributes(forCellWith: indexPath))")
      }
      b.add("cachedAttributes[position].frame = frame")
      if styled {
        b.add("cachedAttributes[position].alpha = alpha")
        b.add("cachedAttributes[position].zIndex = zIndex")
      }
    }
  }
}

/// The helpers an export's code calls, written at the end of the file when used.
enum SwiftHelpers {
  static func write(_ used: Set<SwiftHelper>, _ out: inout SwiftLines) {
    let methods = [SwiftHelper.isClose, .isLess, .isGreater].filter(used.contains)
    if !methods.isEmpty {
      out.add("")
      out.add(
        "/// gl compares numbers within a millionth of a point (`Tolerance.points`), far below a")
      out.add(
        "/// pixel, so sums that should be equal but differ in their last bits compare equal.")
      out.block("extension CGFloat") { b in
        for (i, helper) in methods.enumerated() {
          if i > 0 { b.add("") }
          switch helper {
          case .isClose:
            b.add("/// gl's `==`.")
            b.block("fileprivate func isClose(to other: CGFloat) -> Bool") {
              $0.add("self == other || abs(self - other) <= 1e-6")
            }
          case .isLess:
            b.add("/// gl's `<` (and `>=` is its negation).")
            b.block("fileprivate func isLess(than other: CGFloat) -> Bool") {
              $0.add("self < other && !isClose(to: other)")
            }
          default:
            b.add("/// gl's `>` (and `<=` is its negation).")
            b.block("fileprivate func isGreater(than other: CGFloat) -> Bool") {
              $0.add("self > other && !isClose(to: other)")
            }
          }
        }
      }
    }
    if used.contains(.sine) { writeSine(&out, cosine: used.contains(.cosine)) }
    if used.contains(.elementKind) {
      out.add("")
      out.add("/// What gl's `kind` says of an element a visible-items handler is given: \"cell\",")
      out.add(
        "/// \"header\" and \"footer\" for UIKit's section header and footer kinds, any other")
      out.add("/// kind as it is.")
      out.block("private func elementKind(of item: NSCollectionLayoutVisibleItem) -> String") { b in
        b.block("switch item.representedElementKind") { s in
          s.add("case nil: return \"cell\"")
          s.add("case UICollectionView.elementKindSectionHeader?: return \"header\"")
          s.add("case UICollectionView.elementKindSectionFooter?: return \"footer\"")
          s.add("case let kind?: return kind")
        }
      }
    }
    if used.contains(.perspective) {
      out.add("")
      out.add("/// gl's `perspective D`: the identity with m34 = −1 / D.")
      out.block("private func perspective(distance: CGFloat) -> CATransform3D") { b in
        b.add("var transform = CATransform3DIdentity")
        b.add("transform.m34 = -1 / distance")
        b.add("return transform")
      }
    }
  }

  /// gl's `sin` and `cos` (`Evaluator.sine(degrees:quarterTurns:)`).
  private static func writeSine(_ out: inout SwiftLines, cosine: Bool) {
    out.add("")
    out.add("/// gl's `sin` (and, a quarter turn on, `cos`) of an angle in degrees. The angle is")
    out.add("/// reduced to a quarter turn in degrees first, exactly for whole degrees, so that")
    out.add("/// sin(180) is 0 and cos(90) is 0, not 10⁻¹⁶.")
    out.block("private func sine(degrees: CGFloat, quarterTurns: Int = 0) -> CGFloat") { b in
      b.add("var d = degrees.truncatingRemainder(dividingBy: 360)")
      b.block("if d < 0") { $0.add("d += 360") }
      b.block("if d >= 360") { $0.add("d = 0  // a tiny negative angle rounds to a whole turn") }
      b.add("let turns = (d / 90).rounded(.down)")
      b.add("let rest = (d - turns * 90) * (CGFloat.pi / 180)")
      b.block("switch (Int(turns) + quarterTurns) % 4") { s in
        s.add("case 0: return sin(rest)")
        s.add("case 1: return cos(rest)")
        s.add("case 2: return -sin(rest)")
        s.add("default: return -cos(rest)")
      }
    }
    guard cosine else { return }
    out.add("")
    out.add("/// gl's `cos` of an angle in degrees: the sine a quarter turn on.")
    out.block("private func cosine(degrees: CGFloat) -> CGFloat") {
      $0.add("sine(degrees: degrees, quarterTurns: 1)")
    }
  }
}
