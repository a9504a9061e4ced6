// @ts-check
/* What the browser remembers between visits: seat tokens per table (so a reload or a dropped
   connection resumes the seat), the player's name, the language and a few preferences.
   localStorage can be missing or full (private windows); then nothing is remembered. */

const SEATS = "pokerhall.seats";
const NAME = "pokerhall.name";
const LANGUAGE = "pokerhall.language";
const PREFS = "pokerhall.prefs";
const CREATED = "pokerhall.created";

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the seat only lasts as long as the page */
  }
}

/** {token, seat, name} for a table, or null when this browser holds no seat there. */
export function seatAt(tableId) {
  const seats = read(SEATS, {});
  const entry = seats && typeof seats === "object" ? seats[tableId] : null;
  return entry && typeof entry.token === "string" ? entry : null;
}

export function rememberSeat(tableId, entry) {
  const seats = read(SEATS, {}) || {};
  seats[tableId] = { ...entry, saved: Date.now() };
  write(SEATS, seats);
}

export function forgetSeat(tableId) {
  const seats = read(SEATS, {}) || {};
  delete seats[tableId];
  write(SEATS, seats);
}

/** The join code this browser knows for a private table: the page's address carries it (an invite
    link, or a link from the table's own pages), else the seat taken with it kept it. A private
    table's info, history and replays are shown only with it, a seat token of the table or the
    cookie of an account that sat there (server/tables/access.py). */
export function viewingCode(tableId) {
  const typed = new URLSearchParams(location.search).get("code");
  return typed || seatAt(tableId)?.code || null;
}

/** The creator token of a table this browser opened without sitting down (server/tables/creator.py);
    once the creator sits, the seat entry (with `creator: true`) holds the proof instead. */
export function rememberCreated(tableId, token) {
  const created = read(CREATED, {}) || {};
  created[tableId] = { token, saved: Date.now() };
  write(CREATED, created);
}

/** The token that proves this browser created the table, or null. */
export function creatorToken(tableId) {
  const seat = seatAt(tableId);
  if (seat?.creator) return seat.token;
  const created = read(CREATED, {});
  const entry = created && typeof created === "object" ? created[tableId] : null;
  return entry && typeof entry.token === "string" ? entry.token : null;
}

export function savedName() {
  const name = read(NAME, "");
  return typeof name === "string" ? name : "";
}

export function saveName(name) {
  write(NAME, name);
}

export function savedLanguage() {
  const code = read(LANGUAGE, null);
  return typeof code === "string" ? code : null;
}

export function saveLanguage(code) {
  write(LANGUAGE, code);
}

export function preference(name, fallback) {
  const prefs = read(PREFS, {}) || {};
  return name in prefs ? prefs[name] : fallback;
}

export function setPreference(name, value) {
  const prefs = read(PREFS, {}) || {};
  prefs[name] = value;
  write(PREFS, prefs);
}

const CHAT_MUTES = "pokerhall.chatMutes";

/** The seats whose chat this browser hides at a table (the player's own choice). */
export function chatMutes(tableId) {
  const all = read(CHAT_MUTES, {}) || {};
  const seats = all[tableId];
  return new Set(Array.isArray(seats) ? seats.filter((s) => Number.isInteger(s)) : []);
}

export function setChatMutes(tableId, seats) {
  const all = read(CHAT_MUTES, {}) || {};
  if (seats.size) all[tableId] = [...seats].sort((a, b) => a - b);
  else delete all[tableId];
  write(CHAT_MUTES, all);
}
