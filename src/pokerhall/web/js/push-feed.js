// @ts-check
/* A list the server pushes over a WebSocket (`/ws/lobby`, `/ws/leagues/<id>`): every message of
   the type (or types) asked for goes to `onMessage`; a lost socket reconnects after a growing
   wait (the table's own socket, socket.js, reconnects faster: a seat is waiting there).
   `reconnect()` connects again at once: the lobby's socket is told who is signed in when it
   connects, so signing in or out connects again. */

import { PROTOCOL } from "./socket.js";

const BACKOFF = [1000, 2000, 4000, 8000, 15000];

/** @param {string} path @param {string | string[]} type
 *  @param {{ onMessage: (message: any) => void, onLost?: () => void }} handlers */
export function watchFeed(path, type, { onMessage, onLost = () => {} }) {
  const types = Array.isArray(type) ? type : [type];
  let attempt = 0;
  let now = false;
  /** @type {WebSocket} */
  let ws;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${location.host}${path}`);
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.v !== PROTOCOL || !types.includes(message.type)) return;
      attempt = 0;
      onMessage(message);
    });
    ws.addEventListener("close", () => {
      onLost();
      const wait = now ? 0 : BACKOFF[Math.min(attempt++, BACKOFF.length - 1)];
      now = false;
      setTimeout(connect, wait);
    });
  };
  connect();
  return {
    reconnect() {
      now = true;
      ws.close();
    },
  };
}
