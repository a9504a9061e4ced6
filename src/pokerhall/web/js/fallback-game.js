// @ts-check
/* The panel for a game without a web module of its own: built from the one prompt shape
   (engine/prompts.py): `moves` [{type, params: {name: {kind: int|decimal|text|choice|subset,
   ...}}, ...display}] and `default`. One form per move: a labelled control per parameter and a
   button; values are checked against the spec before anything is sent. Seats show the view's
   plain fields as words. It implements the same interface as web/js/games/<name>/index.js. */

import { byId, fill, h } from "./dom.js";
import { currentLanguage, hasString, t } from "./i18n.js";
import { normalizeGuess } from "./numbers.js";

function label(kind, name, fallback) {
  const key = `${kind}.${name}`;
  return hasString(key) ? t(key) : fallback ?? String(name).replaceAll("_", " ");
}

function defaultValue(prompt, move, name, spec) {
  if (spec.default !== undefined) return spec.default;
  const chosen = prompt.default;
  if (chosen && chosen.type === move.type && chosen[name] !== undefined) return chosen[name];
  if (spec.kind === "int" || spec.kind === "decimal") return spec.min ?? "";
  return spec.kind === "subset" ? [] : spec.kind === "choice" ? spec.choices?.[0] : "";
}

function control(id, name, spec, value) {
  const text = label("param", name);
  if (spec.kind === "choice") {
    return h(
      "div",
      { class: "field" },
      h("label", { for: id }, text),
      h("select", { id, name }, (spec.choices || []).map((c) => h("option", { value: c, selected: c === value }, label("choice", c, String(c))))),
    );
  }
  if (spec.kind === "subset") {
    const chosen = new Set(value || []);
    return h(
      "fieldset",
      { class: "field", id },
      h("legend", {}, text),
      (spec.choices || []).map((c, i) =>
        h(
          "div",
          { class: "field-check" },
          h("input", { type: "checkbox", id: `${id}-${i}`, name, value: String(c), checked: chosen.has(c) }),
          h("label", { for: `${id}-${i}` }, label("choice", c, String(c))),
        ),
      ),
    );
  }
  const numeric = spec.kind === "int" || spec.kind === "decimal";
  const hint = numeric && (spec.min !== undefined || spec.max !== undefined)
    ? h("p", { class: "field-hint", id: `${id}-hint` }, t("fallback.errRange", { label: text, min: spec.min ?? "…", max: spec.max ?? "…" }))
    : null;
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, text),
    h("input", {
      id,
      name,
      type: "text",
      inputmode: spec.kind === "int" ? "numeric" : spec.kind === "decimal" ? "decimal" : null,
      maxlength: spec.kind === "text" ? spec.max_length ?? null : 40,
      value: value ?? "",
      autocomplete: "off",
      "aria-describedby": hint ? `${id}-hint` : null,
    }),
    hint,
  );
}

/** [value, problem] for one parameter read from its form. */
function readParam(form, name, spec) {
  const text = label("param", name);
  if (spec.kind === "subset") {
    const values = [...form.querySelectorAll(`input[name="${CSS.escape(name)}"]:checked`)].map((el) =>
      (spec.choices || []).find((c) => String(c) === el.value),
    );
    const min = spec.min ?? 0;
    const max = spec.max ?? (spec.choices || []).length;
    return values.length < min || values.length > max ? [null, t("fallback.errChoose", { label: text, min, max })] : [values, null];
  }
  const raw = form.elements[name].value;
  if (spec.kind === "choice") return [raw, null];
  if (spec.kind === "text") {
    const max = spec.max_length ?? 200;
    return raw.length > max ? [null, t("fallback.errText", { label: text, max })] : [raw, null];
  }
  const parsed = normalizeGuess(raw, currentLanguage());
  if (parsed.error) return [null, t(spec.kind === "int" ? "fallback.errWhole" : "fallback.errNumber", { label: text })];
  const number = Number(parsed.value);
  if (spec.kind === "int" && !/^-?\d+$/.test(parsed.value)) return [null, t("fallback.errWhole", { label: text })];
  if ((spec.min !== undefined && number < spec.min) || (spec.max !== undefined && number > spec.max)) {
    return [null, t("fallback.errRange", { label: text, min: spec.min ?? "…", max: spec.max ?? "…" })];
  }
  return [spec.kind === "int" ? number : parsed.value, null];
}

