import LayoutEngine

/// The scene a script's collection views live in — what `viewport`, `content inset`,
/// `safe area`, `layout margins`, `inset adjustment` and `scale` declare. A value: the
/// layer set keeps the current one, gives it to each collection view it makes, and passes
/// every later change on to the live ones (as the setter it is in UIKit).
struct SceneConfiguration: Equatable {
  /// The collection view's frame size (an iPhone in portrait until a script says).
  var viewport = Size(width: 375, height: 667)
  var contentInset = EdgeInsets.zero
  var safeArea = EdgeInsets.zero
  /// UIKit's default layout margins.
  var layoutMargins = EdgeInsets(all: 8)
  var insetAdjustment = ContentInsetAdjustmentBehavior.automatic
  /// FLOW-21: origins snap to 1/scale; 0 rounds nothing.
  var displayScale = 0.0
  /// The scroll view's settings (SV-6, SV-10, SV-11).
  var scrolling = ScrollSettings()
  var selection = SelectionSettings()
  /// `register cell "…"`, in order (DISP-3; "Cell" needs no line).
  var registeredCells: [String] = []

  /// A collection view of this scene over `layout`, with the script's data source and
  /// `inset` when its layer has its own; the setters' own invalidations precede the first
  /// pass and are not part of any trace.
  func makeCollectionView(
    _ layout: CollectionViewLayout, dataSource: CollectionViewDataSource,
    delegate: CollectionViewDelegate?, inset: EdgeInsets? = nil
  ) -> CollectionView {
    let cv = CollectionView(
      frame: Rect(origin: .zero, size: viewport), collectionViewLayout: layout)
    cv.contentInsetAdjustmentBehavior = insetAdjustment
    cv.contentInset = inset ?? contentInset
    cv.safeAreaInsets = safeArea
    cv.layoutMargins = layoutMargins
    cv.displayScale = displayScale
    scrolling.apply(to: cv)
    selection.apply(to: cv)
    for identifier in registeredCells { cv.register(cellWithReuseIdentifier: identifier) }
    cv.dataSource = dataSource
    cv.delegate = delegate
    cv.removeAllEvents()
    return cv
  }
}

/// `paging`, `bounces`, `always bounce`, `deceleration`: what every layer's scroll view has;
/// and `prefetching`, every layer's collection view's.
struct ScrollSettings: Equatable {
  var paging = false
  var bounces = true
  var prefetching = true
  var alwaysBounceVertical = false
  var alwaysBounceHorizontal = false
  var deceleration = DecelerationRate.normal

  func apply(to cv: CollectionView) {
    cv.isPagingEnabled = paging
    cv.bounces = bounces
    if cv.isPrefetchingEnabled != prefetching { cv.isPrefetchingEnabled = prefetching }
    if cv.alwaysBounceVertical != alwaysBounceVertical {
      cv.alwaysBounceVertical = alwaysBounceVertical
    }
    if cv.alwaysBounceHorizontal != alwaysBounceHorizontal {
      cv.alwaysBounceHorizontal = alwaysBounceHorizontal
    }
    cv.decelerationRate = deceleration
  }
}

/// `allows selection`, `allows multiple selection`: what every layer's collection view has.
struct SelectionSettings: Equatable {
  var allowsSelection = true
  var allowsMultipleSelection = false

  func apply(to cv: CollectionView) {
    cv.allowsSelection = allowsSelection
    cv.allowsMultipleSelection = allowsMultipleSelection
  }
}
