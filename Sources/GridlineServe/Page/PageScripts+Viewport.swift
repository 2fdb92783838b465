extension PageScripts {
  /// Drawing a state: the collection view at the device's size (scaled to fit the page),
  /// each element a box at its frame, in zIndex order per layer, with UIKit's transform
  /// about its center and its alpha; pinned elements marked, with a dashed box where
  /// they would be unpinned; and the whole content in the overview.
  static let viewport = #"""
    const number = (n) => (Math.round(n * 1000) / 1000).toString().replace(/^-0$/, '0');

    // The key of an element across states: its layer, category, kind and index path.
    const keyOf = (e) => `${e.layer || ''}|${e.category}|${e.kind || ''}|${e.indexPath.join('.')}`;

    export class Viewport {
      constructor(device, content, overview, geometry) {
        this.device = device;
        this.content = content;
        this.overview = overview;
        this.geometry = geometry;
        this.nodes = new Map();
        this.state = null;
        this.scale = 1;
        this.selected = null;
        // The boxes outlined around the hovered item, above every layer.
        this.overlay = document.createElement('div');
        this.overlay.className = 'boxes';
      }

      /// Fits the device into `room` (CSS pixels) without enlarging it.
      fit(room) { this.room = room; if (this.state) this.draw(this.state); }

      draw(state) {
        this.state = state;
        const b = state.bounds;
        const room = this.room || { width: 600, height: 800 };
        this.scale = Math.min(1, room.width / b.width, room.height / b.height);
        const s = this.scale;
        this.device.style.width = `${b.width * s}px`;
        this.device.style.height = `${b.height * s}px`;
        this.content.style.transform = `scale(${s}) translate(${-b.x}px, ${-b.y}px)`;
        const seen = new Set();
        const layers = new Map();
        for (const e of state.elements) {
          const key = keyOf(e);
          seen.add(key);
          let node = this.nodes.get(key);
          if (!node) {
            node = document.createElement('div');
            node.className = 'element';
            this.nodes.set(key, node);
          }
          this.place(node, e);
          const layerName = e.layer || 'main';
          if (!layers.has(layerName)) layers.set(layerName, []);
          layers.get(layerName).push(node);
          if (e.pinned) {
            seen.add(`ghost|${key}`);
            layers.get(layerName).push(this.ghost(key, e.naturalFrame));
          }
        }
        for (const [key, node] of this.nodes) {
          if (!seen.has(key)) this.nodes.delete(key);
        }
        // Back to front: one stacking context per layer, in the order the state lists them.
        const fragments = [];
        for (const [name, nodes] of layers) {
          const layer = document.createElement('div');
          layer.className = 'layer';
          layer.dataset.layer = name;
          layer.append(...nodes);
          fragments.push(layer);
        }
        this.content.replaceChildren(...fragments, this.overlay);
        this.drawOverview();
        const o = { x: b.x, y: b.y };
        this.geometry.textContent =
          `offset (${number(o.x)}, ${number(o.y)}) · content ${number(state.contentSize.width)} × ` +
          `${number(state.contentSize.height)} · bounds ${number(b.width)} × ${number(b.height)} · ` +
          `${state.elements.length} displayed` + (state.omitted ? ` (+${state.omitted} not drawn)` : '') +
          (s < 1 ? ` · shown at ${Math.round(s * 100)}%` : '');
      }

      place(node, e) {
        node.className = `element ${e.category}` + (e.pinned ? ' pinned' : '') +
          (this.selected === keyOf(e) ? ' selected' : '');
        node.dataset.key = keyOf(e);
        node.dataset.indexPath = e.indexPath.join('.');
        node.dataset.kind = e.kind || 'cell';
        node.dataset.category = e.category;
        node.dataset.frame = [e.frame.x, e.frame.y, e.frame.width, e.frame.height].map(number).join(',');
        node.dataset.z = e.zIndex;
        if (e.change) node.dataset.change = e.change; else delete node.dataset.change;
        node.textContent = e.label;
        // UIKit keeps center and size and applies the transform about the center; the frame
        // is the transformed box's bounds.
        const st = node.style;
        st.left = `${e.center.x - e.size.width / 2}px`;
        st.top = `${e.center.y - e.size.height / 2}px`;
        st.width = `${e.size.width}px`;
        st.height = `${e.size.height}px`;
        st.zIndex = e.zIndex;
        st.opacity = e.alpha;
        st.transform = e.transform ? `matrix3d(${e.transform.join(',')})` : '';
        st.visibility = e.hidden ? 'hidden' : '';
      }

      ghost(key, frame) {
        const id = `ghost|${key}`;
        let node = this.nodes.get(id);
        if (!node) {
          node = document.createElement('div');
          node.className = 'ghost';
          this.nodes.set(id, node);
        }
        Object.assign(node.style, {
          left: `${frame.x}px`, top: `${frame.y}px`, width: `${frame.width}px`,
          height: `${frame.height}px`, zIndex: -1,
        });
        return node;
      }

      /// The element drawn frontmost at a point of the page, or null.
      elementAt(clientX, clientY) {
        const hit = document.elementsFromPoint(clientX, clientY).find((n) => n.classList.contains('element'));
        if (!hit || !this.state) return null;
        return this.state.elements.find((e) => keyOf(e) === hit.dataset.key) || null;
      }

      /// A point of the page in content coordinates.
      toContent(clientX, clientY) {
        const r = this.device.getBoundingClientRect();
        const b = this.state.bounds;
        return { x: (clientX - r.left) / this.scale + b.x, y: (clientY - r.top) / this.scale + b.y };
      }

      select(element) {
        this.selected = element ? keyOf(element) : null;
        if (this.state) this.draw(this.state);
      }

      hover(element) {
        for (const n of this.content.querySelectorAll('.hovered')) n.classList.remove('hovered');
        if (element) this.nodes.get(keyOf(element))?.classList.add('hovered');
      }

      /// Outlines the boxes the engine gave for the hovered item: its frame, its line or
      /// groups, the insets around it and the spacing beside it (content coordinates).
      showBoxes(boxes) {
        this.overlay.replaceChildren(...boxes.map((b) => {
          const node = document.createElement('div');
          node.className = `box ${b.role}`;
          node.dataset.role = b.role;
          node.dataset.label = b.label;
          node.dataset.frame = [b.rect.x, b.rect.y, b.rect.width, b.rect.height].map(number).join(',');
          Object.assign(node.style, { left: `${b.rect.x}px`, top: `${b.rect.y}px`,
            width: `${b.rect.width}px`, height: `${b.rect.height}px` });
          return node;
        }));
      }

      clearBoxes() { this.overlay.replaceChildren(); }

      // The overview: the content scaled to the canvas, the displayed elements, and the
      // visible rectangle, which can be dragged.
      overviewScale() {
        const c = this.state.contentSize;
        const b = this.state.bounds;
        const width = Math.max(c.width, b.width, 1);
        const height = Math.max(c.height, b.height, 1);
        return Math.min(this.overview.width / width, this.overview.height / height);
      }

      drawOverview() {
        const ctx = this.overview.getContext('2d');
        const { width, height } = this.overview;
        ctx.clearRect(0, 0, width, height);
        const k = this.overviewScale();
        const c = this.state.contentSize;
        ctx.fillStyle = '#f4f5f7';
        ctx.fillRect(0, 0, c.width * k, c.height * k);
        ctx.strokeStyle = '#b8bcc4';
        ctx.strokeRect(0.5, 0.5, c.width * k, c.height * k);
        ctx.fillStyle = '#3a6fc4';
        for (const e of this.state.elements) {
          ctx.fillRect(e.frame.x * k, e.frame.y * k, Math.max(1, e.frame.width * k), Math.max(1, e.frame.height * k));
        }
        const b = this.state.bounds;
        ctx.strokeStyle = '#e4572e';
        ctx.lineWidth = 2;
        ctx.strokeRect(b.x * k, b.y * k, b.width * k, b.height * k);
        ctx.lineWidth = 1;
      }

      /// The offset that puts the visible rectangle's center at a point of the overview.
      offsetFromOverview(clientX, clientY) {
        const r = this.overview.getBoundingClientRect();
        const k = this.overviewScale();
        const b = this.state.bounds;
        return { x: (clientX - r.left) / k - b.width / 2, y: (clientY - r.top) / k - b.height / 2 };
      }
    }

    export { keyOf, number };
    """#
}
