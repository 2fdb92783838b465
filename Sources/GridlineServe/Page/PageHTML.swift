/// The page's one document: the script on the left, the collection view in the middle,
/// the inspector, the trace and what the script printed on the right.
enum PageHTML {
  static let text = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Gridline playground</title>
    <link rel="stylesheet" href="/style.css">
    <script type="module" src="/app.js"></script>
    </head>
    <body>
    <header class="bar">
      <strong class="brand">Gridline</strong>
      <span id="file-name" class="file-name"></span>
      <label>Device
        <select id="device" title="The collection view's size: a resize, a bounds change (LAY-8)">
          <option value="">as the script says</option>
          <option value="375x667">iPhone SE — 375 × 667</option>
          <option value="390x844">iPhone 14 — 390 × 844</option>
          <option value="393x852">iPhone 15 — 393 × 852</option>
          <option value="430x932">iPhone 15 Pro Max — 430 × 932</option>
          <option value="852x393">iPhone 15, landscape — 852 × 393</option>
          <option value="744x1133">iPad mini — 744 × 1133</option>
          <option value="834x1194">iPad Pro 11″ — 834 × 1194</option>
          <option value="1194x834">iPad Pro 11″, landscape — 1194 × 834</option>
        </select>
      </label>
      <button id="run" title="Run the script from the start (Ctrl+Enter)">Run</button>
      <button id="step" title="Run the script's next statement">Step</button>
      <span id="status" class="status" role="status"></span>
    </header>
    <main class="columns">
      <section class="script" aria-label="Script">
        <div class="editor" id="editor">
          <pre class="highlight" id="highlight" aria-hidden="true"></pre>
          <textarea id="source" spellcheck="false" autocapitalize="off" autocomplete="off"
            aria-label="The script (.gl)"></textarea>
          <ul class="completions" id="completions" hidden></ul>
        </div>
        <div class="notice" id="notice" hidden></div>
        <ol class="problems" id="problems" aria-label="Problems"></ol>
      </section>
      <section class="stage" aria-label="Collection view">
        <div class="device-frame" id="device-frame">
          <div class="device" id="device-view" tabindex="0"
            aria-label="The collection view: scroll with the wheel, drag and fling with the pointer, click an item">
            <div class="content" id="content"></div>
          </div>
          <div class="resize-handle" id="resize-handle" title="Drag to resize the collection view"></div>
        </div>
        <div class="geometry" id="geometry"></div>
        <div class="box-info" id="box-info" hidden
          aria-label="The boxes outlined around the item under the pointer"></div>
        <label class="replay" id="replay-box" hidden>Play again, frame by frame:
          <select id="replay" title="Run the script up to one of its animations and play it on the timeline">
          </select>
        </label>
        <div class="timeline" id="timeline" hidden>
          <button id="play" title="Play the frames again">▶</button>
          <button id="pause" title="Pause the motion">❚❚</button>
          <button id="next-frame" title="The next frame">▶❘</button>
          <input type="range" id="scrub" min="0" max="0" value="0" aria-label="Frame">
          <span id="frame-label"></span>
        </div>
      </section>
      <aside class="panels">
        <div class="overview-box">
          <h2>Content</h2>
          <canvas id="overview" width="160" height="320"
            title="The whole content; drag the rectangle to scroll"></canvas>
        </div>
        <div class="panel">
          <h2>Inspector</h2>
          <div id="inspector" class="inspector"><p class="hint">Click an element.</p></div>
        </div>
        <div class="panel">
          <h2>Trace <input id="trace-filter" placeholder="filter" aria-label="Filter the trace"></h2>
          <pre id="trace" class="trace"></pre>
        </div>
        <div class="panel">
          <h2>Output</h2>
          <pre id="output" class="output"></pre>
        </div>
        <div class="panel">
          <h2>Session <button id="copy-session" title="Copy what you did as script lines">Copy</button></h2>
          <pre id="session" class="session"></pre>
        </div>
      </aside>
    </main>
    </body>
    </html>
    """#
}
