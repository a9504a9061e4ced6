// @ts-check
/* The hand history page, history.html?id=<table>: every round of the table as this browser's
   seat saw it (its seat token, if it holds one; else as spectators), from
   GET /api/tables/{id}/history?round=N (server/tables/history.py), one round per request (a long game
   has thousands). The server sends only the events the seat may see, each with its
   description, rendered here in the reader's language from the game's catalog like the
   table's own log (describe.js). Rounds are chosen from a list of buttons or with Previous /
   Next; the round is kept in the address (#round=3). A finished round has "Watch again", which
   replays it move by move on the table's felt (replay.html, replay.js). The public record is offered as a
   download once the game is over; until then the public events so far. */

import { mountAccountBox } from "./account-box.js";
import { api, ApiError, errorText, withCode } from "./api.js";
import { describeLogLine, loadEventTexts, useGameModule } from "./describe.js";
import { loadGame } from "./games.js";
import { byId, fill, h, show, buttonById, linkById, selectById } from "./dom.js";
import { bindLanguageSelect, formatList, initI18n, onLanguageChange, t } from "./i18n.js";
import { replayUrl, tableUrl } from "./lobby-list.js";
import { seatAt, viewingCode } from "./storage.js";

const tableId = new URLSearchParams(location.search).get("id");
let history = null; // the server's answer: the rounds, and the events of `history.round`
let tableName = "";
let token = null; // this browser's seat there, if any
// A private table's join code, if this browser knows it: with the seat token (or the cookie of an
// account that sat there) it is what lets a private table's history be read (server/tables/access.py).
const code = tableId ? viewingCode(tableId) : null;

function current() {
  return history.rounds.findIndex((r) => r.round === history.round);
}

function roundTitle(listed) {
  if (listed.round === 0) return t("history.before");
  return listed.finished ? t("history.round", { round: listed.round }) : t("history.roundRunning", { round: listed.round });
}

function wantedRound() {
  const match = /round=(\d+)/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

function renderLead() {
  const names = history.players;
  const who = history.seat === null ? t("history.asSpectator") : t("history.asSeat", { name: names[history.seat], seat: history.seat + 1 });
  byId("history-title").textContent = t("history.headingFor", { name: tableName });
  byId("history-lead").textContent = who;
  document.title = `${t("history.headingFor", { name: tableName })} — pokerhall`;
}

function renderRounds() {
  fill(
    byId("round-list"),
    history.rounds.map((listed, index) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: "btn btn-secondary btn-small",
            "aria-current": index === current() ? "true" : null,
            "data-round": listed.round,
            onclick: () => choose(index, { focus: true }),
          },
          listed.round === 0 ? t("history.before") : t("history.roundShort", { round: listed.round }),
        ),
      ),
    ),
  );
}

function renderRound() {
  const listed = history.rounds[current()];
  byId("round-heading").textContent = roundTitle(listed);
  const ctx = { names: history.players };
  const lines = history.events
    .map((event) => [event, describeLogLine(event, ctx)])
    .filter(([, text]) => text)
    .map(([event, text]) => h("li", { class: `log-${event.type}`, "data-type": event.type }, text));
  fill(byId("round-events"), lines);
  show(byId("round-empty"), lines.length === 0);
  // A finished round can be watched again on the felt (replay.html); a running one cannot yet.
  const watchable = listed.finished && listed.round > 0;
  show(byId("round-watch-line"), watchable);
  linkById("round-watch").href = watchable ? replayUrl(tableId, listed.round, code) : "#";
  linkById("round-watch").setAttribute("aria-label", t("replay.watchRound", { round: roundTitle(listed) }));
  buttonById("prev-round").disabled = current() === 0;
  buttonById("next-round").disabled = current() === history.rounds.length - 1;
  byId("main").dataset.rendered = `${listed.round}`;
}

function renderResult() {
  const result = history.result;
  show(byId("history-result"), Boolean(history.over && result));
  if (!history.over || !result) return;
  const names = history.players;
  byId("history-winners").textContent = t("over.winners", { count: result.winners.length, names: formatList(result.winners.map((s) => names[s])) });
}

function renderDownload() {
  const link = linkById("download-record");
  if (history.over) {
    link.href = withCode(`/api/tables/${encodeURIComponent(tableId)}/record`, code); // a link sends no token
    link.download = `pokerhall-${tableId}-record.json`;
    link.textContent = t("history.downloadRecord");
    byId("download-hint").textContent = t("history.downloadRecordHint");
  } else {
    link.href = withCode(`/api/tables/${encodeURIComponent(tableId)}/history?all=true`, code); // no token: the public events
    link.download = `pokerhall-${tableId}-public-events.json`;
    link.textContent = t("history.downloadEvents");
    byId("download-hint").textContent = t("history.downloadEventsHint");
  }
  show(buttonById("history-refresh"), !history.over);
}

function renderAll() {
  if (!history) return;
  renderLead();
  const any = history.rounds.length > 0;
  show(byId("round-nav"), any);
  show(byId("round"), any);
  byId("history-status").textContent = any ? "" : t("history.empty");
  if (any) {
    renderRounds();
    renderRound();
  }
  renderResult();
  renderDownload();
}

async function choose(index, { focus = false } = {}) {
  if (index < 0 || index >= history.rounds.length) return;
  try {
    await load(history.rounds[index].round);
  } catch (error) {
    byId("history-error").textContent = errorText(error);
    return;
  }
  window.history.replaceState(null, "", `#round=${history.round}`);
  renderAll();
  if (focus) byId("round-heading").focus();
}

/** One round (the last when null) as this browser's seat saw it. */
async function load(round = null) {
  try {
    history = await api.history(tableId, token, round, code);
  } catch (error) {
    if (!(token && error instanceof ApiError && error.status === 401)) throw error;
    token = null; // the seat is gone: what spectators saw
    history = await api.history(tableId, null, round, code);
  }
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  mountAccountBox(byId("account-box"));
  if (!tableId) {
    byId("history-error").textContent = t("table.noId");
    return;
  }
  linkById("table-link").href = tableUrl(tableId, code);
  try {
    token = seatAt(tableId)?.token ?? null;
    const info = await api.table(tableId, { token, code });
    tableName = info.name;
    useGameModule(await loadGame(info.game, { known: info.web_module })); // its words too
    await loadEventTexts(info.game);
    await load(wantedRound());
  } catch (error) {
    byId("history-error").textContent = error instanceof ApiError && error.status === 404 ? t("table.notFound") : errorText(error);
    return;
  }
  buttonById("prev-round").addEventListener("click", () => choose(current() - 1, { focus: true }));
  buttonById("next-round").addEventListener("click", () => choose(current() + 1, { focus: true }));
  buttonById("history-refresh").addEventListener("click", async () => {
    try {
      await load();
      renderAll();
      byId("history-status").textContent = t("history.refreshed", { count: history.rounds.length });
    } catch (error) {
      byId("history-error").textContent = errorText(error);
    }
  });
  onLanguageChange(async () => {
    await loadEventTexts(history?.game);
    renderAll();
  });
  renderAll();
}

main();
