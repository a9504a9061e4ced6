// @ts-check
/* Slovní poker's web module (docs/rules/wordpoker.md), made for players who are blind or
   partially sighted: every event is announced in the interface language with letters by their
   names ("Ř, er s háčkem"), cards, dice and the word being typed are read out on request, every
   move is a plain form (radio buttons, checkboxes, a text field) worked with the keyboard, and
   the deal's result is a table and sentences ("the best word was …"). Panels: the deal, pot,
   dice and your cards (panels.js); the three sealed moves (moves.js); the letters (letters.js).
   The interface is documented in web/README.md ("Game modules"). */

import { defineGame } from "../../define-game.js";
import { describeEvent } from "../../describe.js";
import { buttonById } from "../../dom.js";
import { formatList, languageName, t } from "../../i18n.js";
import { diceNames, spokenCards, writtenCards } from "./letters.js";
import { WordPokerMoves } from "./moves.js";
import { handResult } from "./result.js";
import {
  bestOfDeal,
  cardsSentence,
  renderDeal,
  renderResult,
  seatDetails,
  statusText,
  summaryParts,
  turnAnnouncement,
  youText,
} from "./panels.js";

let moves = null;
let ctx = null;
let current = null; // the model last drawn

/** Message parameters that hold letters as the game writes them ("N R ˇ"). */
const LETTER_PARAMS = new Set(["cards", "new", "discarded", "hand", "dice"]);


/** A message with every letters parameter in spoken names, so the ear hears "en, háček". */
function spokenMessage(value, key = null) {
  if (typeof value === "string" && LETTER_PARAMS.has(key)) return spokenCards(value);
  if (Array.isArray(value)) return value.map((v) => spokenMessage(v, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "key" || k === "msg" ? v : spokenMessage(v, k === "params" || k === "list" ? key : k)]));
  }
  return value;
}

/** A message with every letters parameter for the written log: the diacritic cards named. */
function writtenMessage(value, key = null) {
  if (typeof value === "string" && LETTER_PARAMS.has(key)) return writtenCards(value);
  if (Array.isArray(value)) return value.map((v) => writtenMessage(v, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "key" || k === "msg" ? v : writtenMessage(v, k === "params" || k === "list" ? key : k)]));
  }
  return value;
}

function readCards() {
  if (!current?.view?.you) return;
  const hand = current.view.you.hand;
  ctx.alert(hand.length ? cardsSentence(current) : t("wp.read.noCards"));
}

function readDice() {
  if (!current?.view) return;
  ctx.alert(t("wp.read.diceText", { dice: diceNames(current.view.deal.dice) }));
}

export default defineGame(import.meta.url, {
  stylesheet: "wordpoker.css",

  /** The deal's words as tiles with their scores, on the felt during the result pause (result.js). */
  handResult,
  resultEvents: new Set(["word_sealed", "deal_result", "absent", "forfeited", "bankrupt"]),

  /** Everything is read out: the players may see nothing of the table. */
  alwaysAnnounced: new Set([
    "round_started", "bankrupt", "antes_paid", "cards_dealt", "cards_replaced", "dice_rolled",
    "round_opened", "declared", "declarations_revealed", "responded", "responses_revealed",
    "words_asked", "word_sealed", "deal_result", "absent", "forfeited", "resigned", "game_over",
  ]),

  shortcuts: [
    { code: "KeyK", keys: "K", label: "wp.keys.cards", run: () => readCards() },
    { code: "KeyD", keys: "D", label: "wp.keys.dice", run: () => readDice() },
    { code: "KeyL", keys: "L", label: "wp.keys.spell", run: () => moves?.spellWord() },
  ],
  shortcutsNote: "wp.keys.note",

  mount(_slots, context) {
    ctx = context;
    moves = new WordPokerMoves(context.send, context.alert, context.speak);
    buttonById("wp-read-cards").addEventListener("click", readCards);
    buttonById("wp-read-dice").addEventListener("click", readDice);
  },

  render(model) {
    current = model;
    renderDeal(model);
    renderResult(model);
    return moves.update(model);
  },

  languageChanged(model) {
    if (model.view) moves.build();
  },

  get busy() {
    return moves?.busy ?? false;
  },
  refused: (reason) => moves.refused(reason),
  focusForTurn: () => moves.focus(),

  /** The terminal language's choices by their names ("Čeština"), not their codes. */
  lobby: {
    choiceLabel: (spec, value) => (spec.name === "language" ? languageName(value) : null),
  },

  statusText,
  youText,
  turnAnnouncement,
  summaryParts,
  seat: seatDetails,

  /** The round (deal) a view belongs to, so a reload in deal 5 is in deal 5. */
  roundOf: (view) => view.deal?.number ?? null,

  writtenMessage: (message) => writtenMessage(message),

  /** Letters as names; a deal's result also says the best word of the deal (W10). */
  spokenEvent(event, context) {
    const text = describeEvent({ ...event, message: spokenMessage(event.message) }, context);
    if (event.type !== "deal_result" || event.uncontested || !current) return text;
    const best = bestOfDeal(event);
    const names = current.names;
    const extra = best
      ? t("wp.result.bestWord", { word: best.word, count: best.points, name: names[best.seat] ?? "" })
      : t("wp.result.noBestWord");
    return `${/[.!?]$/.test(text) ? text : `${text}.`} ${extra}`;
  },

  winnerText(model, result) {
    const best = result.scores[result.winners[0]];
    if (result.winners.length > 1) {
      return t("wp.over.shared", { names: formatList(result.winners.map((s) => model.names[s])), count: best });
    }
    const winner = result.winners[0];
    return winner === model.seat ? t("wp.over.youWin", { count: best }) : t("wp.over.winner", { name: model.names[winner], count: best });
  },
});
