// @ts-check
/* One table's WebSocket: says hello with the seat token (or none to watch), hands every server
   message to `onMessage`, and, when the connection drops, reconnects promptly: at once, then
   after about 1 s, then every 2.5 s or so (a player at a table is waiting for the game, so a
   long backoff only costs them their turn; the jitter keeps a restarted server from being hit
   by every browser in the same instant). It also tries at once when the browser comes back
   online or the tab becomes visible, and on "Reconnect now".
   A server process that stalls (frozen, or too busy) keeps the socket open but silent, and
   its tables are taken over by another process within a few seconds (docs/deploy.md): so when
   nothing has come for PING_WHEN_IDLE the client pings, and when nothing at all answers within
   PONG_TIMEOUT it gives the connection up and reconnects (these mirror the server's
   server/cluster/timing.py CLIENT_* constants; a test checks they agree). A busy table's
   updates are proof enough, so it costs no pings.
   The server answers every (re)connect with a fresh welcome and state, so nothing is lost. */

export const PROTOCOL = 1;
/** Wait before each retry (ms): the first at once, then ~1 s, then capped at ~2.5 s. */
export const RETRY_DELAYS = [0, 1000, 2500];
/** Each wait is scaled by a random factor in [1 - JITTER, 1 + JITTER]. */
const JITTER = 0.2;
/** A connection attempt that has not opened by then is given up and retried. */
export const CONNECT_TIMEOUT = 5000;
/** Ping when nothing has come from the server for this long (ms). */
export const PING_WHEN_IDLE = 2000;
/** Give the connection up when nothing answers a ping for this long (ms). */
export const PONG_TIMEOUT = 2500;
/** How often the watchdog looks (ms). */
const WATCH_EVERY = 250;

/** The wait before retry number `attempt` (0 = the first retry), with jitter. */
export function retryDelay(attempt, random = Math.random) {
  const base = RETRY_DELAYS[Math.min(attempt, RETRY_DELAYS.length - 1)];
  return Math.round(base * (1 - JITTER + random() * 2 * JITTER));
}

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {{token: () => string|null, code?: () => string|null, onMessage: (msg) => void,
   *          onStatus: (status: string, detail?: object) => void}} hooks
   *   status is "connecting", "open", "waiting" (detail.seconds until the next try) or "stopped";
   *   detail.attempt counts the tries since the connection was last open (0 = the first).
   */
  constructor(tableId, hooks) {
    this.tableId = tableId;
    this.hooks = hooks;
    this.ws = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.openTimer = null;
    this.heardAt = 0;
    this.pingedAt = null;
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
    clearTimeout(this.openTimer);
    this.hooks.onStatus("connecting", { attempt: this.attempt });
    const ws = new WebSocket(this.url());
    this.ws = ws;
    // A connect that hangs (a network that swallows packets) is given up and tried again.
    this.openTimer = setTimeout(() => {
      if (this.ws === ws && ws.readyState !== WebSocket.OPEN) ws.close();
    }, CONNECT_TIMEOUT);
    ws.addEventListener("open", () => {
      clearTimeout(this.openTimer);
      const code = this.hooks.code?.() ?? null; // a private table's, to watch it without a seat
      ws.send(JSON.stringify({ v: PROTOCOL, type: "hello", token: this.hooks.token(), ...(code ? { code } : {}) }));
      this.heardAt = Date.now();
      this.pingedAt = null;
      this.pingTimer = setInterval(() => this.watch(ws), WATCH_EVERY);
    });
    ws.addEventListener("message", (event) => {
      if (this.ws === ws) this.heardAt = Date.now();
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
      if (this.ws !== ws) return; // an old socket we replaced on purpose
      clearInterval(this.pingTimer);
      clearTimeout(this.openTimer);
      this.ws = null;
      this.scheduleRetry();
    });
  }

  /** Ping a quiet server; give up on one that does not answer (see the top of the file). A
   * timer that fires late (a hidden tab) only looks late: what was heard meanwhile counts. */
  watch(ws) {
    if (this.ws !== ws) return;
    const now = Date.now();
    if (this.pingedAt !== null && this.heardAt >= this.pingedAt) this.pingedAt = null;
    if (this.pingedAt !== null && now - this.pingedAt >= PONG_TIMEOUT) {
      this.giveUp(ws);
    } else if (this.pingedAt === null && now - this.heardAt >= PING_WHEN_IDLE) {
      this.pingedAt = now;
      this.send({ type: "ping" });
    }
  }

  /** Leave a silent connection without waiting for its closing handshake (a stalled server
   * would never answer it) and reconnect as if it had dropped. */
  giveUp(ws) {
    this.ws = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.openTimer);
    ws.close();
    this.scheduleRetry();
  }

  scheduleRetry() {
    if (this.stopped) {
      this.hooks.onStatus("stopped");
      return;
    }
    const delay = retryDelay(this.attempt);
    this.attempt += 1;
    this.hooks.onStatus("waiting", { seconds: Math.ceil(delay / 1000), attempt: this.attempt });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Drop the current connection and connect again at once (after taking a seat, "Reconnect
   * now"). The count of tries is kept while the connection is down, so the banner can say so. */
  reconnectNow() {
    if (this.stopped) return;
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    clearInterval(this.pingTimer);
    clearTimeout(this.openTimer);
    this.connect();
  }

  /** Stop for good (the table does not exist); no more reconnects. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.openTimer);
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
