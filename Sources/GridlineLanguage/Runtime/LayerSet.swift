import LayoutEngine

/// One layer: its layout, and what the script attached to it.
final class LayerState {
  let name: String
  var layout: CollectionViewLayout
  /// `transform` rules, in order; they move with the layout when it is replaced.
  var rules: [AttributeRule] = []
  /// `decoration`s, triggers and flag handlers of the layer's flow layout.
  var decorations: [SectionDecoration] = []
  var triggers: [TriggerDecl] = []
  var handlers: [FlagHandler] = []
  /// `snap { target = … }`: the layout's velocity target (LAY-13).
  var snap: Expr?
  /// Whether the layout has the current `decorations` (setting them invalidates it).
  var decorationsApplied = true
  /// `layout … NAME`: the layer's named layouts, for `switch layout NAME`.
  var named: [String: CollectionViewLayout] = [:]
  /// The name of the installed layout, when it has one.
  var installedName: String?
  /// `touches off`: the layer's view lets touches through (`isUserInteractionEnabled`).
  var touchesEnabled = true
  /// The layer's own `content inset`, in place of the scene's.
  var contentInset: EdgeInsets?
  /// Where the layer's `owns sections` stands, for a diagnostic about what it owns.
  var ownsDeclaration: SourceRange?

  init(name: String, layout: CollectionViewLayout) {
    self.name = name
    self.layout = layout
  }
}

/// The layers of a script, back to front (one, "main", unless it declares `layer` blocks),
/// the scene they share, and — from the first step that needs them — their collection
/// views, stacked in one frame. Layout declarations configure the layer being configured;
/// scene changes go to every live collection view, as the UIKit setters they are.
final class LayerSet {
  private(set) var layers: [LayerState] = []
  /// The layer that layout declarations configure.
  private(set) var configuring = 0
  /// Whether a layout declaration configured the implicit "main" layer.
  var mainConfigured = false
  /// Inside `layer NAME { … }`: `content inset` is the layer's own.
  private(set) var inLayerBlock = false
  /// The collection views of the layers, once live.
  private(set) var stack: CollectionViewLayers?
  var scene = SceneConfiguration()
  let data: ScriptData
  let dataSource: ScriptDataSource
  let delegate: ScriptFlowDelegate
  /// What the script's layouts evaluate their decorations and triggers with.
  let callbacks: ScriptCallbacks
  /// The front collection view's scroll-view delegate: the script's scroll hooks.
  let scrollDelegate = ScriptScrollDelegate()
  /// Trace entries a hook marked, with the events recorded before the mark: the next
  /// `takeEvents()` returns them first, so the mark stands where the hook ran.
  private var marked: [TraceEntry] = []

  init(data: ScriptData, callbacks: ScriptCallbacks) {
    self.data = data
    self.callbacks = callbacks
    dataSource = ScriptDataSource(data)
    delegate = ScriptFlowDelegate(data, callbacks: callbacks)
    dataSource.canMove = { [unowned delegate] path in delegate.answer(.move, path) }
    layers = [LayerState(name: "main", layout: ScriptFlowLayout(callbacks))]
    delegate.stateChanged = { [unowned self] cv, path in self.invalidateStyle(of: [path], in: cv) }
  }

  // MARK: Reading

  /// The layer being configured.
  var current: LayerState { layers[configuring] }
  var count: Int { layers.count }
  var names: [String] { layers.map(\.name) }
  /// Whether the collection views exist (the first step has run).
  var isLive: Bool { stack != nil }
  /// The frontmost layer's collection view, once live.
  var front: CollectionView? { stack?.front }
  /// Every layer's collection view, back to front (empty until live).
  var views: [CollectionView] { stack?.layers.map(\.collectionView) ?? [] }

  /// The collection views, created and laid out on first use; returns the front one.
  @discardableResult
  func live() -> CollectionView {
    if let front = stack?.front { return front }
    let stack = CollectionViewLayers()
    self.stack = stack
    let delegate = wantsDelegate ? delegate : nil
    for layer in layers {
      let cv = scene.makeCollectionView(
        layer.layout, dataSource: dataSource, delegate: delegate, inset: layer.contentInset)
      dataSource.layerNames[ObjectIdentifier(cv)] = layer.name
      cv.isUserInteractionEnabled = layer.touchesEnabled
      cv.maximumElementsPerPass = callbacks.limits.elementsPerPass / max(1, layers.count)
      stack.add(layer.name, cv)
    }
    stack.front?.scrollViewDelegate = scrollDelegate
    for cv in views { cv.layoutIfNeeded() }
    return stack.front!
  }

