/// `:help` for each statement; each example is also in grammar.md (a test checks).
extension StatementKeyword {
  public var syntax: String {
    switch self {
    case .viewport:
      "viewport SIZE"
    case .contentInset:
      "content inset INSETS"
    case .safeArea:
      "safe area INSETS"
    case .layoutMargins:
      "layout margins INSETS"
    case .insetAdjustment:
      "inset adjustment automatic | scrollable axes | never | always"
    case .scale:
      "scale NUMBER"
    case .`let`:
      "let NAME = EXPRESSION"
    case .use:
      "use \"FILE.gl\""
    case .layout:
      "layout flow | grid [NAME] [ { PROPERTY … } ] | layout compositional [NAME] { section { group … { item … } } } | layout custom NAME { let …; prepare { … }; invalidate on … }"
    case .stickyHeaders:
      "sticky headers [on] [z N] | off"
    case .decoration:
      "decoration \"KIND\" for each section | for section N | at IP { frame = RECT; z N }"
    case .transform:
      "transform SELECTOR { OPERATION … }"
    case .appearing:
      "appearing SELECTOR { OPERATION … }"
    case .disappearing:
      "disappearing SELECTOR { OPERATION … }"
    case .layer:
      "layer NAME { … }"
    case .ownsSections:
      "owns sections N | LOW...HIGH"
    case .invalidate:
      "invalidate [ items IP, … | headers IP | everything … ]"
    case .onInvalidate:
      "on invalidate when flag NAME { recompute decoration \"K\" }"
    case .textMetrics:
      "text metrics { character width N; line height N; padding N }"
    case .section:
      "section [\"NAME\"] items N | [\"ID\", …] [ { PROPERTY … } ]"
    case .sections:
      "sections N items M"
    case .register:
      "register cell \"IDENTIFIER\""
    case .cells:
      "cells \"IDENTIFIER\" for items N | LOW...HIGH [in section S]"
    case .scroll:
      "scroll to … | by … | rect R visible [over N frames]"
    case .drag:
      "drag by x N | by y N | by (DX, DY) [over N frames] | drag section N by x N | by y N [over N frames]"
    case .release:
      "release [velocity x V | velocity y V | velocity (VX, VY)] | release section N [velocity x V | velocity y V]"
    case .fling:
      "fling x V | y V | (VX, VY) | fling section N x V | y V"
    case .paging:
      "paging on | off"
    case .bounces:
      "bounces on | off"
    case .prefetching:
      "prefetching on | off"
    case .alwaysBounce:
      "always bounce vertical | horizontal [on | off]"
    case .deceleration:
      "deceleration normal | fast | RATE"
    case .frameRate:
      "frame rate N"
    case .tapStatusBar:
      "tap status bar [over N frames]"
    case .shouldScrollToTop:
      "should scroll to top when CONDITION"
    case .snap:
      "snap { target = POINT | ELEMENT }"
    case .onWillEndDragging:
      "on will end dragging { target = POINT | ELEMENT }"
    case .onScroll:
      "on scroll [when CONDITION] { STEP … }"
    case .onLayoutChange:
      "on layout change { target = POINT | ELEMENT }"
    case .resize:
      "resize SIZE"
    case .switchLayout:
      "switch layout NAME [over N frames]"
    case .reload:
      "reload [ items INDEXPATH, … | sections N, … ] [over N frames]"
    case .insert:
      "insert items INDEXPATH, … | insert sections N, … [items M] [over N frames]"
    case .delete:
      "delete items INDEXPATH, … | delete sections N, … [over N frames]"
    case .move:
      "move item INDEXPATH to INDEXPATH | move section N to M [over N frames] | move begin ITEM | move to POINT | move end | move cancel"
    case .batch:
      "batch [over N frames] { UPDATE … [data { section N items M; sections N }] }"
    case .data:
      "data { section N items M; sections N }"
    case .apply:
      "apply snapshot [over N frames] { section \"NAME\" items [\"ID\", …] … [reconfigure | reload items [\"ID\", …]] }"
    case .reconfigure:
      "reconfigure items [\"ID\", …] [over N frames]"
    case .show:
      "show visible | all | content size | ELEMENT"
    case .draw:
      "draw [content]"
    case .svg:
      "svg \"PATH.svg\" | svg strip \"PATH.svg\" { … } | svg plot \"PATH.svg\" { … }"
    case .hit:
      "hit POINT"
    case .why:
      "why item IP | item \"ID\" | header [S] | footer [S] | offset"
    case .tap:
      "tap POINT | item IP"
    case .press:
      "press POINT | item IP"
    case .lift:
      "lift [at POINT]"
    case .select:
      "select item IP"
    case .deselect:
      "deselect item IP | all"
    case .allowsSelection:
      "allows selection on | off"
    case .allowsMultipleSelection:
      "allows multiple selection on | off"
    case .shouldHighlight:
      "should highlight when CONDITION"
    case .shouldSelect:
      "should select when CONDITION"
    case .shouldDeselect:
      "should deselect when CONDITION"
    case .canMove:
      "can move when CONDITION"
    case .touches:
      "touches on | off"
    case .menu:
      "menu POINT | item IP [cut | copy | paste]"
    case .shouldShowMenu:
      "should show menu when CONDITION"
    case .canPerform:
      "can perform cut | copy | paste when CONDITION"
    case .prepare:
      "prepare { CODE … }"
    case .elementsInRect:
      "elements in rect { CODE … answer cached[INDEX] … }"
    case .while:
      "while CONDITION { … }"
    case .answer:
      "answer ELEMENT"
    case .var:
      "var NAME = EXPRESSION"
    case .if:
      "if CONDITION { … } [else { … } | else if …]"
    case .for:
      "for NAME in LOW..<HIGH { … } | for NAME in LOW...HIGH { … }"
    case .place:
      "place item IP | header IP | footer IP | supplementary \"K\" IP | decoration \"K\" IP at RECT [ { OPERATION … } ] | place item at RECT [ { z N } ]"
    case .contentSize:
      "content size = SIZE"
    case .expect:
      "expect EXPRESSION [\(Self.hintWord) \"TEXT\"]"
    case .print:
      "print EXPRESSION"
    case .`repeat`:
      "repeat N { … }"
    case .trace:
      "trace on | off"
    }
  }

