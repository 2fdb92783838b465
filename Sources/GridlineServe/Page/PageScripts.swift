/// The page's ES modules, one per concern (app.js wires the others together).
enum PageScripts {
  /// The page's state and its replies: runs go at once (a newer one supersedes the last,
  /// and its reply wins), gestures go one at a time through the connection's queue, and a
  /// motion's frames are asked for at the engine's frame rate while the page shows them.
  static let app = #"""
    import { Connection } from './connection.js';
    import { Viewport, keyOf } from './viewport.js';
    import { Finger } from './finger.js';
    import { Editor } from './editor.js';
    import { Panels, Timeline } from './panels.js';

    const $ = (id) => document.getElementById(id);
    // Places to a hundredth of a point: finer than a screen shows, and readable as lines.
    const round = (n) => Math.round(n * 100) / 100;
    // How long typing must pause before the script runs again.
    const editPause = 350;
    // Input-to-frame times kept for the status line and for tests.
    const latencyWindow = 120;
    const keep = (list, value) => {
      list.push(value);
      if (list.length > latencyWindow) list.shift();
    };

    const page = {
      latest: null,        // the newest state from the engine
      runId: null,         // the newest run or step sent; older replies to runs are stale
      runText: null,       // the text that run sent
      loadedText: null,    // FILE's text as last loaded; edits since make the page 'dirty'
      fileName: null,
      motion: false,       // frames are being asked for
      paused: false,
      hoverKey: null,      // the item whose boxes are outlined (or asked for)
      boxAsked: null,      // the id of the box request in flight
      replayId: null,      // the id of the replay sent, until its state comes
      latencies: [],       // input to drawn, ms
      frameLatencies: [],  // input to the next animation frame, ms
      roundTrips: [],      // message sent to its reply drawn, ms
      inputDelays: [],     // input event to its handler: the browser's own delay, ms
      frameTimer: null,
      editTimer: null,
      answered: 0,         // the id of the last run or step answered
      // Whether the engine has answered all the page sent (tests wait for this).
      settled: () => !connection.busy && page.editTimer === null && !page.motion &&
        page.runId !== null && page.answered >= page.runId,
    };
    window.gridline = page;

    const viewport = new Viewport($('device-view'), $('content'), $('overview'), $('geometry'));
    page.viewport = viewport;
    const panels = new Panels({ inspector: $('inspector'), trace: $('trace'), traceFilter: $('trace-filter'),
      output: $('output'), session: $('session') });
    const timeline = new Timeline({ box: $('timeline'), scrub: $('scrub'),
      frameLabel: $('frame-label') }, (state, scrubbed) => {
        hover(null);
        viewport.draw(state);
        status(scrubbed ? 'showing a recorded frame; the engine is at the last one' : '');
      });
    const status = (text) => { $('status').textContent = text || latencyText(); };

    const median = (l) => [...l].sort((a, b) => a - b)[Math.floor(l.length / 2)];

    function latencyText() {
      const l = page.latencies;
      if (!l.length) return '';
      return `input → drawn ${median(l).toFixed(1)} ms, → on screen ${median(page.frameLatencies).toFixed(1)} ms ` +
        `(medians of ${l.length})`;
    }

    const connection = new Connection({
      status: (text) => status(text),
      message: (message, gesture) => receive(message, gesture),
    });

    const editor = new Editor({ source: $('source'), highlight: $('highlight'), problemList: $('problems'),
      completions: $('completions') }, {
      edited: () => {
        // The animations listed are the last run's text's: offered again after the next run.
        $('replay-box').hidden = true;
        clearTimeout(page.editTimer);
        page.editTimer = setTimeout(() => run(true), editPause);
      },
      runNow: () => run(true),
      complete: (before) => connection.send('complete', { text: before }),
    });

    // The editor's text sent as a run, a step or a replay: it supersedes what was pending
    // (an edit's run, a motion's frames, queued gestures), and its reply is the one drawn.
    function sendText(type, fields = {}) {
      clearTimeout(page.editTimer);
      page.editTimer = null;
      stopMotion();
      connection.clearQueue();
      page.runText = editor.text;
      page.runId = connection.send(type, { text: editor.text, ...fields });
      return page.runId;
    }

    function run(keepOffset) { sendText('run', { keepOffset }); }

    function step() { sendText('step'); }

    // An animation of the whole run, played again: the script runs up to it, then its
    // frames come one by one as a stepped statement's do (the timeline records them).
    function replay(statement) { page.replayId = sendText('replay', { statement }); }

