/* Slovní poker's deal result on the felt (render-result.js, during the result pause): every
   word written in letter tiles with its score (a word not in the dictionary struck through and
   said so, W10), the cards it was made from, the deal's winners marked and the pot going to
   them, and the best word the deal allowed. Drawn from the view's `last_deal` (public once the
   deal is over), so a reload during the pause draws it again. */

import { h, srOnly } from "../../dom.js";
import { formatNumber, t } from "../../i18n.js";
import { cardFace, cardNames } from "./letters.js";
import { bestOfDeal, resultSentences } from "./panels.js";

const name = (model, seat) => model.names[seat] ?? String(seat + 1);

/** A word's letters as the game counts them: CH is one letter (W16). */
function lettersOf(word) {
  return String(word).normalize("NFC").match(/ch|./gisu) ?? [];
}

/** A word as tiles for the eye (hidden from screen readers) and as the word for the ear. */
function wordTiles(word, { struck = false } = {}) {
  return h(
    "span",
    { class: `wp-word${struck ? " is-struck" : ""}`, lang: "cs" },
    h("span", { class: "wp-word-tiles", "aria-hidden": "true" },
      lettersOf(word).map((letter) => h("span", { class: "wp-word-tile" }, letter.toLocaleUpperCase("cs")))),
    srOnly(word),
  );
}

function winnerTag() {
  return h("span", { class: "result-winner-tag" }, t("result.winner"));
}

function row(model, entry, winners) {
  const won = winners.has(entry.seat);
  let word;
  if (!entry.word) word = h("span", { class: "muted" }, t("wp.result.noWord"));
  else if (entry.valid) word = wordTiles(entry.word);
  else word = [wordTiles(entry.word, { struck: true }), h("span", { class: "wp-word-note" }, t("wp.result.notWord"))];
  return h(
    "li",
    { class: `wp-result-row${won ? " is-winner" : ""}`, "data-seat": entry.seat, "data-result-winner": won },
    h("span", { class: "wp-result-who" }, name(model, entry.seat), won ? winnerTag() : null),
    h("span", { class: "wp-result-word" }, word),
    h("span", { class: "wp-result-score" }, t("wp.result.points", { count: entry.score })),
    h(
      "span",
      { class: "wp-result-cards" },
      h("span", { "aria-hidden": "true" }, `${t("wp.result.hand")}: ${entry.hand.map(cardFace).join(" ")}`),
      srOnly(`${t("wp.result.hand")}: ${cardNames(entry.hand)}`),
    ),
  );
}

/** The felt's drawing of deal `hand` (render-result.js), or null when the view has another. */
export function handResult(model, hand) {
  const result = model.view.last_deal;
  if (!result || result.deal !== hand) return null;
  const winners = new Set(result.winners);
  const [pot] = resultSentences(model, result); // who takes the pot (or why nobody does)
  const best = bestOfDeal(result);
  const carry = result.carry && result.winners.length ? t("wp.result.carry", { carry: formatNumber(result.carry) }) : null;
  return h(
    "div",
    { class: "wp-result-felt" },
    result.words.length ? h("ul", { class: "wp-result-words" }, result.words.map((entry) => row(model, entry, winners))) : null,
    h("p", { class: "result-pot", "data-result-pot": "" }, pot),
    !result.uncontested && best
      ? h("p", { class: "wp-result-best" }, t("wp.result.bestLabel"), " ", wordTiles(best.word),
        ` ${t("wp.result.bestBy", { count: best.points, name: name(model, best.seat) })}`)
      : null,
    !result.uncontested && !best ? h("p", { class: "wp-result-best" }, t("wp.result.noBestWord")) : null,
    carry ? h("p", {}, carry) : null,
  );
}
