// @ts-check
/* The table page, a game-neutral shell: connects to the table's WebSocket and draws the
   header, the waiting room, the seats, the clock, the log, the game-over screen and the
   connection state from the server's messages. The game's own panels come from its module,
   web/js/games/<game>/index.js, loaded by the table's game name (the generic fallback panel
   when it has none); see "Game modules" in web/README.md. */

import { mountAccountBox } from "./account-box.js";
import { Announcer } from "./announcer.js";
import { api, ApiError, errorText } from "./api.js";
import { TableChat } from "./chat.js";
import { spokenSeconds, WARN_AT } from "./clock.js";
import { describeEvent, describeMessage, loadEventTexts, useGameModule } from "./describe.js";
import { byId, fill, h, show, buttonById, inputById, linkById, selectById } from "./dom.js";
import { loadGame, shellSlots } from "./games.js";
import { bindLanguageSelect, hasString, initI18n, onLanguageChange, t } from "./i18n.js";
import { installShortcuts, SHELL_SHORTCUTS, shortcutItems } from "./keyboard.js";
import { historyUrl, rulesetName } from "./lobby-list.js";
import { CreatorControls } from "./render-creator.js";
import { renderGameOver } from "./render-gameover.js";
import { HandResult } from "./render-result.js";
import { EventLog } from "./render-log.js";
import { presenceChanges, renderSpectators } from "./render-presence.js";
import { renderSeats } from "./render-seats.js";
import { renderClock, renderStatus, statusSummary } from "./render-status.js";
import { renderWaiting, seatChanges } from "./render-waiting.js";
import { TableSocket } from "./socket.js";
import { SelfVoice } from "./speech.js";
import { creatorToken, forgetSeat, preference, rememberSeat, saveName, savedName, seatAt, setPreference, viewingCode } from "./storage.js";
import { TableModel } from "./table-model.js";
import { TableMotion } from "./table-motion.js";
import { TurnAlerts } from "./turn-alerts.js";

/** Events read out even when "read out every event" is off (a game adds its own). */
const ALWAYS_ANNOUNCED = new Set(["game_over"]);

const tableId = new URLSearchParams(location.search).get("id");
const joinCode = new URLSearchParams(location.search).get("code"); // a private table's, from its link
// What shows this browser may watch a private table (server/tables/access.py), read once: a seat
// given up forgets its entry, and the code with it, but the page may still watch.
const knownCode = viewingCode(tableId);
/** The table's info as this browser may see it: a private table's needs its seat or code. */
const tableInfo = () => api.table(tableId, { token: seatAt(tableId)?.token ?? null, code: knownCode });
const model = new TableModel(tableId);
const voice = new SelfVoice();
const announcer = new Announcer(byId("live-region"), byId("live-alert"), voice);
const motion = new TableMotion();
const handResult = new HandResult(byId("game-top"), {
  send: (message) => socket !== null && socket.send(message),
  announcer,
});
let socket = null;
let game = null; // the game module, mounted once the table info says which game
let log = null;
let connection = { status: "connecting" };
let warned = new Set();
let greeted = false;
let turnAlerts = null; // sound and notification when the tab is hidden
let chat = null; // the table chat (chat.js), once the page is set up
let creator = null; // the creator's controls (render-creator.js)

// --- drawing -------------------------------------------------------------------------------

function seated() {
  return model.seat !== null && seatAt(tableId) !== null;
}