    function listAnimations(animations) {
      const select = $('replay');
      const none = document.createElement('option');
      none.value = '';
      none.textContent = `${animations.length} animation${animations.length === 1 ? '' : 's'}…`;
      select.replaceChildren(none, ...animations.map((a) => {
        const option = document.createElement('option');
        option.value = a.statement;
        option.textContent = `line ${a.line}: ${a.text}`;
        return option;
      }));
      $('replay-box').hidden = animations.length === 0;
    }

    function stopMotion() {
      page.motion = false;
      clearTimeout(page.frameTimer);
    }

    // Frames: the next is asked for one frame period after the last was drawn.
    function askFrame() {
      if (!page.motion || page.paused) return;
      const period = 1000 / ((page.latest && page.latest.frameRate) || 60);
      clearTimeout(page.frameTimer);
      page.frameTimer = setTimeout(() => {
        if (page.motion && !page.paused) connection.enqueue('frame');
      }, Math.max(0, period - 2));
    }

    function receive(message, gesture) {
      // The wheel's pending target is where the next wheel event starts from, until the
      // engine has answered every scroll sent.
      if (connection.queue.length === 0) page.pendingOffset = null;
      switch (message.type) {
        case 'hello':
          page.boxAsked = null;
          page.fileName = message.file;
          editor.fileName = message.name;
          $('file-name').textContent = message.file || 'untitled.gl (not saved anywhere)';
          if (message.problem) notice(message.problem);
          page.loadedText = message.text;
          editor.setText(message.text);
          run(false);
          return;
        case 'file':
          fileChanged(message);
          return;
        case 'state':
          if (isStale(message)) return;
          if (message.id === page.runId) page.answered = message.id;
          show(message, gesture);
          return;
        case 'problems':
          if (isStale(message)) return;
          page.answered = message.id;
          editor.colour(page.runText, message.highlight);
          editor.problems(message.diagnostics);
          status('the script has errors: the picture is the last good run');
          return;
        case 'completion':
          editor.showCompletions(message.typed, message.items);
          return;
        case 'inspection':
          panels.inspect(message.element, message.calls, message.why);
          return;
        case 'boxes':
          showBoxes(message);
          return;
        case 'cancelled':
          if (message.id === page.runId) page.answered = message.id;
          return;
        case 'error':
          if (message.code === 'no-motion') { stopMotion(); return; }
          // A box request refused (the item is no longer displayed, the server is busy): asked
          // again only for another item the pointer has moved to, never the same one.
          if (page.boxAsked !== null && message.id === page.boxAsked) {
            page.boxAsked = null;
            if (page.hoverKey !== page.boxKey && message.code !== 'busy') askBoxes();
            return;
          }
          status(`${message.code}: ${message.message}`);
          return;
      }
    }

    // A reply to a message sent before the newest run or step is of a session that run
    // replaced.
    function isStale(message) {
      return message.id !== undefined && page.runId !== null && message.id < page.runId;
    }

    function show(state, gesture) {
      const isRun = state.id === page.runId;
      page.latest = state;
      viewport.draw(state);
      // A run, a step or a resize may lay the items out anew: the outlined boxes go, and
      // the pointer's next move asks for them again. Scrolling keeps them (content
      // coordinates).
      if (isRun || state.motion || (state.ran && state.ran.startsWith('resize'))) hover(null);
      if (state.highlight) editor.colour(page.runText, state.highlight);
      if (state.animations) listAnimations(state.animations);
      if (isRun) {
        const runtime = state.outputs.filter((o) => o.record.type === 'error' || o.record.type === 'warning')
          .map((o) => o.record);
        editor.problems(runtime);
        if (state.step) editor.markStepped(state.step.line); else editor.markStepped(0);
        if (state.ran === 'run') panels.clearOutput();
        // A replay's answer is a new session from the script's start: the output and the
        // session's lines go (a refused replay, answered with an error, keeps them).
        if (state.id === page.replayId) {
          panels.clearOutput();
          panels.ran('run');
          page.replayId = null;
        }
      }
      if (state.ran) panels.ran(state.ran);
      panels.outputsOf(state);
      if (state.motion) {
        // A motion's first state (frame 0: where it starts) opens a new recording.
        if (state.motion.done === 0 || !page.motion) timeline.start();
        timeline.add(state);
        page.motion = state.motion.done < state.motion.frames;
        if (page.motion) askFrame();
      } else if (gesture && gesture.type !== 'frame') {
        stopMotion();
      }
      if (gesture && gesture.type !== 'frame' && gesture.type !== 'select') {
        // From the input event to the picture redrawn in the page (the engine's step, the
        // socket both ways, the drawing), and to the next animation frame, when the screen
        // shows it (the display's refresh decides that part).
        const at = gesture.at;
        keep(page.latencies, performance.now() - at);
        keep(page.roundTrips, performance.now() - gesture.sentAt);
        requestAnimationFrame(() => {
          keep(page.frameLatencies, performance.now() - at);
          status();
        });
      } else if (isRun) {
        status(state.failed ? 'the run stopped at an error (see Output)' : '');
      }
    }

