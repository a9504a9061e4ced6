// @ts-check
/* Game messages (docs/protocol.md, "Event descriptions"): a game describes each event once, as {key, params}; this
   renders it from the game's catalog (GET /api/games/{game}/messages/{lang}) in the reader's
   language. The same rules as the server's renderer, src/pokerhall/engine/messages.py:
   plain strings as they are, plain numbers locale-formatted; {seat: n} a player's name;
   {seats: [...]} names joined with the catalog's "_and"; {amount: n} locale-formatted;
   {number: "3.14"} an exact decimal, grouped from five digits; {list: [...]} values joined with
   ", "; {msg, params} a nested message. An entry may be plural forms chosen by params.count.
   Rendering never throws: a missing key shows as key(name=value, ...). */

const MAX_DEPTH = 8;
const PLACEHOLDER = /\{(\w+)\}/g;
const catalogs = new Map(); // "game/lang" → Promise of the catalog

/** The catalog of `game` in `lang` (fetched once); an empty one if it cannot be loaded. */
export function loadCatalog(game, lang) {
  const key = `${game}/${lang}`;
  if (!catalogs.has(key)) {
    const url = `/api/games/${encodeURIComponent(game)}/messages/${encodeURIComponent(lang)}`;
    const loading = fetch(url, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}));
    catalogs.set(key, loading);
  }
  return catalogs.get(key);
}

/** The text of `message` in `lang`, player names from `names` (by seat). */
export function renderMessage(message, catalog, names, lang) {
  return new Renderer(catalog || {}, names || [], lang).message(message, 0);
}

function separators(lang) {
  let parts;
  try {
    parts = new Intl.NumberFormat(lang).formatToParts(12345.5);
  } catch {
    parts = new Intl.NumberFormat("en").formatToParts(12345.5);
  }
  return {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
}

/** [sign, whole, fraction] of a number or decimal text, else null. */
function digits(value) {
  let text;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === "string") {
    text = value;
  } else {
    return null;
  }
  const match = /^(-?)(\d*)(?:\.(\d+))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  return [match[1], match[2] || "0", match[3] || ""];
}

/** A number (or decimal text) written the language's way; groups from `minGrouping` digits. */
export function formatNumber(value, lang, minGrouping = 4) {
  const parts = digits(value);
  if (!parts) return typeof value === "string" ? value : toJson(value);
  const [sign, whole, fraction] = parts;
  const { group, decimal } = separators(lang);
  const grouped = whole.length >= minGrouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole;
  return `${sign}${grouped}${fraction ? decimal + fraction : ""}`;
}

/** JSON as Python's json.dumps writes it (sorted keys, ", " and ": "), for raw fallbacks. */
function toJson(value) {
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(toJson).join(", ")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${toJson(value[k])}`).join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

class Renderer {
  constructor(catalog, names, lang) {
    this.catalog = catalog;
    this.names = names;
    this.lang = lang;
  }

  message(msg, depth) {
    if (!isObject(msg) || typeof msg.key !== "string") return typeof msg === "string" ? msg : toJson(msg);
    const params = isObject(msg.params) ? msg.params : {};
    let entry = Object.hasOwn(this.catalog, msg.key) ? this.catalog[msg.key] : undefined;
    if (isObject(entry)) entry = entry[this.plural(params.count)] ?? entry.other;
    if (typeof entry !== "string") return this.missing(msg.key, params, depth);
    return entry.replace(PLACEHOLDER, (whole, name) =>
      Object.hasOwn(params, name) ? this.param(params[name], depth) : whole,
    );
  }

  missing(key, params, depth) {
    const shown = Object.entries(params).map(([name, value]) => `${name}=${this.param(value, depth)}`);
    return `${key}(${shown.join(", ")})`;
  }

  plural(count) {
    let value = count;
    if (isObject(value) && Object.keys(value).length === 1) value = Object.values(value)[0];
    const parts = digits(value);
    if (!parts) return "other";
    try {
      return new Intl.PluralRules(this.lang).select(Number(`${parts[0]}${parts[1]}.${parts[2] || "0"}`));
    } catch {
      return "other";
    }
  }

  param(value, depth) {
    if (depth > MAX_DEPTH) return toJson(value);
    if (typeof value === "string") return value;
    if (typeof value === "number") return formatNumber(value, this.lang);
    if (isObject(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1) {
        if ("seat" in value) return this.name(value.seat);
        if ("seats" in value && Array.isArray(value.seats)) return this.join(value.seats.map((s) => this.name(s)));
        if ("amount" in value) return formatNumber(value.amount, this.lang);
        if ("list" in value && Array.isArray(value.list)) {
          return value.list.map((item) => this.param(item, depth + 1)).join(", ");
        }
        if ("number" in value) return formatNumber(value.number, this.lang, 5);
      }
      if ((keys.length === 1 || keys.length === 2) && "msg" in value && depth < MAX_DEPTH) {
        return this.message({ key: value.msg, params: value.params }, depth + 1);
      }
    }
    return toJson(value);
  }

  name(seat) {
    if (Number.isInteger(seat) && seat >= 0 && seat < this.names.length) return String(this.names[seat]);
    const template = typeof this.catalog._seat === "string" ? this.catalog._seat : "seat {seat}";
    return template.replace("{seat}", typeof seat === "string" ? seat : toJson(seat));
  }

  join(names) {
    if (names.length <= 1) return names.join("");
    const and = typeof this.catalog._and === "string" ? this.catalog._and : "and";
    return `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;
  }
}