export class FallbackPanel {
  constructor(container, send) {
    this.container = container;
    this.sendMove = send;
    this.key = null;
    this.busy = false;
  }

  /** Draw the prompt's moves; true when a new prompt has just arrived. */
  render(prompt) {
    const key = prompt ? JSON.stringify([prompt.prompt_id, prompt.type]) : null;
    const fresh = key !== this.key;
    this.key = key;
    if (fresh) this.busy = false;
    if (!fresh && prompt) {
      for (const el of this.container.querySelectorAll("button, input, select")) el.disabled = this.busy;
      return false;
    }
    const moves = prompt?.moves || [];
    fill(
      this.container,
      moves.map((move, i) => {
        const params = Object.entries(move.params || {});
        const form = h(
          "form",
          { class: "fallback-move", "data-move": move.type, novalidate: true, "aria-label": move.label ?? label("move", move.type) },
          params.map(([name, spec]) => control(`move-${i}-${name}`, name, spec, defaultValue(prompt, move, name, spec))),
          h("p", { class: "error-text", id: `move-${i}-error` }),
          h("button", { class: "btn", type: "submit", id: `move-${move.type}` }, move.label ?? label("move", move.type)),
        );
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          this.submit(form, move, params, i);
        });
        return form;
      }),
    );
    return fresh && prompt !== null;
  }

  submit(form, move, params, index) {
    if (this.busy) return;
    const out = { type: move.type };
    const problems = [];
    for (const [name, spec] of params) {
      const [value, problem] = readParam(form, name, spec);
      if (problem) problems.push(problem);
      else out[name] = value;
    }
    byId(`move-${index}-error`).textContent = problems.join(" ");
    if (problems.length) return;
    if (this.sendMove(out)) {
      this.busy = true;
      for (const el of this.container.querySelectorAll("button, input, select")) el.disabled = true;
    }
  }

  focus() {
    const first = this.container.querySelector("input, select, button");
    if (first) first.focus();
    else byId("actions").focus();
  }
}

function plain(value) {
  if (typeof value === "boolean") return t(value ? "fallback.yes" : "fallback.no");
  return typeof value === "number" || typeof value === "string" ? String(value) : null;
}

/** The generic game module. */
export default {
  mount(slots, ctx) {
    this.panel = new FallbackPanel(slots.move, ctx.send);
  },
  render(model) {
    return this.panel.render(model.prompt);
  },
  get busy() {
    return this.panel?.busy ?? false;
  },
  refused() {
    this.panel.busy = false;
    for (const el of this.panel.container.querySelectorAll("button, input, select")) el.disabled = false;
  },
  focusForTurn() {
    this.panel.focus();
  },
  statusText(model) {
    if (model.prompt) return t("fallback.yourTurn");
    return model.seat === null ? t("fallback.none") : t("fallback.waiting");
  },
  youText(model) {
    const me = model.seat === null ? null : model.names[model.seat];
    return me === null || me === undefined ? t("status.watching") : t("status.youAre", { name: me, seat: model.seat + 1 });
  },
  turnAnnouncement(model) {
    return model.prompt ? t("fallback.yourTurn") : "";
  },
  /** A game without a module may still say its round in its view. */
  roundOf: (view) => view.round ?? null,
  seat(model, player, seat) {
    const lines = Object.entries(player)
      .filter(([name, value]) => name !== "name" && name !== "seat" && plain(value) !== null)
      .map(([name, value]) => h("p", {}, t("fallback.stateOf", { name: label("field", name), value: plain(value) })));
    return { turn: Boolean(model.view.pending?.includes?.(seat) ?? model.view.to_act === seat), lines };
  },
};
