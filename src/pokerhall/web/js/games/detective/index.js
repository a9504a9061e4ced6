// @ts-check
/* Detective Poker's web module: the panels the table shell (web/js/table.js) puts into its
   slots: the community cards and your own cards, the bet form (board, chips, action card:
   only the prompt's legal values), the chips on every board by betting round, the scoring of
   the last hand street by street and the score table of both rounds; its part of each seat
   card (the forehead card you see, or a card back on your own), its words for the status lines
   and the screen reader, and the game-over sentence (a shared victory names every winner).
   The interface is documented in web/README.md ("Game modules"). */

import { defineGame } from "../../define-game.js";
import { formatList, t } from "../../i18n.js";
import { BetPanel } from "./bet.js";
import { handResult } from "./result.js";
import {
  renderBoards,
  renderScores,
  renderScoring,
  renderTable,
  seatDetails,
  statusText,
  summaryParts,
  turnAnnouncement,
  youText,
} from "./panels.js";

let bets = null;


export default defineGame(import.meta.url, {
  playingCards: true, // its cards are read aloud from the one catalogue (card-words.js)
  stylesheet: "detective.css",

  /** The hand's scoring street by street, drawn on the felt during the result pause (result.js). */
  handResult,
  resultEvents: new Set(["street_scored", "hand_scored"]),

  /** Events read out even when "read out every event" is off. */
  alwaysAnnounced: new Set(["cards_dealt", "street_started", "street_scored", "hand_scored", "game_over"]),

  shortcuts: [{ code: "KeyB", keys: "B", label: "det.keys.bet", run: () => bets?.submit() }],
  shortcutsNote: "det.keys.note",

  mount(_slots, ctx) {
    bets = new BetPanel(ctx.send);
  },

  render(model) {
    renderTable(model);
    renderBoards(model);
    renderScoring(model);
    renderScores(model);
    return bets.update(model);
  },

  languageChanged() {
    bets?.relabel();
  },

  get busy() {
    return bets?.busy ?? false;
  },
  refused: (reason) => bets.refused(reason),
  focusForTurn: () => bets.focus(),

  statusText,
  youText,
  turnAnnouncement,
  summaryParts,
  seat: seatDetails,

  /** The round (hand) a view belongs to. */
  roundOf: (view) => view.hand?.number ?? null,

  winnerText(model, result) {
    const best = result.scores[result.winners[0]];
    if (result.winners.length > 1) {
      return t("det.over.shared", { names: formatList(result.winners.map((s) => model.names[s])), count: best });
    }
    const winner = result.winners[0];
    return winner === model.seat ? t("det.over.youWin", { count: best }) : t("det.over.winner", { name: model.names[winner], count: best });
  },
  standingNote(model, seat) {
    const left = model.view.result?.action_cards_left?.[seat];
    const note = left === undefined ? null : t("det.over.cardsLeft", { count: left });
    return model.view.result?.winners?.includes(seat) ? [t("over.winnerTag"), note].filter(Boolean).join(" · ") : note;
  },
});
