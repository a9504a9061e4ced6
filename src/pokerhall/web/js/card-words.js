// @ts-check
/* Playing cards in words for screen readers ("queen of diamonds", translated), from the one
   catalogue of card words the server keeps (pokerhall/cards/words, GET /api/cards/words/{lang}),
   which the e-mail notices write cards with too. A game with playing cards (Palace, Detective
   Poker) adds these strings to its own (define-game.js, `playingCards`), keyed `card.*`. */

import { t } from "./i18n.js";

const RANKS = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const SUITS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/** A card's text ("Qd", as pokerhall.cards writes it) as its rank and suit keys, or null. */
export function cardKeys(text) {
  const value = String(text ?? "");
  const rank = RANKS[value.slice(0, -1)];
  const suit = SUITS[value.slice(-1)];
  return rank && suit ? { rank, suit } : null;
}

/** The card words of a language as strings (`card.name`, `card.rank.queen`, ...).
 *  @param {string} code @returns {Promise<Record<string, string>>} */
export async function cardStrings(code) {
  const response = await fetch(`/api/cards/words/${encodeURIComponent(code)}`);
  if (!response.ok) throw new Error(`no card words in ${code}`);
  const words = await response.json();
  return Object.fromEntries(Object.entries(words).map(([key, text]) => [`card.${key}`, String(text)]));
}

/** "queen of diamonds" in the current language (the text as it is when it is no card). */
export function cardName(text) {
  const card = cardKeys(text);
  if (!card) return String(text ?? "");
  return t("card.name", { rank: t(`card.rank.${card.rank}`), suit: t(`card.suit.${card.suit}`) });
}

/** "diamonds": a card's suit in words ("" when it is no card). */
export function suitName(text) {
  const card = cardKeys(text);
  return card ? t(`card.suit.${card.suit}`) : "";
}
