// @ts-check
/* A player's public profile, profile.html?name=<name>: the games they played, per game their
   results, and links to the hand histories this browser may read (GET /api/players/{name},
   server/people/profiles.py: a private table is listed only to an account that sat there;
   the others are counted, not listed). The header's account box signs in and out; signing in
   may list more, so the profile is read again then. */

import { api, errorText } from "./api.js";
import { mountAccountBox } from "./account-box.js";
import { mountFollowButton, mountFollowing } from "./friends.js";
import { byId, fill, h, show, selectById } from "./dom.js";
import { bindLanguageSelect, formatNumber, initI18n, onLanguageChange, t } from "./i18n.js";

const name = new URLSearchParams(location.search).get("name") || "";
let profile = null;

function render() {
  if (!profile) return;
  byId("profile-heading").textContent = profile.name;
  document.title = `${profile.name} — pokerhall`;
  byId("profile-lead").textContent = t("profile.since", { date: profile.since, played: formatNumber(profile.played) });
  show(byId("stats-empty"), profile.games.length === 0);
  show(byId("stats-table"), profile.games.length > 0);
  fill(
    byId("stats-body"),
    profile.games.map((g) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, g.game),
        h("td", {}, formatNumber(g.played)),
        h("td", {}, formatNumber(g.won)),
        h("td", {}, g.mean_place === null ? "—" : formatNumber(g.mean_place)),
      ),
    ),
  );
  fill(
    byId("tables-list"),
    profile.tables.map((table) =>
      h(
        "li",
        {},
        h("a", { href: table.history }, table.name),
        " ",
        t("profile.tableLine", {
          game: table.game,
          date: table.date,
          place: table.place === null ? "—" : formatNumber(table.place),
          seats: formatNumber(table.seats),
        }),
        table.private ? ` (${t("profile.private")})` : "",
      ),
    ),
  );
  byId("not-listed").textContent = profile.not_listed ? t("profile.notListed", { count: formatNumber(profile.not_listed) }) : "";
}

async function load() {
  byId("profile-error").textContent = "";
  try {
    profile = await api.profile(name);
  } catch (e) {
    profile = null;
    byId("profile-error").textContent = errorText(e);
    return;
  }
  render();
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  onLanguageChange(render);
  await mountAccountBox(byId("account-box"), async (me) => {
    await load();
    const own = Boolean(me && profile && me === profile.name);
    mountFollowButton(byId("follow-box"), profile ? profile.name : name, me);
    mountFollowing(byId("following-section"), me, own);
  });
}

main();
