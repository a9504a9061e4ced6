/* The players around the table, game-neutral: name, you and bot tags, who is to act (with the
   clock), left the table. The game module adds its own details to each card (`seat`: badges,
   lines such as a stack, state words and classes). Every state is written in words; colour
   and borders only repeat it. */

import { formatSeconds } from "./clock.js";
import { byId, fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { presenceBadge } from "./render-presence.js";

function seatCard(model, game, player, seat) {
  const view = model.view;
  const extra = game.seat?.(model, player, seat) ?? {};
  const mine = seat === model.seat;
  const turn = !view.over && Boolean(extra.turn);
  const info = model.seatInfo(seat);
  const classes = ["seat", ...(extra.classes || [])];
  if (turn) classes.push("is-turn");
  if (mine) classes.push("is-me");
  const state = [...(extra.state || [])];
  if (turn) state.unshift(t("seats.toAct"));
  if (info?.left) state.push(info.kind === "bot" ? t("seats.leftBot") : t("seats.left"));
  const clockSeconds = turn ? model.secondsLeft(mine ? "you" : "table") : null;
  return h(
    "li",
    { class: classes.join(" "), "data-testid": `seat-${seat}`, "data-seat": seat },
    h(
      "div",
      { class: "seat-head" },
      h(
        "h3",
        { class: "seat-name" },
        turn ? h("span", { class: "turn-marker", "aria-hidden": "true" }, "▶ ") : null,
        player.name ?? model.names[seat],
        mine ? h("span", { class: "you-tag" }, ` ${t("seats.you")}`) : null,
        info?.kind === "bot" ? h("span", { class: "bot-tag" }, ` ${t("seats.bot")}`) : null,
      ),
      h("span", { class: "badges" }, extra.badges || []),
    ),
    extra.lines || [],
    state.length ? h("p", { class: "seat-state" }, state.join(" · ")) : null,
    presenceBadge(model, seat),
    clockSeconds !== null
      ? h("p", { class: "seat-clock", "data-clock": mine ? "you" : "table" }, t("seats.clock", { time: formatSeconds(clockSeconds) }))
      : null,
  );
}

export function renderSeats(model, game) {
  fill(byId("seats"), model.view.players.map((player, seat) => seatCard(model, game, player, seat)));
}