  /// Marks the trace where a hook starts running, between the events around it.
  func mark(_ entry: TraceEntry) {
    marked += takeEvents()
    marked.append(entry)
  }

  /// The events every layer recorded since the last call, marked by layer when there are
  /// several.
  func takeEvents() -> [TraceEntry] {
    var entries = marked
    marked.removeAll()
    for layer in stack?.layers ?? [] {
      let events = layer.collectionView.events
      if events.isEmpty { continue }
      if layers.count > 1 { entries.append(.layer(layer.name)) }
      entries += events.map { .event($0) }
      layer.collectionView.removeAllEvents()
    }
    return entries
  }

  /// What every layer's layout passes cost since the last call (`elementWork`).
  func takeElementWork() -> Int {
    var work = 0
    for cv in views {
      work &+= cv.elementWork
      cv.elementWork = 0
    }
    return work
  }

  /// Attributes each layer's layout recomputed since the last call.
  func takeRecomputedCounts() -> [RecomputedCount] {
    stack?.takeRecomputedCounts() ?? []
  }

  func layoutIfNeeded() {
    for cv in views { cv.layoutIfNeeded() }
  }

  // MARK: Layers and layouts

  /// Runs `body` with the layer `name` being configured, adding it (in front) first if it
  /// is new. The first layer replaces the implicit "main" layer when the script configured
  /// nothing on it. Layers are fixed once the collection views exist.
  func configure(layerNamed name: Identifier, _ body: () throws(RunError) -> Void)
    throws(RunError)
  {
    var index = layers.firstIndex { $0.name == name.name }
    if index == nil {
      guard stack == nil else { throw .diagnostic(.layerAfterFirstStep(name)) }
      let layer = LayerState(name: name.name, layout: ScriptFlowLayout(callbacks))
      if layers.count == 1 && layers[0].name == "main" && !mainConfigured {
        layers[0] = layer
        index = 0
      } else {
        layers.append(layer)
        index = layers.count - 1
      }
    }
    let outer = (configuring, inLayerBlock)
    (configuring, inLayerBlock) = (index!, true)
    defer { (configuring, inLayerBlock) = outer }
    try body()
  }

  /// Puts `new` in place of the current layout, carrying the rules and decorations over;
  /// a live collection view switches with `setCollectionViewLayout(_:animated:)`.
  /// A recipe that stands in for the layout (`sticky headers`) is `replacing` it and takes
  /// its name; any other new layout is unnamed (a named one is named by its declaration).
  func install(_ new: CollectionViewLayout, replacing: Bool = false) {
    if replacing, let name = current.installedName {
      current.named[name] = new
    } else {
      current.installedName = nil
    }
    current.layout = new
    current.decorationsApplied = false
    applyAdditions()
    if let stack, configuring < stack.layers.count {
      stack.layers[configuring].collectionView.setCollectionViewLayout(new, animated: false)
    }
  }

  /// The layer that declared the layout `name`, and the layout.
  func namedLayout(_ name: String) -> (layer: Int, layout: CollectionViewLayout)? {
    for (i, layer) in layers.enumerated() {
      if let layout = layer.named[name] { return (i, layout) }
    }
    return nil
  }

  func layer(at index: Int) -> LayerState { layers[index] }

  /// Every declared layout name, for "did you mean".
  var layoutNames: [String] { layers.flatMap(\.named.keys).sorted() }

  /// Runs `body` with `layout` standing in as the configured layer's layout, without
  /// installing it: a named layout waiting for `switch layout` gets its properties.
  func configuringAside(_ layout: CollectionViewLayout, _ body: () throws(Diagnostic) -> Void)
    throws(Diagnostic)
  {
    let shown = current.layout
    current.layout = layout
    defer { current.layout = shown }
    try body()
  }

  /// `switch layout NAME`: the layer that declared NAME takes that layout, with the
  /// layer's rules and decorations, through `setCollectionViewLayout(_:animated:)` — one
  /// `prepare()` of the new layout (LAY-16).
  func switchLayout(to name: String, animated: Bool) {
    guard let (index, layout) = namedLayout(name) else { return }
    let outer = configuring
    configuring = index
    defer { configuring = outer }
    guard layout !== current.layout else { return }
    live()  // a switch is made on a collection view that shows the old layout
    current.layout = layout
    current.installedName = name
    current.decorationsApplied = false
    handOverAdditions()
    stack?.layers[index].collectionView.setCollectionViewLayout(layout, animated: animated)
  }

