/// `use "common.gl"`: files that cannot be included, cycles, nesting, and what a used file
/// may hold.
extension Message {
  /// `reason` is the system's, e.g. "No such file or directory".
  static func fileNotUsed(_ path: String, reason: String) -> Message {
    Message(.fileNotUsed, "cannot use '\(path)': \(reason)")
  }

  /// `chain` runs from the file that is used again to the `use` that closes the cycle.
  static func useCycle(_ chain: [String]) -> Message {
    Message(.fileNotUsed, "'use' goes round in a cycle: " + chain.joined(separator: " → "))
  }

  /// A long chain is shortened to its two first and two last files.
  static func useTooDeep(_ chain: [String], limit: Int) -> Message {
    let shown = chain.count > 6 ? chain.prefix(2) + ["…"] + chain.suffix(2) : chain[...]
    return Message(
      .limitExceeded,
      "'use' nests files more than \(limit) deep, the limit ("
        + shown.joined(separator: " → ") + ")")
  }

  /// The script and the files it uses would pass the input limit together.
  static func usedFilesTooLarge(_ path: String, total: Int) -> Message {
    Message(
      .inputTooLarge,
      "cannot use '\(path)': with it, the script and the files it uses are \(grouped(total)) "
        + "bytes, more than a run reads (16 MiB, \(grouped(InputLimits.maximumBytes)) bytes)")
  }

  static func stepInUsedFile(_ keyword: String) -> Message {
    Message(
      .misplacedStatement,
      "a used file holds only declarations; '\(keyword)' is a step")
  }

  /// A `use` the driver did not resolve: in a block, or in a script with no file to be
  /// relative to.
  static let useNotResolved = Message(
    .fileNotUsed,
    "'use' stands only at the top level of a script read from a file (gl run FILE, :load FILE)")
}

extension Hint {
  static let stepInUsedFile =
    "move it into the script that uses this file; a used file is shared declarations"
}
