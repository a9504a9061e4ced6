/* The showdown, in the order the rules reveal guesses (QP3, DU6): who showed what and how far
   off, whose guess stayed face down, and who won which pot. Built from the events, because
   only they keep the order. #showdown shows the current hand's showdown while it lasts;
   #hand-summary shows the last finished hand (view.previous_hand) with its reveals. */

import { describeAward } from "../../describe.js";
import { byId, fill, h, show } from "../../dom.js";
import { formatDecimal, t } from "../../i18n.js";
import { distance, isZero } from "../../numbers.js";

/** Reveal rows in rule order: [{seat, value, distance, hidden}] from a hand's events. */
export function revealsOf(events) {
  const rows = [];
  for (const e of events) {
    if (e.type === "guess_shown") rows.push({ seat: e.seat, value: e.value, distance: e.distance, hidden: false });
    if (e.type === "guess_stays_hidden") rows.push({ seat: e.seat, hidden: true });
  }
  return rows;
}

export function revealTable(rows, names, captionText) {
  return h(
    "table",
    { class: "reveals" },
    h("caption", {}, captionText),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", class: "num" }, t("showdown.order")),
        h("th", { scope: "col" }, t("showdown.player")),
        h("th", { scope: "col", class: "num" }, t("showdown.guess")),
        h("th", { scope: "col", class: "num" }, t("showdown.distance")),
      ),
    ),
    h(
      "tbody",
      {},
      rows.map((row, i) =>
        h(
          "tr",
          { class: row.hidden ? "is-hidden-guess" : "" },
          h("td", { class: "num" }, String(i + 1)),
          h("th", { scope: "row" }, names[row.seat] ?? String(row.seat + 1)),
          row.hidden
            ? h("td", { colspan: "2" }, t("showdown.faceDown"))
            : [
                h("td", { class: "num" }, formatDecimal(row.value)),
                h("td", { class: "num" }, isZero(row.distance) ? t("showdown.exact") : formatDecimal(row.distance)),
              ],
        ),
      ),
    ),
  );
}

function awardsOf(events) {
  return events.filter((e) => e.type === "pot_awarded");
}

export function renderShowdown(model) {
  const container = byId("showdown");
  const events = model.eventsOf(model.view.hand.number);
  const rows = revealsOf(events);
  const awards = awardsOf(events);
  // Once the hand is finished it is the "last hand" summary's job (e.g. after game over).
  const finished = model.view.previous_hand?.number === model.view.hand.number;
  const visible = !finished && (rows.length > 0 || awards.length > 0);
  show(container, visible);
  if (!visible) return;
  const ctx = model.describeContext;
  fill(
    container,
    h("h3", {}, t("showdown.heading", { hand: model.view.hand.number })),
    rows.length ? revealTable(rows, model.names, t("showdown.caption")) : null,
    awards.length ? h("ul", { class: "awards" }, awards.map((a) => h("li", {}, describeAward(a, ctx)))) : null,
  );
}

export function renderSummary(model) {
  const body = byId("summary-body");
  const last = model.view.previous_hand;
  if (!last) {
    fill(body, h("p", { class: "muted" }, t("summary.none")));
    return;
  }
  const names = model.names;
  const ctx = model.describeContext;
  const lang = model.info?.options?.language || "en";
  let rows = revealsOf(model.eventsOf(last.number));
  if (rows.length === 0) {
    // Reloaded since: the order is gone, so list the shown guesses closest first.
    rows = Object.entries(last.shown || {}).map(([seat, value]) => ({
      seat: Number(seat),
      value,
      distance: distance(value, last.answer),
      hidden: false,
    }));
    rows.sort((a, b) => Number(a.distance) - Number(b.distance));
  }
  const answer = last.unit ? `${formatDecimal(last.answer)} ${last.unit}` : formatDecimal(last.answer);
  fill(
    body,
    h("h3", {}, t("summary.hand", { hand: last.number })),
    h("p", { class: "summary-question", lang }, last.question),
    h("p", {}, h("span", { class: "hint-label" }, t("question.answerLabel")), " ", h("strong", {}, answer)),
    rows.length
      ? revealTable(rows, names, t("summary.guessesCaption"))
      : h("p", { class: "muted" }, t("summary.noShowdown")),
    h("ul", { class: "awards" }, (last.awards || []).map((a) => h("li", {}, describeAward(a, ctx)))),
  );
}

/** The hand that just ended, for the felt during the result pause (render-result.js): the
   answer, the shown guesses beside it (closest first once reloaded) with each winner marked,
   and the awards. Null when the view has no finished hand yet. */
export function handResult(model, hand) {
  const last = model.view.previous_hand;
  if (!last || last.number !== hand) return null;
  const ctx = model.describeContext;
  const winners = new Set((last.awards || []).flatMap((a) => Object.keys(a.shares || {}).map(Number)));
  let rows = revealsOf(model.eventsOf(hand));
  if (rows.length === 0) {
    rows = Object.entries(last.shown || {}).map(([seat, value]) => ({
      seat: Number(seat), value, distance: distance(value, last.answer), hidden: false,
    }));
    rows.sort((a, b) => Number(a.distance) - Number(b.distance));
  }
  const names = Object.fromEntries(model.names.map((name, seat) => [seat, name]));
  const answer = last.unit ? `${formatDecimal(last.answer)} ${last.unit}` : formatDecimal(last.answer);
  const table = rows.length ? revealTable(rows, names, t("summary.guessesCaption")) : h("p", { class: "muted" }, t("summary.noShowdown"));
  for (const [i, row] of rows.entries()) {
    if (!winners.has(row.seat)) continue;
    const tr = table.tBodies[0].rows[i];
    tr.classList.add("is-winner");
    Object.assign(tr.dataset, { resultWinner: "", seat: String(row.seat) }); // chips fly here
    tr.cells[1].append(" ", h("span", { class: "result-winner-tag" }, t("result.winner")));
  }
  return h(
    "div",
    { class: "quiz-result" },
    h("p", { "data-result-pot": "" }, h("span", { class: "hint-label" }, t("question.answerLabel")), " ", h("strong", { class: "result-answer" }, answer)),
    table,
    h("ul", { class: "awards" }, (last.awards || []).map((a) => awardItem(a, rows, ctx))),
  );
}

/** An award's line; it takes the chips when its winner has no shown guess (the others folded). */
function awardItem(award, rows, ctx) {
  const seats = Object.keys(award.shares || {}).map(Number).filter((seat) => !rows.some((row) => row.seat === seat));
  const item = h("li", {}, describeAward(award, ctx));
  if (seats.length) Object.assign(item.dataset, { resultWinner: "", seat: String(seats[0]) });
  return item;
}
