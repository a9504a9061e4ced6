/* Palace Poker's move controls, from the one prompt shape (engine/prompts.py) alone:
   - `turn`: the five actions (P6): buy, discard (a subset of one's soldiers), battle (an
     opponent from the prompt's choices and a bet in its range), stay and fold; an action the
     prompt does not offer is shown disabled, and the reason is written out;
   - `battle`: fold, call, raise by an amount in the prompt's range (P10);
   - `soldiers`: keep them all (when allowed) or let the chosen go (P7, P10).
   The controls are static elements of panels.html (so focus survives updates); this module
   shows, labels and enables them, checks what is typed against the prompt before anything is
   sent, and disables everything while a move is in flight. */

import { playingCard } from "../../card-face.js";
import { byId, fill, h, show } from "../../dom.js";
import { formatList, formatNumber, t } from "../../i18n.js";
import { cardWords } from "./cards.js";

const IDS = [
  "pal-turn", "pal-buy", "pal-stay", "pal-fold", "pal-forced", "pal-unavailable",
  "pal-discard-form", "pal-discard-cards", "pal-discard-error", "pal-discard",
  "pal-battle-form", "pal-target", "pal-bet", "pal-bet-range", "pal-bet-error", "pal-battle",
  "pal-answer", "pal-battle-state", "pal-call", "pal-fold-battle", "pal-raise-form",
  "pal-raise-by", "pal-raise-range", "pal-raise-error", "pal-raise",
  "pal-soldiers", "pal-soldiers-form", "pal-soldiers-hint", "pal-soldiers-cards",
  "pal-soldiers-error", "pal-keep", "pal-letgo",
];

/** The prompt's moves by type. */
export function movesOf(prompt) {
  return Object.fromEntries((prompt?.moves || []).map((m) => [m.type, m]));
}

function checkboxes(container, prefix, cards) {
  if (!cards.length) {
    fill(container, h("p", { class: "muted" }, t("pal.act.noSoldiers")));
    return;
  }
  fill(
    container,
    h(
      "ul",
      { class: "card-choices" },
      cards.map((card, i) =>
        h(
          "li",
          { class: "field-check" },
          h("input", { type: "checkbox", id: `${prefix}-${i}`, value: card }),
          h(
            "label",
            { for: `${prefix}-${i}`, class: "card-choice" },
            playingCard(card, { words: cardWords(card), classes: ["pc-inline"] }),
          ),
        ),
      ),
    ),
  );
}

function chosen(container) {
  return [...container.querySelectorAll("input[type=checkbox]:checked")].map((el) => el.value);
}

