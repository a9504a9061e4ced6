// @ts-check
/* A list the server pushes over a WebSocket (`/ws/lobby`, `/ws/leagues/<id>`): every message of
   one type goes to `onMessage`; a lost socket reconnects after a growing wait (the table's own
   socket, socket.js, reconnects faster: a seat is waiting there). */

import { PROTOCOL } from "./socket.js";

const BACKOFF = [1000, 2000, 4000, 8000, 15000];

export function watchFeed(path, type, { onMessage, onLost = () => {} }) {
  let attempt = 0;
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}${path}`);
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.v !== PROTOCOL || message.type !== type) return;
      attempt = 0;
      onMessage(message);
    });
    ws.addEventListener("close", () => {
      onLost();
      setTimeout(connect, BACKOFF[Math.min(attempt++, BACKOFF.length - 1)]);
    });
  };
  connect();
}
