// @ts-check
/* The help page, help.html?game=<name>: one game's rules written for players, in the
   interface language, and the keyboard shortcuts of its table. The words are the game's:
   its web module's `help(code)` gives an HTML fragment per language (see "Game modules" in
   web/README.md); a game without a module is described by what the server declares of it
   (its summary and its rulesets'). The shortcuts are the same data the table page lists, and
   the replay page's keys (replay.html) are listed under them for every game. */

import { mountAccountBox } from "./account-box.js";
import { api } from "./api.js";
import { byId, fill, h, show, selectById } from "./dom.js";
import { fallbackGame, loadGame } from "./games.js";
import { bindLanguageSelect, currentLanguage, hasString, initI18n, onLanguageChange, t } from "./i18n.js";
import { REPLAY_SHORTCUTS, SHELL_SHORTCUTS, shortcutItems } from "./keyboard.js";
import { errorText } from "./lobby-form.js";

const wanted = new URLSearchParams(location.search).get("game");
let games = []; // GET /api/games
let modules = new Map();
let rendering = 0;

function gameName(info) {
  return hasString(`game.${info.name}`, info.name) ? t(`game.${info.name}`, {}, info.name) : info.title;
}

/** The game a name means: a game's own name, or one of its aliases (`duell`). */
function findGame(name) {
  return games.find((g) => g.name === name) ?? games.find((g) => Object.hasOwn(g.aliases ?? {}, name)) ?? null;
}

function helpUrl(name) {
  return `help.html?game=${encodeURIComponent(name)}`;
}

function renderGameList(current) {
  fill(
    byId("help-game-list"),
    games.map((info) =>
      h("li", {}, h("a", { href: helpUrl(info.name), "aria-current": info === current ? "page" : null }, gameName(info))),
    ),
  );
}

/** What the server says of a game that ships no web module: its summary and rulesets. */
function declared(info) {
  return [
    h("p", {}, info.summary),
    h("h2", {}, t("help.rulesets")),
    h(
      "ul",
      {},
      info.rulesets.map((r) =>
        h("li", {}, h("strong", {}, r.title || r.name), " — ", r.summary || "", " ", t("help.players", { min: r.min_players, max: r.max_players })),
      ),
    ),
  ];
}

async function gameText(info, module, code) {
  if (module === fallbackGame || typeof module.help !== "function") return declared(info);
  const template = document.createElement("template");
  template.innerHTML = await module.help(code); // the game module's own static markup, no user text
  return template.content;
}

function renderShortcuts(module) {
  const shortcuts = [...(module.shortcuts || []), ...SHELL_SHORTCUTS];
  fill(byId("help-shortcut-list"), shortcutItems(shortcuts));
  byId("help-shortcut-note").textContent = module.shortcutsNote ? t(module.shortcutsNote) : "";
  show(byId("help-keys"), true);
}

async function render() {
  fill(byId("help-replay-shortcut-list"), shortcutItems(REPLAY_SHORTCUTS)); // the same on every game
  const ticket = ++rendering; // a later language switch wins over a slower earlier fetch
  const info = wanted ? findGame(wanted) : null;
  renderGameList(info);
  byId("help-error").textContent = wanted && !info ? t("help.unknownGame", { name: wanted }) : "";
  if (!info) {
    byId("help-title").textContent = t("help.heading");
    byId("help-lead").textContent = t("help.choose");
    document.title = t("help.pageTitle");
    show(byId("help-body"), false);
    show(byId("help-keys"), false);
    byId("help-body").dataset.rendered = currentLanguage();
    return;
  }
  const module = modules.get(info.name);
  let body;
  try {
    body = await gameText(info, module, currentLanguage());
  } catch {
    body = [h("p", {}, t("help.missing")), ...declared(info)];
  }
  if (ticket !== rendering) return;
  const name = gameName(info);
  byId("help-title").textContent = t("help.gameHeading", { game: name });
  const about = `game.${info.name}.about`;
  byId("help-lead").textContent = hasString(about, info.name) ? t(about, {}, info.name) : info.summary;
  document.title = `${t("help.gameHeading", { game: name })} — pokerhall`;
  fill(byId("help-body"), body);
  show(byId("help-body"), true);
  renderShortcuts(module);
  byId("help-body").dataset.rendered = currentLanguage(); // drawn whole in this language
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  mountAccountBox(byId("account-box"));
  try {
    games = await api.games();
    const loaded = await Promise.all(games.map((g) => loadGame(g.name, { known: g.web_module })));
    modules = new Map(games.map((g, i) => [g.name, loaded[i]]));
  } catch (error) {
    byId("help-error").textContent = errorText(error);
    return;
  }
  onLanguageChange(() => render());
  await render();
}

main();
