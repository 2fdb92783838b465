extension PageScripts {
  /// The pointer as a finger: a press that moves is a drag (`drag by`, the finger's own
  /// motion, down and right positive), lifted with the velocity of its last 100 ms
  /// (`release velocity`, positive towards larger offsets: the content's, the opposite of
  /// the finger's); a press that does not move is a tap; a press held still on an item is
  /// a long press, which picks the item up for an interactive move (`move begin`, `move
  /// to` as it is dragged, `move end` when it is let go, `move cancel` on Escape). The
  /// wheel and the trackpad set the offset (`setContentOffset`), kept in range.
  static let finger = #"""
    // How far a press may wander and still be a tap, in CSS pixels.
    const tapSlop = 4;
    // The finger's speed at release: its motion over this many milliseconds before it.
    const velocityWindow = 100;
    // How long a press must be held still to pick an item up (UILongPressGestureRecognizer's
    // minimumPressDuration is 0.5 s).
    const longPress = 500;
    // Points to a hundredth and velocities to a ten-thousandth of a point per millisecond:
    // finer than a screen shows, and the session's lines stay readable.
    const round = (n, places) => Math.round(n * 10 ** places) / 10 ** places;

    export class Finger {
      constructor(element, viewport, actions) {
        this.element = element;
        this.viewport = viewport;
        this.actions = actions;
        this.press = null;
        element.addEventListener('pointerdown', (e) => this.down(e));
        element.addEventListener('pointermove', (e) => this.move(e));
        element.addEventListener('pointerup', (e) => this.up(e));
        element.addEventListener('pointercancel', (e) => this.up(e));
        element.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
        element.addEventListener('mousemove', (e) => {
          if (!this.press) this.actions.hover(this.viewport.elementAt(e.clientX, e.clientY));
        });
        element.addEventListener('mouseleave', () => this.actions.hover(null));
        window.addEventListener('keydown', (e) => {
          if (e.key === 'Escape' && this.press && this.press.moving) {
            this.press = null;
            this.actions.moveCancel();
          }
        });
      }

      down(e) {
        if (e.button !== 0 || !this.viewport.state) return;
        this.element.setPointerCapture(e.pointerId);
        const press = { x: e.clientX, y: e.clientY, last: { x: e.clientX, y: e.clientY }, moved: false,
          samples: [{ t: e.timeStamp, x: e.clientX, y: e.clientY }] };
        this.press = press;
        this.actions.touchDown();
        const item = this.viewport.elementAt(e.clientX, e.clientY);
        if (item && item.category === 'cell') {
          press.timer = setTimeout(() => {
            if (this.press !== press || press.moved) return;
            press.moving = item;
            this.actions.moveBegin(item, performance.now());
          }, longPress);
        }
      }

      move(e) {
        const p = this.press;
        if (!p) return;
        if (p.moving) {
          const point = this.viewport.toContent(e.clientX, e.clientY);
          this.actions.moveTo(point, e.timeStamp);
          return;
        }
        if (!p.moved && Math.hypot(e.clientX - p.x, e.clientY - p.y) <= tapSlop) return;
        p.moved = true;
        clearTimeout(p.timer);
        const s = this.viewport.scale;
        const dx = round((e.clientX - p.last.x) / s, 2);
        const dy = round((e.clientY - p.last.y) / s, 2);
        // What rounding left out is carried into the next move, so the finger never drifts.
        p.last = { x: p.last.x + dx * s, y: p.last.y + dy * s };
        p.samples.push({ t: e.timeStamp, x: e.clientX, y: e.clientY });
        while (p.samples.length > 2 && e.timeStamp - p.samples[0].t > velocityWindow) p.samples.shift();
        if (dx !== 0 || dy !== 0) this.actions.drag(dx, dy, e.timeStamp);
      }

      up(e) {
        const p = this.press;
        if (!p) return;
        this.press = null;
        clearTimeout(p.timer);
        if (p.moving) {
          this.actions.moveEnd(e.timeStamp);
          return;
        }
        if (!p.moved) {
          this.actions.tap(this.viewport.toContent(e.clientX, e.clientY),
            this.viewport.elementAt(e.clientX, e.clientY), e.timeStamp);
          return;
        }
        // Points per millisecond, the content's direction: the finger's, reversed.
        const first = p.samples[0];
        const last = p.samples[p.samples.length - 1];
        const dt = Math.max(1, e.timeStamp - first.t);
        const s = this.viewport.scale;
        const stale = e.timeStamp - last.t > velocityWindow;
        const vx = stale ? 0 : round(-(last.x - first.x) / s / dt, 4);
        const vy = stale ? 0 : round(-(last.y - first.y) / s / dt, 4);
        this.actions.release(vx, vy, e.timeStamp);
      }

      wheel(e) {
        const state = this.viewport.state;
        if (!state) return;
        e.preventDefault();
        const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? state.bounds.height : 1;
        const s = this.viewport.scale;
        this.actions.scrollBy(e.deltaX * unit / s, e.deltaY * unit / s, e.timeStamp);
      }
    }
    """#
}
