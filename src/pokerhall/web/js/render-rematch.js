// @ts-check
/* "Play again" on the game-over screen (server/tables/rematch.py): a player of the finished table
   opens a new one with the same game, options and bots, or takes the seat held for them at
   the one another player opened ("Ann opened a new table — join"). Spectators get a link to
   watch it. Every finished game also links to its hand history. */

import { api, errorText } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { historyUrl, tableUrl } from "./lobby-list.js";
import { rememberSeat, seatAt, viewingCode } from "./storage.js";

async function playAgain(info, entry, button) {
  button.disabled = true;
  try {
    const seat = await api.playAgain(info.id, entry.token);
    rememberSeat(seat.table, {
      token: seat.token,
      seat: seat.seat,
      name: entry.name,
      creator: seat.creator,
      code: seat.join_code,
    });
    location.assign(tableUrl(seat.table, seat.join_code));
  } catch (error) {
    button.disabled = false;
    document.getElementById("rematch-error").textContent = errorText(error);
  }
}

/** The rematch offer and the history link, for the game-over section. */
export function rematchSection(model) {
  const info = model.info;
  if (!info) return null;
  const entry = model.seat === null ? null : seatAt(info.id);
  const offer = info.rematch;
  const parts = [];
  if (entry && (!offer || offer.status === "open")) {
    if (offer) parts.push(h("p", { id: "rematch-offer" }, t("rematch.offer", { name: offer.by ?? "" })));
    const button = h(
      "button",
      { type: "button", class: "btn", id: "play-again" },
      t(offer ? "rematch.join" : "rematch.playAgain"),
    );
    button.addEventListener("click", () => playAgain(info, entry, button));
    parts.push(h("p", {}, button));
  } else if (offer) {
    parts.push(
      h("p", { id: "rematch-offer" }, t("rematch.opened", { name: offer.by ?? "" }), " ", h("a", { href: tableUrl(offer.table), id: "rematch-watch" }, t("rematch.watch"))),
    );
  }
  parts.push(h("p", { id: "rematch-error", class: "error-text", role: "alert" }));
  parts.push(h("p", {}, h("a", { href: historyUrl(info.id, info.private ? viewingCode(info.id) : null), id: "game-over-history" }, t("history.link"))));
  return h("div", { class: "rematch" }, parts);
}
