import GridlineLanguage
import Testing

/// `gl export swift` of `layout compositional`: the descriptors written as Apple's samples
/// write them, what is written only when the script moves it from UIKit's defaults, and
/// what is refused. (That the Swift lays out the script's frames is `.ci/check-exports`'
/// proof, for every comp-*.gl example.)
@Suite("Export: UIKit Swift from a compositional layout")
struct SwiftCompositionalExportTests {
  func export(_ text: String, name: String = "demo.gl") throws(ExportProblem) -> SwiftExport.Result
  {
    let file = SourceFile(name: name, text: text)
    let (program, diagnostics) = Parser.parse(file)
    #expect(diagnostics.isEmpty)
    return try SwiftExport.swift(program, file: file, version: "test")
  }

  /// `line` is in `source`, trimmed of its indentation.
  func expectLine(
    _ source: String, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = source.split(separator: "\n").map { $0.trimmingPrefix(while: { $0 == " " }) }
    #expect(lines.contains { $0 == line }, "missing: \(line)", sourceLocation: sourceLocation)
  }

  @Test("one section for all: init(section:), sizes first, then the item, its group, the section")
  func oneSection() throws {
    let source = try export(
      """
      layout compositional {
        section {
          group horizontal width 1 fraction height 0.2 fraction of width {
            item width 0.2 fraction height 1 fraction { insets 2 }
          }
        }
      }
      section items 10
      """, name: "examples/comp-grid.gl"
    ).source
    #expect(source.contains("enum CompGridLayout {"))
    expectLine(source, "return UICollectionViewCompositionalLayout(section: section())")
    expectLine(
      source, "widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1))")
    expectLine(source, "let item = NSCollectionLayoutItem(layoutSize: itemSize)")
    expectLine(
      source,
      "item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)")
    expectLine(
      source,
      "let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])")
    expectLine(source, "let section = NSCollectionLayoutSection(group: group)")
    // UIKit's defaults are not written: no configuration, no spacing, no backgrounds.
    #expect(!source.contains("configuration"))
    #expect(!source.contains("interGroupSpacing"))
    #expect(!source.contains("register(UICollectionReusableView.self, forDecorationViewOfKind"))
    // The items are ordered before their group, the group before its section.
    let item = try #require(source.range(of: "let item = "))
    let group = try #require(source.range(of: "let group = "))
    let section = try #require(source.range(of: "let section = "))
    #expect(item.lowerBound < group.lowerBound && group.lowerBound < section.lowerBound)
  }

  @Test("sections of their own: a provider that switches on the index; nil where none is described")
  func providerSections() throws {
    let source = try export(
      """
      layout compositional {
        section 0 {
          group horizontal width 1 fraction height 44 { item width 1 fraction height 1 fraction }
        }
        section 2 {
          group vertical width 1 fraction height 120 count 3 { item width 1 fraction height 1 fraction }
          group spacing 8
          orthogonal scrolling group paging centered
        }
      }
      sections 3 items 4
      """
    ).source
    expectLine(source, "sectionProvider: { sectionIndex, environment in")
    expectLine(source, "case 0: return section0()")
    expectLine(source, "case 2: return section2()")
    expectLine(source, "default: return nil  // no section entry: an empty section")
    expectLine(source, "static func section2() -> NSCollectionLayoutSection {")
    // COMP-5: `count 3` is subitem:count:, the equal division.
    expectLine(
      source,
      "let group = NSCollectionLayoutGroup.vertical(layoutSize: groupSize, subitem: item, count: 3)"
    )
    expectLine(source, "section.interGroupSpacing = 8")
    expectLine(source, "section.orthogonalScrollingBehavior = .groupPagingCentered")
  }

