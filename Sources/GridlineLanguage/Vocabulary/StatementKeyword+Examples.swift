/// The example `:help` shows for each statement; each is also in grammar.md, verbatim (a
/// test checks), and parses (another does).
extension StatementKeyword {
  public var example: String {
    switch self {
    case .viewport:
      "viewport 375 x 667"
    case .contentInset:
      "content inset (top: 64, bottom: 34)"
    case .safeArea:
      "safe area (top: 47, bottom: 34)"
    case .layoutMargins:
      "layout margins 16"
    case .insetAdjustment:
      "inset adjustment never"
    case .scale:
      "scale 2"
    case .`let`:
      "let w = (viewport.width - 30) / 2"
    case .use:
      "use \"common.gl\""
    case .layout:
      "layout grid { item size 100 x 60; sticky rows off; sticky columns off; shows cells }"
    case .stickyHeaders:
      "sticky headers z 1024"
    case .decoration:
      """
      decoration "background" for each section {
        frame = inset(section.items, -8)
        z -1
      }
      """
    case .transform:
      "transform items { rotate 45 }"
    case .appearing:
      "appearing items { alpha 0; scale 0.2 }"
    case .disappearing:
      "disappearing items { alpha 0; translate (0, 40) }"
    case .layer:
      """
      layer foreground {
        layout grid { item size 100 x 60; shows headers }
      }
      """
    case .ownsSections:
      "layer front { owns sections 0...0 }"
    case .invalidate:
      "invalidate on size change { everything }"
    case .onInvalidate:
      """
      on invalidate when flag footer {
        recompute decoration "Footer"
      }
      """
    case .textMetrics:
      "text metrics { character width 9; line height 20; padding 12 }"
    case .section:
      "section \"Fruits\" items 20"
    case .sections:
      "sections 3 items 10                       # three more sections of ten items"
    case .register:
      "register cell \"Photo\""
    case .cells:
      "cells \"Photo\" for items 0...9"
    case .scroll:
      "scroll by y 120 over 10 frames"
    case .drag:
      "drag by y -300 over 20 frames"
    case .release:
      "release velocity y 2.4"
    case .fling:
      "fling y 2.4"
    case .paging:
      "paging on"
    case .bounces:
      "bounces off"
    case .prefetching:
      "prefetching off"
    case .alwaysBounce:
      "always bounce vertical"
    case .deceleration:
      "deceleration fast"
    case .frameRate:
      "frame rate 120"
    case .tapStatusBar:
      "tap status bar"
    case .shouldScrollToTop:
      "should scroll to top when offset.y < 2000"
    case .snap:
      "snap { target = nearest(proposed.midX) }"
    case .onWillEndDragging:
      "on will end dragging { target = (round(proposed.x / 270) * 270, 0) }"
    case .onScroll:
      "on scroll when offset.x > 2 * period { scroll by x -period }"
    case .onLayoutChange:
      "on layout change { target = (0, item [0, top].frame.minY - 10) }"
    case .switchLayout:
      "switch layout grid over 20 frames"
    case .resize:
      "resize 414 x 896"
    case .reload:
      "reload items [0, 2]"
    case .insert:
      "insert items [0, 3], [0, 4]"
    case .delete:
      "delete sections 2"
    case .move:
      "move item [0, 5] to [1, 0]"
    case .batch:
      "batch over 12 frames { delete items [0, 1]; insert items [0, 0] }"
    case .data:
      "data { section 0 items 9 }"
    case .apply:
      "apply snapshot { section \"Fruits\" items [\"fig\", \"apple\", \"kiwi\"] }"
    case .reconfigure:
      "reconfigure items [\"apple\"]"
    case .show:
      "show item [0, 3]"
    case .draw:
      "draw content"
    case .svg:
      "svg strip \"scroll.svg\" { scroll by y 40 over 5 frames }"
    case .hit:
      "hit (120, 340)"
    case .why:
      "why item [0, 5]"
    case .tap:
      "tap item [0, 3]"
    case .press:
      "press (60, 40)"
    case .lift:
      "lift at (300, 600)"
    case .select:
      "select item [0, 3]"
    case .deselect:
      "deselect all"
    case .allowsSelection:
      "allows selection off"
    case .allowsMultipleSelection:
      "allows multiple selection on"
    case .shouldHighlight:
      "should highlight when section > 0"
    case .shouldSelect:
      "should select when item % 2 == 0"
    case .shouldDeselect:
      "should deselect when item != 0"
    case .canMove:
      "can move when item != 0"
    case .touches:
      "layer overlay { touches off }"
    case .menu:
      "menu item [0, 3] copy"
    case .shouldShowMenu:
      "should show menu when section == 0"
    case .canPerform:
      "can perform paste when clipboard != nothing"
    case .prepare:
      "layout custom rows { prepare { content size = 375 x 44 } }"
    case .elementsInRect:
      "layout custom all { elements in rect { for i in 0..<cached.count { answer cached[i] } } }"
    case .while:
      "layout custom rows { prepare { var y = 0; while y < 100 { y = y + 44 } } }"
    case .answer:
      "layout custom first { elements in rect { if cached.count > 0 { answer cached[0] } } }"
    case .var:
      "layout custom rows { prepare { var y = 0; y += 44 } }"
    case .if:
      "layout custom rows { prepare { if viewport.width > 400 { content size = 800 x 44 } else { content size = 375 x 44 } } }"
    case .for:
      "layout custom rows { prepare { for i in 0..<items(in: 0) { place item [0, i] at rect(0, i * 50, 375, 44) } } }"
    case .place:
      "layout custom rows { prepare { place item [0, 0] at rect(0, 0, 375, 44) { alpha 0.5; z 1 } } }"
    case .contentSize:
      "layout custom rows { prepare { content size = viewport.width x 44 } }"
    case .expect:
      "expect items(in: 1) == 7"
    case .print:
      "print offset"
    case .`repeat`:
      "repeat 3 { scroll by y 40 }"
    case .trace:
      "trace on"
    }
  }
}
