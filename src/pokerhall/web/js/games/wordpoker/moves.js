// @ts-check
/* The three sealed moves of a deal, one form each, built from the prompt (W6-W9): the
   declaration (raise within the prompt's range, keep the stake, or pass), the answer to the
   highest raise (match it naming the cards to exchange, or pass) and the final word (typed with
   diacritics; the server finds the cards and dice it takes and says why it refuses one). Each
   form is checked here against the prompt before anything is sent, and the server's reason is
   shown when it refuses. While the others still answer, the form says what you sealed. */

import { byId, fill, h, show, buttonById, inputById } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardFace, cardName, spell } from "./letters.js";

const FORMS = ["wp-declare", "wp-respond", "wp-word"];

function moveOf(prompt, type) {
  return prompt?.moves?.find((m) => m.type === type) ?? null;
}

function sealedText(sealed) {
  if (!sealed) return "";
  if (sealed.step === "declare") {
    return t(`wp.sealed.declare.${sealed.choice}`, { count: sealed.amount });
  }
  if (sealed.step === "respond") {
    return sealed.call ? t("wp.sealed.respond.call", { count: sealed.exchange.length }) : t("wp.sealed.respond.pass");
  }
  return sealed.word ? t("wp.sealed.word", { word: sealed.word }) : t("wp.sealed.noWord");
}

export class WordPokerMoves {
  constructor(send, alert, speak) {
    this.sendMove = send;
    this.alert = alert;
    this.speak = speak; // for what the page already shows in its role=alert
    this.key = null;
    this.prompt = null;
    this.model = null;
    this.busy = false;
    byId("wp-declare").addEventListener("submit", (event) => {
      event.preventDefault();
      this.declare();
    });
    byId("wp-declare").addEventListener("change", () => this.labelDeclare());
    inputById("wp-amount").addEventListener("input", () => {
      const raise = inputById("wp-choice-raise");
      if (raise) raise.checked = true;
      this.labelDeclare();
    });
    byId("wp-respond").addEventListener("submit", (event) => {
      event.preventDefault();
      this.call();
    });
    byId("wp-respond").addEventListener("change", () => this.labelRespond());
    buttonById("wp-pass").addEventListener("click", () => this.send({ type: "pass" }));
    byId("wp-word").addEventListener("submit", (event) => {
      event.preventDefault();
      this.word();
    });
    inputById("wp-word-input").addEventListener("input", () => this.showLetters());
    buttonById("wp-spell").addEventListener("click", () => this.spellWord());
    buttonById("wp-no-word").addEventListener("click", () => this.send({ type: "no_word" }));
  }

  /** Draw the form for the model's prompt; true when a new prompt has just arrived. */
  update(model) {
    this.model = model;
    const prompt = model.prompt;
    const key = prompt ? `${prompt.type}:${prompt.prompt_id}` : null;
    const fresh = key !== this.key;
    this.key = key;
    this.prompt = prompt;
    for (const id of FORMS) show(byId(id), prompt?.type === id.slice(3));
    const sealed = prompt ? null : model.view.you?.sealed;
    show(byId("wp-sealed"), Boolean(sealed));
    byId("wp-sealed").textContent = sealedText(sealed);
    if (fresh) {
      this.busy = false;
      byId("action-error").textContent = "";
      if (prompt) this.reset();
    }
    this.disable(this.busy);
    return fresh && prompt !== null;
  }

  /** A new prompt: its own defaults, nothing left over from the last one. */
  reset() {
    for (const el of byId("wp-declare").querySelectorAll('input[name="wp-choice"]')) /** @type {HTMLInputElement} */ (el).checked = false;
    inputById("wp-amount").value = "";
    fill(byId("wp-exchange-cards"));
    inputById("wp-word-input").value = "";
    this.build();
  }

  /** Redraw the forms in the current language, keeping what is chosen. */
  build() {
    const prompt = this.prompt;
    if (!prompt) return;
    if (prompt.type === "declare") this.buildDeclare(prompt);
    else if (prompt.type === "respond") this.buildRespond(prompt);
    else if (prompt.type === "word") this.showLetters();
  }

  // --- declare (W5, W6, W8) ---

  buildDeclare(prompt) {
    const raise = moveOf(prompt, "raise");
    const chosen = /** @type {HTMLInputElement | null} */ (byId("wp-declare").querySelector('input[name="wp-choice"]:checked'))?.value ?? prompt.default?.type ?? "stay";
    const choices = [raise ? "raise" : null, "stay", "pass"].filter(Boolean);
    const pick = choices.includes(chosen) ? chosen : "stay";
    byId("wp-declare-legend").textContent = t("wp.declare.legend", { round: prompt.round });
    fill(
      byId("wp-choices"),
      choices.map((c) =>
        h(
          "div",
          { class: "field-check wp-option" },
          h("input", { type: "radio", id: `wp-choice-${c}`, name: "wp-choice", value: c, checked: c === pick }),
          h("label", { for: `wp-choice-${c}` }, t(`wp.declare.${c}`)),
        ),
      ),
    );
    show(byId("wp-amount-field"), Boolean(raise));
    if (raise) {
      const { min, max } = raise.params.amount;
      const input = inputById("wp-amount");
      input.min = String(min);
      input.max = String(max);
      if (!input.value || Number(input.value) > max) input.value = String(min);
      byId("wp-amount-hint").textContent = t("wp.declare.range", { max, most: prompt.most, points: prompt.points });
    }
    this.labelDeclare();
  }

