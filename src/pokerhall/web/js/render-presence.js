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
