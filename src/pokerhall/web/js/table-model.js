// @ts-check
/* What the table page knows: the table (lobby info), our seat, the latest view, the turn clock
   and the events of recent rounds (grouped by round, for the log and the game's panels).
   It only stores server messages; the renderers draw from it. A round starts with the
   `round_started` event (its `round`); the game module may say how else to tell. */

const KEEP_HANDS = 60;

export class TableModel {
  constructor(tableId) {
    this.tableId = tableId;
    /** The game module's hook: roundOf(view) (may be missing). */
    this.game = {};
    this.info = null;
    /** @type {Record<string, any> | null | undefined} how other devices reach this server (GET /api/reach; set by table.js) */
    this.reach = undefined;
    this.seat = null;
    this.view = null;
    this.clock = { you: null, table: null };
    this.clockAt = 0;
    /** hand number → visible events of that hand, in order */
    this.hands = new Map();
    this.currentHand = null;
    /** {seats: [status per seat], spectators} from the server (render-presence.js) */
    this.presence = null;
  }

  welcome(message) {
    this.seat = message.seat;
    this.info = message.table;
  }

  setInfo(info) {
    this.info = info;
  }

  /** A full snapshot: the view plus the events of the current hand (replacing what we had). */
  state(message) {
    this.view = message.view;
    this.presence = message.presence ?? null;
    this.setClock(message.clock);
    const number = this.roundOf(message.view, message.events);
    this.hands.set(number, [...message.events]);
    // During a result pause, the hand that just ended (so a reload draws its result again).
    const ended = message.result_events ?? [];
    if (ended.length) this.hands.set(this.roundStarted(ended[0]) ?? number - 1, [...ended]);
    this.currentHand = number;
    this.trim();
  }

  /** New events after a move; returns them grouped as [[hand, [events]], ...]. */
  update(message) {
    const added = [];
    for (const event of message.events) {
      const started = this.roundStarted(event);
      if (started !== null) {
        this.currentHand = started;
        this.hands.set(started, []);
      }
      const hand = this.currentHand ?? this.roundOf(message.view, []);
      if (!this.hands.has(hand)) this.hands.set(hand, []);
      this.hands.get(hand).push(event);
      const last = added[added.length - 1];
      if (last && last[0] === hand) last[1].push(event);
      else added.push([hand, [event]]);
    }
    this.view = message.view;
    this.setClock(message.clock);
    this.trim();
    return added;
  }

  /** The round an event starts (every game's `round_started`), else null. */
  roundStarted(event) {
    return event.type === "round_started" ? event.round : null;
  }

  /** The round a snapshot is in: the game's word for it, else its last round start, else 1. */
  roundOf(view, events) {
    const number = this.game.roundOf?.(view) ?? null;
    if (number !== null && number !== undefined) return number;
    for (const event of [...events].reverse()) {
      const started = this.roundStarted(event);
      if (started !== null) return started;
    }
    return this.currentHand ?? 1;
  }

  setClock(clock) {
    this.clock = clock || { you: null, table: null };
    this.clockAt = performance.now();
  }

  /** Seconds left on a clock ("you" or "table") now, or null when there is none. */
  secondsLeft(which) {
    const seconds = this.clock[which];
    if (seconds === null || seconds === undefined) return null;
    return Math.max(0, seconds - (performance.now() - this.clockAt) / 1000);
  }

  trim() {
    const numbers = [...this.hands.keys()].sort((a, b) => a - b);
    for (const number of numbers.slice(0, Math.max(0, numbers.length - KEEP_HANDS))) {
      this.hands.delete(number);
    }
  }

  get prompt() {
    return this.view?.you?.prompt ?? null;
  }

  get names() {
    if (this.view) return this.view.players.map((p) => p.name);
    return (this.info?.seats || []).map((s) => s.name || "");
  }

  /** The context describe.js needs. */
  get describeContext() {
    return { names: this.names };
  }

  get me() {
    return this.seat === null || !this.view ? null : this.view.players[this.seat];
  }

  eventsOf(hand) {
    return this.hands.get(hand) || [];
  }

  seatInfo(seat) {
    return this.info?.seats?.[seat] ?? null;
  }
}