  /// Hands the current layer's rules, decorations, triggers and flag handlers to its
  /// layout — setting only what changed, since rules and decorations invalidate it — then
  /// lets every live collection view lay out.
  func applyAdditions() {
    handOverAdditions()
    layoutIfNeeded()
  }

  /// The current layer's rules, decorations, triggers and flag handlers, set on its layout
  /// where they changed.
  private func handOverAdditions() {
    let layer = current
    if let flow = layer.layout as? any ScriptedFlowLayout {
      flow.additions.triggers = layer.triggers
      flow.additions.handlers = layer.handlers
      flow.additions.snap = layer.snap
      if flow.attributeRules != layer.rules { flow.setAttributeRules(layer.rules) }
      if !layer.decorationsApplied || flow.decorationKinds != layer.decorations.map(\.kind) {
        flow.setDecorations(layer.decorations)
        layer.decorationsApplied = true
      }
    } else if let grid = layer.layout as? ScriptStickyGridLayout {
      grid.snap = layer.snap
      if grid.restyling.all != layer.rules { grid.restyling = AnsweringRules(layer.rules) }
    } else if let compositional = layer.layout as? ScriptCompositionalLayout {
      compositional.snap = layer.snap
      if compositional.restyling.all != layer.rules {
        compositional.restyling = AnsweringRules(layer.rules)
      }
    } else if let custom = layer.layout as? ScriptCustomLayout {
      custom.snap = layer.snap
      if custom.restyling.all != layer.rules { custom.restyling = AnsweringRules(layer.rules) }
    }
  }

  // MARK: Data and scene

  /// The sections changed: a live collection view reloads (`reloadData()`), and asks the
  /// delegate only while some section declares metrics.
  func dataDidChange() {
    data.lastBatch = nil  // a reload, not a batch: nothing maps across it
    attachDelegate()
    for cv in views { cv.reloadData() }
  }

  /// The delegate answers while some section declares metrics or the script has an
  /// `on layout change` hook; otherwise the views have none, as an app without one.
  var wantsDelegate: Bool {
    delegate.layoutChangeTarget != nil || data.anySectionHasMetrics
      || !delegate.selectionRules.isEmpty || hasStateRules
  }

  func attachDelegate() {
    let wanted = wantsDelegate
    for cv in views where wanted != (cv.delegate != nil) { cv.delegate = wanted ? delegate : nil }
  }

  /// `viewport W x H`: a live stack is resized in place.
  func setViewport(_ size: Size) {
    scene.viewport = size
    stack?.setFrame(Rect(origin: .zero, size: size))
  }

  /// `resize to W x H`: the stack (made live first) keeps its origin.
  func resize(to size: Size) {
    scene.viewport = size
    let cv = live()
    stack?.setFrame(Rect(origin: cv.frame.origin, size: size))
  }

  /// `content inset`: inside a layer block the layer's own; otherwise the scene's, for
  /// every layer without its own.
  func setContentInset(_ insets: EdgeInsets) {
    if inLayerBlock {
      current.contentInset = insets
      if let stack, configuring < stack.layers.count {
        stack.layers[configuring].collectionView.contentInset = insets
      }
      return
    }
    scene.contentInset = insets
    for (layer, cv) in zip(layers, views) where layer.contentInset == nil {
      cv.contentInset = insets
    }
  }

  func setSafeArea(_ insets: EdgeInsets) {
    scene.safeArea = insets
    for cv in views { cv.safeAreaInsets = insets }
  }

  func setLayoutMargins(_ insets: EdgeInsets) {
    scene.layoutMargins = insets
    for cv in views { cv.layoutMargins = insets }
  }

  func setInsetAdjustment(_ behavior: ContentInsetAdjustmentBehavior) {
    scene.insetAdjustment = behavior
    for cv in views { cv.contentInsetAdjustmentBehavior = behavior }
  }

  func setScrolling(_ change: (inout ScrollSettings) -> Void) {
    change(&scene.scrolling)
    for cv in views { scene.scrolling.apply(to: cv) }
  }

  /// `register cell "ID"`, on every layer's collection view and the ones to come.
  func registerCell(_ identifier: String) {
    scene.registeredCells.append(identifier)
    for cv in views { cv.register(cellWithReuseIdentifier: identifier) }
  }

  func setDisplayScale(_ scale: Double) {
    scene.displayScale = scale
    for cv in views { cv.displayScale = scale }
  }
}
