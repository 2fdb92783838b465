/// The blocks of `layout compositional { … }`: the layout itself, a section, a group and
/// an item. Each entry keyword says in which it may stand (the checker holds it to that).
public enum CompositionalBlock: String, Hashable, Sendable {
  case layout = "layout compositional"
  case section
  case group
  case item
  /// `group custom SIZE { … }`: its code places the items (COMP-7); it holds no subitems.
  case customGroup = "custom group"
}

/// The entries of `layout compositional { … }` and of its sections, groups and items
/// (grammar.md, Compositional layouts): `UICollectionViewCompositionalLayout`'s
/// descriptors, word for word where the Swift API has a word (COMP-1…COMP-15).
public enum CompositionalKeyword: String, Keyword {
  case section
  case sectionSpacing = "section spacing"
  case group
  case item
  case groupSpacing = "group spacing"
  case spacing
  case insets
  case insetsReference = "insets reference"
  case supplementariesFollowInsets = "supplementaries follow insets"
  case header
  case footer
  case boundary
  case supplementary
  case background
  case orthogonal = "orthogonal scrolling"
  case edgeSpacing = "edge spacing"
  /// visibleItemsInvalidationHandler (COMP-14).
  case visibleItems = "on visible items"

  /// The blocks the entry may stand in.
  public var blocks: [CompositionalBlock] {
    switch self {
    case .section, .sectionSpacing: [.layout]
    case .insetsReference: [.layout, .section]
    case .header, .footer, .boundary: [.layout, .section]
    case .group: [.section, .group]
    case .item, .spacing: [.group]
    case .groupSpacing, .supplementariesFollowInsets, .background, .orthogonal, .visibleItems:
      [.section]
    case .insets: [.section, .group, .customGroup, .item]
    case .supplementary: [.group, .customGroup, .item]
    case .edgeSpacing: [.group, .customGroup, .item]
    }
  }

  public var syntax: String {
    switch self {
    case .section: "section [N] { … }"
    case .sectionSpacing: "section spacing NUMBER"
    case .group: "group horizontal | vertical SIZE [count N] { … } | group custom SIZE { CODE }"
    case .item: "item SIZE [{ … }]"
    case .groupSpacing: "group spacing NUMBER"
    case .spacing: "spacing [fixed | flexible] NUMBER"
    case .insets: "insets INSETS"
    case .insetsReference:
      "insets reference " + ContentInsetsReferenceWord.spellings.joined(separator: " | ")
    case .supplementariesFollowInsets: "supplementaries follow insets [on | off]"
    case .header: "header SIZE [BOUNDARY OPTIONS]"
    case .footer: "footer SIZE [BOUNDARY OPTIONS]"
    case .boundary: "boundary \"KIND\" SIZE at ALIGNMENT [BOUNDARY OPTIONS]"
    case .supplementary: "supplementary \"KIND\" SIZE at EDGES [offset X, Y [fraction]] [z N]"
    case .background: "background \"KIND\" [insets INSETS] [z N]"
    case .orthogonal:
      "orthogonal scrolling " + OrthogonalBehaviorWord.spellings.joined(separator: " | ")
    case .edgeSpacing:
      "edge spacing EDGE [fixed | flexible] NUMBER {, EDGE [fixed | flexible] NUMBER}"
    case .visibleItems: "on visible items { OPERATIONS }"
    }
  }

  public var summary: String {
    switch self {
    case .section:
      "NSCollectionLayoutSection: a group repeated until the items run out (COMP-8); `section N` is section N's own, the others use `section`. Its entries may read `environment`, the container's size: such a section adapts, built at every layout pass."
    case .sectionSpacing: "The configuration's interSectionSpacing, between sections (COMP-8)."
    case .group:
      "NSCollectionLayoutGroup: its subitems along an axis, repeated while they fit, or `count N` equal ones (COMP-5, COMP-6). `group custom` is `.custom(layoutSize:itemProvider:)`: layout code whose `place item at RECT [{ z N }]` gives the section's next items their frames, relative to the group, reading `environment`, the group's own size (COMP-7)."
    case .item:
      "NSCollectionLayoutItem: one cell, sized against its group (COMP-1). `height estimated 44` self-sizes: the cell's reported size (`item N preferred` or `text` in the data) replaces the estimate on that axis, and a group of estimated height grows to its tallest item."
    case .groupSpacing: "The section's interGroupSpacing (COMP-8)."
    case .spacing: "The group's interItemSpacing: fixed is exact, flexible at least (COMP-6)."
    case .insets:
      "contentInsets: around a section's groups, inside a group, or shrinking an item after placement (COMP-3, COMP-4)."
    case .insetsReference: "contentInsetsReference: what the insets are measured from (COMP-3)."
    case .supplementariesFollowInsets:
      "supplementariesFollowContentInsets: boundary items inset like the groups (COMP-10)."
    case .header: "A boundary supplementary item at the top: the section header (COMP-10, COMP-11)."
    case .footer:
      "A boundary supplementary item at the bottom: the section footer (COMP-10, COMP-11)."
    case .boundary: "A boundary supplementary item of any kind and alignment (COMP-10)."
    case .supplementary:
      "An NSCollectionLayoutSupplementaryItem anchored to an item or group: a badge (COMP-13)."
    case .background:
      "NSCollectionLayoutDecorationItem.background: drawn behind the section (COMP-12)."
    case .orthogonal:
      "orthogonalScrollingBehavior: the groups run across, in a scroller of their own (COMP-9)."
    case .edgeSpacing:
      "NSCollectionLayoutEdgeSpacing: outsets used while placing the item (COMP-4)."
    case .visibleItems:
      "visibleItemsInvalidationHandler: at every layout pass, a transform's operations for each element of the section on screen, reading its `frame`, `center`, `item`, `kind`, the section's `offset` (its own scroller's when it scrolls sideways) and `environment` (COMP-14)."
    }
  }