function renderHeader() {
  const info = model.info;
  if (!info) return;
  byId("table-title").textContent = info.name;
  const meta = [rulesetName(info.game, info.ruleset), t("table.seats", { count: info.seats.length })];
  meta.push(info.turn_clock === null ? t("lobby.noClock") : t("table.clock", { count: Math.round(info.turn_clock) }));
  meta.push(info.result_pause ? t("table.resultPause", { count: Math.round(info.result_pause) }) : t("table.noResultPause"));
  if (info.rated) meta.push(t("lobby.rated"));
  else if (info.unrated_reason) meta.push(t(`lobby.unrated.${info.unrated_reason}`));
  meta.push(model.seat === null ? t("table.watching") : t("table.yourSeat", { seat: model.seat + 1 }));
  byId("table-meta").textContent = meta.join(" · ");
  const packNote = byId("pack-note"); // an uploaded pack: say so to everyone at the table
  show(packNote, Boolean(info.uploaded_pack));
  packNote.textContent = info.uploaded_pack ? t("table.uploadedPack", { pack: info.uploaded_pack }) : "";
  linkById("help-link").href = `help.html?game=${encodeURIComponent(info.game)}`;
  linkById("history-link").href = historyUrl(info.id, info.private ? knownCode : null);
  show(linkById("history-link"), info.status !== "open"); // no history before the first deal
  const turn = model.prompt ? `${t("table.yourTurnTitle")} — ` : "";
  document.title = `${turn}${info.name} — pokerhall`;
  show(buttonById("leave-table"), seated() && info.status !== "finished" && !model.view?.over);
}

/** The connection is down and being retried (not the very first connect, not stopped). */
function connectionLost() {
  return connection.status === "waiting" || (connection.status === "connecting" && connection.attempt > 0);
}

function renderConnection() {
  const el = byId("connection-status");
  el.dataset.state = connection.status;
  const key = { connecting: "conn.connecting", open: "conn.open", waiting: "conn.retry", stopped: "conn.stopped" }[connection.status];
  const retryNow = connection.status === "waiting" && !connection.seconds;
  el.textContent = retryNow ? t("conn.reconnecting") : t(key, { count: connection.seconds ?? 0 });
  renderConnectionBanner();
}

/* The banner: its alert text is set once when the connection drops (a screen reader reads it
   once; the header's status line counts the retries), cleared when it is back. Moves wait. */
let wasLost = false;

function renderConnectionBanner() {
  const lost = connectionLost();
  const banner = byId("connection-banner");
  banner.dataset.state = lost ? "lost" : "open";
  const text = byId("connection-lost");
  const words = lost ? t("conn.lost") : "";
  if (text.textContent !== words) text.textContent = words;
  show(buttonById("reconnect-now"), lost);
  /** @type {HTMLFieldSetElement} */ (byId("move-panel")).disabled = lost;
  byId("actions").classList.toggle("is-offline", lost);
  if (lost) wasLost = true;
  else if (wasLost && connection.status === "open") {
    wasLost = false;
    announcer.say(t("conn.back"));
  }
}

function renderAll() {
  renderHeader();
  const info = model.info;
  const waiting = info?.status === "open" && !model.view;
  show(byId("waiting-room"), Boolean(waiting));
  if (waiting) renderWaiting(model, { seated: seated(), rerender: renderAll });
  const code = joinCode ?? seatAt(tableId)?.code ?? null;
  show(byId("join-code-line"), Boolean(waiting && info?.private && code));
  byId("join-code-value").textContent = code ?? "";
  if (waiting && code) {
    const link = new URL(inputById("share-link").value); // the invitation carries the code
    link.searchParams.set("code", code);
    inputById("share-link").value = link.href;
  }
  creator?.render();
  const view = model.view;
  show(byId("game"), Boolean(view));
  show(byId("chat"), Boolean(view)); // the chat lives in the table's runtime, from the start
  show(linkById("skip-to-move"), Boolean(view)); // the move panel exists only once the game runs
  if (!view || !game) return;
  renderSpectators(model);
  chat?.renderMutes();
  byId("actions-heading").textContent = model.seat === null ? t("actions.headingWatching") : t("actions.heading");
  const before = motion.before();
  const fresh = game.render(model);
  renderSeats(model, game);
  renderStatus(model, game);
  renderGameOver(model, game);
  motion.after(before);
  if (fresh) yourTurn();
}

/** The phone layout (css/table.css): seats strip, centre panel and your move in one column. */
const COMPACT = window.matchMedia("(max-width: 47.99rem)");

