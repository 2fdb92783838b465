extension PageScripts {
  /// The WebSocket and the order of messages: one gesture in flight at a time, the moves
  /// made meanwhile merged into one (a finger's moves add up, scrolls and a moving item
  /// keep the last target), so a slow step never builds a backlog; a run goes at once.
  static let connection = #"""
    // The page's connection to `gl serve` (protocol version 1, docs/playground.md).
    export class Connection {
      constructor(handlers) {
        this.handlers = handlers;
        this.lastId = 0;
        this.queue = [];
        this.inFlight = null;
        this.ready = false;
        this.retry = 250;
      }

      open() {
        const socket = new WebSocket(`ws://${location.host}/ws`);
        this.socket = socket;
        socket.addEventListener('open', () => {
          this.ready = true;
          this.retry = 250;
          this.handlers.status('connected');
        });
        socket.addEventListener('message', (event) => this.receive(JSON.parse(event.data)));
        socket.addEventListener('close', () => {
          this.ready = false;
          this.inFlight = null;
          this.queue = [];
          this.handlers.status('disconnected: gl serve stopped? retrying…');
          setTimeout(() => this.open(), this.retry);
          this.retry = Math.min(this.retry * 2, 4000);
        });
      }

      /// Sends now; returns the message id its reply will carry.
      send(type, fields = {}) {
        if (!this.ready) return null;
        const id = ++this.lastId;
        this.socket.send(JSON.stringify({ v: 1, id, type, ...fields }));
        return id;
      }

      /// A gesture: sent when the one before it has been answered. `at` is when the input
      /// happened, for the input-to-frame time.
      enqueue(type, fields = {}, at = performance.now()) {
        const last = this.queue[this.queue.length - 1];
        if (last && last.type === type && type === 'drag') {
          last.fields.x += fields.x;
          last.fields.y += fields.y;
        } else if (last && last.type === type && (type === 'scroll' ||
          (type === 'move' && last.fields.phase === 'to' && fields.phase === 'to'))) {
          last.fields = fields;
        } else {
          this.queue.push({ type, fields, at });
        }
        this.pump();
      }

      /// Drops gestures not yet sent (a run replaces the session they were for).
      clearQueue() { this.queue = []; }

      get busy() { return this.inFlight !== null || this.queue.length > 0; }

      pump() {
        if (this.inFlight !== null || !this.ready || this.queue.length === 0) return;
        const next = this.queue.shift();
        const id = this.send(next.type, next.fields);
        this.inFlight = { id, at: next.at, sentAt: performance.now(), type: next.type };
      }

      receive(message) {
        let gesture = null;
        if (this.inFlight && message.id === this.inFlight.id) {
          gesture = this.inFlight;
          this.inFlight = null;
        }
        this.handlers.message(message, gesture);
        this.pump();
      }
    }
    """#
}
