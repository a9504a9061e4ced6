// @ts-check
/* The account box of the page header: who is signed in (a link to their profile, profile.html)
   and Sign out; for a guest, a small form that signs in or makes an account (name and
   secret). The session is an HttpOnly cookie the server sets (POST /api/session,
   server/people/sessions.py): this page never sees its token. Guests still play by a name. */

import { api, errorText } from "./api.js";
import { fill, h } from "./dom.js";
import { onLanguageChange, t } from "./i18n.js";

/** @param {string} name */
export function profileUrl(name) {
  return `/profile.html?name=${encodeURIComponent(name)}`;
}

/** Render the box into `box` (an element of the header) and keep it current.
 *  @param {HTMLElement} box @param {(name: string | null) => void} [onChange] */
export async function mountAccountBox(box, onChange = () => {}) {
  let who = { signed_in: false, name: null };
  let error = "";

  async function refresh() {
    try {
      who = await api.session();
    } catch (e) {
      error = errorText(e);
    }
    render();
    onChange(who.signed_in ? who.name : null);
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
      return;
    }
    await refresh();
  }

  function signedIn() {
    const out = h("button", { type: "button", class: "btn btn-secondary btn-small", id: "header-sign-out" }, t("account.signOut"));
    out.addEventListener("click", async () => {
      await api.signOut().catch(() => null);
      await refresh();
    });
    return [
      h("span", { id: "signed-in-as" }, t("account.signedInAs"), " ", h("a", { href: profileUrl(who.name) }, who.name)),
      " ",
      out,
    ];
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
  await refresh();
}
