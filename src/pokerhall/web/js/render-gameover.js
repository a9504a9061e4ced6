// @ts-check
/* The game-over screen, game-neutral, from the one result shape (winners, standings, places,
   scores, unit, rounds): the winners, the standings as a table, and the fairness check (the
   seed, revealed now as exact digits, whose SHA-256 is computed here over exactly that text
   and compared with the hash published before the game). A game module may add a note per
   standing (`standingNote`) and its own winner sentence (`winnerText`). */

import { byId, fill, h, show } from "./dom.js";
import { formatList, formatNumber, t } from "./i18n.js";
import { rematchSection } from "./render-rematch.js";
import { sha256Hex } from "./sha256.js";

/** The result in the one shape (engine/results.py): every game's result has these keys. */
export function resultOf(raw) {
  const { winners, scores, standings, places, unit, rounds } = raw;
  return { winners, scores, standings, places, unit, rounds };
}

function fairness(info) {
  if (info?.seed === null || info?.seed === undefined) return null;
  const seed = String(info.seed); // a string from the server: exact, never a rounded number
  const matches = sha256Hex(seed) === info.seed_sha256;
  return h(
    "details",
    { class: "fairness" },
    h("summary", {}, t("over.fairness")),
    h("p", {}, t("over.fairnessText")),
    h("p", {}, t("over.seed"), " ", h("code", { id: "fair-seed" }, seed)),
    h("p", {}, t("over.hash"), " ", h("code", { class: "hash" }, info.seed_sha256)),
    h("p", { id: "fair-check", "data-matches": String(matches) }, t(matches ? "over.hashMatches" : "over.hashDiffers")),
  );
}

export function renderGameOver(model, game) {
  const section = byId("game-over");
  const view = model.view;
  show(section, Boolean(view?.over && view.result));
  if (!view?.over || !view.result) return false;
  const result = resultOf(view.result);
  const names = model.names;
  const winnerText =
    game.winnerText?.(model, result) ??
    (result.winners.includes(model.seat)
      ? t("over.youWon")
      : `${t("over.winners", { count: result.winners.length, names: formatList(result.winners.map((s) => names[s])) })} ${t("over.rounds", { count: result.rounds })}`);
  const notes = Boolean(game.standingNote);
  fill(
    section,
    h("h2", { id: "game-over-heading" }, t("over.heading")),
    h("p", { class: "winner" }, winnerText),
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
          h("th", { scope: "col", class: "num" }, t(`over.unit.${result.unit === "points" ? "points" : "chips"}`)),
          notes ? h("th", { scope: "col" }, t("over.outAfter")) : null,
        ),
      ),
      h(
        "tbody",
        {},
        result.standings.map((seat) =>
          h(
            "tr",
            { class: seat === model.seat ? "is-me" : "" },
            h("td", { class: "num" }, formatNumber(result.places[seat])),
            h("th", { scope: "row" }, names[seat], seat === model.seat ? ` ${t("seats.you")}` : ""),
            h("td", { class: "num" }, game.score?.(model, result.scores[seat]) ?? formatNumber(result.scores[seat])),
            notes
              ? h("td", {}, game.standingNote(model, seat, result) || (result.winners.includes(seat) ? t("over.winnerTag") : "—"))
              : null,
          ),
        ),
      ),
    ),
    fairness(model.info),
    rematchSection(model),
    h("p", {}, h("a", { class: "btn btn-secondary", href: "/" }, t("over.backToLobby"))),
  );
  return true;
}
