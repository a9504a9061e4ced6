// @ts-check
/* The lobby's two lists of tables: open tables (join or watch) and games in progress (watch).
   Each table is a card with a heading and a description list; the buttons carry stable
   data-testids (join-<id>, resume-<id>, watch-<id>). */

import { h, fill, srOnly } from "./dom.js";
import { hasString, t, formatList } from "./i18n.js";
import { seatAt } from "./storage.js";

/** The games from GET /api/games and their web modules (for labels and card details). */
const known = { infos: new Map(), modules: new Map() };

export function setGames(infos, modules) {
  infos.forEach((info, i) => {
    known.infos.set(info.name, info);
    known.modules.set(info.name, modules[i]);
  });
}

export function gameModule(name) {
  return known.modules.get(name) ?? null;
}

/** The table page; a private table's link carries its join code (server/tables/creator.py). */
export function tableUrl(id, code = null) {
  const url = `table.html?id=${encodeURIComponent(id)}`;
  return code ? `${url}&code=${encodeURIComponent(code)}` : url;
}

/** The hand history page; a private table's carries its join code, as its table link does. */
export function historyUrl(id, code = null) {
  const url = `history.html?id=${encodeURIComponent(id)}`;
  return code ? `${url}&code=${encodeURIComponent(code)}` : url;
}

/** The page that replays one finished round of a table on the felt (with a private table's code). */
export function replayUrl(id, hand, code = null) {
  const url = `replay.html?id=${encodeURIComponent(id)}&hand=${hand}`;
  return code ? `${url}&code=${encodeURIComponent(code)}` : url;
}

/** A ruleset's name: the game module's word for it, else the title the server declares. */
export function rulesetName(game, ruleset) {
  if (hasString(`ruleset.${ruleset}`, game)) return t(`ruleset.${ruleset}`, {}, game);
  const info = known.infos.get(game);
  return info?.rulesets?.find((r) => r.name === ruleset)?.title ?? ruleset ?? info?.title ?? game;
}

/** A turn clock in the largest whole unit (days, hours, minutes), else in seconds. */
export function clockText(seconds) {
  const whole = Math.round(seconds);
  /** @type {[string, number][]} */
  const units = [["Days", 86400], ["Hours", 3600], ["Minutes", 60]];
  for (const [unit, size] of units) {
    if (whole >= size && whole % size === 0) return t(`lobby.clock${unit}`, { count: whole / size });
  }
  return t("lobby.clockSeconds", { count: whole });
}

function seatDots(seats) {
  return h(
    "span",
    { class: "seat-dots", "aria-hidden": "true" },
    seats.map((s) => h("span", { class: s.kind === "empty" ? "" : "taken" })),
  );
}

function detail(term, ...value) {
  return h("div", {}, h("dt", {}, term), h("dd", {}, ...value));
}

function card(table, onJoin) {
  const taken = table.seats.filter((s) => s.kind !== "empty");
  const headingId = `table-${table.id}-name`;
  const status = table.status === "open" ? t("status.open") : t("status.running");
  const clock = table.turn_clock === null ? t("lobby.noClock") : clockText(table.turn_clock);
  const players = taken.filter((s) => s.name).map((s) => (s.bot_account ? `${s.name} ${t("seats.botAccount")}` : s.name));
  const mine = seatAt(table.id);

  const buttons = [];
  if (mine) {
    buttons.push(
      h(
        "a",
        { class: "btn", href: tableUrl(table.id), "data-testid": `resume-${table.id}` },
        t("lobby.resume"),
        srOnly(`: ${table.name}`),
      ),
    );
  } else if (table.status === "open") {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "btn",
          "data-testid": `join-${table.id}`,
          onclick: () => onJoin(table),
        },
        t("lobby.join"),
        srOnly(`: ${table.name}`),
      ),
    );
  }
  buttons.push(
    h(
      "a",
      {
        class: "btn btn-secondary",
        href: tableUrl(table.id),
        "data-testid": `watch-${table.id}`,
      },
      t("lobby.watch"),
      srOnly(`: ${table.name}`),
    ),
  );

  return h(
    "li",
    { class: "table-card", "data-table-id": table.id, "data-testid": `table-${table.id}` },
    h(
      "div",
      {},
      h(
        "h4",
        { id: headingId },
        table.name,
        h("span", { class: `status-tag status-${table.status}` }, status),
        table.turn_based
          ? h("span", { class: "status-tag status-turn-based", "data-testid": `turn-based-${table.id}` }, t("lobby.turnBased"))
          : null,
        ratedTag(table),
      ),
      h(
        "dl",
        {},
        detail(t("lobby.rules"), rulesetName(table.game, table.ruleset)),
        detail(
          t("lobby.seats"),
          t("lobby.seatsTaken", { taken: taken.length, count: table.seats.length }),
          seatDots(table.seats),
        ),
        players.length ? detail(t("lobby.players"), formatList(players)) : null,
        detail(t("lobby.clock"), clock),
        detail(t("lobby.resultPause"), table.result_pause ? t("lobby.clockSeconds", { count: Math.round(table.result_pause) }) : t("lobby.noResultPause")),
        (gameModule(table.game)?.lobby?.details?.(table) ?? []).map(([term, value]) => detail(term, value)),
      ),
    ),
    h("div", { class: "button-row" }, buttons),
  );
}

