import CEditLine
import GridlineCLI
import GridlineLanguage

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal reader: libedit's line editor (emacs keys, Up/Down history, Ctrl-R reverse
/// search, Tab completion, SIGWINCH resize through `EL_SIGNAL`). Ctrl-C sets a flag that
/// both ends the current read (the line is discarded) and cancels a running step.
public final class EditLineReader: LineReader {
  private let editor: OpaquePointer
  private let history: HistoryFile?
  private var completerBox: Unmanaged<CompleterBox>?
  /// The history file could not be read or written (said once).
  private var historyFailed = false

  /// Nil when stdin is not a terminal or libedit cannot start.
  public init?(history: HistoryFile?, complete: @escaping (String) -> Completion) {
    guard isatty(0) == 1, let editor = gl_editor_create("gl", Int32(history?.limit ?? 1000))
    else { return nil }
    self.editor = editor
    self.history = history
    if let history { loadHistory(history) }
    let box = Unmanaged.passRetained(CompleterBox(complete))
    completerBox = box
    gl_editor_set_completer(editor, completeTrampoline, box.toOpaque())
    gl_install_interrupt_handler()
  }

  deinit {
    gl_editor_destroy(editor)
    completerBox?.release()
  }

  public var isInteractive: Bool { true }

  public func read(prompt: String) -> LineRead {
    _ = gl_take_interrupt()  // a Ctrl-C after the last step's final check is spent
    gl_editor_set_prompt(editor, prompt)
    var line: UnsafeMutablePointer<CChar>?
    let status = gl_editor_read_line(editor, &line)
    if status < 0 {
      _ = gl_take_interrupt()
      return .interrupted
    }
    guard status > 0, let line else {
      Self.writeRaw(1, "\n")  // Ctrl-D: the shell's prompt starts on a line of its own
      return .end
    }
    defer { free(line) }
    return .line(String(cString: line))
  }

  /// Keys typed ahead that another reader (the pager) took out of the terminal: the next
  /// line read starts with them, as if they were still there.
  public func push(_ bytes: [UInt8]) {
    let text = bytes.filter { $0 != 0 }
    guard !text.isEmpty else { return }
    gl_editor_push(editor, String(decoding: text, as: UTF8.self))
  }

  /// Hands the history's entries to the line editor, the bytes as they are (it gives back
  /// what it was given). A file that cannot be read is said once and never saved over, so
  /// its entries stay for the next session.
  private func loadHistory(_ history: HistoryFile) {
    do throws(FileError) {
      for entry in try history.lines() {
        (entry + [0]).withUnsafeBytes {
          gl_editor_history_add(editor, $0.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
      }
    } catch {
      historyFailed = true
      Self.writeRaw(
        2,
        "gl: warning: " + error.message("read the history", history.path)
          + "; it is left as it is, and this session's history is kept in memory only\n")
    }
  }

  public func remember(_ entry: String) {
    gl_editor_history_add(editor, entry)
    guard let history, !historyFailed else { return }
    do {
      try history.save([entry])
    } catch {
      // Said once: the session goes on, its history kept in memory only.
      historyFailed = true
      Self.writeRaw(
        2,
        "gl: warning: " + error.message("save the history to", history.path)
          + "; this session's history is kept in memory only\n")
    }
  }

  /// Straight to the descriptor, after what stdio holds.
  public static func writeRaw(_ fd: Int32, _ text: String) {
    StandardStreams.writeRaw(fd, text)
  }

  public func interruptRequested() -> Bool { gl_peek_interrupt() != 0 }
  public func clearInterrupt() { _ = gl_take_interrupt() }
}

/// Holds the Swift completion closure for the C callback.
final class CompleterBox {
  let complete: (String) -> Completion
  init(_ complete: @escaping (String) -> Completion) { self.complete = complete }
}

/// libedit calls this on Tab with the line up to the cursor; the answer is the text to
/// insert, then the lines that list the candidates, in a malloc'd C string (freed by the
/// C side).
private let completeTrampoline: gl_completer = { context, prefix in
  guard let context, let prefix else { return nil }
  let box = Unmanaged<CompleterBox>.fromOpaque(context).takeUnretainedValue()
  let completion = box.complete(String(cString: prefix))
  if completion.insert.isEmpty && completion.candidates.isEmpty { return nil }
  // Several candidates are listed in columns that fit the terminal, no word broken.
  let shown =
    completion.candidates.count > 1
    ? Columns.layout(completion.candidates, width: Pager.terminalSize().columns - 1) : []
  let answer = ([completion.insert] + shown).joined(separator: "\n")
  return strdup(answer)
}
