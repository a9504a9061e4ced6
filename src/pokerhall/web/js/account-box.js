// @ts-check
/* The account box of every page's header: who is signed in (a link to their profile,
   profile.html) and Sign out; for a guest, a small form that signs in or makes an account
   (name and secret). The session is an HttpOnly cookie the server sets (POST /api/session,
   server/people/sessions.py): this page never sees its token, and every page of the browser
   shares it. Another open page of the hall that signs in or out says so on a BroadcastChannel,
   so this box follows at once rather than at the next reload. Guests still play by a name. */

import { api, errorText } from "./api.js";
import { fill, h, srOnly } from "./dom.js";
import { onLanguageChange, t } from "./i18n.js";

const CHANNEL = "pokerhall.account";
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;

/** Tell the hall's other open pages that this browser signed in or out (or was deleted). */
export function tellOtherPages() {
  channel?.postMessage("changed");
}

/** @param {string} name */
export function profileUrl(name) {
  return `/profile.html?name=${encodeURIComponent(name)}`;
}

/** Render the box into `box` (an element of the header) and keep it current. `newTab`: the
 *  profile link opens in a new tab (the table page, so that the seat stays open).
 *  @param {HTMLElement} box @param {(name: string | null) => void} [onChange]
 *  @param {{newTab?: boolean}} [options] */
export async function mountAccountBox(box, onChange = () => {}, { newTab = false } = {}) {
  let who = { signed_in: false, name: null };
  let error = "";
  let shown = false;

  /** Ask the server who this browser is; redraw (and tell onChange) only when that changed,
   *  so a guest's half-typed form survives a message from another page. */
  async function refresh() {
    const before = who.signed_in ? who.name : null;
    try {
      who = await api.session();
    } catch (e) {
      error = errorText(e);
    }
    const now = who.signed_in ? who.name : null;
    if (shown && now === before && !error) return;
    shown = true;
    const hadFocus = box.contains(document.activeElement);
    render();
    if (hadFocus) /** @type {HTMLElement | null} */ (box.querySelector("a, summary, button"))?.focus();
    onChange(now);
  }

  /** @param {"in" | "up"} how @param {HTMLFormElement} form */
  async function submit(how, form) {
    const data = new FormData(form);
    const account = { name: String(data.get("name") || "").trim(), secret: String(data.get("secret") || "") };
    error = "";
    try {
      if (how === "up") await api.register(account);
      await api.signIn(account);
    } catch (e) {
      error = errorText(e);
      render();
      /** @type {HTMLElement | null} */ (box.querySelector("#header-account-name"))?.focus();
      return;
    }
    await refresh();
    tellOtherPages();
  }

  function signedIn() {
    const out = h("button", { type: "button", class: "btn btn-secondary btn-small", id: "header-sign-out" }, t("account.signOut"));
    out.addEventListener("click", async () => {
      await api.signOut().catch(() => null);
      await refresh();
      tellOtherPages();
    });
    const link = newTab
      ? h("a", { href: profileUrl(who.name), target: "_blank", rel: "noopener" }, who.name, srOnly(t("help.newTab")))
      : h("a", { href: profileUrl(who.name) }, who.name);
    return [h("span", { id: "signed-in-as" }, h("span", { class: "signed-in-label" }, t("account.signedInAs"), " "), link), " ", out];
  }

  function guestForm() {
    const form = /** @type {HTMLFormElement} */ (
      h(
        "form",
        { id: "sign-in-form", class: "sign-in-form" },
        h("label", { for: "header-account-name" }, t("account.name")),
        h("input", { id: "header-account-name", name: "name", autocomplete: "username", required: "", maxlength: "40" }),
        h("label", { for: "header-account-secret" }, t("account.secret")),
        h("input", { id: "header-account-secret", name: "secret", type: "password", autocomplete: "current-password", required: "", minlength: "8" }),
        h("button", { type: "submit", class: "btn btn-small", id: "header-sign-in" }, t("account.signIn")),
        h("button", { type: "button", class: "btn btn-secondary btn-small", id: "header-sign-up" }, t("account.signUp")),
        h("p", { id: "header-account-error", class: "error-text", role: "alert" }, error),
      )
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submit("in", form);
    });
    form.querySelector("#header-sign-up").addEventListener("click", () => {
      if (form.reportValidity()) submit("up", form);
    });
    return h("details", { id: "account-details", open: error ? "" : null }, h("summary", {}, t("account.guest")), form);
  }

  function render() {
    fill(box, ...(who.signed_in ? signedIn() : [guestForm()]));
  }

  onLanguageChange(render);
  channel?.addEventListener("message", () => refresh());
  await refresh();
}