function yourTurn() {
  warned = new Set();
  const announcement = game.turnAnnouncement(model);
  announcer.alert(announcement);
  turnAlerts?.yourTurn(announcement);
  // On a phone, bring the table (seats, centre panel, your move) to the top of the screen,
  // so the question and your controls are seen together; focus then stays without a jump.
  if (COMPACT.matches) byId("table-panel").scrollIntoView({ block: "start" });
  game.focusForTurn(model);
}

// --- messages ------------------------------------------------------------------------------

function announceEvents(groups) {
  const all = inputById("announce-all").checked;
  const ctx = model.describeContext;
  for (const [, events] of groups) {
    for (const event of events) {
      if (all || ALWAYS_ANNOUNCED.has(event.type) || game?.alwaysAnnounced?.has(event.type)) {
        // A game may word an event for the ear (cards as words); else the log line is read.
        announcer.say(game?.spokenEvent?.(event, ctx) ?? describeEvent(event, ctx));
      }
    }
  }
}

async function refreshInfo() {
  try {
    model.setInfo(await tableInfo());
    renderAll();
  } catch {
    /* the seed shows up on the next load */
  }
}

function onTableInfo(info) {
  for (const line of seatChanges(model.info, info)) announcer.say(line);
  model.setInfo(info);
  const mine = model.seat === null ? null : info.seats[model.seat];
  if (mine && mine.left && seatAt(tableId)) {
    forgetSeat(tableId); // a bot plays our seat now; we watch
    socket.reconnectNow();
  }
  renderAll();
}

function onError(message) {
  switch (message.code) {
    case "unauthorized":
      forgetSeat(tableId);
      notify("table.tokenInvalid");
      socket.reconnectNow();
      break;
    case "not_found":
      socket.stop();
      fatal(t("table.notFound"));
      break;
    case "rate_limited":
      // limit "socket": this socket sent too many messages (retry_after is a fraction of a
      // second); else the client's address is over a limit (docs/protocol.md).
      if (message.params?.retry_after && message.params.limit !== "socket") notify("table.rateLimitedFor", { brief: true, params: message.params });
      else notify("table.rateLimited", { brief: true });
      break;
    case "chat_rate_limited":
    case "chat_too_long":
    case "chat_character":
    case "chat_empty":
    case "chat_not_host":
    case "chat_not_saved":
      chat.refused(message.code, message.params);
      break;
    default: {
      // The reason in the player's language: a catalog message (every refused move), else the
      // shell's words for the error's code, else the server's English.
      const reason =
        (message.message && describeMessage(message.message, model.describeContext)) ||
        (hasString(`wsError.${message.code}`) ? t(`wsError.${message.code}`) : message.reason);
      if (game?.busy) game.refused(reason);
      else byId("table-error").textContent = reason;
      voice.speak(t("actions.refused", { reason }), { urgent: true }); // shown in a role=alert
    }
  }
}