/** Whether the table's places will count for its players' ratings and, if not, why
    (`TableInfo.rated`, `unrated_reason`); nothing before anyone sits down. */
function ratedTag(table) {
  const testid = `rated-${table.id}`;
  if (table.rated) return h("span", { class: "status-tag status-rated", "data-testid": testid }, t("lobby.rated"));
  if (!table.unrated_reason) return null;
  return h("span", { class: "status-tag status-unrated", "data-testid": testid }, t(`lobby.unrated.${table.unrated_reason}`));
}

/** A score in the result's unit ("340 chips", "12 points"). */
function scoreText(result, seat) {
  const unit = result.unit === "points" ? "points" : "chips";
  const score = result.scores?.[seat];
  return typeof score === "number" ? t(`lobby.score.${unit}`, { count: score }) : String(score ?? "—");
}

/** A finished table: its winners, everyone's score in the game's unit, and its history. */
function finishedCard(table) {
  const result = table.result;
  const names = table.seats.map((s) => s.name ?? "");
  const headingId = `table-${table.id}-name`;
  const standings = result?.standings ?? [];
  return h(
    "li",
    { class: "table-card", "data-table-id": table.id, "data-testid": `finished-${table.id}` },
    h(
      "div",
      {},
      h("h4", { id: headingId }, table.name, h("span", { class: "status-tag status-finished" }, t("status.finished"))),
      h(
        "dl",
        {},
        detail(t("lobby.rules"), rulesetName(table.game, table.ruleset)),
        result
          ? detail(t("lobby.winners", { count: result.winners.length }), formatList(result.winners.map((s) => names[s])))
          : null,
        result
          ? detail(
              t("lobby.scores"),
              h("span", { "data-testid": `scores-${table.id}` }, formatList(standings.map((s) => `${names[s]}: ${scoreText(result, s)}`))),
            )
          : null,
      ),
    ),
    h(
      "div",
      { class: "button-row" },
      h(
        "a",
        { class: "btn btn-secondary", href: historyUrl(table.id), "data-testid": `history-${table.id}` },
        t("lobby.history"),
        srOnly(`: ${table.name}`),
      ),
    ),
  );
}

/** The recently finished games (pushed with the list as `finished`). */
export function renderFinished(tables) {
  fill(document.getElementById("finished-tables"), tables.map(finishedCard));
  document.getElementById("finished-empty").hidden = tables.length > 0;
}

/** Re-render both lists; keeps keyboard focus on the same button when it still exists. */
export function renderTableLists(tables, { onJoin }) {
  const focused = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.testid;
  const open = tables.filter((x) => x.status === "open");
  const running = tables.filter((x) => x.status === "running");
  fill(document.getElementById("open-tables"), open.map((x) => card(x, onJoin)));
  fill(document.getElementById("running-tables"), running.map((x) => card(x, onJoin)));
  document.getElementById("open-empty").hidden = open.length > 0;
  document.getElementById("running-empty").hidden = running.length > 0;
  if (focused) /** @type {HTMLElement | null} */ (document.querySelector(`[data-testid="${CSS.escape(focused)}"]`))?.focus();
  return { open: open.length, running: running.length };
}
