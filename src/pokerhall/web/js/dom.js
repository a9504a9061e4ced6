// @ts-check
/* Small DOM helpers, so the renderers read as a description of the page rather than as
   createElement calls. Text is always set as text (never parsed as HTML), so names and
   questions that contain "<" can never inject markup. */

const SVG_NS = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** An HTML element: h("button", {class: "btn", onclick: f}, "Fold"). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, for the stack chart. */
export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function byId(id) {
  return document.getElementById(id);
}

/** Text that only screen readers read (e.g. the word behind a visual "D" button). */
export function srOnly(text) {
  return h("span", { class: "sr-only" }, text);
}

/** Replace an element's children, keeping the element itself (and its id, focus ring, ...). */
export function fill(el, ...children) {
  el.replaceChildren();
  return build(el, {}, children);
}

export function show(el, visible) {
  el.hidden = !visible;
}

/* Typed look-ups for the form controls the pages declare (the markup says which kind each id
   is; these only tell the type checker, exactly as byId finds the element). */

/** @param {string} id @returns {HTMLInputElement} */
export const inputById = (id) => /** @type {HTMLInputElement} */ (byId(id));

/** @param {string} id @returns {HTMLSelectElement} */
export const selectById = (id) => /** @type {HTMLSelectElement} */ (byId(id));

/** @param {string} id @returns {HTMLButtonElement} */
export const buttonById = (id) => /** @type {HTMLButtonElement} */ (byId(id));

/** @param {string} id @returns {HTMLAnchorElement} */
export const linkById = (id) => /** @type {HTMLAnchorElement} */ (byId(id));

/** @param {string} id @returns {HTMLDetailsElement} */
export const detailsById = (id) => /** @type {HTMLDetailsElement} */ (byId(id));

/** @param {string} id @returns {HTMLDialogElement} */
export const dialogById = (id) => /** @type {HTMLDialogElement} */ (byId(id));
