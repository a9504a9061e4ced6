// @ts-check
/* The creator's controls (server/tables/creator.py, server/tables/controls.py), shown only in the browser
   that created the table: start now (also without a seat), add a bot of a chosen kind before
   the start, and remove an absent player (before the start their seat is freed; during the
   game a bot takes it or it resigns, as the table's settings say). The server refuses a player
   who is connected (apiError.player_present); the page does not guess who is. And excuse a
   player ahead of time, or take the excuse back (a toggle button per player; only at a table
   with a turn clock, which moves for an excused player without marking a time-out). And invite
   a bot account by its name (server/people/invitations.py): a seat is kept for it until its
   program takes it; the status line says so, a refusal shows as the others' do. Signed in, a
   person the creator follows is invited the same way from a list (friends.js). */

import { api, errorText } from "./api.js";
import { byId, fill, h, show, buttonById, inputById, selectById } from "./dom.js";
import { hasString, t } from "./i18n.js";
import { creatorToken } from "./storage.js";
import { mountFriendInvite } from "./friends.js";

let bots = null; // the game's bot kinds, weakest first

function botLabel(kind) {
  return hasString(`botKind.${kind}`) ? t(`botKind.${kind}`) : kind;
}

/** The bot kinds of the table's game, from /api/games (once). */
async function loadBots(gameName) {
  const games = await api.games();
  const game = games.find((g) => g.name === gameName);
  const levels = game?.bot_levels || {};
  bots = [...(game?.bots ?? [])].sort((a, b) => (levels[a] ?? 99) - (levels[b] ?? 99));
  return game?.default_bot ?? null;
}

function fillBotKinds(chosen) {
  const select = selectById("creator-bot-kind");
  const keep = chosen ?? select.value;
  select.replaceChildren(...(bots ?? []).map((kind) => new Option(botLabel(kind), kind)));
  if (keep && bots?.includes(keep)) select.value = keep;
}

/** Seats the creator may clear: before the start anyone but themselves; then players only. */
function removable(info, mySeat) {
  return info.seats.filter((s) => {
    if (s.seat === mySeat || s.kind === "empty" || s.left) return false;
    return info.status === "open" || s.kind === "human";
  });
}

/** Players the creator may excuse: everyone seated but themselves, while a clock runs. */
function excusable(info, mySeat) {
  if (info.turn_clock === null || info.turn_clock === undefined) return [];
  return info.seats.filter((s) => s.seat !== mySeat && s.kind === "human" && !s.left);
}

export class CreatorControls {
  constructor(model, { onInfo }) {
    this.model = model;
    this.onInfo = onInfo;
    /** @type {Promise<void> | undefined} the bot kinds' first load (once per page) */
    this.loading = undefined;
    /** @type {Promise<void> | undefined} the invitation of a followed player (once per page) */
    this.friends = undefined;
    buttonById("creator-add-bot").addEventListener("click", () => this.run((token) => api.addBot(this.tableId, token, selectById("creator-bot-kind").value)));
    buttonById("creator-start").addEventListener("click", () => this.run((token) => api.start(this.tableId, token)));
    buttonById("creator-invite-bot").addEventListener("click", () => this.invite());
    inputById("creator-invite-name").addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.invite();
    });
  }

  /** Invite the bot account named in the field; the status line tells which seat is kept. */
  async invite() {
    const field = inputById("creator-invite-name");
    const name = field.value.trim();
    const status = byId("creator-invite-status");
    status.textContent = "";
    if (!name) {
      field.focus();
      return;
    }
    const invited = await this.run((token) => api.inviteBot(this.tableId, token, name));
    const seat = invited?.seats.find((s) => s.bot_account && s.name === name);
    if (seat) {
      status.textContent = t("creator.invited", { name: seat.name, seat: seat.seat + 1 });
      field.value = "";
    }
  }

  get tableId() {
    return this.model.info.id;
  }

  async run(call) {
    const token = creatorToken(this.tableId);
    if (!token) return null;
    try {
      const info = await call(token);
      this.onInfo(info);
      return info;
    } catch (error) {
      byId("table-error").textContent = errorText(error);
      return null;
    }
  }

  async render() {
    const info = this.model.info;
    const token = info ? creatorToken(info.id) : null;
    const open = info?.status === "open";
    const running = info?.status === "running" && !this.model.view?.over;
    const seats = token ? removable(info, this.model.seat) : [];
    const players = token ? excusable(info, this.model.seat) : [];
    // During the game the box holds only what the creator can do now: with nobody to remove or
    // excuse it is hidden, so it never pushes the creator's own seat below the fold.
    const visible = Boolean(token) && (open || (running && seats.length + players.length > 0));
    show(byId("creator-controls"), visible);
    if (!visible) return;
    if (bots === null) {
      this.loading ??= loadBots(info.game).then((chosen) => fillBotKinds(chosen));
      await this.loading;
    }
    if (open) this.friends ??= mountFriendInvite(byId("creator-invite-friends"), info.id, (call) => this.run(call));
    show(byId("creator-open"), open);
    show(buttonById("creator-start"), open && this.model.seat === null);
    show(byId("creator-remove-hint"), seats.length > 0);
    fill(
      byId("creator-seats"),
      seats.map((s) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "btn btn-secondary btn-small",
              "data-testid": `remove-seat-${s.seat}`,
              onclick: () => this.run((tok) => api.removeSeat(this.tableId, tok, s.seat)),
            },
            t("creator.remove", { name: s.name, seat: s.seat + 1 }),
          ),
        ),
      ),
    );
    show(byId("creator-excuse-hint"), players.length > 0);
    fill(
      byId("creator-excuses"),
      players.map((s) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "btn btn-secondary btn-small",
              "aria-pressed": String(Boolean(s.excused)),
              "data-testid": `excuse-seat-${s.seat}`,
              onclick: () => this.run((tok) => api.excuseSeat(this.tableId, tok, s.seat, !s.excused)),
            },
            t("creator.excuse", { name: s.name, seat: s.seat + 1 }),
          ),
        ),
      ),
    );
  }

  relabel() {
    if (bots !== null) fillBotKinds();
  }
}
