"""js/socket.js gives up a connection whose server has gone silent (a stalled server process
keeps the socket open, docs/deploy.md): after PING_WHEN_IDLE with nothing heard it pings, and
when nothing answers within PONG_TIMEOUT it reconnects at once; a connection that keeps
hearing from its server is never pinged. A stand-in WebSocket plays the server, so the test
runs in the page alone, in real time (a few seconds)."""

from __future__ import annotations

from .conftest import VisitorFactory

WATCH = """async () => {
  const { TableSocket, PING_WHEN_IDLE, PONG_TIMEOUT } = await import("/js/socket.js");
  const sockets = [];
  class StandIn extends EventTarget {
    static OPEN = 1;
    constructor(url) {
      super();
      this.readyState = 0;
      this.sent = [];
      this.closed = false;
      this.chatty = sockets.length > 0;  // the first server is silent, the next one talks
      if (url.includes("/ws/tables/")) sockets.push(this);  // not the lobby page's feed
      setTimeout(() => {
        this.readyState = 1;
        this.dispatchEvent(new Event("open"));
        if (this.chatty) this.talk = setInterval(() => this.say({ type: "pong" }), 300);
      }, 0);
    }
    say(message) {
      this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
    }
    send(text) { this.sent.push(JSON.parse(text).type); }
    close() { this.closed = true; this.readyState = 3; clearInterval(this.talk); }
  }
  window.WebSocket = StandIn;
  const socket = new TableSocket("t", {
    token: () => null, onMessage: () => {}, onStatus: () => {},
  });
  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
  socket.connect();
  await sleep(PING_WHEN_IDLE + PONG_TIMEOUT + 1500);  // room for a busy machine's timers
  const silent = { sent: [...sockets[0].sent], closed: sockets[0].closed, after: sockets.length };
  await sleep(PING_WHEN_IDLE + 1000);
  socket.stop();
  return { silent, chatty: sockets[1].sent, total: sockets.length };
}"""


def test_a_silent_server_is_given_up_and_a_talking_one_is_not_pinged(
    visitor: VisitorFactory,
) -> None:
    page = visitor("Tim").page
    page.goto("/")
    seen = page.evaluate(WATCH)
    assert seen["silent"] == {"sent": ["hello", "ping"], "closed": True, "after": 2}
    assert seen["chatty"] == ["hello"]
    assert seen["total"] == 2
