import Foundation
import GridlineTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 17 at the edges of gl's input and output: a reader that goes away, a script read
/// from a pipe, a `use` of a pipe with no writer, empty file names, and the status of a
/// file gl cannot write (74, EX_IOERR, as for stdout).
@Suite("Pipes, FIFOs and failed writes")
struct PipesAndWritesTests {
  /// `gl` run by the shell in `dir` under a time bound (a hang is a failure, not a stuck
  /// test run): stdout and stderr together, and the status (124 for a timeout).
  func shell(_ command: String, in dir: URL) throws -> (String, Int32) {
    let bounded = "exec timeout -s KILL 20 \(glExecutable) \(command)"
    let (out, status) = try gl(["-c", bounded], in: dir, executable: "/bin/sh")
    return (out, status == 137 ? 124 : status)
  }

  @Test("a reader that goes away ends gl quietly with the run's own status, not SIGPIPE")
  func closedPipe() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put("section items 2\nrepeat 5 { print 1 }\n", "s.gl", in: dir)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: glExecutable)
    process.arguments = ["run", "s.gl"]
    process.currentDirectoryURL = dir
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    // Nobody will read: the first write meets a closed pipe (EPIPE, or SIGPIPE).
    try stdout.fileHandleForReading.close()
    try process.run()
    let said = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
    #expect(process.terminationStatus == 0)
    #expect(said.isEmpty, "\(String(decoding: said, as: UTF8.self))")
  }

  @Test("a script named on the command line may be a FIFO (gl run <(…)): read as cat would")
  func fifoScript() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(mkfifo(dir.appendingPathComponent("p.gl").path, 0o600) == 0)
    // The writer waits for gl to open the pipe, then writes the script and closes it.
    let writer = "timeout -s KILL 20 sh -c 'printf \"print 7\\\\n\" > p.gl' & "
    let (out, status) = try gl(
      ["-c", writer + "exec timeout -s KILL 20 \(glExecutable) run p.gl"], in: dir,
      executable: "/bin/sh")
    #expect(status == 0, "\(out)")
    #expect(out == "7\n")
  }

  @Test("use of a FIFO is refused at once (a pipe with no writer would block for ever)")
  func usedFifo() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(mkfifo(dir.appendingPathComponent("p.gl").path, 0o600) == 0)
    try put("use \"p.gl\"\nprint 1\n", "main.gl", in: dir)
    let (out, status) = try shell("check main.gl", in: dir)
    #expect(status == 65)
    #expect(
      out.hasPrefix(
        "main.gl:1:5: error: cannot use 'p.gl': Not a regular file (use reads files, not "
          + "pipes or devices) [GL2008]\n"), "\(out)")
  }

  @Test("an empty --junit or --out names no file: a usage error saying so")
  func emptyNames() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put("layout flow { item size 10 x 10 }\nsection items 1\n", "s.gl", in: dir)
    let (junit, junitStatus) = try gl(["test", "s.gl", "--junit", ""], in: dir)
    #expect(junitStatus == 64)
    #expect(junit.hasPrefix("Error: --junit is empty: name the report, e.g. --junit report.xml\n"))
    let (export, exportStatus) = try gl(["export", "swift", "s.gl", "--out", ""], in: dir)
    #expect(exportStatus == 64)
    #expect(export.hasPrefix("Error: --out is empty: name the file, e.g. --out Layout.swift\n"))
  }

  @Test("a file gl render cannot write is exit 74, as for --out, --junit and fmt -i")
  func failedWrites() throws {
    let dir = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try put("section items 1\nprint 1\n", "u.gl", in: dir)
    let (render, renderStatus) = try gl(["render", "u.gl", "--svg", "no/such/s.svg"], in: dir)
    #expect(renderStatus == 74)
    #expect(
      render.hasSuffix("gl: error: cannot write 'no/such/s.svg': No such file or directory\n"))
  }
}
