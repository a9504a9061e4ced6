// @ts-check
/* QuizPoker's web module: the panels the table shell (web/js/table.js) puts into its slots:
   the question with hints and answer, the guess and bet controls with their shortcuts, the
   pot, the showdown, the last hand's summary and the stack chart, its part of each seat card,
   its words for the status lines, the game-over details and its lobby additions. The
   interface is documented in web/README.md ("Game modules"). */

import { defineGame } from "../../define-game.js";
import { languageName, t } from "../../i18n.js";
import { ActionPanel } from "./actions.js";
import { renderStackChart } from "./chart.js";
import { amount } from "./chips.js";
import { renderQuestion } from "./question.js";
import { outAfter, renderPot, seatDetails } from "./seats.js";
import { handResult, renderShowdown, renderSummary } from "./showdown.js";
import { phaseText, summaryParts, turnAnnouncement, youText } from "./status.js";

let actions = null;


export default defineGame(import.meta.url, {
  stylesheet: "quizpoker.css",

  /** Events read out even when "read out every event" is off. */
  alwaysAnnounced: new Set([
    "question", "hint", "answer", "showdown", "guess_shown", "guess_stays_hidden",
    "pot_awarded", "eliminated", "game_over",
  ]),

  shortcuts: [
    { code: "KeyF", keys: "F", label: "keys.fold", run: () => actions?.fold() },
    { code: "KeyC", keys: "C", label: "keys.checkCall", run: () => actions?.checkOrCall() },
    { code: "KeyR", keys: "R", label: "keys.raise", run: () => actions?.betOrRaise() },
    { code: "KeyA", keys: "A", label: "keys.allIn", run: () => actions?.allIn() },
  ],
  shortcutsNote: "keys.note",

  mount(_slots, ctx) {
    actions = new ActionPanel(ctx.send);
  },

  render(model) {
    renderQuestion(model);
    renderPot(model);
    renderShowdown(model);
    renderSummary(model);
    renderStackChart(model);
    return actions.update(model);
  },

  languageChanged(model) {
    if (model.view) renderStackChart(model, { force: true });
  },

  get busy() {
    return actions?.busy ?? false;
  },
  refused: (reason) => actions.refused(reason),
  focusForTurn: () => actions.focusForTurn(),

  statusText: phaseText,
  youText,
  turnAnnouncement,
  summaryParts,
  seat: seatDetails,

  /** The round (hand) a view belongs to. */
  roundOf: (view) => view.hand?.number ?? null,

  /** The end of a hand on the felt, during the result pause (render-result.js). */
  handResult,

  winnerText(model, result) {
    const winner = result.winners[0];
    const hands = result.rounds;
    return winner === model.seat
      ? t("over.youWin", { count: hands, hands })
      : t("over.winner", { name: model.names[winner], count: hands, hands });
  },
  standingNote(model, seat) {
    const out = outAfter(model.view, seat);
    return out ? t("over.outAfterHand", { hand: out }) : null;
  },
  score: (model, value) => amount(value, { duell: model.view.ruleset === "duell" }),

  lobby: {
    choiceLabel: (spec, value) => (spec.name === "language" ? languageName(value) : null),
    details: (table) => [[t("lobby.questions"), languageName(table.options?.language || "en")]],
  },
});
