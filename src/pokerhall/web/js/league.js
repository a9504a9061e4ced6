// @ts-check
/* The league page: without ?id= the list of leagues; with it one league's overall table (live
   over /ws/leagues/{id}), the latest session's sign-up and drawing (its tables and seed), and
   the account form that signs up and takes the seat the drawing gave. Knows no game: titles and
   score units come from the API. */

import { mountAccountBox } from "./account-box.js";
import { api } from "./api.js";
import { byId, h, buttonById, inputById, selectById } from "./dom.js";
import { bindLanguageSelect, formatNumber, initI18n, onLanguageChange, t } from "./i18n.js";
import { errorText } from "./lobby-form.js";
import { tableUrl } from "./lobby-list.js";
import { watchFeed } from "./push-feed.js";
import { rememberSeat, saveName, savedName } from "./storage.js";

const leagueId = new URLSearchParams(location.search).get("id");
let league = null;
let titles = {};

const leagueUrl = (id) => `league.html?id=${encodeURIComponent(id)}`;
const key = (name) => name.normalize("NFC").toLocaleLowerCase();

function clockText(seconds) {
  if (seconds === null || seconds === undefined) return t("league.noClock");
  if (seconds >= 3600) return t("league.clockHours", { count: Math.round(seconds / 360) / 10 });
  if (seconds >= 60) return t("league.clockMinutes", { count: Math.round(seconds / 60) });
  return t("league.clockSeconds", { count: seconds });
}

function latestSession() {
  return league && league.sessions.length ? league.sessions[league.sessions.length - 1] : null;
}

function renderList(leagues) {
  const list = byId("leagues");
  list.replaceChildren(
    ...leagues.map((item) =>
      h(
        "li",
        { class: "table-card" },
        h("h2", {}, h("a", { href: leagueUrl(item.id) }, item.name)),
        h("p", { class: "muted" }, titles[item.game] || item.game),
      ),
    ),
  );
  byId("leagues-empty").hidden = leagues.length > 0;
  byId("league-list").hidden = false;
}

function renderStandings() {
  const rows = league.standings;
  byId("total-heading").textContent = t("league.total", { unit: t(`over.unit.${league.unit}`) });
  byId("standings-rows").replaceChildren(
    ...rows.map((row) =>
      h(
        "tr",
        {},
        h("td", { class: "number" }, formatNumber(row.rank)),
        h("th", { scope: "row" }, row.name),
        h("td", { class: "number" }, formatNumber(row.total)),
        h("td", { class: "number" }, formatNumber(row.games)),
        h("td", { class: "number" }, formatNumber(row.average)),
      ),
    ),
  );
  byId("standings").hidden = rows.length === 0;
  byId("standings-empty").hidden = rows.length > 0;
}

function renderSession() {
  const session = latestSession();
  const signUp = buttonById("sign-up");
  byId("session").hidden = session === null;
  signUp.hidden = !session || session.status !== "signup";
  buttonById("take-seat").hidden = !session || session.status !== "drawn";
  if (!session) {
    byId("league-notice").textContent = t("league.noSession");
    return;
  }
  byId("league-notice").textContent = "";
  signUp.textContent = t("league.signUp", { number: session.number });
  byId("session-heading").textContent = t("league.session", { number: session.number });
  byId("session-status").textContent =
    session.status === "signup" ? t("league.statusSignup") : t("league.statusDrawn");
  byId("session-players").textContent = session.players.length
    ? t("league.signedUp", { count: session.players.length, names: session.players.join(", ") })
    : t("league.nobody");
  byId("seed-hash").textContent = session.seed_sha256;
  byId("seed").textContent = session.seed ?? t("league.seedLater");
  byId("drawn-tables").replaceChildren(
    ...session.tables.map((table) => {
      const number = table.position + 1;
      return h(
        "li",
        { class: "table-card" },
        h(
          "div",
          {},
          h("h4", {}, t("league.table", { number })),
          h("p", {}, table.players.map((name, seat) => ((table.excused ?? []).includes(seat) ? t("league.excused", { name }) : name)).join(", ")),
          h("p", { class: "muted" }, t(`league.tableStatus.${table.status}`)),
        ),
        h(
          "a",
          { class: "btn btn-secondary", href: tableUrl(table.table_id) },
          t("league.openTable", { number }),
        ),
        excuseButtons(table),
      );
    }),
  );
}

