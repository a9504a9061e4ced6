// @ts-check
/* The bet form (X5): three groups of radio buttons built from the prompt's parameters, so
   only legal values can be chosen: the board (the prompt's `board` choices), the chips (its
   `chips` int range) and the action card (its `card` choices, "" for none). The button says
   the whole bet in words. The default choice is the prompt's default move; a choice made
   stays chosen while the same prompt is on screen. */

import { byId, fill, h, show } from "../../dom.js";
import { t } from "../../i18n.js";
import { actionAbout, actionName } from "./cards.js";

const IDS = [
  "det-bet-form", "bet-board-options", "bet-chips-options", "bet-chips-hint", "bet-card-options",
  "bet-submit", "action-error",
];

/** The prompt's bet move: {board: [...], chips: [min..max], cards: [...]}, or null. */
export function betChoices(prompt) {
  const move = prompt?.moves?.find((m) => m.type === "bet");
  if (!move) return null;
  const { board, chips, card } = move.params;
  const step = chips.step || 1;
  const amounts = [];
  for (let n = chips.min; n <= chips.max; n += step) amounts.push(n);
  return { board: board.choices, chips: amounts, cards: card.choices, max: chips.max };
}

function idOf(value) {
  return value === "" ? "nocard" : value === "+1" ? "plus1" : String(value);
}

export class BetPanel {
  constructor(send) {
    this.sendMove = send;
    /** The panel's elements by id; the form controls among them are read as inputs (buttons share disabled/value). */
    /** @type {Record<string, HTMLInputElement>} */
    this.el = Object.fromEntries(IDS.map((id) => [id, /** @type {HTMLInputElement} */ (byId(id))]));
    this.key = null;
    this.prompt = null;
    this.model = null;
    this.busy = false;
    this.el["det-bet-form"].addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.el["det-bet-form"].addEventListener("change", () => this.label());
  }

  /** Draw the form for the model's prompt; true when a new prompt has just arrived. */
  update(model) {
    this.model = model;
    const prompt = model.prompt;
    const key = prompt ? `${prompt.type}:${prompt.prompt_id}` : null;
    const fresh = key !== this.key;
    this.key = key;
    this.prompt = prompt;
    const choices = betChoices(prompt);
    show(this.el["det-bet-form"], Boolean(choices));
    if (fresh) {
      this.busy = false;
      this.el["action-error"].textContent = "";
      if (choices) this.build(choices, prompt.default || {});
    }
    this.disable(this.busy);
    if (choices) this.label();
    return fresh && prompt !== null;
  }

  /** Redraw the labels in the current language, keeping what is chosen. */
  relabel() {
    if (!this.prompt) return;
    const chosen = this.chosen();
    this.build(betChoices(this.prompt), chosen);
    this.disable(this.busy);
    this.label();
  }

  radio(group, value, checked, text, hint) {
    const id = `bet-${group}-${idOf(value)}`;
    return h(
      "div",
      { class: "field-check det-option" },
      h("input", { type: "radio", id, name: `bet-${group}`, value: String(value), checked, "aria-describedby": hint ? `${id}-about` : null }),
      h("label", { for: id }, text),
      hint ? h("span", { class: "field-hint", id: `${id}-about` }, hint) : null,
    );
  }

  build(choices, chosen) {
    const model = this.model;
    const names = model.names;
    const board = choices.board.includes(chosen.board) ? chosen.board : choices.board[0];
    const chips = choices.chips.includes(chosen.chips) ? chosen.chips : choices.chips[0];
    const cards = chosen.card ?? "";
    const card = choices.cards.includes(cards) ? cards : "";
    fill(
      this.el["bet-board-options"],
      choices.board.map((seat) =>
        this.radio("board", seat, seat === board, seat === model.seat ? t("det.bet.ownBoard", { name: names[seat] }) : names[seat]),
      ),
    );
    fill(
      this.el["bet-chips-options"],
      choices.chips.map((n) => this.radio("chips", n, n === chips, t("det.bet.chipCount", { count: n }))),
    );
    const after = this.prompt.rounds_after ?? 0;
    this.el["bet-chips-hint"].textContent = after > 0 ? t("det.bet.keep", { count: after }) : t("det.bet.last", { max: choices.max });
    fill(
      this.el["bet-card-options"],
      choices.cards.map((id) => this.radio("card", id, id === card, actionName(id), actionAbout(id))),
    );
  }

  /** {board, chips, card} as chosen in the form. */
  chosen() {
    const form = this.el["det-bet-form"];
    const value = (name) => /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name="bet-${name}"]:checked`))?.value ?? null;
    const board = value("board");
    const chips = value("chips");
    return {
      board: board === null ? null : Number(board),
      chips: chips === null ? null : Number(chips),
      card: value("card") ?? "",
    };
  }

  label() {
    const { board, chips, card } = this.chosen();
    if (board === null || chips === null) {
      this.el["bet-submit"].textContent = t("det.bet.choose");
      return;
    }
    const own = board === this.model.seat;
    let text = t(own ? "det.bet.submitOwn" : "det.bet.submit", { count: chips, name: this.model.names[board] });
    if (card) text += ` ${t("det.bet.withCard", { card: actionName(card) })}`;
    this.el["bet-submit"].textContent = text;
  }

  disable(disabled) {
    for (const el of this.el["det-bet-form"].querySelectorAll("input, button")) /** @type {HTMLInputElement | HTMLButtonElement} */ (el).disabled = disabled;
  }

  submit() {
    const choices = betChoices(this.prompt);
    if (!choices || this.busy) return false;
    const { board, chips, card } = this.chosen();
    // Only the prompt's values can be chosen; check anyway, so nothing illegal is ever sent.
    if (!choices.board.includes(board) || !choices.chips.includes(chips) || !choices.cards.includes(card)) {
      this.el["action-error"].textContent = t("det.bet.choose");
      return false;
    }
    if (!this.sendMove({ type: "bet", board, chips, card })) {
      this.el["action-error"].textContent = t("actions.notConnected");
      return false;
    }
    const panel = byId("actions");
    if (panel.contains(document.activeElement)) panel.focus();
    this.busy = true;
    this.disable(true);
    return true;
  }

  refused(reason) {
    this.busy = false;
    this.disable(false);
    this.el["action-error"].textContent = t("actions.refused", { reason });
  }

  focus() {
    const first = /** @type {HTMLInputElement | null} */ (this.el["det-bet-form"].querySelector('input[name="bet-board"]:checked'));
    if (first && !this.el["det-bet-form"].hidden && !first.disabled) first.focus();
    else byId("actions").focus();
  }
}
