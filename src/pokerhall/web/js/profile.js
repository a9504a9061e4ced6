// @ts-check
/* A player's public profile, profile.html?name=<name>: the games they played, per game their
   results, and links to the hand histories this browser may read (GET /api/players/{name},
   server/people/profiles.py: a private table is listed only to an account that sat there;
   the others are counted, not listed). The header's account box signs in and out; signing in
   may list more, so the profile is read again then. */

import { api, errorText } from "./api.js";
import { mountAccountBox } from "./account-box.js";
import { mountAccountForms } from "./account-forms.js";
import { mountFollowButton, mountFollowing } from "./friends.js";
import { byId, fill, h, show, selectById, inputById } from "./dom.js";
import { bindLanguageSelect, currentLanguage, formatNumber, initI18n, onLanguageChange, t } from "./i18n.js";

const name = new URLSearchParams(location.search).get("name") || "";
let profile = null;
/** @type {string | null} */
let signedInAs = null;
/** @type {{show(own: boolean): void} | null} */
let accountForms = null;

/** The own account's e-mail notices (GET/PUT /api/account/notices): only on one's own profile. */
async function loadNotices() {
  const mine = signedInAs !== null && profile !== null && signedInAs === profile.name;
  show(byId("notices"), mine);
  if (!mine) return;
  try {
    showNotices(await api.notices());
  } catch (e) {
    byId("notices-error").textContent = errorText(e);
  }
}

function showNotices(settings) {
  inputById("notices-email").value = settings.email ?? "";
  inputById(`notices-${settings.mode}`).checked = true;
  show(byId("notices-bounced"), settings.bounced);
}

async function saveNotices(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const data = new FormData(form);
  const email = String(data.get("email") || "").trim();
  const input = inputById("notices-email");
  byId("notices-status").textContent = "";
  byId("notices-error").textContent = "";
  input.removeAttribute("aria-invalid");
  try {
    showNotices(await api.setNotices({ email: email || null, mode: String(data.get("mode") || "none"), lang: currentLanguage() }));
    byId("notices-status").textContent = t("notices.saved");
  } catch (e) {
    input.setAttribute("aria-invalid", "true");
    byId("notices-error").textContent = errorText(e);
    input.focus();
  }
}

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
    accountForms?.show(false);
    return;
  }
  render();
  accountForms?.show(signedInAs !== null && signedInAs === profile.name); // one's own only
  await loadNotices();
}

async function main() {
  await initI18n();
  bindLanguageSelect(selectById("lang-select"));
  onLanguageChange(render);
  accountForms = mountAccountForms(byId("account-forms"));
  byId("notices-form").addEventListener("submit", saveNotices);
  await mountAccountBox(byId("account-box"), async (me) => {
    signedInAs = me;
    await load();
    const own = Boolean(me && profile && me === profile.name);
    mountFollowButton(byId("follow-box"), profile ? profile.name : name, me);
    mountFollowing(byId("following-section"), me, own);
  });
}

main();