  @Test("the configuration, boundary items and backgrounds, each as UIKit spells it")
  func configurationAndBoundaries() throws {
    let result = try export(
      """
      layout compositional {
        scroll horizontal
        section spacing 20
        boundary "banner" width 100 height 1 fraction at leading
        section {
          group vertical width 100 height 1 fraction {
            item width 1 fraction height 50 { edge spacing top flexible 0, bottom fixed 4 }
          }
          header width 44 height 1 fraction pinned z 3
          footer width estimated 44 height 1 fraction overlapping offset 0, 8
          background "card" insets 5
          supplementaries follow insets off
          insets reference none
        }
      }
      section items 6
      """
    )
    let source = result.source
    expectLine(source, "let configuration = UICollectionViewCompositionalLayoutConfiguration()")
    expectLine(source, "configuration.scrollDirection = .horizontal")
    expectLine(source, "configuration.interSectionSpacing = 20")
    expectLine(source, "configuration.boundarySupplementaryItems = [banner]")
    expectLine(source, "let layout = UICollectionViewCompositionalLayout(")
    expectLine(source, "section: section(), configuration: configuration)")
    expectLine(source, "item.edgeSpacing = NSCollectionLayoutEdgeSpacing(")
    expectLine(source, "leading: nil, top: .flexible(0), trailing: nil, bottom: .fixed(4))")
    expectLine(source, "header.pinToVisibleBounds = true")
    expectLine(source, "header.zIndex = 3")
    expectLine(source, "footer.extendsBoundary = false")
    expectLine(
      source,
      "layoutSize: footerSize, elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom, absoluteOffset: CGPoint(x: 0, y: 8))"
    )
    expectLine(
      source, "let background = NSCollectionLayoutDecorationItem.background(elementKind: \"card\")")
    expectLine(source, "section.decorationItems = [background]")
    expectLine(source, "section.supplementariesFollowContentInsets = false")
    expectLine(source, "section.contentInsetsReference = .none")
    expectLine(
      source, "layout.register(UICollectionReusableView.self, forDecorationViewOfKind: \"card\")")
    // The data source registers every supplementary kind the layout asks for.
    expectLine(source, "UICollectionReusableView.self, forSupplementaryViewOfKind: \"banner\",")
    expectLine(
      source,
      "UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,"
    )
    // The footer's width is estimated: laid out at the estimate, and said so.
    #expect(result.warnings.contains { $0.text.contains("estimated dimensions") })
  }

  @Test("badges: anchored supplementary items named after their kind; a group's are set on it")
  func anchoredItems() throws {
    let source = try export(
      """
      layout compositional {
        section {
          group horizontal width 1 fraction height 100 count 2 {
            item width 1 fraction height 1 fraction {
              supplementary "new-badge" width 20 height 20 at top trailing offset 0.3, -0.3 fraction
            }
            supplementary "group mark" width 10 height 10 at bottom z 4
          }
        }
      }
      section items 4
      """
    ).source
    expectLine(source, "let newBadgeAnchor = NSCollectionLayoutAnchor(")
    expectLine(source, "edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))")
    expectLine(
      source,
      "let item = NSCollectionLayoutItem(layoutSize: itemSize, supplementaryItems: [newBadge])")
    expectLine(source, "let groupMarkAnchor = NSCollectionLayoutAnchor(edges: .bottom)")
    expectLine(source, "groupMark.zIndex = 4")
    expectLine(source, "group.supplementaryItems = [groupMark]")
  }

  @Test("transforms and snap have no place in UIKit's compositional layout: refused")
  func refusals() {
    let layout = """
      layout compositional {
        section { group horizontal width 1 fraction height 44 { item width 1 fraction height 1 fraction } }
      }
      section items 3

      """
    for (addition, named) in [
      ("transform items { alpha 0.5 }\n", "transforms"), ("snap { target = proposed }\n", "snap"),
    ] {
      do {
        _ = try export(layout + addition)
        Issue.record("exported a layout with \(named)")
      } catch {
        #expect(error.text.contains(named) && error.text.contains("compositional"))
        #expect(error.line == 1)
      }
    }
  }

  @Test("cells that report sizes to estimated dimensions self-size: refused (COMP-1)")
  func selfSizingRefused() {
    let layout = """
      layout compositional {
        section { group horizontal width 1 fraction height estimated 44 { item width 1 fraction height estimated 44 } }
      }

      """
    do {
      _ = try export(layout + "section items 3 { item 1 preferred 390 x 80 }\n")
      Issue.record("exported a self-sizing compositional layout")
    } catch {
      #expect(error.text.contains("self-sizing"))
      #expect(error.line == 1)
    }
    // Without reported sizes the estimates stand, in the script as in the export: a warning.
    let plain = try? export(layout + "section items 3\n")
    #expect(plain?.warnings.contains { $0.text.contains("estimated dimensions") } == true)
  }

