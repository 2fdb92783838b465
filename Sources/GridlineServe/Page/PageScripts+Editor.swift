extension PageScripts {
  /// The script: a text area over a highlighted copy of its text. The colours are the
  /// language's own (the server's highlighter, sent with each run); until they arrive for
  /// the text as typed, the copy is plain, so it never shows stale colours out of line.
  static let editor = #"""
    const escape = (s) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);

    export class Editor {
      constructor(elements, actions) {
        Object.assign(this, elements);
        this.actions = actions;
        this.problemLines = new Map();
        this.steppedLine = 0;
        this.colours = null;
        this.coloursFor = null;
        this.completionItems = [];
        this.source.addEventListener('input', () => {
          this.render();
          this.actions.edited();
        });
        this.source.addEventListener('scroll', () => this.syncScroll());
        this.source.addEventListener('keydown', (e) => this.key(e));
        this.source.addEventListener('blur', () => setTimeout(() => this.hideCompletions(), 150));
      }

      get text() { return this.source.value; }

      setText(text) {
        this.source.value = text;
        this.render();
      }

      /// The text before the caret, which completion completes.
      get beforeCaret() { return this.source.value.slice(0, this.source.selectionStart); }

      /// Colours from the server for `text`; ignored when the text has changed since.
      colour(text, lines) {
        this.coloursFor = text;
        this.colours = lines;
        this.render();
      }

      problems(list) {
        this.problemLines = new Map();
        for (const p of list) {
          if (p.line && !this.problemLines.has(p.line)) this.problemLines.set(p.line, p.type);
        }
        this.problemList.replaceChildren(...list.map((p) => {
          const li = document.createElement('li');
          li.className = p.type;
          li.dataset.code = p.code;
          const place = p.file && p.file !== this.fileName ? `${p.file}:` : '';
          li.innerHTML = `<span class="place">${escape(place)}${p.line}:${p.column}</span> ` +
            `<span class="code">${escape(p.type)} ${escape(p.code)}</span> ${escape(p.message)}` +
            (p.help ? ` <span class="help">— ${escape(p.help)}</span>` : '');
          li.addEventListener('click', () => this.reveal(p.line, p.column));
          return li;
        }));
        this.render();
      }

      markStepped(line) {
        this.steppedLine = line;
        this.render();
      }

      reveal(line, column) {
        const lines = this.source.value.split('\n');
        let offset = 0;
        for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
        offset += Math.max(0, (column || 1) - 1);
        this.source.focus();
        this.source.setSelectionRange(offset, offset);
      }

      render() {
        const text = this.source.value;
        const coloured = this.coloursFor === text && this.colours;
        const lines = coloured
          ? this.colours.map((runs) => runs.map(([t, c]) => c ? `<span class="tok-${c}">${escape(t)}</span>` : escape(t)).join(''))
          : text.split('\n').map(escape);
        this.highlight.innerHTML = lines.map((html, i) => {
          const classes = [];
          const problem = this.problemLines.get(i + 1);
          if (problem) classes.push(problem === 'error' ? 'line-error' : 'line-warning');
          if (this.steppedLine === i + 1) classes.push('line-stepped');
          return classes.length ? `<span class="${classes.join(' ')}">${html || ' '}</span>` : html;
        }).join('\n') + '\n';
        this.syncScroll();
      }

      syncScroll() {
        this.highlight.scrollTop = this.source.scrollTop;
        this.highlight.scrollLeft = this.source.scrollLeft;
      }

      key(e) {
        if (!this.completions.hidden) {
          const items = [...this.completions.children];
          const active = items.findIndex((li) => li.classList.contains('active'));
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            const next = (active + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
            items.forEach((li, i) => li.classList.toggle('active', i === next));
            items[next].scrollIntoView({ block: 'nearest' });
            return;
          }
          if (e.key === 'Enter' || e.key === 'Tab') {
            e.preventDefault();
            this.accept(Math.max(0, active));
            return;
          }
          if (e.key === 'Escape') { this.hideCompletions(); return; }
        }
        if (e.key === ' ' && e.ctrlKey) {
          e.preventDefault();
          this.actions.complete(this.beforeCaret);
        } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          this.actions.runNow();
        } else if (e.key === 'Tab') {
          e.preventDefault();
          this.insert('  ', 0);
        }
      }

      /// Completion candidates for the text before the caret, which ends in `typed`.
      showCompletions(typed, items) {
        if (typed && !this.beforeCaret.endsWith(typed)) return;  // the text moved on meanwhile
        this.completionItems = items.map((item) => ({ ...item, typed }));
        if (items.length === 0) { this.hideCompletions(); return; }
        this.completions.replaceChildren(...items.slice(0, 200).map((item, i) => {
          const li = document.createElement('li');
          li.textContent = item.label;
          if (i === 0) li.classList.add('active');
          li.addEventListener('mousedown', (e) => { e.preventDefault(); this.accept(i); });
          return li;
        }));
        const { line, column } = this.caretPlace();
        this.completions.style.left = `${12 + column * 7.8}px`;
        this.completions.style.top = `${10 + line * 19.5 - this.source.scrollTop}px`;
        this.completions.hidden = false;
      }

      hideCompletions() { this.completions.hidden = true; }

      accept(i) {
        const item = this.completionItems[i];
        this.hideCompletions();
        if (item) this.insert(item.text, item.typed.length);
      }

      /// Replaces the `replacing` characters before the caret with `text`.
      insert(text, replacing) {
        const at = this.source.selectionStart;
        this.source.setRangeText(text, at - replacing, this.source.selectionEnd, 'end');
        this.render();
        this.actions.edited();
      }

      caretPlace() {
        const before = this.beforeCaret.split('\n');
        return { line: before.length, column: before[before.length - 1].length };
      }
    }
    """#
}
