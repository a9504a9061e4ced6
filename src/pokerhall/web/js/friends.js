// @ts-check
/* Friends (server/people/follows.py, whereabouts.py, invitations.py): the Follow/Unfollow
   button of another person's profile, one's own "Following" list with where each one sits now
   (a private table one never sat at is only said to be one, with no link), and in the lobby the
   seats tables keep for one by their creator's invitation, to take or decline. All of it is for
   a signed-in person: the session cookie goes with every call; a guest sees none of it. */

import { api, errorText, request } from "./api.js";
import { profileUrl } from "./account-box.js";
import { fill, h, show } from "./dom.js";
import { formatNumber, onLanguageChange, t } from "./i18n.js";
import { rememberSeat } from "./storage.js";

const enc = encodeURIComponent;

export const friendsApi = {
  following: () => request("GET", "/api/account/following"),
  follow: (name) => request("POST", "/api/account/following", { body: { name } }),
  unfollow: (name) => request("DELETE", `/api/account/following/${enc(name)}`),
  invitations: () => request("GET", "/api/account/invitations"),
  decline: (tableId) => request("DELETE", `/api/account/invitations/${enc(tableId)}`),
  claim: (tableId) => request("POST", `/api/tables/${enc(tableId)}/seats/claim-invited`),
  invite: (tableId, token, name) =>
    request("POST", `/api/tables/${enc(tableId)}/invitations/person`, { token, body: { name } }),
};

/** The render of each box now: a box mounted again (signed in or out) keeps one language
 *  listener, which draws its latest state, never an earlier mount's. */
const renderers = new WeakMap();

/** @param {HTMLElement} box @param {() => void} render */
function rendersOn(box, render) {
  if (!renderers.has(box)) onLanguageChange(() => renderers.get(box)?.());
  renderers.set(box, render);
}

/** Where one followed player sits now, as words and links (a list item's children). */
function whereabouts(tables) {
  if (!tables.length) return [t("friends.nowhere")];
  const parts = tables.map((table) =>
    table.link
      ? h("a", { href: table.link }, t("friends.atTable", { name: table.name, game: table.game, status: t(`friends.status.${table.status}`) }))
      : h("span", {}, t("friends.atPrivateTable")),
  );
  return parts.flatMap((part, i) => (i ? ["; ", part] : [part]));
}

/** The Follow/Unfollow button of the profile of `name`, shown to a signed-in other person.
 *  @param {HTMLElement} box @param {string} name @param {string | null} me */
export async function mountFollowButton(box, name, me) {
  if (!me || me === name) {
    rendersOn(box, () => fill(box));
    fill(box);
    return;
  }
  let followed = false;
  let status = "";
  try {
    followed = (await friendsApi.following()).some((f) => f.name === name);
  } catch (e) {
    status = errorText(e);
  }
  function render() {
    const button = h("button", { type: "button", class: "btn btn-small", id: "follow-button" }, t(followed ? "friends.unfollow" : "friends.follow"));
    button.addEventListener("click", async () => {
      try {
        if (followed) await friendsApi.unfollow(name);
        else await friendsApi.follow(name);
        followed = !followed;
        status = t(followed ? "friends.nowFollowing" : "friends.noLongerFollowing", { name });
      } catch (e) {
        status = errorText(e);
      }
      render();
      /** @type {HTMLElement | null} */ (box.querySelector("#follow-button"))?.focus();
    });
    fill(box, button, " ", h("span", { id: "follow-status", role: "status" }, status));
  }
  rendersOn(box, render);
  render();
}

/** One's own Following list, each with where they sit now, an Unfollow button, and a form
 *  to follow someone by name. @param {HTMLElement} section @param {string | null} me @param {boolean} own */
export async function mountFollowing(section, me, own) {
  show(section, Boolean(me) && own);
  if (!me || !own) {
    rendersOn(section, () => {});
    return;
  }
  let list = [];
  let error = "";

  async function load() {
    try {
      list = await friendsApi.following();
      error = "";
    } catch (e) {
      error = errorText(e);
    }
    render();
  }

  function entry(friend) {
    const unfollow = h("button", { type: "button", class: "btn btn-secondary btn-small", "aria-label": t("friends.unfollowName", { name: friend.name }) }, t("friends.unfollow"));
    unfollow.addEventListener("click", async () => {
      try {
        await friendsApi.unfollow(friend.name);
        await load();
      } catch (e) {
        error = errorText(e);
        render();
      }
      /** @type {HTMLElement | null} */ (section.querySelector("#follow-name"))?.focus();
    });
    return h("li", {}, h("a", { href: profileUrl(friend.name) }, friend.name), ": ", ...whereabouts(friend.tables), " ", unfollow);
  }

  function render() {
    const form = /** @type {HTMLFormElement} */ (
      h(
        "form",
        { id: "follow-form", class: "inline-form" },
        h("label", { for: "follow-name" }, t("friends.followName")),
        " ",
        h("input", { id: "follow-name", name: "name", required: "", maxlength: "40", autocomplete: "off" }),
        " ",
        h("button", { type: "submit", class: "btn btn-small" }, t("friends.follow")),
      )
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const input = /** @type {HTMLInputElement} */ (form.querySelector("#follow-name"));
      try {
        await friendsApi.follow(input.value.trim());
        await load();
      } catch (e) {
        error = errorText(e);
        render();
      }
      /** @type {HTMLElement | null} */ (section.querySelector("#follow-name"))?.focus();
    });
    fill(
      section,
      h("h2", { id: "following-heading" }, t("friends.following")),
      list.length ? h("ul", { id: "following-list" }, ...list.map(entry)) : h("p", { class: "muted" }, t("friends.followingNobody")),
      form,
      h("p", { id: "following-error", class: "error-text", role: "alert" }, error),
    );
  }

  rendersOn(section, render);
  await load();
}