  @Test("on visible items is the section's visibleItemsInvalidationHandler (COMP-14)")
  func visibleItemsHandler() throws {
    let script = """
      let shrink = 0.3
      layout compositional {
        section {
          group horizontal width 0.7 fraction height 300 { item width 1 fraction height 1 fraction }
          orthogonal scrolling group paging centered
          on visible items {
            scale 1 - shrink * abs(center.x - offset.x - environment.width / 2) / environment.width
            alpha item == 0 ? 1 : 0.5
          }
        }
      }
      section items 5

      """
    let source = try export(script).source
    expectLine(source, "private let shrink: CGFloat = 0.3  // demo.gl:1")
    expectLine(
      source,
      "section.visibleItemsInvalidationHandler = { items, offset, environment in  // demo.gl:6")
    expectLine(source, "let container = environment.container.effectiveContentSize")
    expectLine(
      source,
      "let scale = 1 - shrink * abs(item.center.x - offset.x - container.width / 2) / container.width"
    )
    expectLine(source, "item.transform3D = CATransform3DMakeScale(scale, scale, 1)")
    expectLine(source, "item.alpha = item.indexPath.item == 0 ? 1 : 0.5")
    // `kind` is what gl calls the element's kind: a helper the file declares says it of the
    // visible item (its representedElementKind: nil for a cell, UIKit's header and footer).
    let kinds = try export(
      script.replacing("alpha item == 0", with: "alpha kind == \"cell\"")
    ).source
    expectLine(kinds, "item.alpha = elementKind(of: item) == \"cell\" ? 1 : 0.5")
    expectLine(
      kinds, "private func elementKind(of item: NSCollectionLayoutVisibleItem) -> String {")
    expectLine(kinds, "case UICollectionView.elementKindSectionHeader?: return \"header\"")
    #expect(!source.contains("elementKind(of:"))
    // What the export cannot translate is refused at its line, not dropped.
    do {
      _ = try export(script.replacing("alpha item == 0", with: "alpha kind + \"s\" == \"cells\""))
      Issue.record("exported a handler that joins strings")
    } catch {
      #expect(error.text.contains("visible-items handler"))
      #expect(error.line == 8)
    }
  }

  @Test("COMP-7: a custom group's code becomes its item provider, statement for statement")
  func customGroup() throws {
    let script = """
      let gap = 4
      layout compositional {
        section {
          group custom width 1 fraction height 0.5 fraction of width {
            let side = environment.height
            place item at rect(0, 0, side, side)
            for k in 0..<2 {
              place item at rect(side + gap, k * 10, environment.width - side - gap, 10) { z k }
            }
          }
        }
      }
      section items 6

      """
    let source = try export(script).source
    expectLine(
      source,
      "let group = NSCollectionLayoutGroup.custom(layoutSize: groupSize) { environment in  // demo.gl:4"
    )
    expectLine(source, "let container = environment.container.effectiveContentSize")
    expectLine(source, "var items: [NSCollectionLayoutGroupCustomItem] = []")
    expectLine(source, "let side = container.height")
    // A call too long for a line puts the item on a line of its own.
    expectLine(source, "items.append(")
    expectLine(
      source,
      "NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: side, height: side)))")
    expectLine(source, "for k in 0..<2 {")
    expectLine(
      source,
      "NSCollectionLayoutGroupCustomItem(frame: CGRect(x: side + gap, y: CGFloat(k * 10), width: container.width - side - gap, height: 10), zIndex: k))"
    )
    expectLine(source, "return items")
    expectLine(source, "private let gap: CGFloat = 4  // demo.gl:1")
    // The provider's array is `items`; the code's own `items` is `items_` (issue 36).
    let own = try export(
      script.replacing("let side = environment.height", with: "let items = environment.height")
        .replacing("side", with: "items")
    ).source
    expectLine(own, "var items: [NSCollectionLayoutGroupCustomItem] = []")
    expectLine(own, "return items")
    #expect(own.contains("let items_ = "), "\(own)")
  }

  @Test("adaptive sections: a function of the provider's environment; what reads it, computed")
  func adaptiveSections() throws {
    let script = """
      viewport 390 x 844
      layout compositional {
        section 1 {
          group horizontal width 1 fraction height 44 count (environment.width > 800 ? 2 : 1) {
            item width 1 fraction height 1 fraction
          }
          insets environment.width / 100
        }
        section { group horizontal width 1 fraction height 44 { item width 1 fraction height 1 fraction } }
      }
      sections 2 items 4

      """
    let source = try export(script).source
    expectLine(source, "case 1: return section1(environment)")
    expectLine(source, "default: return section()")
    expectLine(
      source,
      "static func section1(_ environment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {"
    )
    expectLine(source, "let container = environment.container.effectiveContentSize")
    expectLine(
      source,
      "layoutSize: groupSize, subitem: item, count: container.width.isGreater(than: 800) ? 2 : 1)")
    expectLine(source, "let sectionInset = container.width / 100")
    expectLine(source, "static func section() -> NSCollectionLayoutSection {")
    // Insets written per side are not translated: refused at their line, not frozen.
    do {
      _ = try export(
        script.replacing(
          "insets environment.width / 100",
          with: "insets (top: environment.width / 100, left: 0, bottom: 0, right: 0)"))
      Issue.record("exported insets per side that read environment")
    } catch {
      #expect(error.text.contains("adaptive section"))
      #expect(error.line == 7)
    }
  }
}
