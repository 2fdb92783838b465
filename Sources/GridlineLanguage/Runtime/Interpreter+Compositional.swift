import LayoutEngine

/// `layout compositional { … }` → `CollectionViewCompositionalLayout`: the descriptors an
/// app builds in Swift, built from the entries once, when the declaration runs (every
/// value is evaluated where it stands, as a layout's properties are) — except an adaptive
/// section's, which read `environment` and are built each time the provider asks.
extension Interpreter {
  func compositionalLayout(_ d: LayoutDecl) throws(Diagnostic) -> ScriptCompositionalLayout {
    let configuration = CollectionViewCompositionalLayoutConfiguration()
    for property in d.properties where property.keyword == .scrollDirection {
      configuration.scrollDirection =
        property.value.word == ScrollDirectionWord.horizontal.spelling ? .horizontal : .vertical
    }
    var described = ScriptCompositionalLayout.Described(
      name: d.name?.name, range: d.kindRange, sections: [:], ranges: [:])
    let builder = CompositionalBuilder(
      evaluator: evaluator, limits: limits, callbacks: layers.callbacks,
      providers: described.providers)
    for entry in d.compositional {
      switch entry.value {
      case .section(let indexExpr, let entries):
        var index: Int?
        if let indexExpr {
          index = try wholeNumber(try evaluator.number(indexExpr), "the section", indexExpr.range)
        }
        // A section that reads `environment` is built when the provider asks (adaptive).
        if entries.contains(where: { $0.expressions.contains { $0.mentions(Self.providerNames) } })
        {
          described.adaptive[index] = (entries, entry.range)
          continue
        }
        let section = try builder.section(entries, entry.range)
        for inner in entries {
          if case .handler(let operations) = inner.value {
            described.handlers[index] = (operations, inner.range)
          }
        }
        if let index {
          described.sections[index] = section
          described.ranges[index] = entry.range
        } else {
          described.shared = section
          described.sharedRange = entry.range
        }
      case .expression(let e):
        configuration.interSectionSpacing = try spacingValue(e, "the section spacing")
      case .word(let w):
        configuration.contentInsetsReference = Self.insetsReference(w)
      case .boundary(let b):
        configuration.boundarySupplementaryItems.append(try builder.boundaryItem(b, entry.keyword))
      default: break
      }
    }
    // A section's own entry first, then the entry for the others; with none, the section
    // is empty (the provider returns nil for it).
    let (sections, shared, adaptive) = (described.sections, described.shared, described.adaptive)
    let callbacks = layers.callbacks
    let layout = ScriptCompositionalLayout(
      callbacks,
      sectionProvider: { s, environment in
        if let section = sections[s] { return section }
        if let (entries, range) = adaptive[s] ?? (shared == nil ? adaptive[nil] : nil) {
          return callbacks.adaptiveSection(entries, range, section: s, environment: environment)
        }
        return shared
      }, configuration: configuration)
    layout.described = described
    layout.maximumItemsPerGroup = layers.callbacks.limits.itemsPerGroup
    return layout
  }

  /// The names only an adaptive section reads.
  static let providerNames = Set(ProviderName.spellings)

  static func insetsReference(_ word: String) -> ContentInsetsReference {
    switch ContentInsetsReferenceWord(rawValue: word) {
    case .none?: .none
    case .safeArea?: .safeArea
    case .layoutMargins?: .layoutMargins
    case .readableContent?: .readableContent
    case .automatic?, nil: .automatic
    }
  }

  static func orthogonalBehavior(_ word: String)
    -> CollectionLayoutSectionOrthogonalScrollingBehavior
  {
    switch OrthogonalBehaviorWord(rawValue: word) {
    case .continuous?: .continuous
    case .continuousGroupLeadingBoundary?: .continuousGroupLeadingBoundary
    case .paging?: .paging
    case .groupPaging?: .groupPaging
    case .groupPagingCentered?: .groupPagingCentered
    case .none?, nil: .none
    }
  }

  static func alignment(_ a: AlignmentWord) -> RectAlignment {
    switch a {
    case .top: .top
    case .topLeading: .topLeading
    case .leading: .leading
    case .bottomLeading: .bottomLeading
    case .bottom: .bottom
    case .bottomTrailing: .bottomTrailing
    case .trailing: .trailing
    case .topTrailing: .topTrailing
    }
  }
}