function onMessage(message) {
  switch (message.type) {
    case "welcome":
      model.welcome(message);
      byId("table-error").textContent = "";
      renderAll();
      break;
    case "table":
      onTableInfo(message.table);
      break;
    case "state":
      model.state(message);
      // Whose view the page draws: a seat's from its own snapshot on (a page that sat down
      // watched first, and what it drew as a spectator is drawn again from this one).
      byId("game").dataset.viewer = model.view?.you ? "seat" : "spectator";
      log.rebuild(model);
      renderAll();
      chat.setHistory(message.chat);
      handResult.update(model, game, message.pause ?? null, { redraw: true });
      if (!greeted) announcer.say(t("table.joinedAnnouncement", { name: model.info?.name ?? "" }));
      greeted = true;
      break;
    case "update": {
      const groups = model.update(message);
      log.append(model, groups);
      announceEvents(groups);
      renderAll();
      if (message.events.some((e) => e.type === "game_over")) {
        refreshInfo();
        if (byId("actions").contains(document.activeElement) || document.activeElement === document.body) {
          byId("game-over").focus();
        }
      }
      break;
    }
    case "presence": {
      const before = model.presence;
      model.presence = { seats: message.seats, spectators: message.spectators };
      if (inputById("announce-all").checked) {
        for (const line of presenceChanges(before, model.presence, model.names, model.seat)) announcer.say(line);
      }
      if (model.view && game) {
        renderSeats(model, game);
        renderSpectators(model);
      }
      break;
    }
    case "result_pause":
      model.setClock(message.clock);
      handResult.update(model, game, message.pause);
      if (!message.pause) renderAll(); // the next hand's clock starts now
      break;
    case "chat":
      chat.add(message.message);
      break;
    case "chat_history":
      chat.setHistory(message);
      break;
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

// --- player controls -----------------------------------------------------------------------

/** Send a move for the current prompt, with the prompt's id. False when it could not be sent. */
function sendMove(move) {
  const prompt = model.prompt;
  if (socket === null || !prompt) return false;
  return socket.send({ type: "move", move: { ...move, prompt_id: prompt.prompt_id } });
}

async function joinHere(event) {
  event.preventDefault();
  const input = inputById("player-name");
  const name = input.value.trim();
  if (!name) {
    input.setAttribute("aria-invalid", "true");
    byId("table-error").textContent = t("join.errName");
    input.focus();
    return;
  }
  try {
    const creatorProof = seatAt(tableId) ? null : creatorToken(tableId); // a creator sitting down
    const seat = await api.join(tableId, name, { code: joinCode, creator: creatorProof });
    saveName(name);
    rememberSeat(tableId, { token: seat.token, seat: seat.seat, name, code: joinCode, creator: Boolean(creatorProof) });
    input.removeAttribute("aria-invalid");
    byId("table-error").textContent = "";
    announcer.say(t("table.seatTaken", { seat: seat.seat + 1 }));
    socket.reconnectNow();
  } catch (error) {
    byId("table-error").textContent = errorText(error);
  }
}

async function startNow() {
  const entry = seatAt(tableId);
  if (!entry) return;
  buttonById("start-now").disabled = true;
  try {
    model.setInfo(await api.start(tableId, entry.token));
  } catch (error) {
    byId("table-error").textContent = errorText(error);
  } finally {
    buttonById("start-now").disabled = false;
  }
}

async function leave() {
  const entry = seatAt(tableId);
  if (!entry || !window.confirm(t("table.leaveConfirm"))) return;
  try {
    await api.leave(tableId, entry.token);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      byId("table-error").textContent = errorText(error);
      return;
    }
  }
  forgetSeat(tableId);
  model.seat = null;
  notify("table.youLeft");
  socket.reconnectNow();
}

/* The notice line keeps its message key, so it follows a language switch; a brief notice
   ("Link copied.") clears itself, a lasting one stays until the next. */
const BRIEF_NOTICE_MS = 4000;
let notice = { key: null, timer: null };

function notify(key, { brief = false, params = {} } = {}) {
  clearTimeout(notice.timer);
  notice = { key, params, timer: brief ? setTimeout(() => notify(null), BRIEF_NOTICE_MS) : null };
  renderNotice();
}

function renderNotice() {
  byId("table-notice").textContent = notice.key ? t(notice.key, notice.params) : "";
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(inputById("share-link").value);
    notify("waiting.copied", { brief: true });
  } catch {
    inputById("share-link").select();
  }
}

function bindControls() {
  byId("waiting-join").addEventListener("submit", joinHere);
  buttonById("start-now").addEventListener("click", startNow);
  buttonById("leave-table").addEventListener("click", leave);
  buttonById("copy-link").addEventListener("click", copyLink);
  buttonById("reconnect-now").addEventListener("click", () => socket?.reconnectNow());
  inputById("player-name").value = savedName();
  const announceAll = inputById("announce-all");
  announceAll.checked = preference("announceAll", true);
  announceAll.addEventListener("change", () => setPreference("announceAll", announceAll.checked));
  turnAlerts = new TurnAlerts(inputById("turn-alerts"), byId("turn-alerts-status"), {
    title: () => `${t("table.yourTurnTitle")} — ${model.info?.name ?? "pokerhall"}`,
  });
  const selfVoicing = inputById("self-voicing");
  show(byId("self-voicing-field"), voice.available);
  selfVoicing.checked = voice.enabled;
  selfVoicing.addEventListener("change", () => {
    voice.setEnabled(selfVoicing.checked);
    announcer.alert(t(selfVoicing.checked ? "voice.on" : "voice.off"));
  });
}

