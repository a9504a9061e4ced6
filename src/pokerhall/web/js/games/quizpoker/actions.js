// @ts-check
/* The action controls: guess entry, fold/check/call/bet/raise/all-in with the amount slider,
   number input and presets, and the duell's show-or-muck question for folded guesses (DU6).
   The controls are static elements in table.html (so focus and typed text survive updates);
   this module shows, labels and enables them for the current prompt and turns clicks into
   moves. Amounts are checked against the prompt's legal range before anything is sent. */

import { amountProblem, legalOf, presets, raiseRange } from "./amounts.js";
import { byId, show } from "../../dom.js";
import { currentLanguage, formatDecimal, formatNumber, t } from "../../i18n.js";
import { normalizeGuess } from "../../numbers.js";

const IDS = [
  "guess-form", "guess-input", "guess-sign", "guess-submit", "guess-preview", "guess-error",
  "bet-form", "amount-slider", "amount-input", "amount-range", "amount-error",
  "preset-min", "preset-half", "preset-pot", "preset-max", "move-buttons",
  "act-fold", "act-check", "act-call", "act-bet", "act-raise", "act-allin",
  "show-form", "show-guess", "muck-guess", "action-error",
];

export class ActionPanel {
  /** onMove(move) sends a move (the shell adds the prompt's id) and returns false when it could not. */
  constructor(onMove) {
    this.onMove = onMove;
    /** The panel's elements by id; the form controls among them are read as inputs (buttons share disabled/value). */
    /** @type {Record<string, HTMLInputElement>} */
    this.el = Object.fromEntries(IDS.map((id) => [id, /** @type {HTMLInputElement} */ (byId(id))]));
    this.prompt = null;
    this.promptKey = null;
    this.busy = false;
    this.bind();
  }

  bind() {
    const el = this.el;
    el["guess-form"].addEventListener("submit", (e) => {
      e.preventDefault();
      this.submitGuess();
    });
    el["guess-input"].addEventListener("input", () => this.previewGuess());
    el["guess-sign"].addEventListener("click", () => {
      const input = el["guess-input"];
      const value = input.value.trim();
      input.value = value.startsWith("-") ? value.slice(1) : `-${value}`;
      this.previewGuess();
      input.focus();
    });
    el["bet-form"].addEventListener("submit", (e) => {
      e.preventDefault();
      this.betOrRaise();
    });
    el["amount-slider"].addEventListener("input", () => this.setAmount(Number(el["amount-slider"].value)));
    el["amount-input"].addEventListener("input", () => this.amountTyped());
    for (const name of ["min", "half", "pot", "max"]) {
      el[`preset-${name}`].addEventListener("click", () => {
        const values = presets(this.prompt);
        if (values) this.setAmount(values[name]);
      });
    }
    el["act-fold"].addEventListener("click", () => this.fold());
    el["act-check"].addEventListener("click", () => this.send({ type: "check" }));
    el["act-call"].addEventListener("click", () => this.send({ type: "call" }));
    el["act-allin"].addEventListener("click", () => this.allIn());
    el["show-guess"].addEventListener("click", () => this.send({ type: "show" }));
    el["muck-guess"].addEventListener("click", () => this.send({ type: "muck" }));
  }

  /** Show the controls for the model's prompt; true when a new prompt has just arrived. */
  update(model) {
    const prompt = model.prompt;
    const key = prompt ? `${prompt.type}:${prompt.prompt_id}` : null;
    const fresh = key !== this.promptKey;
    this.prompt = prompt;
    this.promptKey = key;
    if (fresh) {
      this.busy = false;
      this.clearErrors();
      if (prompt?.type === "guess") this.el["guess-input"].value = "";
      if (prompt?.type === "bet") {
        const values = presets(prompt);
        if (values) this.setAmount(values.min);
      }
      if (prompt?.type === "guess") this.previewGuess();
    }
    this.render();
    return fresh && prompt !== null;
  }

  render() {
    const el = this.el;
    const prompt = this.prompt;
    const type = prompt?.type ?? null;
    const legal = legalOf(prompt);
    const range = raiseRange(prompt);
    show(el["guess-form"], type === "guess");
    show(el["bet-form"], Boolean(range));
    show(el["move-buttons"], type === "guess" || type === "bet");
    show(el["show-form"], type === "show_folded");
    show(el["act-check"], Boolean(legal?.check));
    show(el["act-call"], Boolean(legal?.call) && !legal.call_all_in); // then only "All-in"
    show(el["act-bet"], range?.kind === "bet");
    show(el["act-raise"], range?.kind === "raise");
    show(el["act-allin"], Boolean(legal && legal.all_in > 0));

    el["act-fold"].textContent = t("actions.fold");
    el["act-check"].textContent = t("actions.check");
    if (legal?.call) el["act-call"].textContent = t("actions.call", { amount: formatNumber(legal.call) });
    if (legal) el["act-allin"].textContent = t("actions.allIn", { amount: formatNumber(legal.all_in) });
    if (range) {
      const unit = prompt.unit || 1;
      for (const input of [el["amount-slider"], el["amount-input"]]) {
        input.min = range.min_to;
        input.max = range.max_to;
        input.step = unit;
      }
      // The slider clamps to its old range when its value is set first; set it again now.
      el["amount-slider"].value = el["amount-input"].value;
      el["amount-range"].textContent = t("actions.range", {
        min: formatNumber(range.min_to),
        max: formatNumber(range.max_to),
        unit: formatNumber(unit),
      });
      this.labelAggressive();
    }
    const controls = [
      "guess-input", "guess-sign", "guess-submit", "amount-slider", "amount-input",
      "preset-min", "preset-half", "preset-pot", "preset-max", "act-fold", "act-check",
      "act-call", "act-bet", "act-raise", "act-allin", "show-guess", "muck-guess",
    ];
    for (const id of controls) el[id].disabled = this.busy;
  }