/** A whole number typed into `input` within [min, max], else null. */
function whole(input, min, max) {
  const text = input.value.trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

export class PalaceActions {
  /** send(move) sends a move for the current prompt; false when not connected. */
  constructor(send) {
    this.sendMove = send;
    this.el = Object.fromEntries(IDS.map((id) => [id, byId(id)]));
    this.prompt = null;
    this.key = null;
    this.busy = false;
    this.names = [];
    this.bind();
  }

  bind() {
    const el = this.el;
    el["pal-buy"].addEventListener("click", () => this.buy());
    el["pal-stay"].addEventListener("click", () => this.stay());
    el["pal-fold"].addEventListener("click", () => this.fold());
    el["pal-discard-form"].addEventListener("submit", (e) => {
      e.preventDefault();
      this.discard();
    });
    el["pal-battle-form"].addEventListener("submit", (e) => {
      e.preventDefault();
      this.battle();
    });
    el["pal-target"].addEventListener("change", () => this.labelBattle());
    el["pal-bet"].addEventListener("input", () => this.labelBattle());
    el["pal-call"].addEventListener("click", () => this.call());
    el["pal-fold-battle"].addEventListener("click", () => this.fold());
    el["pal-raise-form"].addEventListener("submit", (e) => {
      e.preventDefault();
      this.raise();
    });
    el["pal-raise-by"].addEventListener("input", () => this.labelRaise());
    el["pal-keep"].addEventListener("click", () => this.keep());
    el["pal-soldiers-form"].addEventListener("submit", (e) => {
      e.preventDefault();
      this.letGo();
    });
  }

  /** Draw the controls for the model's prompt; true when a new prompt has just arrived. */
  update(model) {
    const prompt = model.prompt;
    const key = prompt ? `${prompt.type}:${prompt.prompt_id}` : null;
    const fresh = key !== this.key;
    this.prompt = prompt;
    this.key = key;
    this.view = model.view;
    this.names = model.names;
    if (fresh) {
      this.busy = false;
      this.clearErrors();
      this.build();
    }
    this.render();
    return fresh && prompt !== null;
  }

  /** Rebuild what depends on the prompt's choices (cards, targets, amounts). */
  build() {
    const el = this.el;
    const prompt = this.prompt;
    const moves = movesOf(prompt);
    if (prompt?.type === "turn") {
      checkboxes(el["pal-discard-cards"], "pal-discard-card", moves.discard?.params.cards.choices || this.mySoldiers());
      const battle = moves.battle?.params;
      const players = this.view.players;
      fill(
        el["pal-target"],
        (battle?.target.choices || []).map((seat) =>
          h(
            "option",
            { value: String(seat) },
            t("pal.act.targetOption", { name: players[seat].name, seat: seat + 1, banner: cardWords(players[seat].banner) }),
          ),
        ),
      );
      if (battle) el["pal-bet"].value = String(battle.bet.min);
    } else if (prompt?.type === "battle") {
      const raise = moves.raise?.params.by;
      if (raise) el["pal-raise-by"].value = String(raise.min);
    } else if (prompt?.type === "soldiers") {
      checkboxes(el["pal-soldiers-cards"], "pal-soldier", moves.discard.params.cards.choices);
    }
  }

  mySoldiers() {
    const seat = this.view?.seat;
    return seat === null || seat === undefined ? [] : this.view.players[seat].soldiers;
  }

  render() {
    const el = this.el;
    const prompt = this.prompt;
    const type = prompt?.type ?? null;
    const moves = movesOf(prompt);
    show(el["pal-turn"], type === "turn");
    show(el["pal-answer"], type === "battle");
    show(el["pal-soldiers"], type === "soldiers");
    const disable = (id, off) => {
      el[id].disabled = this.busy || off;
    };
    if (type === "turn") {
      el["pal-buy"].textContent = t("pal.act.buy", { amount: formatNumber(moves.buy?.cost ?? this.view.rules.buy_price) });
      el["pal-stay"].textContent = t("pal.act.stay");
      el["pal-fold"].textContent = t("pal.act.fold");
      el["pal-discard"].textContent = t("pal.act.discard", { amount: formatNumber(moves.discard?.cost ?? this.view.rules.discard_price) });
      disable("pal-buy", !moves.buy);
      disable("pal-stay", !moves.stay);
      disable("pal-fold", !moves.fold);
      disable("pal-discard", !moves.discard);
      for (const box of el["pal-discard-cards"].querySelectorAll("input")) box.disabled = this.busy || !moves.discard;
      const battle = moves.battle?.params;
      disable("pal-battle", !battle);
      disable("pal-target", !battle);
      el["pal-bet"].disabled = this.busy || !battle || battle.bet.min === battle.bet.max;
      if (battle) {
        el["pal-bet"].min = battle.bet.min;
        el["pal-bet"].max = battle.bet.max;
        el["pal-bet-range"].textContent = battle.bet.min === battle.bet.max
          ? t("pal.act.exact", { amount: formatNumber(battle.bet.min) })
          : t("pal.act.range", { min: formatNumber(battle.bet.min), max: formatNumber(battle.bet.max) });
      } else {
        el["pal-bet"].value = "";
        el["pal-bet-range"].textContent = t("pal.act.noTarget");
      }
      this.labelBattle();
      show(el["pal-forced"], Boolean(prompt.forced));
      el["pal-forced"].textContent = prompt.forced ? t("pal.act.forced") : "";
      const missing = ["buy", "discard", "battle", "stay"].filter((m) => !moves[m]).map((m) => t(`pal.act.name.${m}`));
      el["pal-unavailable"].textContent = missing.length ? t("pal.act.unavailable", { moves: formatList(missing) }) : "";
    } else if (type === "battle") {
      const view = this.view;
      const other = prompt.role === "defender" ? prompt.attacker : prompt.defender;
      const me = prompt.role === "defender" ? prompt.defender : prompt.attacker;
      el["pal-battle-state"].textContent = t("pal.act.battleWith", {
        name: view.players[other].name,
        mine: formatNumber(prompt.bets[String(me)] ?? 0),
        theirs: formatNumber(prompt.bets[String(other)] ?? 0),
      });
      el["pal-call"].textContent = t("pal.act.call", { amount: formatNumber(moves.call.amount) });
      el["pal-fold-battle"].textContent = t("pal.act.foldBattle");
      disable("pal-call", false);
      disable("pal-fold-battle", false);
      const raise = moves.raise?.params.by;
      show(el["pal-raise-form"], Boolean(raise));
      disable("pal-raise", !raise);
      el["pal-raise-by"].disabled = this.busy || !raise || raise.min === raise.max;
      if (raise) {
        el["pal-raise-by"].min = raise.min;
        el["pal-raise-by"].max = raise.max;
        el["pal-raise-range"].textContent = raise.min === raise.max
          ? t("pal.act.exact", { amount: formatNumber(raise.min) })
          : t("pal.act.raiseRange", { min: formatNumber(raise.min), max: formatNumber(raise.max) });
        this.labelRaise();
      }
    } else if (type === "soldiers") {
      const excess = prompt.excess || 0;
      el["pal-soldiers-hint"].textContent = excess ? t("pal.act.mustLetGo", { count: excess }) : t("pal.act.mayLetGo");
      show(el["pal-keep"], Boolean(moves.keep));
      el["pal-keep"].textContent = t("pal.act.keep");
      el["pal-letgo"].textContent = t("pal.act.letGo");
      disable("pal-keep", !moves.keep);
      disable("pal-letgo", false);
      for (const box of el["pal-soldiers-cards"].querySelectorAll("input")) box.disabled = this.busy;
    }
  }

  labelBattle() {
    const value = this.el["pal-bet"].value.trim();
    this.el["pal-battle"].textContent = t("pal.act.battle", { amount: /^\d+$/.test(value) ? formatNumber(Number(value)) : "…" });
    this.el["pal-bet-error"].textContent = "";
    this.el["pal-bet"].removeAttribute("aria-invalid");
  }

  labelRaise() {
    const value = this.el["pal-raise-by"].value.trim();
    this.el["pal-raise"].textContent = t("pal.act.raise", { amount: /^\d+$/.test(value) ? formatNumber(Number(value)) : "…" });
    this.el["pal-raise-error"].textContent = "";
    this.el["pal-raise-by"].removeAttribute("aria-invalid");
  }

  clearErrors() {
    for (const id of ["pal-discard-error", "pal-bet-error", "pal-raise-error", "pal-soldiers-error"]) this.el[id].textContent = "";
    for (const id of ["pal-bet", "pal-raise-by"]) this.el[id].removeAttribute("aria-invalid");
    byId("action-error").textContent = "";
  }

  problem(errorId, text, focus) {
    this.el[errorId].textContent = text;
    if (focus.tagName === "INPUT" && focus.type !== "checkbox") focus.setAttribute("aria-invalid", "true");
    focus.focus();
    return false;
  }

  send(move) {
    if (!this.prompt || this.busy) return false;
    byId("action-error").textContent = "";
    if (!this.sendMove(move)) {
      byId("action-error").textContent = t("pal.act.notConnected");
      return false;
    }
    // The control about to be disabled would drop focus to the page top: keep it in the panel.
    const panel = byId("actions");
    if (panel.contains(document.activeElement)) panel.focus();
    this.busy = true;
    this.render();
    return true;
  }

  /** The server refused the move: say why and let the player try again. */
  refused(reason) {
    this.busy = false;
    this.render();
    byId("action-error").textContent = t("pal.act.refused", { reason });
  }

  // --- the moves (also the keyboard shortcuts; each returns whether it sent something) ---

  has(type, move) {
    return this.prompt?.type === type && Boolean(movesOf(this.prompt)[move]);
  }

  buy() {
    return this.has("turn", "buy") && this.send({ type: "buy" });
  }

  stay() {
    return this.has("turn", "stay") && this.send({ type: "stay" });
  }

  fold() {
    if (!this.has("turn", "fold") && !this.has("battle", "fold")) return false;
    return this.send({ type: "fold" });
  }

  discard() {
    const spec = movesOf(this.prompt).discard;
    if (this.prompt?.type !== "turn" || !spec) return false;
    const cards = chosen(this.el["pal-discard-cards"]);
    const { min, max } = spec.params.cards;
    if (cards.length < min || cards.length > max) {
      const first = this.el["pal-discard-cards"].querySelector("input");
      return this.problem("pal-discard-error", t("pal.act.errChoose", { count: min }), first ?? this.el["pal-discard"]);
    }
    return this.send({ type: "discard", cards });
  }

  battle() {
    const spec = movesOf(this.prompt).battle;
    if (this.prompt?.type !== "turn" || !spec) return false;
    const { min, max } = spec.params.bet;
    const bet = whole(this.el["pal-bet"], min, max);
    if (bet === null) {
      return this.problem("pal-bet-error", t("pal.act.errAmount", { min: formatNumber(min), max: formatNumber(max) }), this.el["pal-bet"]);
    }
    const target = Number(this.el["pal-target"].value);
    if (!spec.params.target.choices.includes(target)) return false;
    return this.send({ type: "battle", target, bet });
  }

  call() {
    return this.has("battle", "call") && this.send({ type: "call" });
  }

  raise() {
    const spec = movesOf(this.prompt).raise;
    if (this.prompt?.type !== "battle" || !spec) return false;
    const { min, max } = spec.params.by;
    const by = whole(this.el["pal-raise-by"], min, max);
    if (by === null) {
      return this.problem("pal-raise-error", t("pal.act.errAmount", { min: formatNumber(min), max: formatNumber(max) }), this.el["pal-raise-by"]);
    }
    return this.send({ type: "raise", by });
  }

  keep() {
    return this.has("soldiers", "keep") && this.send({ type: "keep" });
  }

  letGo() {
    const spec = movesOf(this.prompt).discard;
    if (this.prompt?.type !== "soldiers" || !spec) return false;
    const cards = chosen(this.el["pal-soldiers-cards"]);
    const { min, max } = spec.params.cards;
    if (cards.length < min || cards.length > max) {
      const first = this.el["pal-soldiers-cards"].querySelector("input");
      return this.problem("pal-soldiers-error", t("pal.act.errChoose", { count: min }), first ?? this.el["pal-letgo"]);
    }
    return this.send({ type: "discard", cards });
  }

  /** Focus the control the player most likely wants now. */
  focusForTurn() {
    const el = this.el;
    const type = this.prompt?.type;
    const candidates = {
      turn: ["pal-buy", "pal-stay", "pal-battle", "pal-fold"],
      battle: ["pal-call", "pal-fold-battle"],
      soldiers: ["pal-keep", "pal-letgo"],
    }[type] || [];
    const target = candidates.map((id) => el[id]).find((b) => !b.hidden && !b.disabled);
    if (target) target.focus();
    else byId("actions").focus();
  }
}
