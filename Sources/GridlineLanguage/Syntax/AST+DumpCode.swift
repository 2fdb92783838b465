/// The tree dump of a custom layout and its code (see `Program.dump()`).
extension Statement {
  func dumpCode(_ pad: String, _ indent: Int) -> String {
    func inner(_ body: [Statement]) -> String {
      body.map { "\n" + $0.dump(indent: indent + 1) }.joined()
    }
    switch kind {
    case .customLayout(let name, let body):
      return pad + "(layout-custom \(name.name)\(inner(body)))"
    case .prepare(let body): return pad + "(prepare\(inner(body)))"
    case .varBinding(let name, let e): return pad + "(var \(name.name) \(e.dump()))"
    case .assign(let name, let index, let e):
      let target = index.map { "([] \(name.name) \($0.dump()))" } ?? name.name
      return pad + "(= \(target) \(e.dump()))"
    case .ifElse(let condition, let yes, let no):
      let otherwise =
        no.map {
          "\n" + pad + "  (else" + $0.map { "\n" + $0.dump(indent: indent + 2) }.joined() + ")"
        }
        ?? ""
      return pad + "(if \(condition.dump())\(inner(yes))\(otherwise))"
    case .forLoop(let name, let low, let high, let inclusive, let body):
      return pad + "(for \(name.name) \(low.dump()) \(inclusive ? "..." : "..<") \(high.dump())"
        + inner(body) + ")"
    case .place(let step):
      let element = Expr(.element(step.element, step.path), step.path.range).dump()
      return pad + "(place \(element) \(step.frame.dump())"
        + step.attributes.map { " " + $0.dump() }.joined() + ")"
    case .placeInGroup(let frame, let attributes):
      return pad + "(place-in-group \(frame.dump())"
        + attributes.map { " " + $0.dump() }.joined() + ")"
    case .contentSize(let e): return pad + "(content-size \(e.dump()))"
    case .whileLoop(let condition, let body):
      return pad + "(while \(condition.dump())\(inner(body)))"
    case .answer(let e): return pad + "(answer \(e.dump()))"
    case .elementsQuery(let body): return pad + "(elements-in-rect\(inner(body)))"
    default: return pad + "(?)"
    }
  }
}