  /** The bet and raise buttons name the amount they would send, only while it is legal: a
      typed amount the rules refuse leaves them unnumbered ("Raise"), next to the reason. */
  labelAggressive() {
    const value = Number(this.el["amount-input"].value);
    const legal = this.el["amount-input"].value !== "" && !amountProblem(value, this.prompt);
    const shown = legal ? formatNumber(value) : "…";
    this.el["act-bet"].textContent = legal ? t("actions.bet", { amount: shown }) : t("actions.betAny");
    this.el["act-raise"].textContent = legal
      ? t("actions.raise", { amount: shown })
      : t("actions.raiseAny");
    const range = raiseRange(this.prompt);
    this.el["amount-slider"].setAttribute("aria-valuetext", shown);
    if (range && value === range.max_to) {
      this.el["act-bet"].textContent += ` ${t("ev.allInSuffix")}`;
      this.el["act-raise"].textContent += ` ${t("ev.allInSuffix")}`;
    }
  }

  setAmount(value) {
    this.el["amount-input"].value = String(value);
    this.el["amount-slider"].value = String(value);
    this.clearAmountError();
    this.labelAggressive();
  }

  amountTyped() {
    const value = Number(this.el["amount-input"].value);
    if (Number.isFinite(value)) this.el["amount-slider"].value = String(value);
    this.clearAmountError();
    this.labelAggressive();
  }

  previewGuess() {
    const raw = this.el["guess-input"].value;
    const result = normalizeGuess(raw, currentLanguage());
    const preview = this.el["guess-preview"];
    const shown = result.value ? formatDecimal(result.value) : "";
    preview.textContent = shown && shown !== raw.trim() ? t("actions.guessPreview", { value: shown }) : "";
    this.el["guess-error"].textContent = "";
    this.el["guess-input"].removeAttribute("aria-invalid");
  }

  clearAmountError() {
    this.el["amount-error"].textContent = "";
    this.el["amount-input"].removeAttribute("aria-invalid");
  }

  clearErrors() {
    this.clearAmountError();
    this.el["guess-error"].textContent = "";
    this.el["guess-input"].removeAttribute("aria-invalid");
    this.el["action-error"].textContent = "";
  }

  send(move) {
    if (!this.prompt || this.busy) return false;
    this.el["action-error"].textContent = "";
    if (!this.onMove(move)) {
      this.el["action-error"].textContent = t("actions.notConnected");
      return false;
    }
    // The control about to be disabled or hidden would drop keyboard focus to the page top;
    // keep it in the panel instead, where the next prompt will appear.
    const panel = byId("actions");
    if (panel.contains(document.activeElement)) panel.focus();
    this.busy = true;
    this.render();
    return true;
  }

  /** The server refused the move: show why and let the player try again. */
  refused(reason) {
    this.busy = false;
    this.render();
    this.el["action-error"].textContent = t("actions.refused", { reason });
  }

  submitGuess() {
    if (this.prompt?.type !== "guess") return;
    const input = this.el["guess-input"];
    const result = normalizeGuess(input.value, currentLanguage());
    if (result.error) {
      this.el["guess-error"].textContent = t(result.error);
      input.setAttribute("aria-invalid", "true");
      input.focus();
      return;
    }
    this.send({ type: "guess", value: result.value });
  }

  // --- the moves, also used by the keyboard shortcuts (each returns whether it acted) ---

  fold() {
    if (this.prompt?.type !== "guess" && this.prompt?.type !== "bet") return false;
    return this.send({ type: "fold" });
  }

  checkOrCall() {
    const legal = legalOf(this.prompt);
    if (!legal) return false;
    return this.send({ type: legal.check ? "check" : "call" });
  }

  betOrRaise() {
    const range = raiseRange(this.prompt);
    if (!range) return false;
    const input = this.el["amount-input"];
    const value = Number(input.value);
    const problem = amountProblem(value, this.prompt);
    if (problem) {
      this.el["amount-error"].textContent = t(problem[0], problem[1]);
      input.setAttribute("aria-invalid", "true");
      input.focus();
      return false;
    }
    return this.send({ type: range.kind, to: value });
  }

  allIn() {
    if (this.prompt?.type !== "bet") return false;
    return this.send({ type: "all_in" });
  }

  /** Move keyboard focus to the control the player most likely wants now. */
  focusForTurn() {
    const type = this.prompt?.type;
    let target = null;
    if (type === "guess") target = this.el["guess-input"];
    else if (type === "bet") {
      const legal = legalOf(this.prompt);
      target = this.el[legal.check ? "act-check" : legal.call_all_in ? "act-allin" : "act-call"];
    }
    else if (type === "show_folded") target = this.el["show-guess"];
    if (target && !target.hidden) target.focus();
    else byId("actions").focus();
  }
}
