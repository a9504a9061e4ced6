// @ts-check
/* Watching a finished round again, replay.html?id=<table>&hand=<n>: the round move by move on
   the live table's felt, as this browser's seat saw it (its seat token, if it holds one; else
   as the spectators did). The frames come from GET /api/tables/{id}/hands/{n}/replay
   (server/tables/replay.py): each is what the table sent that seat after a move, a view and its
   events, so nothing is drawn that the seat was not shown then. They are drawn by the table's
   own parts: the game module in its slots, the seats, the status lines and the log, fed
   through a TableModel as the socket's messages would be. The move panel stays disabled and
   hidden: a replay sends nothing.

   Controls: first, back, play/pause, forward, last, the speed (0.5×, 1×, 2×), and the keys
   Alt+Shift+P, B, N, V (keyboard.js). Each step's log lines are read out in the polite live
   region; the chips fly only when motion is welcome (table-motion.js), and the replay never
   starts playing by itself. */

import { mountAccountBox } from "./account-box.js";
import { Announcer } from "./announcer.js";
import { api, ApiError, errorText } from "./api.js";
import { describeEvent, loadEventTexts, useGameModule } from "./describe.js";
import { byId, fill, h, show, buttonById, linkById, selectById } from "./dom.js";
import { loadGame, shellSlots } from "./games.js";
import { bindLanguageSelect, formatNumber, initI18n, onLanguageChange, t } from "./i18n.js";
import { installShortcuts, REPLAY_SHORTCUTS, shortcutItems } from "./keyboard.js";
import { historyUrl } from "./lobby-list.js";
import { EventLog } from "./render-log.js";
import { renderSeats } from "./render-seats.js";
import { renderStatus } from "./render-status.js";
import { seatAt, viewingCode } from "./storage.js";
import { TableModel } from "./table-model.js";
import { TableMotion } from "./table-motion.js";

const params = new URLSearchParams(location.search);
const tableId = params.get("id");
const hand = Number(params.get("hand"));
const code = tableId ? viewingCode(tableId) : null; // a private table's (server/tables/access.py)
const STEP_MS = 1600; // one move at 1×
const RESULT_LINES = 8;

const model = new TableModel(tableId);
const announcer = new Announcer(byId("live-region"), byId("live-alert"));
const motion = new TableMotion();
let game = null;
let log = null;
let replay = null; // the server's answer: {hand, seat, frames: [{view, events}]}
let at = 0; // the frame shown
let timer = null; // set while playing

// --- drawing -------------------------------------------------------------------------------

/** The model as it was after frame `index`: the first frame as a snapshot, then updates. */
function rebuild(index) {
  const [first, ...rest] = replay.frames;
  model.hands.clear();
  model.state({ view: first.view, events: first.events, clock: null });
  for (const frame of rest.slice(0, index)) model.update({ view: frame.view, events: frame.events, clock: null });
}

/** The end of the round on the felt, as the live table shows it (render-result.js): the game
    module's own drawing of the result, or the events that decided it, in words. */
function renderResult() {
  byId("replay-result")?.remove();
  if (at !== replay.frames.length - 1) return;
  const events = model.eventsOf(hand);
  const ctx = model.describeContext;
  let body = game.handResult?.(model, hand, events) ?? null;
  if (!body) {
    const chosen = game.resultEvents ? events.filter((e) => game.resultEvents.has(e.type)) : events.slice(-RESULT_LINES);
    body = h(
      "ul",
      { class: "hand-result-lines" },
      chosen.map((event) => h("li", { "data-event": event.type }, describeEvent(event, ctx))).filter((li) => li.textContent),
    );
  }
  byId("game-top").append(
    h(
      "section",
      { class: "panel hand-result", id: "replay-result", "aria-labelledby": "replay-result-heading" },
      h("h2", { id: "replay-result-heading" }, t("result.heading", { hand })),
      body,
    ),
  );
}

function renderPosition() {
  const focused = /** @type {HTMLButtonElement | null} */ (document.activeElement);
  const count = replay.frames.length;
  byId("replay-position").textContent = t("replay.position", { at: at + 1, count });
  buttonById("replay-first").disabled = at === 0;
  buttonById("replay-back").disabled = at === 0;
  buttonById("replay-forward").disabled = at === count - 1;
  buttonById("replay-last").disabled = at === count - 1;
  const play = buttonById("replay-play");
  play.textContent = timer === null ? t("replay.play") : t("replay.pause");
  play.setAttribute("aria-pressed", String(timer !== null));
  byId("main").dataset.frame = String(at);
  if (focused?.disabled) play.focus(); // at either end: the keyboard stays in the controls
}

function renderHead() {
  const round = t("history.round", { round: hand });
  const names = replay.players;
  byId("replay-title").textContent = t("replay.heading", { round });
  byId("replay-lead").textContent = [
    tableName,
    replay.seat === null ? t("history.asSpectator") : t("history.asSeat", { name: names[replay.seat], seat: replay.seat + 1 }),
  ].join(" · ");
  document.title = `${t("replay.heading", { round })} — ${tableName} — pokerhall`;
}

function draw({ animate = false } = {}) {
  const before = animate ? motion.before() : null;
  game.render(model); // a prompt in the frame draws into the hidden, disabled move panel
  renderSeats(model, game);
  renderStatus(model, game);
  log.rebuild(model);
  renderResult();
  renderPosition();
  motion.after(before);
}

