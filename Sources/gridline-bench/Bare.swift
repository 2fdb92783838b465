import LayoutEngine

/// The frames a default vertical flow layout gives `sizes` in one section of a 375-point
/// wide collection view, computed with nothing but the rules: FLOW-5's greedy test with
/// 10-point spacing, each closed line justified (FLOW-6: a lone item centred) with its
/// items centred across it (FLOW-10), lines 10 points apart, the last line left-aligned
/// (FLOW-8). `flow.prepare.1M.bare` times it as the floor of `flow.prepare.1M.varied`.
func layOutBare(_ sizes: UnsafeBufferPointer<Size>, into out: UnsafeMutableBufferPointer<Rect>) {
  let (available, spacing) = (375.0, 10.0)
  var first = 0
  var (remaining, thickness, y) = (0.0, 0.0, 0.0)
  func closeLine(_ end: Int, justified: Bool) {
    let n = end - first
    var (x, gap) = (0.0, spacing)
    if justified && n == 1 && remaining >= 0 { x = remaining / 2 }
    if justified && n > 1 { gap = spacing + remaining / Double(n - 1) }
    for j in first..<end {
      let size = sizes[j]
      out[j] = Rect(
        x: x, y: y + (thickness - size.height) / 2, width: size.width, height: size.height)
      x += size.width + gap
    }
  }
  for i in 0..<sizes.count {
    let size = sizes[i]
    if i == first {
      (remaining, thickness) = (available - size.width, size.height)
    } else if remaining >= spacing + size.width {
      remaining -= spacing + size.width
      thickness = max(thickness, size.height)
    } else {
      closeLine(i, justified: true)
      y += thickness + spacing
      (first, remaining, thickness) = (i, available - size.width, size.height)
    }
  }
  if first < sizes.count { closeLine(sizes.count, justified: false) }
}
