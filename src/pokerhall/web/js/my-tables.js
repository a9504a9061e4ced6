// @ts-check
/* "My tables" in the lobby (issue 26, item 4): every unfinished table where the signed-in
   account holds a seat (GET /api/my/tables), the ones waiting on this person first, each with
   its game, whether it is their turn and until when. A guest sees nothing here: the section
   stays hidden. */

import { api, errorText } from "./api.js";
import { byId, fill, h, show, srOnly } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { rulesetName, tableUrl } from "./lobby-list.js";

let signedIn = false;
let listed = [];

/** @param {string} iso */
function when(iso) {
  const format = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  return format.format(new Date(iso));
}

function item(table) {
  const turn = table.your_turn
    ? h("span", { class: "status-tag status-your-turn", "data-testid": `my-turn-${table.table}` }, t("myTables.yourTurn"))
    : h("span", { class: "status-tag" }, table.status === "open" ? t("myTables.waitingForPlayers") : t("myTables.othersTurn"));
  return h(
    "li",
    { class: "table-card", "data-testid": `my-table-${table.table}` },
    h(
      "div",
      {},
      h("h4", {}, table.name, " ", turn),
      h(
        "p",
        {},
        rulesetName(table.game, table.ruleset),
        table.turn_based ? ` · ${t("lobby.turnBased")}` : "",
        table.deadline ? ` · ${t("myTables.deadline", { when: when(table.deadline) })}` : "",
      ),
    ),
    h("a", { class: "btn", href: tableUrl(table.table) }, t("myTables.open"), srOnly(`: ${table.name}`)),
  );
}

function render() {
  const section = byId("my-tables");
  show(section, signedIn);
  if (!signedIn) return;
  fill(byId("my-tables-list"), listed.map(item));
  const waiting = listed.filter((table) => table.your_turn).length;
  byId("my-tables-summary").textContent = listed.length
    ? t("myTables.summary", { count: listed.length, waiting })
    : t("myTables.none");
}

/** Ask the server again (after signing in, and when the lobby's list changes). */
export async function refreshMyTables() {
  if (!signedIn) return render();
  try {
    listed = await api.myTables();
  } catch (error) {
    listed = [];
    render();
    byId("my-tables-summary").textContent = errorText(error);
    return;
  }
  render();
}

/** @param {string | null} name the signed-in account's, or null for a guest */
export function accountChanged(name) {
  signedIn = name !== null;
  refreshMyTables();
}

export function renderMyTables() {
  render();
}
