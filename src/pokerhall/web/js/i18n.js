// @ts-check
/* Translations of every UI string: one module per language in ./locales (en, de, cs, el).
   t("key", {params}) fills {placeholders}; a message may be an object of plural forms
   ({one, few, many, other}) picked by Intl.PluralRules from params.count. Static text in the
   HTML is marked with data-i18n="key" (text) or data-i18n-attr="attr:key;attr:key". */

import { savedLanguage, saveLanguage } from "./storage.js";

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "cs", name: "Čeština" },
  { code: "el", name: "Ελληνικά" },
];

let language = "en";
let messages = {};
let fallback = {};
const listeners = new Set();
/** Strings of game modules, looked up before the shell's: [{load(code), messages, fallback}]. */
const layers = [];

async function load(code) {
  const module = await import(`./locales/${code}.js`);
  return module.default;
}

function preferred() {
  const codes = LANGUAGES.map((l) => l.code);
  const saved = savedLanguage();
  if (saved && codes.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (codes.includes(base)) return base;
  }
  return "en";
}

/** Load the saved (or the browser's) language and translate the static page. */
export async function initI18n() {
  fallback = await load("en");
  await setLanguage(preferred(), { remember: false });
}

/** Add a game module's strings: `loadStrings(code)` resolves to {key: message}. Its keys are
 *  looked up before the shell's, so a game may also rename a shell word (e.g. a round).
 *  `scope` (the game's name) lets a caller ask this game's strings only (`t(key, params,
 *  scope)`): the lobby holds every game's strings, and two games may word one option apart. */
export async function addStrings(loadStrings, scope = null) {
  const layer = { load: loadStrings, scope, fallback: await loadStrings("en"), messages: {} };
  layer.messages = language === "en" ? layer.fallback : await loadStrings(language);
  layers.push(layer);
  translatePage();
}

export async function setLanguage(code, { remember = true } = {}) {
  if (!LANGUAGES.some((l) => l.code === code)) code = "en";
  messages = code === "en" ? fallback : await load(code);
  for (const layer of layers) layer.messages = code === "en" ? layer.fallback : await layer.load(code);
  language = code;
  document.documentElement.lang = code;
  if (remember) saveLanguage(code);
  translatePage();
  for (const listener of listeners) listener(code);
}

export function currentLanguage() {
  return language;
}

/** Call `listener(code)` after every language change (to re-render dynamic parts). */
export function onLanguageChange(listener) {
  listeners.add(listener);
}

/** With a scope (a game's name), only that game's strings and the shell's: in the lobby every
    game's strings are loaded, and one game's words must never stand in for another's. */
function lookup(key, scope = null) {
  const searched = scope === null ? layers : layers.filter((layer) => layer.scope === scope || layer.scope === null);
  for (const layer of searched) {
    const message = layer.messages[key] ?? layer.fallback[key];
    if (message !== undefined) return message;
  }
  return messages[key] ?? fallback[key];
}

/** Whether a string exists (game modules' strings are optional; callers then use a default). */
export function hasString(key, scope = null) {
  return lookup(key, scope) !== undefined;
}

export function t(key, params = {}, scope = null) {
  let message = lookup(key, scope);
  if (message === undefined) {
    console.warn(`missing translation: ${key}`);
    return key;
  }
  if (typeof message === "object") {
    const form = new Intl.PluralRules(language).select(Number(params.count ?? 0));
    message = message[form] ?? message.other;
  }
  return message.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}

export function formatNumber(value) {
  return new Intl.NumberFormat(language).format(value);
}

/**
 * A guess or answer ("-273", "3.14", "3821000") in the language's way of writing numbers.
 * Exact: the digits are kept as they are (no float, no rounding). Only numbers of five or more
 * digits are grouped, so years still read "1903".
 */
export function formatDecimal(text) {
  const value = String(text ?? "");
  const match = /^(-?)(\d*)(?:\.(\d+))?$/.exec(value);
  if (!match || (!match[2] && !match[3])) return value;
  const parts = new Intl.NumberFormat(language).formatToParts(12345.5);
  const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  const group = parts.find((p) => p.type === "group")?.value ?? ",";
  let whole = match[2] || "0";
  if (whole.length >= 5) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${match[1]}${whole}${match[3] ? decimal + match[3] : ""}`;
}

/** "Ann, Bob and Cy" in the current language. */
export function formatList(items) {
  return new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(items);
}

/** A language's name in the current language ("German", "Deutsch", "Němčina"...). */
export function languageName(code) {
  try {
    const name = new Intl.DisplayNames([language], { type: "language" }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** @param {ParentNode} [root] */
export function translatePage(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-attr]"))) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}

/** Fill the language <select> and switch languages when it changes. */
export function bindLanguageSelect(select) {
  select.replaceChildren(
    ...LANGUAGES.map((l) => {
      const option = document.createElement("option");
      option.value = l.code;
      option.textContent = l.name;
      option.lang = l.code;
      return option;
    }),
  );
  select.value = language;
  select.addEventListener("change", () => setLanguage(select.value));
  onLanguageChange((code) => {
    select.value = code;
  });
}
