/* What is happening now, in one or two sentences: the phase and whose turn it is, the turn
   clock, and the player's own situation. The same words serve the screen (#phase-status,
   #your-status, #turn-clock), the "your turn" announcement and the Alt+Shift+S read-out. */

import { legalOf } from "./amounts.js";
import { formatSeconds } from "./clock.js";
import { byId, show } from "./dom.js";
import { formatDecimal, formatNumber, t } from "./i18n.js";

const AFTER = ["status.afterGuesses", "status.afterHint1", "status.afterHint2", "status.afterAnswer"];

export function phaseText(model) {
  const view = model.view;
  const hand = view.hand;
  const prompt = model.prompt;
  if (view.over) return t("status.gameOver");
  if (hand.phase === "guess") {
    if (prompt?.type === "guess") return t("status.writeGuess");
    if (view.you?.guess) return t("status.waitingGuesses");
    return t("status.guessing");
  }
  if (hand.phase === "betting") {
    const round = t("status.round", { round: hand.round, after: t(AFTER[hand.round - 1] || AFTER[0]) });
    if (hand.to_act === null) return round;
    if (hand.to_act === model.seat) return `${round} ${t("status.yourTurn")}`;
    return `${round} ${t("status.toAct", { name: view.players[hand.to_act].name })}`;
  }
  if (hand.phase === "show") {
    return t("status.showOthers");
  }
  return t("status.handOver");
}

export function youText(model) {
  const view = model.view;
  const me = model.me;
  if (!me) return t("status.watching");
  const parts = [t("status.youAre", { name: me.name, seat: model.seat + 1 })];
  parts.push(t("status.yourStack", { amount: formatNumber(me.stack) }));
  if (!me.in_game) parts.push(t("status.youAreOut"));
  else if (view.hand.game_master === model.seat) parts.push(t("status.youAreGm"));
  else if (me.folded) parts.push(t("status.youFolded"));
  if (view.you?.guess) parts.push(t("status.yourGuess", { value: formatDecimal(view.you.guess) }));
  return parts.join(" ");
}

/** Seconds on the clock that matters to this viewer now, or null. */
export function clockSeconds(model) {
  if (model.view?.over) return null;
  if (model.prompt) return model.secondsLeft("you");
  return model.secondsLeft("table");
}

export function renderClock(model) {
  const clock = byId("turn-clock");
  const seconds = clockSeconds(model);
  show(clock, seconds !== null);
  if (seconds !== null) {
    const key = model.prompt ? "status.yourClock" : "status.tableClock";
    clock.textContent = t(key, { time: formatSeconds(seconds) });
    clock.classList.toggle("clock-low", seconds <= 10);
  }
  for (const el of document.querySelectorAll("[data-clock]")) {
    const left = model.secondsLeft(el.dataset.clock);
    if (left !== null) el.textContent = t("seats.clock", { time: formatSeconds(left) });
  }
}

export function renderStatus(model) {
  byId("phase-status").textContent = phaseText(model);
  byId("your-status").textContent = youText(model);
  byId("actions").classList.toggle("is-your-turn", model.prompt !== null);
  renderClock(model);
}

/** What the player may do now, e.g. "20 to call. Raise to 40 up to 5,000." */
function betOptions(prompt) {
  const legal = legalOf(prompt);
  const parts = [legal.check ? t("turn.canCheck") : t("turn.toCall", { amount: formatNumber(legal.call) })];
  const range = legal.bet || legal.raise;
  if (range) {
    parts.push(
      t(legal.bet ? "turn.betRange" : "turn.raiseRange", {
        min: formatNumber(range.min_to),
        max: formatNumber(range.max_to),
      }),
    );
  }
  return parts.join(" ");
}

/** The assertive announcement when a prompt arrives. */
export function turnAnnouncement(model) {
  const prompt = model.prompt;
  if (!prompt) return "";
  if (prompt.type === "guess") return t("turn.guess", { question: model.view.hand.question.text });
  if (prompt.type === "show_folded") return t("turn.show");
  return `${t("turn.bet", { pot: formatNumber(prompt.pot) })} ${betOptions(prompt)}`;
}

/** End a spoken sentence with a full stop unless it already ends in punctuation. */
function sentence(text) {
  return /[.!?…:;]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** Alt+Shift+S: everything a player needs to decide, read out at once. */
export function statusSummary(model) {
  if (!model.view) return t("table.loading");
  const view = model.view;
  const hand = view.hand;
  const parts = [phaseText(model)];
  parts.push(t("summary.potNow", { amount: formatNumber(hand.pot) }));
  hand.hints.forEach((text, i) => parts.push(sentence(t("question.hintSpoken", { number: i + 1, text }))));
  if (hand.answer !== null) parts.push(t("question.answerSpoken", { value: formatDecimal(hand.answer) }));
  parts.push(youText(model));
  const seconds = clockSeconds(model);
  if (seconds !== null) parts.push(t("clock.secondsLeft", { count: Math.ceil(seconds) }));
  if (model.prompt?.type === "bet") parts.push(betOptions(model.prompt));
  else if (model.prompt) parts.push(turnAnnouncement(model));
  return parts.join(" ");
}
