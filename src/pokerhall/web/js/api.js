// @ts-check
/* The HTTP lobby API (see src/pokerhall/server/lobby/routes.py). Every call returns the parsed JSON
   or throws an ApiError whose `detail` is the server's reason, written for people (in English),
   and whose `code` and `params` name the reason so the page can say it in the reader's
   language (`apiError.<code>` in the locales, filled with the params; docs/protocol.md). */

import { hasString, t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, detail, code = null, params = null) {
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.params = params;
  }
}

/** What to tell the reader about a failed call, in their language when the server named it. */
export function errorText(error) {
  if (error instanceof ApiError) {
    if (error.status === 0) return t("error.network");
    if (error.code && hasString(`apiError.${error.code}`)) return t(`apiError.${error.code}`, error.params || {});
    return error.detail || t("error.http", { status: error.status });
  }
  return String(error);
}

/** The server's {"detail": ...}: a string, or for validation errors a list of problems. */
function detailText(data) {
  const detail = data && data.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((item) => {
        const where = (item.loc || []).filter((p) => p !== "body").join(".");
        return where ? `${where}: ${item.msg}` : item.msg;
      })
      .join("; ");
  }
  return null;
}

/** @param {string} method @param {string} path @param {{body?: unknown, token?: string | null}} [options] */
export async function request(method, path, { body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null); // offline or the server is down
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const code = data && typeof data.code === "string" ? data.code : null;
    const params = data && data.params && typeof data.params === "object" ? data.params : null;
    throw new ApiError(response.status, detailText(data), code, params);
  }
  return data;
}

const table = (id) => `/api/tables/${encodeURIComponent(id)}`;
/** `path` with a private table's join code as `?code=` (nothing for null). */
export const withCode = (path, code) =>
  code ? `${path}${path.includes("?") ? "&" : "?"}code=${encodeURIComponent(code)}` : path;
const league = (id) => `/api/leagues/${encodeURIComponent(id)}`;

export const api = {
  games: () => request("GET", "/api/games"),
  reach: () => request("GET", "/api/reach"),
  tables: (statuses = ["open", "running"]) =>
    request("GET", `/api/tables?${statuses.map((s) => `status=${s}`).join("&")}`),
  table: (id, { token = null, code = null } = {}) => request("GET", withCode(table(id), code), { token }),
  createTable: (body) => request("POST", "/api/tables", { body }),
  join: (id, name, { code = null, creator = null } = {}) =>
    request("POST", `${table(id)}/seats`, {
      body: { name, ...(code ? { code } : {}), ...(creator ? { creator } : {}) },
    }),
  byCode: (code) => request("GET", `/api/codes/${encodeURIComponent(code)}`),
  history: (id, token = null, round = null, code = null) =>
    request("GET", withCode(`${table(id)}/history${round === null ? "" : `?round=${round}`}`, code), { token }),
  replay: (id, hand, token = null, seat = null, code = null) =>
    request("GET", withCode(`${table(id)}/hands/${hand}/replay${seat === null ? "" : `?seat=${seat}`}`, code), { token }),
  playAgain: (id, token) => request("POST", `${table(id)}/rematch`, { token }),
  addBot: (id, token, botKind = null) =>
    request("POST", `${table(id)}/bots`, { token, body: botKind ? { bot_kind: botKind } : {} }),
  inviteBot: (id, token, bot) => request("POST", `${table(id)}/invitations`, { token, body: { bot } }),
  removeSeat: (id, token, seat) => request("POST", `${table(id)}/seats/${seat}/remove`, { token }),
  excuseSeat: (id, token, seat, excused) =>
    request("POST", `${table(id)}/seats/${seat}/excuse`, { token, body: { excused } }),
  start: (id, token) => request("POST", `${table(id)}/start`, { token }),
  leave: (id, token) => request("POST", `${table(id)}/leave`, { token }),
  ratings: (game, ruleset = null) =>
    request("GET", `/api/ratings/${encodeURIComponent(game)}${ruleset ? `?ruleset=${encodeURIComponent(ruleset)}` : ""}`),
  leagues: () => request("GET", "/api/leagues"),
  league: (id) => request("GET", league(id)),
  register: (account) => request("POST", "/api/players", { body: account }),
  session: () => request("GET", "/api/session"),
  signIn: (account) => request("POST", "/api/session", { body: account }),
  signOut: () => request("DELETE", "/api/session"),
  changeSecret: (secrets) => request("POST", "/api/account/secret", { body: secrets }),
  deleteAccount: (proof) => request("POST", "/api/account/delete", { body: proof }),
  myTables: () => request("GET", "/api/my/tables"),
  notices: () => request("GET", "/api/account/notices"),
  setNotices: (settings) => request("PUT", "/api/account/notices", { body: settings }),
  profile: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  signUp: (id, number, account) =>
    request("POST", `${league(id)}/sessions/${number}/signups`, { body: account }),
  excuseLeagueSeat: (id, tableId, token, seat, excused) =>
    request("POST", `${league(id)}/tables/${encodeURIComponent(tableId)}/seats/${seat}/excuse`, { token, body: { excused } }),
  claimSeat: (id, tableId, account) =>
    request("POST", `${league(id)}/tables/${encodeURIComponent(tableId)}/seats`, { body: account }),
};