  labelDeclare() {
    const choice = /** @type {HTMLInputElement | null} */ (byId("wp-declare").querySelector('input[name="wp-choice"]:checked'))?.value ?? "stay";
    const amount = Number(inputById("wp-amount").value);
    const key = { raise: "wp.declare.submitRaise", stay: "wp.declare.submitStay", pass: "wp.declare.submitPass" }[choice];
    buttonById("wp-declare-submit").textContent = t(key, { count: Number.isFinite(amount) ? amount : 0 });
  }

  declare() {
    const choice = /** @type {HTMLInputElement | null} */ (byId("wp-declare").querySelector('input[name="wp-choice"]:checked'))?.value ?? "stay";
    if (choice !== "raise") return this.send({ type: choice });
    const spec = moveOf(this.prompt, "raise")?.params.amount;
    const raw = inputById("wp-amount").value.trim();
    const amount = Number(raw);
    if (!spec || !/^\d+$/.test(raw) || amount < spec.min || amount > spec.max) {
      this.problem(t("wp.declare.errRange", { max: spec?.max ?? 0 }), inputById("wp-amount"));
      return false;
    }
    return this.send({ type: "raise", amount });
  }

  // --- respond (W6-W8) ---

  buildRespond(prompt) {
    const call = moveOf(prompt, "call");
    const spec = call.params.exchange;
    const hand = this.model.view.you?.hand ?? [];
    const letters = new Map(hand.map((c) => [c.id, c.letter]));
    const ticked = new Set([.../** @type {NodeListOf<HTMLInputElement>} */ (byId("wp-respond").querySelectorAll("input[name=wp-exchange]:checked"))].map((el) => el.value));
    const info = prompt.cost > 0 ? "wp.respond.info" : "wp.respond.infoFree";
    byId("wp-respond-info").textContent = t(info, { highest: prompt.highest, cost: prompt.cost });
    byId("wp-exchange-legend").textContent = t("wp.respond.legend", { count: spec.max });
    show(byId("wp-exchange"), spec.max > 0);
    show(byId("wp-no-exchange"), spec.max === 0);
    fill(
      byId("wp-exchange-cards"),
      spec.choices.map((id) => {
        const letter = letters.get(id) ?? id;
        return h(
          "div",
          { class: "field-check wp-option" },
          h("input", { type: "checkbox", id: `wp-x-${id}`, name: "wp-exchange", value: id, checked: ticked.has(id) }),
          h(
            "label",
            { for: `wp-x-${id}` },
            h("span", { class: "wp-face-small", "aria-hidden": "true" }, cardFace(letter)),
            " ",
            cardName(letter),
          ),
        );
      }),
    );
    this.labelRespond();
  }

  chosenCards() {
    return [.../** @type {NodeListOf<HTMLInputElement>} */ (byId("wp-respond").querySelectorAll("input[name=wp-exchange]:checked"))].map((el) => el.value);
  }

  labelRespond() {
    const count = this.chosenCards().length;
    buttonById("wp-call").textContent = count ? t("wp.respond.call", { count }) : t("wp.respond.callKeep");
  }

  call() {
    const spec = moveOf(this.prompt, "call")?.params.exchange;
    const cards = this.chosenCards();
    if (!spec || cards.length > spec.max) {
      this.problem(t("wp.respond.errTooMany", { count: spec?.max ?? 0 }), byId("wp-exchange-cards").querySelector("input"));
      return false;
    }
    return this.send({ type: "call", exchange: cards });
  }

  // --- the word (W9, W17) ---

  showLetters() {
    const word = inputById("wp-word-input").value;
    const letters = byId("wp-word-letters");
    letters.textContent = word.trim() ? t("wp.word.letters", { letters: spell(word) }) : "";
  }

  spellWord() {
    const word = inputById("wp-word-input").value.trim();
    this.alert(word ? t("wp.word.spelt", { word, letters: spell(word) }) : t("wp.word.empty"));
  }

  word() {
    const input = inputById("wp-word-input");
    const word = input.value.normalize("NFC").trim();
    if (!word) {
      this.problem(t("wp.word.errEmpty"), input);
      return false;
    }
    return this.send({ type: "word", word });
  }

  // --- sending ---

  problem(text, field) {
    byId("action-error").textContent = text;
    this.speak(text);
    field?.focus();
  }

  send(move) {
    if (!this.prompt || this.busy) return false;
    if (!this.sendMove(move)) {
      byId("action-error").textContent = t("actions.notConnected");
      return false;
    }
    byId("action-error").textContent = "";
    const panel = byId("actions");
    if (panel.contains(document.activeElement)) panel.focus();
    this.busy = true;
    this.disable(true);
    return true;
  }

  disable(disabled) {
    for (const id of FORMS) {
      for (const el of byId(id).querySelectorAll("input, button")) /** @type {HTMLInputElement | HTMLButtonElement} */ (el).disabled = disabled;
    }
  }

  refused(reason) {
    this.busy = false;
    this.disable(false);
    byId("action-error").textContent = t("actions.refused", { reason });
    if (this.prompt?.type === "word") inputById("wp-word-input").focus();
  }

  focus() {
    const type = this.prompt?.type;
    /** @type {HTMLInputElement | HTMLButtonElement | null} */
    let target = null;
    if (type === "declare") target = /** @type {HTMLInputElement | null} */ (byId("wp-declare").querySelector('input[name="wp-choice"]:checked'));
    else if (type === "respond") target = byId("wp-exchange-cards").querySelector("input") ?? buttonById("wp-call");
    else if (type === "word") target = inputById("wp-word-input");
    if (target && !target.disabled && target.checkVisibility()) target.focus();
    else byId("actions").focus();
  }
}
