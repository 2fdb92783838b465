import FoundationEssentials
import GridlineCLI
import GridlineLanguage

extension LanguageServer {
  /// `gl/run` (this server's own request, for an editor's panel): runs the document's
  /// text as `gl run --json` would, in its folder (where its `svg` files go), and answers
  /// `{"status": N, "output": [objects]}` — the exit status and every JSON line.
  func run(_ params: DocumentParams) throws -> JSONValue {
    let document = try document(params.textDocument)
    var runOptions = RunOptions(json: true, limits: options.limits)
    let directory = document.path.map(Includes.directory(of:)) ?? ""
    runOptions.outputDirectory = directory.isEmpty ? "." : directory
    var output: [JSONValue] = []
    let decoder = JSONDecoder()
    let runner = ScriptRunner(options: runOptions) { _, text in
      for line in text.split(separator: "\n") {
        // Every line of --json output is an object; anything else is kept as text.
        let value = try? decoder.decode(JSONValue.self, from: Data(line.utf8))
        output.append(value ?? .string(String(line)))
      }
    }
    let status = runner.run(document.file)
    return ["status": .number(Double(status.rawValue)), "output": .array(output)]
  }
}
