/* A playing card drawn as a card: the one place every game (and the history page) gets its
   card faces and backs from. The look is css/cards.css (link it on any page that draws cards).

     playingCard(text, { words, tag = "span", classes = [], title = null }) -> HTMLElement
       text:  a card as pokerhall.cards writes it ("Ah", "Td", "2c"); anything else is drawn
              as a plain tile with its text.
       words: what a screen reader reads for it ("ace of hearts", in the game's own words and
              language); the drawing itself is aria-hidden.
       The element carries class "pc suit-<s> pc-red|pc-black", data-card and data-rank /
       data-suit; its text is "A♥" (the drawn corner) followed by the words.

     cardBack({ words, tag = "span", classes = [], title = null, mark = "" }) -> HTMLElement
       A face-down card: the patterned back, with `words` for screen readers (omit them when
       the caller says the count once for several backs); `mark` is an optional character
       drawn on the back ("?": hidden from you).

     cardParts(text) -> { rank, suit, red } | null   (rank "T" stays "T"; the face says "10")

     faceText(text) -> "A♥", "10♦": the corner as text (a card's text as it is when no card)

   The face shows the rank and suit in the top-left corner (the only text in the element's
   markup, so text lookups stay as they were); the centre pip and the turned bottom-right
   corner are drawn by CSS from data attributes. Small places (a seat card) get a smaller card
   with the corner only. Red suits are red, black suits black, on a light card in both themes. */

import { h, srOnly } from "./dom.js";

const SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const CARD = /^([2-9TJQKA])([shdc])$/;

export function cardParts(text) {
  const found = CARD.exec(String(text ?? ""));
  if (!found) return null;
  const [, rank, suit] = found;
  return { rank, suit, red: suit === "h" || suit === "d" };
}

/** The rank as the face writes it: "10" for T. */
function rankFace(rank) {
  return rank === "T" ? "10" : rank;
}

export function faceText(text) {
  const card = cardParts(text);
  return card ? `${rankFace(card.rank)}${SYMBOLS[card.suit]}` : String(text ?? "");
}

function classList(base, extra) {
  return [...base, ...extra].filter(Boolean).join(" ");
}

export function playingCard(text, { words, tag = "span", classes = [], title = null } = {}) {
  const card = cardParts(text);
  if (!card) return h(tag, { class: classList(["pc", "pc-plain"], classes), title }, String(text ?? ""));
  const rank = rankFace(card.rank);
  const symbol = SYMBOLS[card.suit];
  return h(
    tag,
    {
      class: classList(["pc", `suit-${card.suit}`, card.red ? "pc-red" : "pc-black"], classes),
      "data-card": text,
      title,
    },
    h(
      "span",
      { class: "pc-face", "aria-hidden": "true", "data-rank": rank, "data-suit": symbol },
      h("span", { class: "pc-corner" }, h("span", { class: "pc-rank" }, rank), h("span", { class: "pc-suit" }, symbol)),
    ),
    words ? srOnly(words) : null,
  );
}

export function cardBack({ words = "", tag = "span", classes = [], title = null, mark = "" } = {}) {
  return h(
    tag,
    { class: classList(["pc", "pc-back"], classes), title },
    h("span", { class: "pc-face", "aria-hidden": "true" }, mark ? h("span", { class: "pc-mark" }, mark) : null),
    words ? srOnly(words) : null,
  );
}
