/// The page's styles. Element colours are the SVG pictures' (GridlineRender's SVGDrawing),
/// so a picture and the page read the same.
enum PageStyle {
  static let text = #"""
    :root {
      --ink: #1b2a4a; --muted: #5b6275; --line: #d5d9e2; --paper: #ffffff; --desk: #eef0f4;
      --cell: #cfe3ff; --cell-edge: #3a6fc4; --supp: #d9f2e6; --supp-edge: #2f8a5f;
      --deco: #ece3f7; --deco-edge: #8a6ab8; --pin: #ffe08a; --pin-edge: #b07d00;
      --error: #c62828; --warning: #9a6700;
      --box-item: #1d4ed8; --box-line: #1d4ed8; --box-inset: #f6b26b99; --box-padding: #93c47d99;
      --box-spacing: #b968c7aa;
      --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
      font: 14px/1.4 system-ui, "DejaVu Sans", sans-serif; color: var(--ink);
    }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    body { margin: 0; background: var(--desk); height: 100vh; display: flex; flex-direction: column; }
    .bar { display: flex; gap: 12px; align-items: center; padding: 6px 12px; background: var(--paper);
      border-bottom: 1px solid var(--line); }
    .brand { font-size: 16px; }
    .file-name { color: var(--muted); font-family: var(--mono); }
    .status { margin-left: auto; color: var(--muted); font-family: var(--mono); font-size: 12px; }
    button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); border-radius: 6px;
      background: #f7f8fa; cursor: pointer; }
    button:hover { background: #eceff4; }
    .columns { flex: 1; display: grid; grid-template-columns: minmax(300px, 1fr) minmax(320px, auto) 340px;
      min-height: 0; }
    .script { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid var(--line);
      background: var(--paper); }
    .editor { position: relative; flex: 1; min-height: 0; overflow: hidden; }
    .editor pre, .editor textarea { position: absolute; inset: 0; margin: 0; padding: 10px 12px;
      font: 13px/1.5 var(--mono); tab-size: 2; white-space: pre; overflow: auto; border: 0; }
    .editor textarea { color: transparent; background: transparent; caret-color: var(--ink);
      resize: none; outline: none; }
    .editor pre { color: var(--ink); pointer-events: none; }
    .tok-keyword { color: #7b30a8; } .tok-number { color: #0a6b5d; } .tok-string { color: #a3470c; }
    .tok-comment { color: #6a737d; font-style: italic; } .tok-operator { color: #b3261e; }
    .tok-name { color: #1b4f9c; }
    .line-error { text-decoration: underline wavy var(--error); }
    .line-warning { text-decoration: underline wavy var(--warning); }
    .line-stepped { background: #fff3c4; }
    .completions { position: absolute; z-index: 5; margin: 0; padding: 2px 0; list-style: none;
      background: var(--paper); border: 1px solid var(--line); border-radius: 6px; max-height: 220px;
      overflow: auto; font: 13px var(--mono); box-shadow: 0 4px 16px #0002; }
    .completions li { padding: 1px 10px; cursor: pointer; }
    .completions li.active { background: var(--cell); }
    .notice { padding: 6px 12px; background: #fff3c4; border-top: 1px solid var(--line); }
    .problems { margin: 0; padding: 0; list-style: none; max-height: 30%; overflow: auto;
      border-top: 1px solid var(--line); font: 12px/1.5 var(--mono); }
    .problems li { padding: 3px 12px; cursor: pointer; border-bottom: 1px solid #f0f1f4; }
    .problems li.error .code { color: var(--error); } .problems li.warning .code { color: var(--warning); }
    .stage { display: flex; flex-direction: column; align-items: center; padding: 16px; gap: 8px;
      min-height: 0; overflow: auto; }
    .device-frame { position: relative; padding: 10px; background: #1d1f24; border-radius: 28px; }
    .device { position: relative; overflow: hidden; background: var(--paper); border-radius: 18px;
      touch-action: none; user-select: none; cursor: grab; outline: none; }
    .device:active { cursor: grabbing; }
    .content { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
    .layer { position: absolute; left: 0; top: 0; isolation: isolate; }
    .element { position: absolute; display: flex; align-items: flex-start; justify-content: flex-start;
      font: 10px var(--mono); padding: 2px 3px; overflow: hidden; border: 1px solid; }
    .element.cell { background: var(--cell); border-color: var(--cell-edge); }
    .element.supplementaryView { background: var(--supp); border-color: var(--supp-edge); }
    .element.decorationView { background: var(--deco); border-color: var(--deco-edge); }
    .element.pinned { background: var(--pin); border-color: var(--pin-edge); border-width: 2px; }
    .element.selected { outline: 3px solid #e4572e; outline-offset: -3px; }
    .element.hovered { box-shadow: inset 0 0 0 2px #e4572e88; }
    .element[data-change="inserted"]::after { content: " +"; }
    .element[data-change="moved"]::after { content: " →"; }
    /* Hover's boxes, coloured as a browser's inspector colours a box model: insets as
       margin (orange), contentInsets as padding (green), spacing as a gap (hatched purple). */
    .boxes { position: absolute; left: 0; top: 0; pointer-events: none; }
    .box { position: absolute; box-sizing: border-box; pointer-events: none; }
    .box.item { border: 2px solid var(--box-item); }
    .box.line, .box.group { border: 1px dashed var(--box-line); }
    .box.inset { background: var(--box-inset); }
    .box.padding { background: var(--box-padding); }
    .box.spacing { background: repeating-linear-gradient(135deg, var(--box-spacing) 0 3px, transparent 3px 6px); }
    .box-info { display: flex; flex-wrap: wrap; gap: 4px 12px; max-width: 640px; font: 12px var(--mono); }
    .box-label::before { content: ""; display: inline-block; width: 10px; height: 10px; margin-right: 4px;
      vertical-align: -1px; border: 1px solid var(--muted); }
    .box-label.item::before { border: 2px solid var(--box-item); }
    .box-label.line::before, .box-label.group::before { border: 1px dashed var(--box-line); }
    .box-label.inset::before { background: var(--box-inset); }
    .box-label.padding::before { background: var(--box-padding); }
    .box-label.spacing::before { background: var(--box-spacing); }
    .ghost { position: absolute; border: 1px dashed var(--pin-edge); pointer-events: none; }
    .resize-handle { position: absolute; right: -6px; bottom: -6px; width: 18px; height: 18px;
      border-radius: 50%; background: #e4572e; cursor: nwse-resize; }
    .geometry { font: 12px var(--mono); color: var(--muted); }
    .replay { font: 12px var(--mono); color: var(--muted); }
    .replay select { max-width: 420px; font: 12px var(--mono); }
    .timeline { display: flex; gap: 6px; align-items: center; font: 12px var(--mono); }
    .timeline input { width: 220px; }
    .panels { overflow: auto; background: var(--paper); border-left: 1px solid var(--line); }
    .panels h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted);
      margin: 0; padding: 8px 12px 4px; display: flex; gap: 8px; align-items: center; }
    .panels h2 input, .panels h2 button { margin-left: auto; font-size: 12px; text-transform: none; }
    .overview-box { padding-bottom: 6px; border-bottom: 1px solid var(--line); }
    #overview { display: block; margin: 0 12px; border: 1px solid var(--line); cursor: grab; }
    .panel { border-bottom: 1px solid var(--line); }
    .inspector { padding: 0 12px 8px; font: 12px/1.5 var(--mono); }
    .inspector table { border-collapse: collapse; }
    .inspector td { padding: 0 8px 0 0; vertical-align: top; }
    .inspector td:first-child { color: var(--muted); }
    .hint { color: var(--muted); margin: 4px 0; }
    .why { margin: 0; padding-left: 18px; white-space: normal; }
    .why li { margin-bottom: 3px; }
    .why .rule { color: var(--muted); }
    .trace, .output, .session { margin: 0; padding: 0 12px 8px; font: 11px/1.45 var(--mono);
      max-height: 240px; overflow: auto; white-space: pre; }
    .output .err { color: var(--error); }
    """#
}
