// @ts-check
/* Palace Poker's cards on the page and in speech. A card travels as its text ("Ah", "Td");
   on screen it is a card face (js/card-face.js: rank and suit in the corners, hidden from
   screen readers) over its name in words ("ace of hearts", from the one catalogue of card
   words, card-words.js), which is what a screen reader reads. Face-down cards are backs with
   their count in words. */

import { cardBack, faceText, playingCard } from "../../card-face.js";
import { cardName, suitName } from "../../card-words.js";
import { h, srOnly } from "../../dom.js";
import { formatList, t } from "../../i18n.js";

/** A card's text, exactly as the game writes it. */
export const CARD = /^[2-9TJQKA][shdc]$/;

export function isCard(text) {
  return typeof text === "string" && CARD.test(text);
}

/** "ace of hearts" in the interface language, and "hearts", the suit of a card (a banner), in
 *  words: from the one catalogue of card words (card-words.js). */
export { cardName as cardWords, suitName as suitWords };

/** Several cards in words, joined the language's way; "none" when there are none. */
export function cardsWords(cards) {
  return cards?.length ? formatList(cards.map(cardName)) : t("pal.noCards");
}

/** The face in text: "A♥", "10♦". */
export function cardFace(text) {
  return faceText(text);
}

/** One card as an inline element: the drawn face for the eye, the words for the ear. */
export function cardEl(text, { tag = "span", leftOut = false, classes = [] } = {}) {
  const words = leftOut ? `${cardName(text)} (${t("pal.battle.notCounted")})` : cardName(text);
  return playingCard(text, { words, tag, classes: ["card", leftOut ? "left-out" : "", ...classes] });
}

/** A list of cards (`<ul>`), or "none". `leftOut` marks cards that did not count. */
export function cardList(cards, { leftOut = [] } = {}) {
  if (!cards?.length) return h("span", { class: "muted no-cards" }, t("pal.noCards"));
  const out = new Set(leftOut);
  return h("ul", { class: "cards pc-row" }, cards.map((c) => cardEl(c, { tag: "li", leftOut: out.has(c) })));
}

/** `count` face-down cards: backs for the eye, "3 face-down cards" for the ear. */
export function cardBacks(count) {
  return h(
    "span",
    { class: "cards backs" },
    h("span", { class: "pc-row", "aria-hidden": "true" }, Array.from({ length: count }, () => cardBack({ classes: ["card-back"] }))),
    srOnly(t("pal.backs", { count })),
  );
}

/** A message (engine/messages.py shape) with every card parameter written in words, so the
   screen reader hears "ace of hearts" where the log shows "Ah". Keys and nested message names
   stay as they are. */
export function spokenMessage(value) {
  if (isCard(value)) return cardName(value);
  if (Array.isArray(value)) return value.map(spokenMessage);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === "key" || k === "msg" ? v : spokenMessage(v)]),
    );
  }
  return value;
}
