import Foundation
import GridlineLanguage
import GridlineRender
import GridlineTestSupport
import Testing

@testable import GridlineServe

/// The protocol as an attacker or a broken client meets it: seeded random sequences of
/// messages — every type, fields missing, mistyped, huge, negative or fractional, scripts
/// from the examples cut at random places — sent to one session. Every message gets one
/// reply of a known type, a state's numbers are finite, and nothing crashes or hangs.
@Suite struct ProtocolFuzzTests {
  static let replyTypes: Set<String> = [
    "state", "problems", "cancelled", "completion", "inspection", "boxes", "error",
  ]

  static let scripts: [String] = exampleScripts.prefix(12).compactMap {
    try? String(contentsOf: $0, encoding: .utf8)
  }

  /// A field's value: a plausible integer most of the time, else an edge or a mistyped one
  /// (which makes the whole message malformed: fields are not coerced).
  func randomNumber(_ g: inout SeededGenerator) -> String {
    if Int.random(in: 0..<5, using: &g) > 0 { return String(Int.random(in: -50...400, using: &g)) }
    return switch Int.random(in: 0..<8, using: &g) {
    case 0: "0"
    case 1: "-1"
    case 2: "1e308"
    case 3: "-0.0001"
    case 4: "\"12\""
    case 5: "null"
    case 6: String(Int.random(in: -5000...5000, using: &g))
    default: String(Double.random(in: -3...3, using: &g))
    }
  }

  func randomMessage(_ g: inout SeededGenerator) -> String {
    let types = ClientMessage.types + ClientMessage.types + ["", "RUN", "frame "]
    let type = types.randomElement(using: &g)!
    var fields = [#""type":\#(JSON.string(type).rendered)"#]
    if Bool.random(using: &g) { fields.append(#""id":\#(randomNumber(&g))"#) }
    for name in ["x", "y", "width", "height", "section", "item"]
    where Int.random(in: 0..<6, using: &g) > 0 {
      fields.append(#""\#(name)":\#(randomNumber(&g))"#)
    }
    if type == "run" || type == "step" || type == "complete"
      || Int.random(in: 0..<5, using: &g) == 0
    {
      let script = Self.scripts.randomElement(using: &g) ?? ""
      // Whole, as a page sends it, two times in three; else cut anywhere.
      let whole = Int.random(in: 0..<3, using: &g) > 0
      let cut = whole ? script.utf8.count : Int.random(in: 0...script.utf8.count, using: &g)
      let text = String(decoding: script.utf8.prefix(cut), as: UTF8.self)
      fields.append(#""text":\#(JSON.string(text).rendered)"#)
    }
    if Int.random(in: 0..<10, using: &g) == 0 { fields.append(#""v":\#(randomNumber(&g))"#) }
    if Int.random(in: 0..<8, using: &g) == 0 {
      // A layer's name, one the scripts have, one they lack, or not a string.
      let layer = ["\"background\"", "\"foreground\"", "\"\"", "7", "null"]
      fields.append(#""layer":\#(layer.randomElement(using: &g)!)"#)
    }
    var message = "{" + fields.shuffled(using: &g).joined(separator: ",") + "}"
    if Int.random(in: 0..<15, using: &g) == 0 {
      // Broken JSON: a cut message.
      message = String(message.prefix(Int.random(in: 0...message.count, using: &g)))
    }
    return message
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyMessageGetsOneKnownReply(seed: UInt64) throws {
    var g = SeededGenerator(seed: seed)
    let session = PlaygroundSession(path: "fuzz.gl", limits: .small, writeFile: nil)
    let started = ContinuousClock.now
    var seen: [String: Int] = [:]
    for _ in 0..<1_000 {
      let message = randomMessage(&g)
      let reply = session.reply(to: message)
      guard case .object(let fields) = reply,
        case .string(let type)? = fields.first(where: { $0.0 == "type" })?.1
      else {
        Issue.record("no reply object for \(message)")
        continue
      }
      #expect(Self.replyTypes.contains(type), "\(message) → \(reply.rendered.prefix(200))")
      seen[type, default: 0] += 1
      // JSON has no NaN: a non-finite number would be written null, which the page would
      // read as 0. A state's geometry is always numbers.
      if type == "state" {
        #expect(reply["bounds"]?.rect != nil, "\(message)")
        #expect(reply["contentSize"]?["height"]?.number != nil, "\(message)")
      }
    }
    #expect(ContinuousClock.now - started < .seconds(60))
    // The sequences reach the engine, not only the decoder: scripts ran and gestures moved.
    #expect(seen["state", default: 0] >= 50, "\(seen)")
    #expect(seen["error", default: 0] >= 50, "\(seen)")
  }
}
