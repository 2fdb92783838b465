import Foundation
import LayoutEngine
import Testing

@testable import GridlineRender

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every field a script can name reaches the SVG through `SVGElement`, which escapes it:
/// the document stays well-formed and an XML reader gets the text back as written.
@Suite("SVG escaping")
struct SVGEscapingTests {
  static let odd = "<&\">'"

  /// A cell, a decoration and a pinned supplementary view, all of the kind `odd`.
  static func state() -> DrawingState {
    var cell = LayoutAttributes(forCellWith: IndexPath(item: 2, section: 1))
    cell.frame = Rect(x: 0, y: 40, width: 60, height: 60)
    var decoration = LayoutAttributes(
      forDecorationViewOfKind: odd, with: IndexPath(item: 0, section: 1))
    decoration.frame = Rect(x: 0, y: 30, width: 200, height: 80)
    var badge = LayoutAttributes(
      forSupplementaryViewOfKind: odd, with: IndexPath(item: 0, section: 1))
    badge.frame = Rect(x: 0, y: 10, width: 200, height: 30)
    return DrawingState(
      bounds: Rect(x: 0, y: 10, width: 200, height: 120),
      contentSize: Size(width: 200, height: 160), elements: [cell, decoration, badge],
      natural: [nil, nil, Rect(x: 0, y: 0, width: 200, height: 30)],
      invalidated: [.cell(IndexPath(item: 2, section: 1))])
  }

  @Test("kinds, labels, index paths and captions with <&\">' stay well-formed and round-trip")
  func roundTrip() throws {
    let svg = SVGDrawing.strip([Self.state(), Self.state()], captions: [Self.odd, "b" + Self.odd])
    let document = try #require(ParsedXML.parse(svg))
    let kinds = document.elements.compactMap { $0.attributes["data-kind"] }
    #expect(kinds.sorted() == [Self.odd, Self.odd, Self.odd, Self.odd, "cell", "cell"])
    // The pinned view's ghost names it by its label: the kind's first character and section.
    let ghosts = document.elements.filter { $0.attributes["class"] == "ghost" }
    #expect(ghosts.map { $0.attributes["data-index-path"] } == ["<1", "<1"])
    let paths = document.elements.filter { $0.attributes["data-kind"] != nil }
      .compactMap { $0.attributes["data-index-path"] }
    #expect(Set(paths) == ["1.0", "1.2"])
    // Labels: `<1` for the supplementary view (upper-cased; the decoration's, lower-cased,
    // is covered by the supplementary view painted above it, so it is not written), `1.2*`
    // for the recomputed cell.
    let labels = document.elements.filter { $0.name == "text" && $0.attributes.count == 2 }
      .map(\.text)
    #expect(labels.filter { $0 == "<1" }.count == 2)
    #expect(labels.filter { $0 == "1.2*" }.count == 2)
    // Each state's caption and status, wrapped to its column: the caption leads.
    let status = document.elements.filter { $0.attributes["class"] == "status" }.map(\.text)
    #expect(status.count > 2)
    #expect(status.first == Self.odd + "  offset (0, 10)")
    #expect(status.contains { $0.hasPrefix("b" + Self.odd + "  offset (0, 10)") })
    #expect(!svg.contains(Self.odd))
  }

  @Test("characters XML 1.0 forbids never reach the document; white space keeps its value")
  func forbiddenCharacters() throws {
    let hostile = "a\u{0}b\u{1}c\u{1B}[31md\u{FFFE}e\u{FFFF}f\rg\th\ni\u{7F}j\u{85}k"
    let element = SVGElement("text", [("data-kind", hostile)], text: hostile)
    let rendered = element.rendered()
    for forbidden in ["\u{0}", "\u{1}", "\u{1B}", "\u{FFFE}", "\u{FFFF}", "\r"] {
      #expect(!rendered.contains(forbidden))
    }
    let document = try #require(ParsedXML.parse(rendered), "not well-formed: \(rendered)")
    let expected = "a\u{FFFD}b\u{FFFD}c\u{FFFD}[31md\u{FFFD}e\u{FFFD}f\rg\th\ni\u{7F}j\u{85}k"
    #expect(document.elements.first?.attributes["data-kind"] == expected)
    #expect(document.elements.first?.text == expected)
    // A whole drawing whose kinds and captions hold them parses too.
    let svg = SVGDrawing.strip([Self.state()], captions: [hostile])
    #expect(ParsedXML.parse(svg) != nil)
  }

  @Test("the builder escapes attribute values and text; empty elements close themselves")
  func builder() {
    let element = SVGElement(
      "g", [("data-x", Self.odd)],
      children: [
        .element(SVGElement("rect", [("x", "1")])), .element(SVGElement("text", text: Self.odd)),
      ])
    #expect(
      element.rendered()
        == "<g data-x=\"&lt;&amp;&quot;&gt;&#39;\"><rect x=\"1\"/><text>&lt;&amp;&quot;&gt;'</text></g>"
    )
    let lines = SVGElement(
      "g", children: [.element(SVGElement("rect")), .fragment([.text("a"), .text("b")])],
      layout: .lines(indent: 2))
    #expect(lines.rendered(indent: 2) == "<g>\n    <rect/>\n    ab\n  </g>")
    #expect(SVGElement("g", layout: .lines(indent: 2)).rendered() == "<g>\n</g>")
  }
}

/// The elements of a parsed document, in document order, with their attributes and the
/// text directly inside them.
struct ParsedXML {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }

  var elements: [Element] = []

  static func parse(_ text: String) -> ParsedXML? {
    let collector = Collector()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = collector
    return parser.parse() ? ParsedXML(elements: collector.elements) : nil
  }

  final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      open.append(elements.count)
      elements.append(Element(name: elementName, attributes: attributeDict))
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let index = open.last { elements[index].text += string }
    }
  }
}
