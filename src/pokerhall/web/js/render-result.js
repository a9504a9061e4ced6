/* The end of a hand on the felt: while the server holds a result pause (its `result_pause`
   message, docs/protocol.md), the centre of the oval shows what decided the hand that just
   ended, a countdown and, for a player the pause waits for, a "Next hand" button (or the N
   key). A game module may draw the result itself (`handResult(model, hand, events)`, a node)
   or name the events that decided it (`resultEvents`, a Set); else the hand's last events are
   listed in words. The same moment is announced in one sentence, naming the winners: the
   drawing marks each winner's element `data-result-winner` (with its `data-seat`), and chips
   fly from its `data-result-pot` element (else the heading) to each of them, decoration only
   (aria-hidden, none under prefers-reduced-motion: css/table.css). */

import { describeEvent } from "./describe.js";
import { h } from "./dom.js";
import { formatList, t } from "./i18n.js";

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

  /** A `result_pause` message (or a snapshot's `pause`): show, update or end the result.
      `redraw`: a snapshot, which may see more than before (a seat taken since) or less. */
  update(model, game, pause, { redraw = false } = {}) {
    const started = pause && !this.pause;
    this.pause = pause ? { ...pause, at: performance.now() } : null;
    if (!pause) {
      this.section?.remove();
      this.section = null;
      this.slot.closest(".game-grid")?.removeAttribute("data-result");
      clearInterval(this.ticker);
      return;
    }
    if (!started && this.section && redraw) {
      this.hand = (model.currentHand ?? 2) - 1;
      this.draw(model, game);
    } else if (started || !this.section) {
      this.hand = (model.currentHand ?? 2) - 1;
      this.draw(model, game);
      this.bringIntoView();
      const winners = this.winners(model);
      const params = { hand: this.hand, count: Math.ceil(pause.seconds), names: formatList(winners) };
      this.announcer.say(t(winners.length ? "result.announceWon" : "result.announce", params));
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
    this.flyChips();
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.renderWaiting(model), 1000);
  }

  /** The names of the seats the drawing marks as winners, each once. */
  winners(model) {
    const seats = [...this.section.querySelectorAll("[data-result-winner][data-seat]")].map((el) => Number(el.dataset.seat));
    return [...new Set(seats)].map((seat) => model.names[seat] ?? `${seat + 1}`);
  }

  /** A few chips travel from the pot (or the heading) to each winner's element, and fade. */
  flyChips() {
    const box = this.section.getBoundingClientRect();
    const from = (this.section.querySelector("[data-result-pot]") ?? this.section.querySelector("h2")).getBoundingClientRect();
    const targets = [...this.section.querySelectorAll("[data-result-winner]")];
    for (const [n, target] of targets.entries()) {
      const to = target.getBoundingClientRect();
      if (!to.width || !from.width) continue;
      for (let i = 0; i < 3; i += 1) {
        const x = from.left + from.width / 2 - box.left;
        const y = from.top + from.height / 2 - box.top;
        const chip = h("span", { class: "result-chip", "aria-hidden": "true" });
        chip.style.left = `${x}px`;
        chip.style.top = `${y}px`;
        chip.style.setProperty("--dx", `${to.left + Math.min(24, to.width / 2) - box.left - x}px`);
        chip.style.setProperty("--dy", `${to.top + to.height / 2 - box.top - y}px`);
        chip.style.animationDelay = `${300 + n * 150 + i * 110}ms`;
        this.section.append(chip);
      }
    }
  }

  /** The result is the moment to look at: scrolled into the window when it is not wholly in
      it (on a phone the next hand's move form may have taken the focus and the view below). */
  bringIntoView() {
    requestAnimationFrame(() => { // once the page has settled (the move form's focus may scroll)
      const box = this.section?.getBoundingClientRect();
      if (box && (box.top < 0 || box.bottom > window.innerHeight)) this.section.scrollIntoView({ block: "start" });
    });
  }

  /** The language changed: the result is drawn again in it (not announced again). */
  relabel(model, game) {
    if (!this.pause || !this.section) return;
    this.draw(model, game);
    this.renderWaiting(model);
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
