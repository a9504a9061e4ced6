// @ts-check
/* On one's own profile page (profile.html, when the signed-in account is the one shown): the
   forms that change the account's secret (POST /api/account/secret: the other browsers signed
   in to it are signed out) and delete it (POST /api/account/delete, with its secret and an
   explicit confirmation; refused with `account_in_game` while it holds a seat at a table not
   over). What deleting keeps is in privacy.md, which the hall serves (docs/privacy.md links to it).
   The forms are built once and translated by data-i18n, so a language switch keeps what was
   typed; the messages are kept as keys and worded again. */

import { api, ApiError, errorText } from "./api.js";
import { tellOtherPages } from "./account-box.js";
import { h } from "./dom.js";
import { onLanguageChange, t, translatePage } from "./i18n.js";

/** A message of a form's live region: a key to word now and again on a language change. */
class FormMessage {
  /** @param {HTMLElement} region */
  constructor(region) {
    this.region = region;
    /** @type {() => string} */
    this.text = () => "";
    onLanguageChange(() => this.show());
  }

  /** @param {() => string} text */
  say(text) {
    this.text = text;
    this.region.textContent = ""; // emptied first, so the same message twice is read again
    queueMicrotask(() => this.show());
  }

  show() {
    this.region.textContent = this.text();
  }
}

/** The server's refusal in the reader's language; a wrong secret said as these forms mean it. */
function refusalText(error) {
  if (error instanceof ApiError && error.code === "bad_secret") return t("account.wrongSecret");
  return errorText(error);
}

/** A labelled field; `hint` (a key) is tied to the input by aria-describedby. */
function field(id, labelKey, attrs, hint = null) {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id, "data-i18n": labelKey }),
    h("input", { id, name: id, type: "password", required: true, minlength: "8", maxlength: "200", "aria-describedby": hint ? `${id}-hint` : null, ...attrs }),
    hint ? h("p", { id: `${id}-hint`, class: "field-hint", "data-i18n": hint }) : null,
  );
}

/** @param {HTMLElement} form */
function inputOf(form, id) {
  return /** @type {HTMLInputElement} */ (form.querySelector(`#${id}`));
}

/** @param {HTMLInputElement[]} inputs @param {HTMLInputElement | null} wrong */
function markInvalid(inputs, wrong) {
  for (const input of inputs) input.removeAttribute("aria-invalid");
  if (wrong) {
    wrong.setAttribute("aria-invalid", "true");
    wrong.focus();
  }
}

function secretForm() {
  const error = h("p", { id: "secret-error", class: "error-text", role: "alert" });
  const done = h("p", { id: "secret-done", class: "notice", role: "status" });
  const form = /** @type {HTMLFormElement} */ (
    h(
      "form",
      { id: "secret-form", "aria-labelledby": "secret-heading" },
      h("h3", { id: "secret-heading", "data-i18n": "account.changeSecret" }),
      field("secret-old", "account.currentSecret", { autocomplete: "current-password" }),
      field("secret-new", "account.newSecret", { autocomplete: "new-password" }, "account.newSecretHint"),
      field("secret-again", "account.newSecretAgain", { autocomplete: "new-password" }),
      h("button", { type: "submit", class: "btn", id: "secret-submit", "data-i18n": "account.changeSecretSubmit" }),
      error,
      done,
    )
  );
  const [old, fresh, again] = ["secret-old", "secret-new", "secret-again"].map((id) => inputOf(form, id));
  const errors = new FormMessage(error);
  const success = new FormMessage(done);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    success.say(() => "");
    if (fresh.value !== again.value) {
      markInvalid([old, fresh, again], again);
      errors.say(() => t("account.secretsDiffer"));
      return;
    }
    const button = /** @type {HTMLButtonElement} */ (form.querySelector("#secret-submit"));
    button.disabled = true;
    try {
      await api.changeSecret({ old: old.value, new: fresh.value });
    } catch (e) {
      const bad = e instanceof ApiError && e.code === "bad_secret";
      markInvalid([old, fresh, again], bad ? old : null);
      errors.say(() => refusalText(e));
      return;
    } finally {
      button.disabled = false;
    }
    markInvalid([old, fresh, again], null);
    form.reset();
    errors.say(() => "");
    success.say(() => t("account.secretChanged"));
  });
  return form;
}

function deleteForm() {
  const error = h("p", { id: "delete-error", class: "error-text", role: "alert" });
  const form = /** @type {HTMLFormElement} */ (
    h(
      "form",
      { id: "delete-form", "aria-labelledby": "delete-heading" },
      h("h3", { id: "delete-heading", "data-i18n": "account.delete" }),
      h("p", { id: "delete-about", "data-i18n": "account.deleteAbout" }),
      h("p", {}, h("a", { id: "privacy-link", href: "/privacy.md", "data-i18n": "account.privacyLink" })),
      field("delete-secret", "account.deleteSecret", { autocomplete: "current-password" }),
      h(
        "div",
        { class: "field-check" },
        h("input", { id: "delete-confirm", name: "delete-confirm", type: "checkbox", "aria-describedby": "delete-about" }),
        h("label", { for: "delete-confirm", "data-i18n": "account.deleteConfirm" }),
      ),
      h("button", { type: "submit", class: "btn btn-danger", id: "delete-submit", "data-i18n": "account.deleteSubmit" }),
      error,
    )
  );
  const secret = inputOf(form, "delete-secret");
  const confirmed = inputOf(form, "delete-confirm");
  const errors = new FormMessage(error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!confirmed.checked) {
      markInvalid([secret, confirmed], confirmed);
      errors.say(() => t("account.deleteNotConfirmed"));
      return;
    }
    const button = /** @type {HTMLButtonElement} */ (form.querySelector("#delete-submit"));
    button.disabled = true;
    try {
      await api.deleteAccount({ secret: secret.value });
    } catch (e) {
      button.disabled = false;
      const bad = e instanceof ApiError && e.code === "bad_secret";
      markInvalid([secret, confirmed], bad ? secret : null);
      errors.say(() => refusalText(e));
      return;
    }
    tellOtherPages(); // the server cleared the cookie: every open page is a guest's now
    location.assign("/");
  });
  return form;
}

/** Build the forms into `box` (hidden until `show(true)`: only the account's owner sees them).
 *  @param {HTMLElement} box */
export function mountAccountForms(box) {
  box.replaceChildren(
    h(
      "section",
      { class: "panel account-forms", "aria-labelledby": "account-forms-heading" },
      h("h2", { id: "account-forms-heading", "data-i18n": "account.settings" }),
      h("div", { class: "account-forms-grid" }, secretForm(), deleteForm()),
    ),
  );
  translatePage(box);
  box.hidden = true;
  return {
    /** @param {boolean} own */
    show(own) {
      box.hidden = !own;
    },
  };
}