    function fileChanged(message) {
      const dirty = editor.text !== page.loadedText;
      if (message.problem) { notice(message.problem); return; }
      if (dirty) {
        notice(`${message.file} changed on disk. `, 'Load it (your edits here are replaced)', () => {
          page.loadedText = message.text;
          editor.setText(message.text);
          run(true);
        });
        return;
      }
      page.loadedText = message.text;
      editor.setText(message.text);
      run(true);
    }

    function notice(text, action, act) {
      const box = $('notice');
      box.textContent = text;
      if (action) {
        const button = document.createElement('button');
        button.textContent = action;
        button.addEventListener('click', () => { box.hidden = true; act(); });
        box.append(button);
      }
      box.hidden = false;
    }

    new Finger($('device-view'), viewport, {
      touchDown: () => {
        // A finger on moving content stops it where it is (the next gesture tells the engine).
        if (page.motion) stopMotion();
        timeline.stopReplay();
        hover(null);
        // A finger acts on the engine's state, not on a recorded frame being looked at.
        if (page.latest && viewport.state !== page.latest) viewport.draw(page.latest);
      },
      drag: (x, y, at) => connection.enqueue('drag', { x, y }, at),
      release: (x, y, at) => {
        page.motion = true;
        page.paused = false;
        connection.enqueue('release', { x, y }, at);
      },
      tap: (point, element, at) => {
        connection.enqueue('tap', { x: round(point.x), y: round(point.y) }, at);
        viewport.select(element);
        panels.inspect(element, element && element.category === 'cell' ? [] : undefined);
        if (element && element.category === 'cell') {
          connection.enqueue('select', { section: element.indexPath[0], item: element.indexPath[1],
            layer: element.layer });
        }
      },
      moveBegin: (item, at) => {
        connection.enqueue('move', { phase: 'begin', section: item.indexPath[0], item: item.indexPath[1] }, at);
      },
      moveTo: (point, at) => connection.enqueue('move', { phase: 'to', x: round(point.x), y: round(point.y) }, at),
      moveEnd: (at) => connection.enqueue('move', { phase: 'end' }, at),
      moveCancel: () => connection.enqueue('move', { phase: 'cancel' }),
      scrollBy: (dx, dy, at) => {
        const s = page.latest;
        if (!s) return;
        const base = page.pendingOffset || { x: s.bounds.x, y: s.bounds.y };
        const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), Math.max(lo, hi));
        // Chromium holds wheel events until its next frame (rAF-aligned input): how long,
        // kept apart from the engine's and the page's part.
        keep(page.inputDelays, performance.now() - at);
        const target = {
          x: clamp(base.x + dx, s.minimumOffset.x, s.maximumOffset.x),
          y: clamp(base.y + dy, s.minimumOffset.y, s.maximumOffset.y),
        };
        page.pendingOffset = target;
        stopMotion();
        connection.enqueue('scroll', { x: round(target.x), y: round(target.y) }, at);
      },
      hover: (element) => hover(element),
    });

    // Hover: the item is outlined at once; its line or groups, insets and spacing when the
    // engine has said where they are (only for the item still under the pointer).
    function hover(element) {
      viewport.hover(element);
      const cell = element && element.category === 'cell' ? element : null;
      const key = cell ? keyOf(cell) : null;
      if (key === page.hoverKey) return;
      page.hoverKey = key;
      page.hoverCell = cell;
      viewport.clearBoxes();
      $('box-info').hidden = true;
      askBoxes();
    }

    // One box request at a time: a pointer sweeping over small cells while a long run goes
    // on must not fill the connection's queue. The item under the pointer when the answer
    // comes is asked next.
    function askBoxes() {
      if (page.boxAsked || !page.hoverCell) return;
      const cell = page.hoverCell;
      page.boxKey = keyOf(cell);
      page.boxAsked = connection.send('box', { section: cell.indexPath[0], item: cell.indexPath[1],
        layer: cell.layer });
    }

    function showBoxes(message) {
      const key = `${message.layer || ''}|cell||${message.indexPath.join('.')}`;
      page.boxAsked = null;
      if (key !== page.hoverKey) { askBoxes(); return; }
      viewport.showBoxes(message.boxes);
      const info = $('box-info');
      // One caption per kind of box: the two gaps either side of an item are one label, ×2.
      const counts = new Map();
      for (const b of message.boxes) {
        const key = `${b.role}|${b.label}`;
        counts.set(key, { role: b.role, label: b.label, n: (counts.get(key)?.n || 0) + 1 });
      }
      info.replaceChildren(...[...counts.values()].map((b) => {
        const line = document.createElement('span');
        line.className = `box-label ${b.role}`;
        line.textContent = b.n > 1 ? `${b.label} ×${b.n}` : b.label;
        return line;
      }));
      info.hidden = message.boxes.length === 0;
    }


    // The overview: press and drag the visible rectangle.
    const overview = $('overview');
    let overviewDrag = false;
    const overviewTo = (e) => {
      const s = page.latest;
      if (!s) return;
      const o = viewport.offsetFromOverview(e.clientX, e.clientY);
      const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), Math.max(lo, hi));
      stopMotion();
      connection.enqueue('scroll', { x: round(clamp(o.x, s.minimumOffset.x, s.maximumOffset.x)),
        y: round(clamp(o.y, s.minimumOffset.y, s.maximumOffset.y)) }, e.timeStamp);
    };
    overview.addEventListener('pointerdown', (e) => { overviewDrag = true; overview.setPointerCapture(e.pointerId); overviewTo(e); });
    overview.addEventListener('pointermove', (e) => { if (overviewDrag) overviewTo(e); });
    overview.addEventListener('pointerup', () => { overviewDrag = false; });

    // The device's size: a preset, or the corner handle dragged (one resize on release).
    $('device').addEventListener('change', (e) => {
      if (!e.target.value) { run(true); return; }
      const [width, height] = e.target.value.split('x').map(Number);
      connection.enqueue('resize', { width, height });
    });
    const handle = $('resize-handle');
    let resizing = null;
    handle.addEventListener('pointerdown', (e) => {
      if (!page.latest) return;
      handle.setPointerCapture(e.pointerId);
      resizing = { x: e.clientX, y: e.clientY, width: page.latest.bounds.width, height: page.latest.bounds.height };
    });
    handle.addEventListener('pointermove', (e) => {
      if (!resizing) return;
      const s = viewport.scale;
      resizing.to = { width: Math.max(40, Math.round(resizing.width + (e.clientX - resizing.x) / s)),
        height: Math.max(40, Math.round(resizing.height + (e.clientY - resizing.y) / s)) };
      $('device-view').style.width = `${resizing.to.width * s}px`;
      $('device-view').style.height = `${resizing.to.height * s}px`;
      status(`resize to ${resizing.to.width} × ${resizing.to.height}`);
    });
    handle.addEventListener('pointerup', () => {
      if (resizing && resizing.to) connection.enqueue('resize', resizing.to);
      resizing = null;
    });

    $('run').addEventListener('click', () => run(false));
    $('step').addEventListener('click', () => step());
    $('replay').addEventListener('change', (e) => {
      if (e.target.value !== '') replay(Number(e.target.value));
      e.target.value = '';
    });
    $('pause').addEventListener('click', () => { page.paused = true; });
    $('next-frame').addEventListener('click', () => {
      page.paused = true;
      if (page.motion) connection.enqueue('frame');
    });
    // Play: a paused motion goes on; a finished one is played again from its first frame.
    $('play').addEventListener('click', () => {
      if (page.motion && page.paused) {
        page.paused = false;
        askFrame();
      } else if (!page.motion) {
        timeline.replay();
      }
    });
    $('copy-session').addEventListener('click', () => navigator.clipboard?.writeText(panels.sessionText));

    const stage = document.querySelector('.stage');
    const fit = () => viewport.fit({ width: stage.clientWidth - 60, height: stage.clientHeight - 110 });
    window.addEventListener('resize', fit);
    fit();
    connection.open();
    """#
}