  public var example: String {
    let grid =
      "group horizontal width 1 fraction height 100 { item width 0.5 fraction height 1 fraction }"
    return switch self {
    case .section: "layout compositional { section { \(grid) } }"
    case .sectionSpacing: "layout compositional { section spacing 20; section { \(grid) } }"
    case .group: "layout compositional { section { \(grid) } }"
    case .item:
      "layout compositional { section { group horizontal width 1 fraction height estimated 44 { item width 1 fraction height estimated 44 } } }"
    case .groupSpacing: "layout compositional { section { \(grid); group spacing 10 } }"
    case .spacing:
      "layout compositional { section { group horizontal width 1 fraction height 44 count 2 { item width 1 fraction height 1 fraction; spacing 10 } } }"
    case .insets: "layout compositional { section { \(grid); insets 10 } }"
    case .insetsReference:
      "layout compositional { insets reference layout margins; section { \(grid) } }"
    case .supplementariesFollowInsets:
      "layout compositional { section { \(grid); supplementaries follow insets off } }"
    case .header:
      "layout compositional { section { \(grid); header width 1 fraction height estimated 44 pinned } }"
    case .footer: "layout compositional { section { \(grid); footer width 1 fraction height 30 } }"
    case .boundary:
      "layout compositional { section { \(grid); boundary \"side\" width 40 height 40 at top trailing } }"
    case .supplementary:
      "layout compositional { section { group horizontal width 1 fraction height 100 { item width 0.5 fraction height 1 fraction { supplementary \"badge\" width 20 height 20 at top trailing offset 0.3, -0.3 fraction } } } }"
    case .background: "layout compositional { section { \(grid); background \"card\" insets 5 } }"
    case .orthogonal:
      "layout compositional { section { \(grid); orthogonal scrolling group paging centered } }"
    case .edgeSpacing:
      "layout compositional { section { group horizontal width 1 fraction height 100 { item width 0.5 fraction height 50 { edge spacing bottom flexible 0 } } } }"
    case .visibleItems:
      "layout compositional { section { group horizontal width 0.8 fraction height 200 { item width 1 fraction height 1 fraction }; orthogonal scrolling group paging centered; on visible items { scale 1 - min(0.2, abs(center.x - offset.x - environment.width / 2) / environment.width) } } }"
    }
  }

  public var continuations: [String] {
    switch self {
    case .group: GroupAxisWord.spellings
    case .spacing: SpacingWord.spellings
    case .insetsReference: ContentInsetsReferenceWord.spellings
    case .orthogonal: OrthogonalBehaviorWord.spellings
    case .supplementariesFollowInsets: Toggle.spellings
    case .item, .header, .footer: DimensionWord.spellings
    case .edgeSpacing: EdgeWord.spellings
    default: []
    }
  }
}

/// `group horizontal | vertical | custom`.
public enum GroupAxisWord: String, Spelled {
  case horizontal, vertical
  /// `.custom(layoutSize:itemProvider:)`: no axis; its code places the items (COMP-7).
  case custom
}

/// The words of a size: `width DIMENSION height DIMENSION`, where a dimension is
/// `NUMBER` (absolute), `estimated NUMBER`, or `NUMBER fraction [of width | of height]`
/// (fractionalWidth / fractionalHeight; alone, of the same axis).
public enum DimensionWord: String, Spelled {
  case width, height, estimated, fraction
  case ofWidth = "of width"
  case ofHeight = "of height"
  case count
}

/// `spacing fixed | flexible NUMBER` (NSCollectionLayoutSpacing).
public enum SpacingWord: String, Spelled {
  case fixed, flexible
}

/// An edge of `edge spacing` and of a supplementary's anchor (NSDirectionalRectEdge).
public enum EdgeWord: String, Spelled {
  case top, leading, bottom, trailing
}

/// The options after a header, footer or boundary item's size.
public enum BoundaryOptionWord: String, Spelled {
  /// pinToVisibleBounds.
  case pinned
  /// extendsBoundary false: the item overlaps the content instead of making room.
  case overlapping
  case offset
  case z
  case at
}

/// UIContentInsetsReference.
public enum ContentInsetsReferenceWord: String, Spelled {
  case automatic, none
  case safeArea = "safe area"
  case layoutMargins = "layout margins"
  case readableContent = "readable content"
}

/// UICollectionLayoutSectionOrthogonalScrollingBehavior.
public enum OrthogonalBehaviorWord: String, Spelled {
  case none, continuous
  case continuousGroupLeadingBoundary = "continuous group leading boundary"
  case paging
  case groupPaging = "group paging"
  case groupPagingCentered = "group paging centered"
}

/// NSRectAlignment, as `at` writes it for a boundary item.
public enum AlignmentWord: String, Spelled {
  case top
  case topLeading = "top leading"
  case leading
  case bottomLeading = "bottom leading"
  case bottom
  case bottomTrailing = "bottom trailing"
  case trailing
  case topTrailing = "top trailing"
}
