import LayoutEngine

/// The `UICollectionViewDelegateFlowLayout` methods of an export: one per metric that some
/// section declares, a `switch` over the sections that declare it, and the layout's own
/// property for the rest — what UIKit uses when the method is missing (FLOW-4). A method
/// no section needs is not written, so UIKit reads the layout's property directly.
struct SwiftDelegateWriter {
  let model: ExportModel

  private static let signature =
    "func collectionView(\n    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,\n    "

  func write(_ out: inout SwiftLines) {
    writeSizes(&out)
    writeMetric(&out, "insetForSectionAt section: Int", "UIEdgeInsets", property: "sectionInset") {
      $0.inset.map(SwiftLiteral.insets)
    }
    writeMetric(
      &out, "minimumLineSpacingForSectionAt section: Int", "CGFloat", property: "minimumLineSpacing"
    ) {
      $0.lineSpacing.map(SwiftLiteral.number)
    }
    writeMetric(
      &out, "minimumInteritemSpacingForSectionAt section: Int", "CGFloat",
      property: "minimumInteritemSpacing"
    ) { $0.interitemSpacing.map(SwiftLiteral.number) }
    writeMetric(
      &out, "referenceSizeForHeaderInSection section: Int", "CGSize",
      property: "headerReferenceSize"
    ) { $0.headerSize.map(SwiftLiteral.size) }
    writeMetric(
      &out, "referenceSizeForFooterInSection section: Int", "CGSize",
      property: "footerReferenceSize"
    ) { $0.footerSize.map(SwiftLiteral.size) }
  }

  private func place(_ section: Int) -> String? {
    model.sectionLines.indices.contains(section) ? model.place(model.sectionLines[section]) : nil
  }

  /// One per-section metric: the sections that declare it, else the layout's property.
  private func writeMetric(
    _ out: inout SwiftLines, _ label: String, _ type: String, property: String,
    value: (SectionModel) -> String?
  ) {
    let declared = model.sections.enumerated().compactMap { s, section in
      value(section).map { (s, $0) }
    }
    guard !declared.isEmpty else { return }
    out.add("")
    out.block(Self.signature + label + "\n  ) -> \(type)") { b in
      b.block("switch section") { cases in
        for (s, literal) in declared { cases.add("case \(s): return \(literal)", place(s)) }
        cases.add(
          "default: return (collectionViewLayout as! UICollectionViewFlowLayout).\(property)")
      }
    }
  }

  /// `sizeForItemAt`: each section's `item … size` rules, the later first (a later rule
  /// wins where ranges overlap), then the layout's `itemSize`.
  private func writeSizes(_ out: inout SwiftLines) {
    guard model.sections.contains(where: { !$0.sizes.isEmpty }) else { return }
    out.add("")
    out.block(Self.signature + "sizeForItemAt indexPath: IndexPath\n  ) -> CGSize") { b in
      b.block("switch (indexPath.section, indexPath.item)") { cases in
        for (s, section) in model.sections.enumerated() {
          for rule in section.sizes.reversed() {
            guard let size = rule.constant else { continue }
            let items = rule.items
            let pattern =
              items.lowerBound == items.upperBound
              ? "\(items.lowerBound)" : "\(items.lowerBound)...\(items.upperBound)"
            cases.add("case (\(s), \(pattern)): return \(SwiftLiteral.size(size))", place(s))
          }
        }
        cases.add("default: return (collectionViewLayout as! UICollectionViewFlowLayout).itemSize")
      }
    }
  }
}
