// @ts-check
/* QuizPoker's words for what is happening now, in one or two sentences: the phase and whose turn it is, the turn
   clock, and the player's own situation. The same words serve the screen (#phase-status,
   #your-status, #turn-clock), the "your turn" announcement and the Alt+Shift+S read-out. */

import { formatDecimal, formatNumber, t } from "../../i18n.js";
import { legalOf } from "./amounts.js";

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

/** The assertive announcement when a prompt arrives (also the end of Alt+Shift+S). */
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

/** Alt+Shift+S: the pot, hints and answer (the shell adds the phase, you, the clock, the prompt). */
export function summaryParts(model) {
  const hand = model.view.hand;
  const parts = [t("summary.potNow", { amount: formatNumber(hand.pot) })];
  hand.hints.forEach((text, i) => parts.push(sentence(t("question.hintSpoken", { number: i + 1, text }))));
  if (hand.answer !== null) parts.push(t("question.answerSpoken", { value: formatDecimal(hand.answer) }));
  return parts;
}
