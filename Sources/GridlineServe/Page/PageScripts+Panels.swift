extension PageScripts {
  /// The panels beside the picture: the inspector (an element's attributes and the calls
  /// about it), the trace of the last step (filterable), what the script printed, the
  /// session's statements (to copy into a script), and the timeline of a motion's frames.
  static let panels = #"""
    import { number } from './viewport.js';

    const escape = (s) => String(s).replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
    const rect = (r) => `(${number(r.x)}, ${number(r.y)}, ${number(r.width)}, ${number(r.height)})`;
    // Output kept in the panel: the newest entries, so a long session stays light.
    const outputLimit = 400;

    export class Panels {
      constructor(elements) {
        Object.assign(this, elements);
        this.traceLines = [];
        this.outputs = [];
        this.sessionLines = [];
        this.traceFilter.addEventListener('input', () => this.showTrace());
      }

      inspect(element, calls, why) {
        if (!element) {
          this.inspector.innerHTML = '<p class="hint">Click an element.</p>';
          return;
        }
        const rows = [
          ['element', element.label + (element.kind ? ` (${element.kind})` : '')],
          ['category', element.category],
          ['indexPath', `[${element.indexPath.join(', ')}]`],
          ['frame', rect(element.frame)],
          ['center', `(${number(element.center.x)}, ${number(element.center.y)})`],
          ['size', `${number(element.size.width)} × ${number(element.size.height)}`],
          ['zIndex', element.zIndex],
          ['alpha', number(element.alpha)],
          ['hidden', element.hidden],
        ];
        if (element.transform) rows.push(['transform', `[${element.transform.map(number).join(', ')}]`]);
        if (element.pinned) rows.push(['pinned', `from ${rect(element.naturalFrame)}`]);
        if (element.layer) rows.push(['layer', element.layer]);
        if (element.reuseIdentifier !== undefined) {
          rows.push(['reuseIdentifier', element.reuseIdentifier], ['view', `#${element.view}`]);
        }
        if (element.change) rows.push(['update', element.change]);
        const table = rows.map(([k, v]) => `<tr><td>${escape(k)}</td><td>${escape(v)}</td></tr>`).join('');
        const callList = calls === undefined ? ''
          : calls.length === 0 ? '<p class="hint">No call of the last step names it.</p>'
          : `<p class="hint">Calls of the last step about it:</p><pre>${calls.map(escape).join('\n')}</pre>`;
        // How the layout placed it, step by step with the rules (`why item`).
        const steps = why && why.length
          ? `<p class="hint">Why here:</p><ol class="why">${why.map((s) =>
            `<li>${escape(s.text)} <span class="rule">[${escape(s.rule)}]</span></li>`).join('')}</ol>`
          : '';
        this.inspector.innerHTML = `<table>${table}</table>${steps}${callList}`;
      }

      /// A reply's outputs: the trace replaces the last step's, the rest is appended.
      outputsOf(state) {
        const traces = state.outputs.filter((o) => o.record.type === 'trace');
        if (traces.length) this.traceLines = traces.flatMap((o) => o.text.split('\n'));
        const others = state.outputs.filter((o) => o.record.type !== 'trace');
        this.outputs.push(...others);
        if (state.omittedOutputs) {
          this.outputs.push({ stream: 'err', text: `… ${state.omittedOutputs} more outputs not sent` });
        }
        this.outputs = this.outputs.slice(-outputLimit);
        this.showTrace();
        this.output.innerHTML = this.outputs
          .map((o) => o.stream === 'err' ? `<span class="err">${escape(o.text)}</span>` : escape(o.text))
          .join('\n');
        this.output.scrollTop = this.output.scrollHeight;
      }

      clearOutput() { this.outputs = []; this.output.textContent = ''; }

      showTrace() {
        const filter = this.traceFilter.value.trim().toLowerCase();
        const lines = filter ? this.traceLines.filter((l) => l.toLowerCase().includes(filter)) : this.traceLines;
        this.trace.textContent = lines.join('\n');
      }

      /// The statements the session ran, as script lines.
      ran(line) {
        if (line === 'run') this.sessionLines = [];
        else this.sessionLines.push(line);
        this.sessionLines = this.sessionLines.slice(-outputLimit);
        this.session.textContent = this.sessionLines.join('\n');
        this.session.scrollTop = this.session.scrollHeight;
      }

      get sessionText() { return this.sessionLines.join('\n') + '\n'; }
    }

    /// The frames of the last motion (a fling, an animated step), kept to be scrubbed and
    /// played again; the engine stays at the last frame it ran.
    export class Timeline {
      constructor(elements, show) {
        Object.assign(this, elements);
        this.show = show;
        this.frames = [];
        this.playing = null;
        this.scrub.addEventListener('input', () => this.showFrame(Number(this.scrub.value)));
      }

      start() {
        this.stopReplay();
        this.frames = [];
        this.box.hidden = false;
      }

      add(state) {
        this.frames.push(state);
        this.scrub.max = String(this.frames.length - 1);
        this.scrub.value = String(this.frames.length - 1);
        this.label(this.frames.length - 1, state.motion);
      }

      label(i, motion) {
        const total = motion ? motion.frames : this.frames.length - 1;
        this.frameLabel.textContent = `frame ${i} of ${total}`;
      }

      showFrame(i) {
        const state = this.frames[i];
        if (!state) return;
        this.label(i, this.frames[this.frames.length - 1].motion);
        this.show(state, i < this.frames.length - 1);
      }

      replay() {
        this.stopReplay();
        let i = 0;
        const rate = this.frames[0]?.frameRate || 60;
        let last = -Infinity;
        const tick = (t) => {
          if (t - last >= 1000 / rate - 1) {
            last = t;
            this.scrub.value = String(i);
            this.showFrame(i++);
          }
          if (i < this.frames.length) this.playing = requestAnimationFrame(tick);
        };
        this.playing = requestAnimationFrame(tick);
      }

      stopReplay() {
        if (this.playing) cancelAnimationFrame(this.playing);
        this.playing = null;
      }
    }
    """#
}
