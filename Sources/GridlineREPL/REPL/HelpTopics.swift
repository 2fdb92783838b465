/// `:help` topics: one per statement, each with an example copied from grammar.md (a test
/// checks that every example appears there verbatim and runs), so the two never disagree.
enum HelpTopics {
  struct Topic {
    let name: String
    let syntax: String
    let summary: String
    let example: String
  }

  static let topics: [Topic] = [
    Topic(
      name: "viewport", syntax: "viewport SIZE",
      summary:
        "The collection view's frame size (default 375 x 667); after the first step, a resize.",
      example: "viewport 375 x 667"),
    Topic(
      name: "content inset", syntax: "content inset INSETS",
      summary: "contentInset; omitted edges are 0, one number sets all four.",
      example: "content inset (top: 64, bottom: 34)"),
    Topic(
      name: "safe area", syntax: "safe area INSETS",
      summary: "safeAreaInsets, added by the inset adjustment behaviour (SV-2).",
      example: "safe area (top: 47, bottom: 34)"),
    Topic(
      name: "layout margins", syntax: "layout margins INSETS",
      summary: "layoutMargins (default 8), used by `inset reference layout margins`.",
      example: "layout margins 16"),
    Topic(
      name: "inset adjustment",
      syntax: "inset adjustment automatic | scrollable axes | never | always",
      summary: "contentInsetAdjustmentBehavior.", example: "inset adjustment never"),
    Topic(
      name: "scale", syntax: "scale NUMBER",
      summary: "displayScale: frame origins snap to 1/scale (FLOW-21); 0 = no rounding.",
      example: "scale 2"),
    Topic(
      name: "let", syntax: "let NAME = EXPRESSION",
      summary: "Binds a name, evaluated once where it stands; may be redefined.",
      example: "let w = (viewport.width - 30) / 2"),
    Topic(
      name: "layout", syntax: "layout flow | grid [ { PROPERTY … } ]",
      summary:
        "Chooses and configures the layout: flow (UICollectionViewFlowLayout) or the sticky grid. Tab inside the braces lists the properties.",
      example:
        "layout grid { item size 100 x 60; sticky rows off; sticky columns off; shows cells }"),
    Topic(
      name: "sticky headers", syntax: "sticky headers [on] [z N] | off",
      summary:
        "The hand-written sticky-header subclass (PIN-7 says how it differs from pin headers).",
      example: "sticky headers z 1024"),
    Topic(
      name: "decoration", syntax: "decoration \"KIND\" for each section { frame = RECT; z N }",
      summary: "A decoration view per section; `section` is the section's geometry.",
      example: """
        decoration "background" for each section {
          frame = inset(section.items, -8)
          z -1
        }
        """),
    Topic(
      name: "transform", syntax: "transform SELECTOR { OPERATION … }",
      summary: "Changes the attributes the layout returns for the selected elements (FLOW-22).",
      example: "transform items { rotate 45 }"),
    Topic(
      name: "layer", syntax: "layer NAME { … }",
      summary: "Collection views stacked back to front, sharing sections and offset.",
      example: """
        layer foreground {
          layout grid { item size 100 x 60; shows headers }
        }
        """),
    Topic(
      name: "invalidate", syntax: "invalidate [ items IP, … | headers IP | everything … ]",
      summary:
        "invalidateLayout(), or invalidateLayout(with:) naming elements; `invalidate on bounds change …` declares a trigger.",
      example: "invalidate on size change { everything }"),
    Topic(
      name: "on invalidate", syntax: "on invalidate when flag NAME { recompute decoration \"K\" }",
      summary: "What the layout's invalidateLayout(with:) does when it reads a flag.",
      example: """
        on invalidate when flag footer {
          recompute decoration "Footer"
        }
        """),
    Topic(
      name: "text metrics", syntax: "text metrics { character width N; line height N; padding N }",
      summary: "The monospace text model self-sizing cells measure with.",
      example: "text metrics { character width 9; line height 20; padding 12 }"),
    Topic(
      name: "section", syntax: "section [\"NAME\"] items N [ { PROPERTY … } ]",
      summary:
        "Declares the next section; its properties are the flow delegate's answers (FLOW-4).",
      example: "section \"Fruits\" items 20"),
    Topic(
      name: "sections", syntax: "sections N items M",
      summary: "Declares N sections of M items.",
      example: "sections 3 items 10                       # three more sections of ten items"),
    Topic(
      name: "scroll", syntax: "scroll to … | by … | rect R visible [over N frames]",
      summary:
        "setContentOffset, scrollToItem(at:at:), scrollRectToVisible; `over N frames` can be stepped with :step.",
      example: "scroll by y 120 over 10 frames"),
    Topic(
      name: "resize", syntax: "resize SIZE", summary: "A new frame size: a bounds change (LAY-8).",
      example: "resize 414 x 896"),
    Topic(name: "reload", syntax: "reload", summary: "reloadData().", example: "reload"),
    Topic(
      name: "show", syntax: "show visible | all | content size | ELEMENT",
      summary: "A table of attributes (the result is bound to `_`).", example: "show item [0, 3]"),
    Topic(
      name: "draw", syntax: "draw [content]",
      summary:
        "The viewport (or the whole content) drawn with box characters: heavy boxes are pinned, dotted their natural place, * recomputed.",
      example: "draw content"),
    Topic(
      name: "svg", syntax: "svg \"PATH.svg\" | svg strip \"PATH.svg\" { … }",
      summary: "The state as an SVG file below the output directory; a strip draws each frame.",
      example: "svg strip \"scroll.svg\" { scroll by y 40 over 5 frames }"),
    Topic(
      name: "hit", syntax: "hit POINT", summary: "indexPathForItem(at:) (DISP-6).",
      example: "hit (120, 340)"),
    Topic(
      name: "expect", syntax: "expect EXPRESSION",
      summary: "Fails (exit 1) when false, and says what it found.",
      example: "expect items(in: 1) == 7"),
    Topic(
      name: "print", syntax: "print EXPRESSION", summary: "Prints a value (bound to `_`).",
      example: "print offset"),
    Topic(
      name: "repeat", syntax: "repeat N { … }",
      summary: "Runs the block N times; Ctrl-C cancels between steps.",
      example: "repeat 3 { scroll by y 40 }"),
    Topic(
      name: "trace", syntax: "trace on | off",
      summary: "Print every layout callback of each step.", example: "trace on"),
  ]

  static var names: [String] { topics.map(\.name) }

  static func topic(_ name: String) -> Topic? {
    topics.first { $0.name == name } ?? topics.first { $0.name.hasPrefix(name) }
  }
}

extension REPLSession {
  /// The `:help` topics, for tests and completion.
  public static var helpTopicNames: [String] { HelpTopics.names }
  /// The example `:help NAME` shows.
  public static func helpExample(_ name: String) -> String? { HelpTopics.topic(name)?.example }
}