/** The organiser's excuse toggles of a table still to be played (with their token typed). */
function excuseButtons(table) {
  const token = inputById("organiser-token").value.trim();
  if (!token || table.status === "finished") return null;
  const excused = table.excused ?? [];
  return h(
    "ul",
    { class: "excuses", "aria-label": t("league.excuses", { number: table.position + 1 }) },
    ...table.players.map((name, seat) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: "btn btn-secondary btn-small",
            "aria-pressed": String(excused.includes(seat)),
            "data-testid": `excuse-${table.table_id}-${seat}`,
            onclick: () => excuse(table, seat, !excused.includes(seat), token),
          },
          t("league.excuse", { name }),
        ),
      ),
    ),
  );
}

async function excuse(table, seat, excused, token) {
  const error = byId("organiser-error");
  error.textContent = "";
  try {
    await api.excuseLeagueSeat(league.id, table.table_id, token, seat, excused);
    table.excused = excused ? [...(table.excused ?? []), seat] : (table.excused ?? []).filter((s) => s !== seat);
    renderSession(); // the league's socket brings the same change a moment later
  } catch (err) {
    error.textContent = errorText(err);
  }
}

function render() {
  document.title = `${league.name} — pokerhall`;
  byId("league-heading").textContent = league.name;
  byId("league-summary").textContent = t("league.summary", {
    game: titles[league.game] || league.game,
    min: league.min_players,
    size: league.table_size,
    clock: clockText(league.turn_clock),
  });
  renderStandings();
  renderSession();
  byId("league-view").hidden = false;
}

function account() {
  const name = inputById("account-name");
  const secret = inputById("account-secret");
  const error = byId("account-error");
  for (const input of [name, secret]) input.removeAttribute("aria-invalid");
  if (!name.value.trim()) {
    name.setAttribute("aria-invalid", "true");
    error.textContent = t("league.errName");
    name.focus();
    return null;
  }
  if (secret.value.length < 8) {
    secret.setAttribute("aria-invalid", "true");
    error.textContent = t("league.errSecret");
    secret.focus();
    return null;
  }
  return { name: name.value.trim(), secret: secret.value };
}

async function act(action) {
  const error = byId("account-error");
  const done = byId("account-done");
  error.textContent = "";
  done.textContent = "";
  const body = account();
  if (!body) return;
  const session = latestSession();
  try {
    if (action === "register") {
      const player = await api.register(body);
      done.textContent = t("league.registered", { name: player.name });
    } else if (action === "signup" && session) {
      await api.signUp(league.id, session.number, body);
      done.textContent = t("league.signedUpYou", { number: session.number });
    } else if (action === "seat" && session) {
      const mine = session.tables.find((table) => table.players.some((p) => key(p) === key(body.name)));
      if (!mine) {
        error.textContent = t("league.notInDrawing");
        return;
      }
      const seat = await api.claimSeat(league.id, mine.table_id, body);
      rememberSeat(mine.table_id, { token: seat.token, seat: seat.seat, name: body.name });
      location.assign(tableUrl(mine.table_id));
      return;
    }
    saveName(body.name);
  } catch (err) {
    error.textContent = errorText(err);
  }
}

function watch() {
  watchFeed(`/ws/leagues/${encodeURIComponent(leagueId)}`, "league", {
    onMessage(message) {
      const changed = league && JSON.stringify(league.standings) !== JSON.stringify(message.league.standings);
      league = message.league;
      render();
      byId("league-live").textContent = changed ? t("league.updated") : t("league.live");
    },
    onLost() {
      byId("league-live").textContent = t("league.reconnecting");
    },
  });
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  mountAccountBox(byId("account-box"));
  try {
    titles = Object.fromEntries((await api.games()).map((game) => [game.name, game.title]));
    if (!leagueId) {
      const leagues = await api.leagues();
      renderList(leagues);
      onLanguageChange(() => renderList(leagues));
      return;
    }
    league = await api.league(leagueId);
  } catch (error) {
    byId("league-notice").textContent = error.status === 404 ? t("league.notFound") : errorText(error);
    return;
  }
  inputById("account-name").value = savedName();
  byId("account-form").addEventListener("submit", (event) => {
    event.preventDefault();
    act("signup");
  });
  inputById("organiser-token").addEventListener("input", () => renderSession());
  for (const id of ["take-seat", "register"]) {
    const button = byId(id);
    button.addEventListener("click", () => act(button.dataset.action));
  }
  onLanguageChange(render);
  render();
  watch();
}

main();
