// @ts-check
/* The lobby page: tables to join or watch, the create form and the join dialog. The list is
   pushed by the server over /ws/lobby whenever it changes (no polling); the Refresh button
   still asks for it over HTTP. A signed-in person's invitations come over the same socket as
   they change, and are asked for now and then besides (a push lost with a lost socket). */

import { api } from "./api.js";
import { byId, buttonById, dialogById, inputById, selectById, show as showElement } from "./dom.js";
import { mountAccountBox } from "./account-box.js";
import { mountInvitations } from "./friends.js";
import { bindLanguageSelect, initI18n, onLanguageChange, t } from "./i18n.js";
import { CreateTableForm, errorText } from "./lobby-form.js";
import { loadGame } from "./games.js";
import { renderFinished, renderTableLists, setGames, tableUrl } from "./lobby-list.js";
import { accountChanged, refreshMyTables, renderMyTables } from "./my-tables.js";
import { watchFeed } from "./push-feed.js";
import { rememberSeat, saveName, savedName } from "./storage.js";

let tables = [];
let lastJson = "";
let joining = null;
let held = null; // the latest pushed message, kept while "Refresh automatically" is off
const RECENT_RESULTS = 10; // as many as the server pushes (lobby_feed.py)
const INVITATIONS_EVERY_MS = 120_000; // pushed as they change; this is only the fallback
let signedInAs = null;
let feed = null;
let invitations = null;

function show(list, { manual = false } = {}) {
  tables = list;
  const json = JSON.stringify(tables);
  if (json !== lastJson || manual) {
    lastJson = json;
    const counts = renderTableLists(tables, { onJoin: openJoin });
    refreshMyTables(); // a table started, finished or lost a seat: whose turn may have changed
    // Only a refresh the player asked for is announced; the automatic one stays quiet.
    byId("tables-status").textContent = manual ? t("lobby.refreshed", counts) : "";
  }
}

async function refresh({ manual = false } = {}) {
  // The first list comes by HTTP, results and every later change by push (/ws/lobby); the
  // Refresh button asks for both.
  let list;
  let finished = null;
  try {
    [list, finished] = await Promise.all([api.tables(), manual ? api.tables(["finished"]) : null]);
  } catch (error) {
    byId("tables-status").textContent = errorText(error);
    return;
  }
  if (finished) showFinished(finished.slice(0, RECENT_RESULTS));
  show(list, { manual });
}

let finishedJson = "";
let recent = [];

function showFinished(list) {
  recent = list;
  const json = JSON.stringify(list);
  if (json === finishedJson) return;
  finishedJson = json;
  renderFinished(list);
}

/** The server pushes the list now and after every change; a lost socket reconnects. */
function watch() {
  feed = watchFeed("/ws/lobby", ["tables", "invitations"], {
    onMessage(message) {
      if (message.type === "invitations") {
        // the socket's person, as it connected; one who signed in or out since is not told
        if (message.account === signedInAs) invitations.show(message.invitations);
      } else if (inputById("auto-refresh").checked) {
        show(message.tables);
        showFinished(message.finished ?? []);
      } else held = message;
    },
  });
}

function openJoin(table, code = null) {
  joining = { ...table, code };
  const free = table.seats.filter((s) => s.kind === "empty").length;
  byId("join-heading").textContent = t("join.heading", { name: table.name });
  const seats = t("join.freeSeats", { count: free });
  const pack = table.uploaded_pack ? ` ${t("table.uploadedPack", { pack: table.uploaded_pack })}` : "";
  byId("join-details").textContent = seats + pack; // told before anyone sits down
  byId("join-error").textContent = "";
  const name = inputById("player-name");
  name.value = savedName();
  name.removeAttribute("aria-invalid");
  buttonById("join-submit").disabled = false;
  dialogById("join-dialog").showModal();
  name.focus();
  name.select();
}

async function submitJoin(event) {
  event.preventDefault();
  const input = inputById("player-name");
  const error = byId("join-error");
  const name = input.value.trim();
  if (!name) {
    input.setAttribute("aria-invalid", "true");
    error.textContent = t("join.errName");
    input.focus();
    return;
  }
  const button = buttonById("join-submit");
  button.disabled = true;
  try {
    const seat = await api.join(joining.id, name, { code: joining.code });
    saveName(name);
    rememberSeat(joining.id, { token: seat.token, seat: seat.seat, name, code: joining.code });
    location.assign(tableUrl(joining.id, joining.code));
  } catch (err) {
    error.textContent = errorText(err);
    button.disabled = false;
    input.focus();
  }
}

/** A private table by its code: found, then joined through the same dialog. */
async function findByCode(event) {
  event.preventDefault();
  const input = inputById("join-code");
  const error = byId("code-error");
  const code = input.value.toUpperCase().replace(/[^0-9A-Z]/g, ""); // as the server reads it
  error.textContent = "";
  input.removeAttribute("aria-invalid");
  if (!code) {
    input.setAttribute("aria-invalid", "true");
    error.textContent = t("lobby.codeMissing");
    input.focus();
    return;
  }
  try {
    openJoin(await api.byCode(code), code);
  } catch (err) {
    input.setAttribute("aria-invalid", "true");
    error.textContent = errorText(err);
    input.focus();
  }
}

function followAutoRefresh() {
  const autoRefresh = inputById("auto-refresh");
  autoRefresh.addEventListener("change", () => {
    if (autoRefresh.checked && held) {
      show(held.tables);
      showFinished(held.finished ?? []);
    }
    held = null;
  });
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  invitations = mountInvitations(byId("invitations"), () => signedInAs);
  setInterval(() => invitations.refresh(), INVITATIONS_EVERY_MS);
  // signed in, a seat taken here is the account's, "My tables" lists the account's tables, and
  // the seats kept for it are shown
  mountAccountBox(byId("account-box"), (name) => {
    if (feed && name !== signedInAs) feed.reconnect(); // the socket pushes to whom it knows
    signedInAs = name;
    showElement(byId("my-tables-link"), name !== null);
    accountChanged(name);
    invitations.refresh();
  });
  buttonById("refresh-tables").addEventListener("click", () => refresh({ manual: true }));
  byId("join-form").addEventListener("submit", submitJoin);
  byId("code-form").addEventListener("submit", findByCode);
  buttonById("join-cancel").addEventListener("click", () => dialogById("join-dialog").close());
  dialogById("join-dialog").addEventListener("close", () => {
    if (joining?.code) inputById("join-code").focus();
    else if (joining) /** @type {HTMLElement | null} */ (document.querySelector(`[data-testid="join-${CSS.escape(joining.id)}"]`))?.focus();
  });
  try {
    const games = await api.games();
    if (!games.length) throw new Error(t("create.noGames"));
    setGames(games, await Promise.all(games.map((g) => loadGame(g.name, { known: g.web_module }))));
    new CreateTableForm(byId("create-table"), games);
  } catch (error) {
    byId("lobby-notice").textContent = errorText(error);
  }
  onLanguageChange(() => {
    lastJson = "";
    renderTableLists(tables, { onJoin: openJoin });
    renderFinished(recent);
    renderMyTables();
  });
  await refresh();
  followAutoRefresh();
  watch();
}

main();
