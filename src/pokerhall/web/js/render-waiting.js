// @ts-check
/* The waiting room of an open table: the seats filling up, "start now" for the seated creator
   (the server refuses anyone else: apiError.creator_starts), a join form for a visitor, and the
   link to invite friends. */

import { byId, fill, h, show, inputById } from "./dom.js";
import { t } from "./i18n.js";
import { creatorToken } from "./storage.js";

let holdTimer = null;

/** Whether a rematch still keeps its empty seats for the last game's players (server/tables/rematch.py:
    a join is refused with seats_held until `held_until`); `rerender` runs when the hold ends. */
function seatsHeld(info, rerender) {
  clearTimeout(holdTimer);
  const left = info.held_until ? info.held_until * 1000 - Date.now() : 0;
  if (left > 0 && rerender) holdTimer = setTimeout(rerender, left + 250);
  return left > 0;
}

function emptySeat(seat, held) {
  if (!held) return h("span", { class: "muted" }, t("waiting.empty"));
  return h("span", { class: "muted held" }, seat.held_for ? t("waiting.heldFor", { name: seat.held_for }) : t("waiting.heldForOld"));
}

export function renderWaiting(model, { seated, rerender = null }) {
  const info = model.info;
  const seats = info.seats;
  const taken = seats.filter((s) => s.kind !== "empty").length;
  const held = seatsHeld(info, rerender);
  byId("waiting-count").textContent = t("waiting.count", { taken, count: seats.length });
  fill(
    byId("waiting-seats"),
    seats.map((s) =>
      h(
        "li",
        { class: `waiting-seat ${s.kind}`, "data-testid": `waiting-seat-${s.seat}` },
        h("span", { class: "seat-number" }, t("common.seatNumber", { seat: s.seat + 1 })),
        ": ",
        s.kind === "empty"
          ? emptySeat(s, held)
          : h(
              "strong",
              {},
              s.name,
              s.kind === "bot" ? ` ${t("seats.bot")}` : "",
              s.bot_account ? ` ${t("seats.botAccount")}` : "",
              typeof s.rating === "number" ? ` ${t("seats.rating", { rating: s.rating })}` : "",
              s.seat === model.seat ? ` ${t("seats.you")}` : "",
            ),
        s.reserved ? h("span", { class: "muted" }, ` (${t(s.invited || s.bot_account ? "seats.invited" : "seats.reserved")})`) : null,
      ),
    ),
  );
  show(byId("waiting-seated"), seated);
  const mayStart = Boolean(creatorToken(info.id)) || Boolean(info.anyone_starts); // the creator left
  show(byId("start-hint"), mayStart);
  show(byId("start-now-row"), mayStart);
  show(byId("start-hint-guest"), !mayStart);
  show(byId("waiting-join"), !seated && taken < seats.length && !held);
  show(byId("waiting-held"), !seated && taken < seats.length && held);
  const where = model.reach;
  inputById("share-link").value = inviteLink(where);
  const note = byId("share-note");
  note.textContent = where?.local_only ? t("waiting.localOnly") : "";
  show(note, Boolean(where?.local_only));
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The page's address as friends would open it: a page opened at localhost names the
    server's address on the network instead (`/api/reach`), when it has one. */
export function inviteLink(where) {
  const url = new URL(location.href);
  if (LOOPBACK.has(url.hostname) && where?.addresses?.length) url.hostname = where.addresses[0];
  return url.href;
}

/** Words for seat changes between two table infos ("Ann sat down."), for the live region. */
export function seatChanges(before, after) {
  if (!before) return [];
  const lines = [];
  for (const seat of after.seats) {
    const old = before.seats[seat.seat];
    if (!old) continue;
    if (old.kind === "empty" && seat.kind !== "empty") lines.push(t("waiting.sat", { name: seat.name }));
    if (old.kind !== "empty" && seat.kind === "empty") lines.push(t("waiting.stood", { name: old.name }));
    if (!old.left && seat.left) lines.push(t("waiting.left", { name: seat.name }));
  }
  return lines;
}
