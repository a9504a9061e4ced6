// @ts-check
/* Who is at the table, from the server's `presence` message (model.presence): one line per
   seat card (connected, not connected, away, replaced by a bot, left) and the number of
   spectators. Words first: the `data-presence` attribute only lets the style repeat them.
   A bot that sat there from the start gets no line; its card says "(bot)" already. */

import { byId, h } from "./dom.js";
import { t } from "./i18n.js";

const WORDS = {
  connected: "presence.connected",
  offline: "presence.offline",
  away: "presence.away",
  replaced: "presence.replaced",
  left: "presence.left",
};

/** The seat card's presence line, or null when there is nothing to say. */
export function presenceBadge(model, seat) {
  const status = model.presence?.seats?.[seat];
  const key = WORDS[status];
  if (!key) return null;
  return h("p", { class: "seat-presence", "data-presence": status, "data-testid": `presence-${seat}` }, t(key));
}

/** "2 watching" under the players' heading; empty while nobody watches. */
export function renderSpectators(model) {
  const count = model.presence?.spectators ?? 0;
  byId("spectator-count").textContent = count > 0 ? t("presence.spectators", { count }) : "";
}

/** Sentences for the seats whose presence changed ("Bob: not connected"), our own left out;
   none on the first presence (the page has just been drawn). */
export function presenceChanges(before, after, names, mySeat) {
  if (!before?.seats || !after?.seats) return [];
  const lines = [];
  after.seats.forEach((status, seat) => {
    const key = WORDS[status];
    if (seat === mySeat || !key || status === before.seats[seat]) return;
    lines.push(t("presence.changed", { name: names[seat] || t("common.seatNumber", { seat: seat + 1 }), status: t(key) }));
  });
  return lines;
}