/** The lobby's list of invitations for the signed-in person; `refresh` reads them again,
 *  `show` shows a list the server pushed (lobby.js).
 *  @param {HTMLElement} section @param {() => string | null} me */
export function mountInvitations(section, me) {
  let list = [];
  let error = "";

  async function refresh() {
    if (!me()) {
      list = [];
      render();
      return;
    }
    try {
      list = await friendsApi.invitations();
      error = "";
    } catch (e) {
      error = errorText(e);
    }
    render();
  }

  function entry(invitation) {
    const take = h("button", { type: "button", class: "btn btn-small", "data-testid": `take-${invitation.table}` }, t("friends.takeSeat"));
    take.addEventListener("click", async () => {
      try {
        const seat = await friendsApi.claim(invitation.table);
        rememberSeat(invitation.table, { token: seat.token, seat: seat.seat, name: me() });
        location.assign(invitation.link);
      } catch (e) {
        error = errorText(e);
        await refresh();
      }
    });
    const decline = h("button", { type: "button", class: "btn btn-secondary btn-small" }, t("friends.decline"));
    decline.addEventListener("click", async () => {
      try {
        await friendsApi.decline(invitation.table);
      } catch (e) {
        error = errorText(e);
      }
      await refresh();
      /** @type {HTMLElement | null} */ (document.querySelector("#invitations-heading"))?.focus();
    });
    const by = invitation.inviter;
    const words = { name: invitation.name, game: invitation.game, seat: formatNumber(invitation.seat + 1) };
    // who invited, named as the seats name them (a bot account's with its mark); a creator
    // without a seat has no name to tell
    const where = by
      ? t("friends.invitedBy", { ...words, inviter: by.bot_account ? `${by.name} ${t("seats.botAccount")}` : by.name })
      : t("friends.invitationLine", words);
    return h("li", {}, where, invitation.private ? ` (${t("profile.private")})` : "", " ", take, " ", decline);
  }

  function render() {
    show(section, list.length > 0 || Boolean(error));
    fill(
      section,
      h("h2", { id: "invitations-heading", tabindex: "-1" }, t("friends.invitations")),
      h("ul", { id: "invitations-list" }, ...list.map(entry)),
      h("p", { class: "error-text", role: "alert" }, error),
    );
  }

  onLanguageChange(render);
  return {
    refresh,
    show(pushed) {
      list = me() ? pushed : [];
      error = "";
      render();
    },
  };
}

/** The creator's "invite a player you follow" in the waiting room (render-creator.js), shown
 *  when the creator's browser is signed in and follows somebody. `run` is the creator's call
 *  wrapper: it sends the creator token, shows a refusal, and returns the table or null.
 *  @param {HTMLElement} box @param {string} tableId
 *  @param {(call: (token: string) => Promise<any>) => Promise<any>} run */
export async function mountFriendInvite(box, tableId, run) {
  let people = [];
  try {
    if ((await api.session()).signed_in) people = await friendsApi.following();
  } catch {
    people = []; // nobody to offer: the bot account's field stays
  }
  let status = "";
  function render() {
    if (!people.length) {
      fill(box);
      return;
    }
    const select = /** @type {HTMLSelectElement} */ (h("select", { id: "creator-invite-friend" }, ...people.map((p) => h("option", { value: p.name }, p.name))));
    const button = h("button", { id: "creator-invite-friend-button", class: "btn btn-secondary", type: "button" }, t("friends.invite"));
    button.addEventListener("click", async () => {
      const name = select.value;
      const invited = await run((token) => friendsApi.invite(tableId, token, name));
      const seat = invited?.seats.find((s) => s.name === name && s.reserved);
      status = seat ? t("friends.invited", { name, seat: formatNumber(seat.seat + 1) }) : "";
      render();
      /** @type {HTMLElement | null} */ (box.querySelector("#creator-invite-friend-button"))?.focus();
    });
    fill(
      box,
      h("label", { for: "creator-invite-friend" }, t("friends.inviteLabel")),
      h("div", { class: "button-row" }, select, button),
      h("p", { id: "creator-invite-friend-status", class: "field-hint", role: "status" }, status),
    );
  }
  onLanguageChange(render);
  render();
}
