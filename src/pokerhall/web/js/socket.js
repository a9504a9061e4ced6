/* One table's WebSocket: says hello with the seat token (or none to watch), hands every server
   message to `onMessage`, keeps the connection alive with pings and, when it drops, reconnects
   with exponential backoff (plus jitter, so a restarted server is not hit by everyone at once).
   The server answers every (re)connect with a fresh welcome and state, so nothing is lost. */

const PROTOCOL = 1;
const BACKOFF = [500, 1000, 2000, 4000, 8000, 15000];
const PING_EVERY = 20000;

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {{token: () => string|null, onMessage: (msg) => void,
   *          onStatus: (status: string, detail?: object) => void}} hooks
   *   status is "connecting", "open", "waiting" (detail.seconds until the next try) or "stopped".
   */
  constructor(tableId, hooks) {
    this.tableId = tableId;
    this.hooks = hooks;
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.stopped = false;
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen()) this.reconnectNow();
    });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.hooks.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ v: PROTOCOL, type: "hello", token: this.hooks.token() }));
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_EVERY);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "welcome") {
        this.attempt = 0;
        this.hooks.onStatus("open");
      }
      this.hooks.onMessage(message);
    });
    ws.addEventListener("close", () => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return; // an old socket we replaced on purpose
      this.ws = null;
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    if (this.stopped) {
      this.hooks.onStatus("stopped");
      return;
    }
    const base = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.hooks.onStatus("waiting", { seconds: Math.ceil(delay / 1000) });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Drop the current connection and connect again at once (e.g. after taking a seat). */
  reconnectNow() {
    if (this.stopped) return;
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    clearInterval(this.pingTimer);
    this.attempt = 0;
    this.connect();
  }

  /** Stop for good (the table does not exist); no more reconnects. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.hooks.onStatus("stopped");
  }

  /** Send a message; false when the connection is down (the caller tells the player). */
  send(message) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify({ v: PROTOCOL, ...message }));
    return true;
  }
}