/** The shell's shortcuts plus the game's, installed and listed in #shortcuts-help. */
function bindShortcuts() {
  const shellActions = {
    KeyM: () => game.focusForTurn(model),
    KeyS: () => announcer.alert(statusSummary(model, game)),
    KeyE: () => chat.focus(),
  };
  const shortcuts = [
    ...(game.shortcuts || []),
    ...SHELL_SHORTCUTS.map((s) => ({ ...s, run: shellActions[s.code] })),
  ];
  installShortcuts(shortcuts);
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-shortcut]"))) {
    button.setAttribute("aria-keyshortcuts", `Alt+Shift+${button.dataset.shortcut}`);
  }
  const draw = () => {
    fill(byId("shortcut-list"), shortcutItems(shortcuts));
    const note = byId("shortcut-note");
    if (note) note.textContent = game.shortcutsNote ? t(game.shortcutsNote) : "";
  };
  if (game.shortcutsNote) byId("shortcut-list").after(h("p", { class: "field-hint", id: "shortcut-note" }));
  draw();
  onLanguageChange(draw);
}

/** Load and mount the table's game module into the shell's slots (once). */
async function mountGame(info) {
  const module = await loadGame(info.game, { known: info.web_module });
  model.game = module;
  useGameModule(module);
  const slots = shellSlots();
  const ctx = {
    send: sendMove,
    model,
    say: (text) => announcer.say(text),
    alert: (text) => announcer.alert(text),
    speak: (text) => voice.speak(text, { urgent: true }),
  };
  await module.mount(slots, ctx);
  byId("game").dataset.game = info.game;
  game = module;
  bindShortcuts();
}

// --- clock ---------------------------------------------------------------------------------

function tick() {
  if (!model.view) return;
  renderClock(model);
  if (!model.prompt) return;
  const left = model.secondsLeft("you");
  if (left === null) return;
  for (const mark of WARN_AT) {
    if (left <= mark && !warned.has(mark) && left > 0) {
      warned.add(mark);
      announcer.alert(spokenSeconds(left));
    }
  }
}

// --- start ---------------------------------------------------------------------------------

function fatal(text) {
  byId("table-title").textContent = t("table.problem");
  byId("table-error").textContent = text;
  show(byId("game"), false);
  show(linkById("skip-to-move"), false);
  show(byId("waiting-room"), false);
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  mountAccountBox(byId("account-box"), undefined, { newTab: true }); // its profile opens in a new tab: the seat stays open
  if (!tableId) {
    fatal(t("table.noId"));
    return;
  }
  log = new EventLog(byId("event-log"));
  chat = new TableChat({ tableId, model, voice, send: (message) => socket?.send(message) ?? false });
  bindControls();
  creator = new CreatorControls(model, {
    onInfo: (info) => {
      model.setInfo(info);
      renderAll();
    },
  });
  try {
    model.setInfo(await tableInfo());
    model.reach = await api.reach().catch(() => null); // without it the link is the page's own
    await loadEventTexts(model.info.game);
  } catch (error) {
    fatal(error instanceof ApiError && error.status === 404 ? t("table.notFound") : errorText(error));
    return;
  }
  await mountGame(model.info);
  onLanguageChange(async () => {
    await loadEventTexts(model.info?.game);
    renderNotice();
    turnAlerts.render();
    renderConnection();
    creator.relabel();
    renderAll();
    chat.render();
    if (model.view) {
      log.rebuild(model);
      game.languageChanged?.(model);
      handResult.relabel(model, game);
    }
  });
  renderAll();
  socket = new TableSocket(tableId, {
    token: () => seatAt(tableId)?.token ?? null,
    code: () => knownCode,
    onMessage,
    onStatus: (status, detail = {}) => {
      connection = { status, ...detail };
      renderConnection();
    },
  });
  socket.connect();
  setInterval(tick, 1000);
}

main();