/** Read out what the shown frame brought, as the live table reads events (the game may word
    an event for the ear); a frame with no line says where the replay is. */
function announce() {
  const ctx = model.describeContext;
  const lines = replay.frames[at].events
    .map((event) => game.spokenEvent?.(event, ctx) ?? describeEvent(event, ctx))
    .filter(Boolean);
  announcer.say(lines.length ? lines.join(" ") : t("replay.position", { at: at + 1, count: replay.frames.length }));
}

function go(index, { animate = false } = {}) {
  const target = Math.max(0, Math.min(replay.frames.length - 1, index));
  if (target === at && model.view) {
    renderPosition();
    return;
  }
  const forward = target === at + 1;
  at = target;
  if (forward) {
    const frame = replay.frames[at];
    model.update({ view: frame.view, events: frame.events, clock: null });
  } else rebuild(at);
  draw({ animate: animate && forward });
  announce();
}

// --- playing -------------------------------------------------------------------------------

function speed() {
  return Number(selectById("replay-speed").value) || 1;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (at >= replay.frames.length - 1) return pause({ ended: true });
    go(at + 1, { animate: true });
    if (at >= replay.frames.length - 1) pause({ ended: true });
    else schedule();
  }, STEP_MS / speed());
}

function play() {
  if (at >= replay.frames.length - 1) go(0);
  timer = -1; // playing (the first step is scheduled below)
  renderPosition();
  announcer.say(t("replay.playing"));
  schedule();
}

function pause({ ended = false } = {}) {
  clearTimeout(timer);
  timer = null;
  renderPosition();
  announcer.say(ended ? t("replay.ended") : t("replay.paused"));
}

function toggle() {
  if (timer === null) play();
  else pause();
}

/** Alt+Shift+V: the next speed, after the fastest the slowest again. */
function nextSpeed() {
  const select = selectById("replay-speed");
  select.selectedIndex = (select.selectedIndex + 1) % select.options.length;
  changedSpeed();
}

function changedSpeed() {
  announcer.say(t("replay.speedNow", { speed: selectById("replay-speed").selectedOptions[0].textContent }));
  if (timer !== null) schedule();
}

function bindControls() {
  buttonById("replay-first").addEventListener("click", () => go(0));
  buttonById("replay-back").addEventListener("click", () => go(at - 1));
  buttonById("replay-play").addEventListener("click", toggle);
  buttonById("replay-forward").addEventListener("click", () => go(at + 1, { animate: true }));
  buttonById("replay-last").addEventListener("click", () => go(replay.frames.length - 1));
  selectById("replay-speed").addEventListener("change", changedSpeed);
  const actions = { KeyP: toggle, KeyB: () => go(at - 1), KeyN: () => go(at + 1, { animate: true }), KeyV: nextSpeed };
  installShortcuts(REPLAY_SHORTCUTS.map((s) => ({ ...s, run: actions[s.code] })));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-shortcut]"))) {
    el.setAttribute("aria-keyshortcuts", `Alt+Shift+${el.dataset.shortcut}`);
  }
  const words = () => {
    fill(byId("replay-shortcut-list"), shortcutItems(REPLAY_SHORTCUTS));
    for (const option of selectById("replay-speed").options) option.textContent = t("replay.speedValue", { speed: formatNumber(Number(option.value)) });
  };
  words();
  onLanguageChange(words);
}

// --- start ---------------------------------------------------------------------------------

let tableName = "";

async function fetchReplay(token, seat) {
  try {
    return await api.replay(tableId, hand, token, seat, code);
  } catch (error) {
    if (!(token && error instanceof ApiError && error.status === 401)) throw error;
    return api.replay(tableId, hand, null, null, code); // the seat is gone: what spectators saw
  }
}

async function mount(info) {
  const slots = shellSlots();
  const quiet = () => {};
  await game.mount(slots, { send: () => false, model, say: quiet, alert: quiet, speak: quiet });
  byId("game").dataset.game = info.game;
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  mountAccountBox(byId("account-box"));
  if (!tableId || !Number.isInteger(hand) || hand < 1) {
    byId("replay-error").textContent = t(tableId ? "replay.noHand" : "table.noId");
    return;
  }
  linkById("history-link").href = `${historyUrl(tableId, code)}#round=${hand}`;
  try {
    const info = await api.table(tableId, { token: seatAt(tableId)?.token ?? null, code });
    tableName = info.name;
    model.setInfo(info);
    game = await loadGame(info.game, { known: info.web_module }); // its words first: a refusal names its rounds
    model.game = game;
    useGameModule(game);
    await loadEventTexts(info.game);
    const entry = seatAt(tableId);
    replay = await fetchReplay(entry?.token ?? null, entry?.seat ?? null);
    await mount(info);
  } catch (error) {
    byId("replay-title").textContent = t("table.problem");
    byId("replay-error").textContent = error instanceof ApiError && error.code === "unknown_table" ? t("table.notFound") : errorText(error);
    return;
  }
  model.seat = replay.seat;
  log = new EventLog(byId("event-log"));
  bindControls();
  rebuild(0);
  show(byId("replay-controls"), true);
  show(byId("game"), true);
  renderHead();
  draw();
  onLanguageChange(async () => {
    await loadEventTexts(model.info.game);
    game.languageChanged?.(model);
    renderHead();
    draw();
  });
}

main();
