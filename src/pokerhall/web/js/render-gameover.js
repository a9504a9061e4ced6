/* The game-over screen: the winner, the standings as a table, and the fairness check (the
   seed, revealed now, with the hash published before the first deal). */

import { amount } from "./chips.js";
import { byId, fill, h, show } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { outAfter } from "./render-seats.js";

export function renderGameOver(model) {
  const section = byId("game-over");
  const view = model.view;
  const result = view?.result;
  show(section, Boolean(view?.over && result));
  if (!view?.over || !result) return false;
  const names = model.names;
  const duell = model.duell;
  const first = result.winners[0];
  const winner = names[first];
  const info = model.info;
  fill(
    section,
    h("h2", { id: "game-over-heading" }, t("over.heading")),
    h(
      "p",
      { class: "winner" },
      first === model.seat
        ? t("over.youWin", { count: result.rounds, hands: result.rounds })
        : t("over.winner", { name: winner, count: result.rounds, hands: result.rounds }),
    ),
    h(
      "table",
      { id: "standings", class: "standings" },
      h("caption", {}, t("over.standings")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col", class: "num" }, t("over.place")),
          h("th", { scope: "col" }, t("over.player")),
          h("th", { scope: "col", class: "num" }, t("over.chips")),
          h("th", { scope: "col" }, t("over.outAfter")),
        ),
      ),
      h(
        "tbody",
        {},
        result.standings.map((seat, i) => {
          const out = outAfter(view, seat);
          return h(
            "tr",
            { class: seat === model.seat ? "is-me" : "" },
            h("td", { class: "num" }, formatNumber(i + 1)),
            h("th", { scope: "row" }, names[seat], seat === model.seat ? ` ${t("seats.you")}` : ""),
            h("td", { class: "num" }, amount(result.scores[seat], { duell })),
            h("td", {}, out ? t("over.outAfterHand", { hand: out }) : i === 0 ? t("over.winnerTag") : "—"),
          );
        }),
      ),
    ),
    info?.seed !== null && info?.seed !== undefined
      ? h(
          "details",
          { class: "fairness" },
          h("summary", {}, t("over.fairness")),
          h("p", {}, t("over.fairnessText")),
          h("p", {}, t("over.seed"), " ", h("code", {}, String(info.seed))),
          h("p", {}, t("over.hash"), " ", h("code", { class: "hash" }, info.seed_sha256)),
        )
      : null,
    h("p", {}, h("a", { class: "btn", href: "/" }, t("over.backToLobby"))),
  );
  return true;
}
