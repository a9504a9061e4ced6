// @ts-check
/* The players around the table, game-neutral: name, you and bot tags, who is to act (with the
   clock), left the table. The game module adds its own details to each card (`seat`: badges,
   lines such as a stack, state words and classes; a line with class `seat-bet` is drawn in
   front of the seat, on the felt; `details`: lines shown on demand, in a "More" disclosure,
   so a card stays compact). Every state is written in words; colour, borders and the timer
   bar only repeat it. Each card carries its place around the oval (seat-layout.js) as custom
   properties; the list itself stays in seat order. */

import { formatSeconds } from "./clock.js";
import { byId, fill, h, srOnly } from "./dom.js";
import { t } from "./i18n.js";
import { presenceBadge } from "./render-presence.js";
import { seatPlace } from "./seat-layout.js";

/** The visual turn timer on the seat to act: a bar (decorative; the text clock says it). */
function timerBar(which) {
  return h("span", { class: "clock-bar seat-timer", "aria-hidden": "true", "data-clock-bar": which }, h("span", { class: "clock-fill" }));
}

/** The seats whose "More" the player opened: the cards are rebuilt on every update, and an
    open disclosure stays open (and keeps the focus) across them. */
const openDetails = new Set();

function moreDetails(extra, seat, name) {
  const items = (extra.details || []).filter(Boolean);
  if (!items.length) return null;
  const details = h(
    "details",
    { class: "seat-more", open: openDetails.has(seat) },
    h(
      "summary",
      { "data-seat-more": seat },
      h("span", { "aria-hidden": "true" }, t("seats.more")),
      srOnly(t("seats.moreAbout", { name })),
    ),
    h("div", { class: "seat-more-body" }, items),
  );
  details.addEventListener("toggle", () => {
    if (details.open) openDetails.add(seat);
    else openDetails.delete(seat);
    const seats = details.closest(".seats");
    if (seats) fitFelt(seats);
  });
  return details;
}

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
  const place = seatPlace(seat, view.players.length, model.seat);
  const name = player.name ?? model.names[seat];
  const card = h(
    "li",
    {
      class: classes.join(" "),
      "data-testid": `seat-${seat}`,
      "data-seat": seat,
      "data-side": place.side,
      // the player to act is the list's current item, in words too ("To act" below)
      "aria-current": turn ? "true" : null,
    },
    h(
      "div",
      { class: "seat-head" },
      h(
        "h3",
        { class: "seat-name" },
        turn ? h("span", { class: "turn-marker", "aria-hidden": "true" }, "▶ ") : null,
        name,
        mine ? h("span", { class: "you-tag" }, ` ${t("seats.you")}`) : null,
        info?.kind === "bot" ? h("span", { class: "bot-tag" }, ` ${t("seats.bot")}`) : null,
        info?.bot_account ? h("span", { class: "bot-tag" }, ` ${t("seats.botAccount")}`) : null,
        typeof info?.rating === "number" ? h("span", { class: "rating-tag" }, ` ${t("seats.rating", { rating: info.rating })}`) : null,
      ),
      h("span", { class: "badges" }, extra.badges || []),
    ),
    extra.lines || [],
    state.length ? h("p", { class: "seat-state" }, state.join(" · ")) : null,
    moreDetails(extra, seat, name),
    presenceBadge(model, seat),
    clockSeconds !== null
      ? h("p", { class: "seat-clock", "data-clock": mine ? "you" : "table" }, t("seats.clock", { time: formatSeconds(clockSeconds) }))
      : null,
    clockSeconds !== null ? timerBar(mine ? "you" : "table") : null,
  );
  for (const [name, value] of Object.entries({ x: place.x, y: place.y, bx: place.bx, by: place.by })) {
    card.style.setProperty(`--seat-${name}`, String(value));
  }
  return card;
}

export function renderSeats(model, game) {
  const seats = byId("seats");
  const cards = model.view.players.map((player, seat) => seatCard(model, game, player, seat));
  seats.dataset.count = String(cards.length);
  // Seats at the ends of the oval leave the middle narrower (css/table.css).
  seats.toggleAttribute("data-ends", cards.some((card) => card.dataset.side === "left"));
  const focused = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.("#seats summary[data-seat-more]"))?.dataset.seatMore;
  fill(seats, cards);
  if (focused !== undefined) /** @type {HTMLElement | null} */ (seats.querySelector(`summary[data-seat-more="${focused}"]`))?.focus();
  fitFelt(seats);
}

/* The felt's room above and below the centre panel follows the tallest seat card on each
   side (a game may put cards or several lines on a seat), plus room for the bets. */
const BET_ROOM_PX = 44;
let fitsOnResize = false;

function fitFelt(seats) {
  const grid = seats.closest(".game-grid");
  if (!grid) return;
  if (!fitsOnResize) {
    fitsOnResize = true; // the cards reflow with the width (phone strip, oval)
    window.addEventListener("resize", () => fitFelt(seats));
  }
  const tallest = (side) =>
    Math.max(0, ...[...seats.querySelectorAll(`:scope > [data-side="${side}"]`)].map((card) => card.offsetHeight));
  const top = tallest("top");
  const bottom = tallest("bottom");
  if (top) grid.style.setProperty("--felt-top", `${top + BET_ROOM_PX}px`);
  if (bottom) grid.style.setProperty("--felt-bottom", `${bottom + BET_ROOM_PX + 8}px`);
}
