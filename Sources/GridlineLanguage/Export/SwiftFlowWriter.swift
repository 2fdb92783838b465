import LayoutEngine

/// Writes the UIKit Swift of a flow layout model: a `UICollectionViewFlowLayout` subclass
/// that sets, in `init()`, the properties the script changed from UIKit's defaults, and a
/// data source (`UICollectionViewDataSource`) that is also the layout's delegate
/// (`UICollectionViewDelegateFlowLayout`) for the per-section metrics the script declared.
struct SwiftFlowWriter {
  let model: ExportModel

  var layoutName: String { model.typeStem + "Layout" }
  var dataSourceName: String { model.typeStem + "DataSource" }

  func write(version: String) -> String {
    var out = SwiftLines()
    out.add(
      "// \(model.typeStem)Layout.swift — exported by `gl export swift` (Gridline \(version))")
    out.add("// from \(model.fileName): the layout at the end of its declarations. The script's")
    out.add("// collection view: \(sceneSummary). Numbers are points.")
    out.add("")
    out.add("import UIKit")
    out.add("")
    writeLayout(&out)
    out.add("")
    writeDataSource(&out)
    let translators = model.triggers.map(\.translator) + model.liveRules.values.map(\.translator)
    let helpers = translators.reduce(into: Set<SwiftHelper>()) { $0.formUnion($1.helpers) }
    SwiftHelpers.write(helpers, &out)
    return out.text
  }

  private var sceneSummary: String { Self.sceneSummary(model.scene) }

  /// The collection view's scene in a few words, for the file's first comment.
  static func sceneSummary(_ scene: SceneConfiguration) -> String {
    var parts = [
      "\(SwiftLiteral.number(scene.viewport.width)) x \(SwiftLiteral.number(scene.viewport.height))"
    ]
    if scene.contentInset != .zero {
      parts.append("content inset \(SwiftLiteral.insets(scene.contentInset))")
    }
    if scene.safeArea != .zero { parts.append("safe area \(SwiftLiteral.insets(scene.safeArea))") }
    if scene.displayScale > 0 { parts.append("scale \(SwiftLiteral.number(scene.displayScale))") }
    return parts.joined(separator: ", ")
  }

  private func line(_ spelling: String) -> String? {
    model.propertyLines[spelling].map { model.place($0) }
  }

  /// `UICollectionViewFlowLayout`'s properties the script moved from UIKit's defaults:
  /// (the property, its value as Swift, the script's spelling of it) — in UIKit's order.
  private var changedProperties: [(name: String, value: String, spelling: String)] {
    let flow = model.layout
    let uikit = CollectionViewFlowLayout()
    typealias L = SwiftLiteral
    let all: [(Bool, String, String, String)] = [
      (
        flow.scrollDirection != uikit.scrollDirection, "scrollDirection",
        ".\(flow.scrollDirection)", "scroll"
      ),
      (flow.itemSize != uikit.itemSize, "itemSize", L.size(flow.itemSize), "item size"),
      (
        flow.minimumLineSpacing != uikit.minimumLineSpacing, "minimumLineSpacing",
        L.number(flow.minimumLineSpacing), "line spacing"
      ),
      (
        flow.minimumInteritemSpacing != uikit.minimumInteritemSpacing,
        "minimumInteritemSpacing", L.number(flow.minimumInteritemSpacing), "interitem spacing"
      ),
      (
        flow.sectionInset != uikit.sectionInset, "sectionInset", L.insets(flow.sectionInset),
        "insets"
      ),
      (
        flow.sectionInsetReference != uikit.sectionInsetReference, "sectionInsetReference",
        ".\(flow.sectionInsetReference)", "inset reference"
      ),
      (
        flow.headerReferenceSize != uikit.headerReferenceSize, "headerReferenceSize",
        L.size(flow.headerReferenceSize), "header size"
      ),
      (
        flow.footerReferenceSize != uikit.footerReferenceSize, "footerReferenceSize",
        L.size(flow.footerReferenceSize), "footer size"
      ),
      (
        flow.sectionHeadersPinToVisibleBounds, "sectionHeadersPinToVisibleBounds", "true",
        "pin headers"
      ),
      (
        flow.sectionFootersPinToVisibleBounds, "sectionFootersPinToVisibleBounds", "true",
        "pin footers"
      ),
    ]
    return all.filter(\.0).map { ($0.1, $0.2, $0.3) }
  }

  /// The subclass sets its properties in `init()`, each with the line that set it.
  private func writeLayout(_ out: inout SwiftLines) {
    let sticky = model.stickyZIndex.map { SwiftStickyWriter(model: model, zIndex: $0) }
    let decorated = model.layout.additions.decorations
    let rules = model.layout.additions.allRules
    let decorations =
      decorated.isEmpty
      ? nil
      : SwiftDecorationWriter(model: model, decorations: decorated, restyles: !rules.isEmpty)
    let transforms =
      rules.isEmpty
      ? nil
      : SwiftTransformWriter(
        rules: rules, decorated: !decorated.isEmpty, live: model.liveRules,
        vertical: model.layout.scrollDirection == .vertical)
    out.add(
      "/// The flow layout of \(model.fileName) (`UICollectionViewFlowLayout`)\(sticky == nil ? "." : ",")"
    )
    if sticky != nil {
      out.add("/// with the hand-written sticky-header recipe (`sticky headers`).")
    }
    let triggers = SwiftFlowTriggerWriter(model: model)
    out.block("final class \(layoutName): UICollectionViewFlowLayout") { body in
      for constant in model.constants {
        body.add(
          "let \(constant.name): \(constant.type) = \(constant.value)", model.place(constant.line))
      }
      if !model.constants.isEmpty { body.add("") }
      triggers.writeProperties(&body)
      sticky?.writeProperties(&body)
      decorations?.writeProperties(&body)
      body.block("override init()") { b in
        b.add("super.init()")
        for p in changedProperties { b.add("\(p.name) = \(p.value)", line(p.spelling)) }
        decorations?.writeRegistrations(&b)
      }
      body.add("")
      body.block("required init?(coder: NSCoder)") { b in
        b.add("fatalError(\"init(coder:) is not used: the layout is made in code\")")
      }
      sticky?.writeOverrides(&body)
      decorations?.writeOverrides(&body)
      transforms?.writeOverrides(&body)
      triggers.writeOverrides(&body)
    }
  }

  /// Whether any header or footer can have a size: UIKit then asks the data source for
  /// their views (`viewForSupplementaryElementOfKind`), which must exist.
  /// UIKit's header and footer kinds, which a flow layout asks for.
  static let headerFooterKinds = [
    "UICollectionView.elementKindSectionHeader", "UICollectionView.elementKindSectionFooter",
  ]

  private var hasSupplementaries: Bool {
    model.layout.headerReferenceSize != .zero || model.layout.footerReferenceSize != .zero
      || model.sections.contains { $0.headerSize != nil || $0.footerSize != nil }
  }

  private func writeDataSource(_ out: inout SwiftLines) {
    let writer = SwiftDataSourceWriter(
      name: dataSourceName, fileName: model.fileName, sections: model.sections,
      sectionLines: model.sectionLines,
      supplementaryKinds: hasSupplementaries ? Self.headerFooterKinds : [], isFlowDelegate: true)
    writer.write(&out) { SwiftDelegateWriter(model: model).write(&$0) }
  }
}
