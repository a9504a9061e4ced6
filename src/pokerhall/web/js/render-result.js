/* The end of a hand on the felt: while the server holds a result pause (its `result_pause`
   message, docs/protocol.md), the centre of the oval shows what decided the hand that just
   ended, a countdown and, for a player the pause waits for, a "Next hand" button (or the N
   key). A game module may draw the result itself (`handResult(model, hand, events)`, a node)
   or name the events that decided it (`resultEvents`, a Set); else the hand's last events are
   listed in words. The same moment is announced in one sentence. */

import { describeEvent } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const LAST = 8;

export class HandResult {
  constructor(slot, { send, announcer }) {
    this.slot = slot;
    this.send = send;
    this.announcer = announcer;
    this.section = null;
    this.pause = null;
    this.hand = null;
    this.ticker = null;
    document.addEventListener("keydown", (event) => {
      if (!this.pause || event.code !== "KeyN" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target.closest?.("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      this.next();
    });
  }

  /** A `result_pause` message (or a snapshot's `pause`): show, update or end the result. */
  update(model, game, pause) {
    const started = pause && !this.pause;
    this.pause = pause ? { ...pause, at: performance.now() } : null;
    if (!pause) {
      this.section?.remove();
      this.section = null;
      this.slot.closest(".game-grid")?.removeAttribute("data-result");
      clearInterval(this.ticker);
      return;
    }
    if (started || !this.section) {
      this.hand = (model.currentHand ?? 2) - 1;
      this.draw(model, game);
      this.announcer.say(t("result.announce", { hand: this.hand, count: Math.ceil(pause.seconds) }));
    }
    this.renderWaiting(model);
  }

  draw(model, game) {
    this.section?.remove();
    const events = model.eventsOf(this.hand);
    const ctx = model.describeContext;
    let body = game?.handResult?.(model, this.hand, events) ?? null;
    if (!body) {
      const chosen = game?.resultEvents ? events.filter((e) => game.resultEvents.has(e.type)) : events.slice(-LAST);
      body = h("ul", { class: "hand-result-lines" },
        chosen.map((event) => h("li", { "data-event": event.type }, describeEvent(event, ctx))).filter((li) => li.textContent));
    }
    this.waiting = h("p", { class: "hand-result-waiting", role: "timer" });
    this.button = h("button", { class: "btn", type: "button", id: "next-hand" }, t("result.next"));
    this.button.addEventListener("click", () => this.next());
    this.section = h("section", { class: "panel hand-result", id: "hand-result", "aria-labelledby": "hand-result-heading" },
      h("h2", { id: "hand-result-heading" }, t("result.heading", { hand: this.hand })), body, this.waiting, this.button);
    this.slot.append(this.section);
    this.slot.closest(".game-grid")?.setAttribute("data-result", "");
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.renderWaiting(model), 1000);
  }

  renderWaiting(model) {
    if (!this.pause || !this.section) return;
    const left = Math.max(0, Math.ceil(this.pause.seconds - (performance.now() - this.pause.at) / 1000));
    const mine = model.seat !== null && this.pause.waiting.includes(model.seat);
    const names = this.pause.waiting.map((seat) => model.names[seat] ?? `${seat + 1}`).join(", ");
    this.waiting.textContent = t("result.waiting", { count: left, names });
    this.button.hidden = !mine;
  }

  next() {
    if (!this.pause || !this.send({ type: "next_hand" })) return;
    this.button.disabled = true;
  }
}
