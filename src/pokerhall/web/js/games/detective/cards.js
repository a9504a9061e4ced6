// @ts-check
/* Playing cards and action cards in words and on screen. A card ("Qs", as pokerhall.cards
   writes it) is drawn as a card face (js/card-face.js), hidden from screen readers, with its
   full name ("queen of spades", translated) beside it for them; so every card reads as words. */

import { cardBack as drawnBack, playingCard } from "../../card-face.js";
import { cardKeys, cardName } from "../../card-words.js";
import { formatList, t } from "../../i18n.js";

/** "queen of spades" in the current language (the text as it is when it is no card). */
export { cardName };

/** Several cards' names as one list ("two of clubs, ten of hearts and ace of spades"). */
export function cardNames(texts) {
  return texts.length ? formatList(texts.map(cardName)) : t("det.noCards");
}

/** A card face up: drawn as a card (rank and suit in the corners), its name for screen
    readers and as the tooltip. */
export function cardFace(text, { tag = "span" } = {}) {
  const card = cardKeys(text);
  const colour = card && (card.suit === "hearts" || card.suit === "diamonds") ? "red" : "black";
  const classes = ["det-card", card ? `suit-${colour}` : ""];
  if (!card) return playingCard(text, { tag, classes });
  return playingCard(text, { words: cardName(text), tag, classes, title: cardName(text) });
}

/** A card face down (one's own forehead, or one nobody may see): a card back and its words. */
export function cardBack(words = t("det.cardBack"), { tag = "span" } = {}) {
  return drawnBack({ words, tag, title: words, mark: "?", classes: ["det-card", "det-card-back"] });
}

/** An action card's name ("Bluff"); "" is no card. */
export function actionName(id) {
  if (id === "" || id === null || id === undefined) return t("det.action.noCard");
  const key = `det.action.${id}`;
  return t(key);
}

/** What an action card does, in a few words. */
export function actionAbout(id) {
  return t(id ? `det.action.about.${id}` : "det.action.about.noCard");
}

export function streetName(street) {
  return t(`det.street.${street}`);
}

export function categoryName(category) {
  return t(`det.category.${category}`);
}
