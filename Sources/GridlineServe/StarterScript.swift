/// The script a page opens with when `gl serve` is given no file: a grid whose section
/// headers pin to the top, short enough to read at a glance and worth touching (drag it,
/// fling it, click an item, change a number).
enum StarterScript {
  static let text = """
    # A grid of photos in three sections, as a flow layout.
    # Drag or fling the picture, click an item, change a number: the page runs it again.
    viewport 390 x 844

    layout flow {
      item size 116 x 116
      line spacing 10
      interitem spacing 10
      insets (top: 0, left: 10, bottom: 20, right: 10)   # sectionInset
      header size 0 x 44
      pin headers   # sectionHeadersPinToVisibleBounds
    }

    section "Spring" items 30
    section "Summer" items 24
    section "Autumn" items 36

    """
}