  public var summary: String {
    switch self {
    case .viewport:
      "The collection view's frame size (default 375 x 667); after the first step, a resize."
    case .contentInset:
      "contentInset; omitted edges are 0, one number sets all four; inside a layer block, that layer's own."
    case .safeArea:
      "safeAreaInsets, added by the inset adjustment behaviour (SV-2)."
    case .layoutMargins:
      "layoutMargins (default 8), used by `inset reference layout margins`."
    case .insetAdjustment:
      "contentInsetAdjustmentBehavior."
    case .scale:
      "displayScale: frame origins snap to 1/scale (FLOW-21); 0 = no rounding."
    case .`let`:
      "Binds a name, evaluated once where it stands; may be redefined."
    case .use:
      "Includes the declarations of another script (a path relative to this file), each file once; a used file holds only declarations."
    case .layout:
      "Chooses and configures the layout: flow (UICollectionViewFlowLayout), the sticky grid, or `custom NAME`, a layout the script writes. Tab inside the braces lists the properties."
    case .stickyHeaders:
      "The hand-written sticky-header subclass (PIN-7 says how it differs from pin headers)."
    case .decoration:
      "A decoration view per section; `section` is the section's geometry."
    case .transform:
      "Changes the attributes the layout returns for the selected elements (FLOW-22); item [0, 3].transform reads the result."
    case .appearing:
      "Where inserted elements start an update's animation: initialLayoutAttributesForAppearing… (LAY-14)."
    case .disappearing:
      "Where deleted elements end an update's animation: finalLayoutAttributesForDisappearing… (LAY-14)."
    case .layer:
      "Collection views stacked back to front, sharing sections and offset."
    case .ownsSections:
      "Inside a layer: its collection view alone has these sections' items; the other layers report 0 items there (the sections stay)."
    case .invalidate:
      "invalidateLayout(), or invalidateLayout(with:) naming elements; `invalidate on bounds change …` declares a trigger."
    case .onInvalidate:
      "What the layout's invalidateLayout(with:) does when it reads a flag."
    case .textMetrics:
      "The monospace text model self-sizing cells measure with."
    case .section:
      "Declares the next section; its properties are the flow delegate's answers (FLOW-4)."
    case .sections:
      "Declares N sections of M items."
    case .register:
      "register(_:forCellWithReuseIdentifier:): cells may be dequeued with this identifier; \"Cell\" is registered without saying (DISP-3)."
    case .cells:
      "The identifier the data source dequeues these items' cells with (default \"Cell\"; section 0 unless said; later lines win). Each identifier has its own reuse pool (DISP-3)."
    case .scroll:
      "setContentOffset, scrollToItem(at:at:), scrollRectToVisible; `over N frames` can be stepped with :step."
    case .drag:
      "A finger drags the content (the pan's translation); past an edge, the rubber band (SV-9). `drag section N` drags an orthogonal section's own scroller (COMP-9)."
    case .release:
      "The finger lifts: the fling's target (SV-7, SV-8), then the deceleration, frame by frame; `release section N` lifts the finger from a section's scroller."
    case .fling:
      "A drag that lifts at once with this velocity, in points per millisecond (SV-8); `fling section N` on an orthogonal section's own scroller (COMP-9)."
    case .paging:
      "isPagingEnabled: flings rest on multiples of the viewport, one page at most (SV-11)."
    case .bounces:
      "bounces: drags pull past an edge; flings overshoot it and spring back (SV-10, OPEN-7)."
    case .prefetching:
      "isPrefetchingEnabled (default on): after a scroll, collectionView(_:prefetchItemsAt:) for the cells one viewport ahead, nearest first; a scroll that turns back cancels what is outstanding (DISP-5)."
    case .alwaysBounce:
      "alwaysBounceVertical / alwaysBounceHorizontal: drags move even short content (SV-10)."
    case .deceleration:
      "decelerationRate: normal 0.998, fast 0.99 per millisecond, or a rate in (0, 1) (SV-6)."
    case .frameRate:
      "Frames per second of drags and decelerations (60 unless said)."
    case .tapStatusBar:
      "scrollsToTop: an animated scroll to the top, then scrollViewDidScrollToTop (18 frames unless said)."
    case .shouldScrollToTop:
      "The delegate's scrollViewShouldScrollToTop(_:), asked when the status bar is tapped: false keeps the offset."
    case .snap:
      "The layout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:) (LAY-13)."
    case .onWillEndDragging:
      "The delegate's scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) (SV-8)."
    case .onScroll:
      "The delegate's scrollViewDidScroll: steps run at every offset change where the condition holds."
    case .onLayoutChange:
      "The delegate's collectionView(_:targetContentOffsetForProposedContentOffset:) after a layout switch or an update (LAY-13)."
    case .switchLayout:
      "setCollectionViewLayout(_:animated:) to a named layout; animated over N frames through LAY-16's transition."
    case .resize:
      "A new frame size: a bounds change (LAY-8)."
    case .reload:
      "reloadData(); with items or sections, reloadItems(at:) / reloadSections(_:) (BATCH-1)."
    case .insert:
      "insertItems(at:) / insertSections(_:): a batch of one; targets name the new state (BATCH-2)."
    case .delete:
      "deleteItems(at:) / deleteSections(_:): a batch of one; sources name the old state (BATCH-2)."
    case .move:
      "moveItem(at:to:) / moveSection(_:toSection:), a delete and an insert (BATCH-3); or a finger moving an item (interactive movement)."
    case .batch:
      "performBatchUpdates: the updates apply at once, checked as UIKit checks them (BATCH-5…8)."
    case .data:
      "Inside a batch: what the data source answers after it, instead of what the updates imply."
    case .apply:
      "A diffable data source's apply(_:): the batch is the difference of the snapshots."
    case .reconfigure:
      "reconfigureItems(_:) on the current snapshot, applied: the cells stay, nothing moves."
    case .show:
      "A table of attributes (the result is bound to `_`)."
    case .draw:
      "The viewport (or the whole content) drawn with box characters: heavy boxes are pinned, dotted their natural place, * recomputed."
    case .svg:
      "The state as an SVG file below the output directory; a strip draws each frame, a plot the offset and velocity against time."
    case .hit:
      "indexPathForItem(at:) (DISP-6)."
    case .why:
      "How the layout placed the item, step by step, with its numbers and the rules: for a flow layout, the line it is on and why (FLOW-5's exact test), the line's alignment and the item's place across it (FLOW-2…FLOW-21); for a compositional layout, the containers each fraction was taken of, the group and where it starts, where the insets and edge spacing went (COMP-1…COMP-15); for a custom layout, the `place` of its prepare code that made it, with the values the statement read (LAY-2); a self-sized item's estimate and the size its cell preferred (FLOW-23); the transform rules that restyled it (ATTR-3). For a flow layout's section header or footer, its natural place and, when pinned, which bound placed it (PIN-2…PIN-4); for a custom layout's, the `place` that made it. For the offset, the range it may rest in and what the last release decided (SV-3…SV-11, LAY-13)."
    case .tap:
      "A finger touches and lifts: highlight, then selection, with the delegate's messages in UIKit's order."
    case .press:
      "A finger touches down and stays: shouldHighlightItemAt, then didHighlightItemAt; the item is highlighted until lift."
    case .lift:
      "The pressing finger lifts: on the item, it is selected (or deselected); elsewhere only unhighlighted."
    case .select:
      "selectItem(at:animated:scrollPosition:): selects without a delegate message, as UIKit's programmatic call."
    case .deselect:
      "deselectItem(at:animated:): deselects without a delegate message; all clears the selection."
    case .allowsSelection:
      "allowsSelection: whether a touch highlights and selects items (on unless said)."
    case .allowsMultipleSelection:
      "allowsMultipleSelection: a tap toggles an item instead of replacing the selection."
    case .shouldHighlight:
      "The delegate's collectionView(_:shouldHighlightItemAt:), reading item and section; false skips the whole selection."
    case .shouldSelect:
      "The delegate's collectionView(_:shouldSelectItemAt:), reading item and section."
    case .shouldDeselect:
      "The delegate's collectionView(_:shouldDeselectItemAt:) under multiple selection, reading item and section."
    case .canMove:
      "The data source's collectionView(_:canMoveItemAt:), asked by 'move begin', reading item and section."
    case .touches:
      "isUserInteractionEnabled of the layer: off lets touches pass through to the layers behind."
    case .menu:
      "A finger held on an item: the editing menu's shouldShowMenuForItemAt, canPerformAction for cut:, copy:, paste:, then performAction for the one picked."
    case .shouldShowMenu:
      "The delegate's collectionView(_:shouldShowMenuForItemAt:), reading item and section; false (the default) shows no menu."
    case .canPerform:
      "The delegate's collectionView(_:canPerformAction:forItemAt:withSender:) for cut:, copy: or paste:; false unless a rule says."
    case .prepare:
      "A custom layout's prepare(): code that places every element; run at the first layout and after each invalidation (LAY-2)."
    case .elementsInRect:
      "A custom layout's layoutAttributesForElements(in:) written as code: `rect` is the query, `cached` what prepare placed (MOS-6)."
    case .while:
      "Layout code: runs the block again and again while the condition holds; each pass is a step."
    case .answer:
      "Layout code, in elements in rect: adds an element to the answer, in order."
    case .var:
      "Layout code: a variable, changed with NAME = …, NAME[i] = … or NAME += … (-=, *=, /=); a number, a rect, an array…"
    case .if:
      "Layout code: runs the block when the condition holds, else the else block."
    case .for:
      "Layout code: runs the block for each whole number of the range (..< leaves out the end); each pass is a step."
    case .place:
      "Layout code: the attributes prepare() caches for one element — its frame, and alpha, z, transforms in braces. In a custom group, `place item at RECT` (no index path) is the next NSCollectionLayoutGroupCustomItem: the section's next item takes that frame, relative to the group (COMP-7)."
    case .contentSize:
      "Layout code: what collectionViewContentSize answers (LAY-3); zero until set, as UIKit's base class."
    case .expect:
      "Fails (exit 1) when false, and says what it found; with a hint (an exercise's), says \"not yet\" and the hint instead, never the answer."
    case .print:
      "Prints a value (bound to `_`), numbers to 3 decimals (`gl run --precision N`)."
    case .`repeat`:
      "Runs the block N times; Ctrl-C cancels between steps."
    case .trace:
      "Print every layout callback of each step."
    }
  }
}
