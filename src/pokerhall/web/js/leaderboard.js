// @ts-check
/* The leaderboard page: a game's best-rated players for one of its rulesets
   (GET /api/ratings/{game}?ruleset=), chosen from /api/games and kept in the address
   (?game=&ruleset=) so a board can be linked. Knows no game: names come from the API. */

import { mountAccountBox } from "./account-box.js";
import { api, errorText } from "./api.js";
import { byId, h, selectById } from "./dom.js";
import { bindLanguageSelect, formatNumber, initI18n, onLanguageChange } from "./i18n.js";

/** @type {any[]} */
let infos = [];
/** @type {any} */
let board = null;

function chosen() {
  const params = new URLSearchParams(location.search);
  const game = infos.find((info) => info.name === params.get("game")) ?? infos[0];
  const ruleset = game?.rulesets.find((r) => r.name === params.get("ruleset")) ?? game?.rulesets[0];
  return { game, ruleset };
}

function fillChoices() {
  const { game, ruleset } = chosen();
  const games = selectById("ratings-game");
  games.replaceChildren(...infos.map((info) => h("option", { value: info.name }, info.title)));
  games.value = game?.name ?? "";
  const rulesets = selectById("ratings-ruleset");
  rulesets.replaceChildren(...(game?.rulesets ?? []).map((r) => h("option", { value: r.name }, r.title ?? r.name)));
  rulesets.value = ruleset?.name ?? "";
}

function renderBoard() {
  const { game, ruleset } = chosen();
  byId("board-heading").textContent = game ? `${game.title} — ${ruleset?.title ?? ruleset?.name ?? ""}` : "";
  const rows = board?.players ?? [];
  byId("board-rows").replaceChildren(
    ...rows.map((row) =>
      h(
        "tr",
        {},
        h("td", { class: "number" }, formatNumber(row.place)),
        h("th", { scope: "row" }, row.player),
        h("td", { class: "number" }, formatNumber(row.rating)),
        h("td", { class: "number" }, formatNumber(row.tables)),
      ),
    ),
  );
  byId("board").hidden = rows.length === 0;
  byId("board-empty").hidden = board === null || rows.length > 0;
}

async function load() {
  const { game, ruleset } = chosen();
  byId("ratings-error").textContent = "";
  board = null;
  renderBoard();
  if (!game) return;
  try {
    board = await api.ratings(game.name, ruleset?.name ?? null);
  } catch (error) {
    byId("ratings-error").textContent = errorText(error);
  }
  renderBoard();
}

/** @param {string} game @param {string | null} ruleset */
function choose(game, ruleset) {
  const params = new URLSearchParams({ game, ...(ruleset ? { ruleset } : {}) });
  history.replaceState(null, "", `?${params}`);
  fillChoices();
  void load();
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  mountAccountBox(byId("account-box"));
  try {
    infos = await api.games();
  } catch (error) {
    byId("ratings-error").textContent = errorText(error);
    return;
  }
  fillChoices();
  selectById("ratings-game").addEventListener("change", (event) => {
    choose(/** @type {HTMLSelectElement} */ (event.target).value, null);
  });
  selectById("ratings-ruleset").addEventListener("change", (event) => {
    choose(selectById("ratings-game").value, /** @type {HTMLSelectElement} */ (event.target).value);
  });
  onLanguageChange(renderBoard);
  await load();
}

void main();
