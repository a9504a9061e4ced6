/* Slovní poker's letters for the eye and the ear. A card shows a consonant ("N") or a
   diacritic card (háček, čárka); a die shows a vowel; a word is written with diacritics. A
   screen reader or a synthetic voice reads single letters badly and drops diacritics, so every
   letter has a name per language ("Ř": "er s háčkem"), and words are spelt letter by letter on
   request. Czech is the players' language: its table names every letter the Czech alphabet
   has; the others name the letters and say which diacritic card a marked one takes. */

import { h, srOnly } from "../../dom.js";
import { currentLanguage, formatList, t } from "../../i18n.js";

/** A marked letter -> [its base letter, the mark's kind]: "ring" is the čárka card on U (Ů). */
const MARKED = {
  Á: ["A", "carka"], É: ["E", "carka"], Í: ["I", "carka"], Ó: ["O", "carka"], Ú: ["U", "carka"],
  Ý: ["Y", "carka"], Ů: ["U", "ring"], Č: ["C", "hacek"], Ď: ["D", "hacek"], Ě: ["E", "hacek"],
  Ň: ["N", "hacek"], Ř: ["R", "hacek"], Š: ["S", "hacek"], Ť: ["T", "hacek"], Ž: ["Z", "hacek"],
};

const CS = {
  A: "a", Á: "á s čárkou", B: "bé", C: "cé", Č: "čé, cé s háčkem", D: "dé", Ď: "ďé, dé s háčkem",
  E: "e", É: "é s čárkou", Ě: "e s háčkem", F: "ef", G: "gé", H: "há", CH: "chá", I: "měkké i",
  Í: "měkké í s čárkou", J: "jé", K: "ká", L: "el", M: "em", N: "en", Ň: "eň, en s háčkem", O: "o",
  Ó: "ó s čárkou", P: "pé", Q: "kvé", R: "er", Ř: "er s háčkem", S: "es", Š: "eš, es s háčkem",
  T: "té", Ť: "ťé, té s háčkem", U: "u", Ú: "ú s čárkou", Ů: "ů s kroužkem", V: "vé",
  W: "dvojité vé", X: "iks", Y: "ypsilon", Ý: "ypsilon s čárkou", Z: "zet", Ž: "žet, zet s háčkem",
};

const DE = {
  A: "A", B: "Be", C: "Ce", D: "De", E: "E", F: "Ef", G: "Ge", H: "Ha", CH: "Ce-Ha", I: "I",
  J: "Jot", K: "Ka", L: "El", M: "Em", N: "En", O: "O", P: "Pe", Q: "Ku", R: "Er", S: "Es", T: "Te", U: "U", V: "Vau",
  W: "We", X: "Ix", Y: "Ypsilon", Z: "Zett",
};

/** Letter names per language; a language without one for a letter says the letter itself. */
const NAMES = { cs: CS, de: DE, en: {}, el: {} };

/** How each language names a marked letter it has no name of its own for. */
const MARK_KEYS = { hacek: "wp.marked.hacek", carka: "wp.marked.carka", ring: "wp.marked.ring" };

/** The name of one written letter ("ř" or "Ř": "er s háčkem", "ch": "chá"); any other
    character as it is. */
export function letterName(char) {
  const upper = String(char).toLocaleUpperCase("cs");
  const names = NAMES[currentLanguage()] ?? {};
  if (names[upper]) return names[upper];
  const marked = MARKED[upper];
  if (marked) return t(MARK_KEYS[marked[1]], { letter: names[marked[0]] ?? marked[0] });
  return upper;
}

/** Every letter these tables cover (for the completeness test). */
export const LETTERS = [...new Set([...Object.keys(CS), ...Object.keys(MARKED)])];

/** One card's letter ("N", "hacek", "carka") in words. */
export function cardName(letter) {
  if (letter === "hacek" || letter === "carka") return t(`wp.card.${letter}`);
  return letterName(letter);
}

/** What the screen shows for a card: the consonant, or the diacritic mark (ˇ ´). */
export function cardFace(letter) {
  return { hacek: "ˇ", carka: "´" }[letter] ?? String(letter);
}

/** Cards as a spoken list ("en, er, háček"); "none" when there are none. */
export function cardNames(letters) {
  return letters?.length ? formatList(letters.map(cardName)) : t("wp.none");
}

/** Dice as a spoken list ("a, e, ypsilon"). */
export function diceNames(dice) {
  return dice?.length ? formatList(dice.map(letterName)) : t("wp.none");
}

/** A word letter by letter: "Ř, er s háčkem; E; K, ká; A". CH is one letter of the Czech
    alphabet (W16): "chata" is spelt CH, A, T, A. A letter whose name is the letter itself
    (English has no names of its own: "P") is said once, not "P, P". */
export function spell(word) {
  const letters = String(word ?? "").normalize("NFC").trim().match(/ch|./gisu) ?? [];
  return letters
    .map((c) => {
      const letter = c.toLocaleUpperCase("cs");
      const name = letterName(c);
      return name.toLocaleUpperCase("cs") === letter ? letter : t("wp.spell.item", { letter, name });
    })
    .join("; ");
}

/** The letters of one card or one die as an element: a letter tile or a die face
    (css/cards.css) for the eye, the name for the ear. A diacritic card shows its name too,
    since the mark alone is small. */
export function letterTile(letter, { kind = "card", id = null } = {}) {
  const mark = letter === "hacek" || letter === "carka";
  const name = kind === "card" ? cardName(letter) : letterName(letter);
  return h(
    "li",
    {
      class: `wp-tile wp-${kind} ${kind === "card" ? "piece-tile" : "piece-die"}${mark ? " wp-mark" : ""}`,
      "data-letter": letter,
      "data-card": id,
    },
    h("span", { class: "wp-face", "aria-hidden": "true" }, kind === "card" ? cardFace(letter) : letter),
    mark ? h("span", { class: "wp-caption" }, name) : srOnly(name),
  );
}

/** Cards as the game's messages write them ("N R ˇ K ´") for the written log: a bare mark
    says little, so the diacritic cards are named ("N, R, háček card, K and čárka card"). */
export function writtenCards(text) {
  const tokens = String(text).split(/\s+/).filter(Boolean);
  if (!tokens.some((token) => token in MARK_CARDS)) return text;
  return formatList(tokens.map((token) => (token in MARK_CARDS ? cardName(MARK_CARDS[token]) : token)));
}

const MARK_CARDS = { "ˇ": "hacek", "´": "carka" };

/** Cards as the game's messages write them ("N R ˇ K ´", or "—" for none) in spoken names. */
export function spokenCards(text) {
  const tokens = String(text).split(/\s+/).filter(Boolean);
  if (!tokens.length || (tokens.length === 1 && tokens[0] === "—")) return t("wp.none");
  const letter = (token) => ({ "ˇ": "hacek", "´": "carka" })[token] ?? token;
  return formatList(tokens.map((token) => cardName(letter(token))));
}
