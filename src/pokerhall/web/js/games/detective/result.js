/* Detective Poker's hand result on the felt (render-result.js, during the result pause): a
   small score grid, a row per player and a column per betting round (X7): what the player's
   bet scored there, where it went and with which action card, and whether the player's own
   hand was the best at that moment; then the hand's points, the hand's top scorers marked and
   the points going to them. Drawn from the view's `last_hand` (everything in it is public once
   the hand is scored), so a reload during the pause draws it again. */

import { h } from "../../dom.js";
import { formatNumber, t } from "../../i18n.js";
import { actionName, cardFace, cardNames, categoryName, streetName } from "./cards.js";

const STREETS = ["preflop", "flop", "turn", "river"];

function winnerTag() {
  return h("span", { class: "result-winner-tag" }, t("result.winner"));
}

/** One player's bet of one betting round: its points big, then where it went (and the card). */
function betCell(model, result, seat) {
  const bet = result?.bets.find((b) => b.seat === seat);
  const best = result?.best.includes(seat);
  const mine = result ? categoryName(result.categories[seat]) : "";
  if (!bet) return h("td", { class: "muted" }, t("det.boards.none"));
  const card = bet.card ? ` · ${actionName(bet.card)}` : "";
  const points = bet.points > 0 ? `+${formatNumber(bet.points)}` : formatNumber(bet.points);
  return h(
    "td",
    { class: `det-result-cell ${bet.correct ? "is-right" : "is-wrong"}`, "data-street": result.street },
    h("strong", { class: "det-result-points" }, points),
    h("span", { class: "det-result-bet" }, t("det.result.betOn", { count: bet.chips, name: model.names[bet.board] ?? "" }), card),
    h("span", { class: "det-result-hand" }, best ? t("det.result.bestHand", { category: mine }) : mine),
  );
}

/** The felt's drawing of hand `hand` (render-result.js), or null before it is scored. */
export function handResult(model, hand) {
  const last = model.view.last_hand;
  if (!last || last.number !== hand) return null;
  const top = Math.max(...last.points);
  const winners = new Set(last.points.flatMap((p, seat) => (p === top ? [seat] : [])));
  const byStreet = new Map(last.scoring.map((r) => [r.street, r]));
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t("det.scoring.player")),
    STREETS.map((s) => h("th", { scope: "col" }, streetName(s))),
    h("th", { scope: "col", class: "num" }, t("det.result.total")),
  );
  const rows = last.cards.map((c) => {
    const won = winners.has(c.seat);
    return h(
      "tr",
      { class: won ? "is-winner" : null, "data-seat": c.seat },
      h(
        "th",
        { scope: "row" },
        h("span", { class: "det-result-name" }, model.names[c.seat] ?? "", won ? winnerTag() : null),
        h("span", { class: "det-result-cards" }, cardFace(c.private), " ", cardFace(c.forehead)),
      ),
      STREETS.map((s) => betCell(model, byStreet.get(s), c.seat)),
      h(
        "td",
        { class: "num det-result-total", "data-result-winner": won, "data-seat": c.seat },
        h("strong", {}, formatNumber(last.points[c.seat])),
      ),
    );
  });
  return h(
    "div",
    { class: "det-result" },
    h(
      "p",
      { class: "det-result-board" },
      h("span", { class: "label" }, `${t("det.result.board")}: `),
      h("span", { "aria-hidden": "true" }, last.community.map((c) => [cardFace(c), " "])),
      h("span", { class: "sr-only" }, cardNames(last.community)),
    ),
    h(
      "table",
      { class: "det-table det-result-grid" },
      h("caption", { class: "sr-only" }, t("det.result.caption", { hand: last.number })),
      h("thead", {}, head),
      h("tbody", {}, rows),
    ),
    h(
      "p",
      { class: "result-pot", "data-result-pot": "" },
      t("det.result.pointsTo", { count: top, names: [...winners].map((s) => model.names[s] ?? "").join(", ") }),
    ),
  );
}
