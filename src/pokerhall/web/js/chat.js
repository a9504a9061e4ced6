// @ts-check
/* The table chat, game-neutral: the log of short messages and quick reactions, the form
   that writes one, the player's mutes, "read chat aloud", and for the table's host the switch
   that shows the spectators' chat to the players (the model is the server's: players write to
   the players' channel, which everyone reads; spectators write to the spectators' channel,
   which the players read only when the host switches it on; see server/tables/chat.py).

   Messages are always put in the page as text (dom.js never parses HTML). The log is a
   role=log that does not speak by itself (aria-live=off): new messages are read out through
   their own polite live region, #chat-live, only while "read chat aloud" is on, so the
   player decides. Mutes are per seat and remembered per table (storage.js). */

import { Announcer } from "./announcer.js";
import { byId, fill, h, show, srOnly, detailsById, inputById } from "./dom.js";
import { t } from "./i18n.js";
import { chatMutes, preference, savedName, setChatMutes, setPreference } from "./storage.js";

/** Quick reactions, by the ids the server takes; the words are the shell's `chat.reaction.*`. */
export const REACTIONS = [
  { id: "thumbs_up", symbol: "👍" },
  { id: "laugh", symbol: "😂" },
  { id: "wow", symbol: "😮" },
  { id: "gg", symbol: null },
  { id: "nice_hand", symbol: null },
];
/** As the server counts them (code points, after trimming); a longer text is refused, not cut. */
export const MAX_CHARS = 200;
const KEEP = 100;

export class TableChat {
  /** send(message) returns false when the connection is down; voice: the page's SelfVoice. */
  constructor({ tableId, model, send, voice }) {
    this.tableId = tableId;
    this.model = model;
    this.send = send;
    this.messages = [];
    this.spectatorsShown = false;
    this.host = null;
    this.mutes = chatMutes(tableId);
    this.pending = "";
    this.announcer = new Announcer(byId("chat-live"), byId("live-alert"), voice);
    this.bind();
  }

  bind() {
    const aloud = inputById("chat-aloud");
    aloud.checked = preference("chatAloud", true);
    aloud.addEventListener("change", () => setPreference("chatAloud", aloud.checked));
    const details = detailsById("chat-details");
    details.open = preference("chatOpen", true);
    details.addEventListener("toggle", () => setPreference("chatOpen", details.open));
    byId("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.sendText();
    });
    const spectatorsShown = inputById("chat-spectators-shown");
    spectatorsShown.addEventListener("change", () => {
      if (!this.send({ type: "chat_settings", spectators_shown: spectatorsShown.checked })) {
        spectatorsShown.checked = this.spectatorsShown;
        this.error(t("chat.offline"));
      }
    });
  }

  // --- from the server ---

  /** A snapshot's or the host switch's `{messages, spectators_shown, host}`. */
  setHistory(chat) {
    if (!chat) return;
    this.messages = [...chat.messages].slice(-KEEP);
    this.spectatorsShown = Boolean(chat.spectators_shown);
    this.host = chat.host ?? null;
    this.render();
  }

  add(message) {
    this.messages.push(message);
    if (this.messages.length > KEEP) this.messages.shift();
    if (this.isMine(message)) {
      this.pending = "";
    } else if (!this.isMuted(message) && inputById("chat-aloud").checked) {
      this.announcer.say(t("chat.said", { author: this.author(message), text: this.words(message) }));
    }
    this.renderLog();
  }

  /** The server refused what we sent: say why, and give back the text that was not taken. */
  refused(code, params = {}) {
    const input = inputById("chat-input");
    if (this.pending && !input.value) input.value = this.pending;
    this.pending = "";
    const key = `wsError.${code}`;
    this.error(t(key, params));
  }

  // --- the form ---

  sendText() {
    const input = inputById("chat-input");
    const text = input.value.trim();
    if (!text) {
      this.error(t("wsError.chat_empty"));
      return;
    }
    if ([...text].length > MAX_CHARS) {
      this.error(t("wsError.chat_too_long", { max: MAX_CHARS }));
      return;
    }
    if (!this.send(this.withName({ type: "chat", text }))) {
      this.error(t("chat.offline"));
      return;
    }
    this.pending = text;
    input.value = "";
    this.error("");
  }

  react(id) {
    if (this.send(this.withName({ type: "chat", reaction: id }))) this.error("");
    else this.error(t("chat.offline"));
  }

  /** A spectator signs with the name this browser last used, when it has one. */
  withName(message) {
    const name = savedName().trim();
    return this.model.seat === null && name ? { ...message, name } : message;
  }

  error(text) {
    byId("chat-error").textContent = text;
  }

  /** Alt+Shift+E: open the chat and go to its input. */
  focus() {
    detailsById("chat-details").open = true;
    inputById("chat-input").focus();
  }

  // --- words ---

  isMine(message) {
    return this.model.seat !== null && message.seat === this.model.seat;
  }

  isMuted(message) {
    return message.seat !== null && this.mutes.has(message.seat);
  }

  author(message) {
    if (message.seat !== null) {
      const name = this.model.names[message.seat] || t("common.seatNumber", { seat: message.seat + 1 });
      return this.isMine(message) ? t("chat.you", { name }) : name;
    }
    return message.name ? t("chat.spectatorNamed", { name: message.name }) : t("chat.spectator");
  }

  words(message) {
    return message.reaction ? t(`chat.reaction.${message.reaction}`) : message.text;
  }

  // --- drawing ---

  /** Everything again (a snapshot, a language switch); `renderMutes` alone after an update. */
  render() {
    this.renderLog();
    this.renderReactions();
    this.renderMutes(true);
    const hostHere = this.model.seat !== null && this.model.seat === this.host;
    show(byId("chat-host"), hostHere);
    inputById("chat-spectators-shown").checked = this.spectatorsShown;
    const watching = this.model.seat === null;
    const note = watching
      ? this.spectatorsShown
        ? "chat.noteSpectatorShown"
        : "chat.noteSpectator"
      : this.spectatorsShown
        ? "chat.notePlayerShown"
        : "chat.notePlayer";
    byId("chat-channel-note").textContent = t(note);
  }

  renderLog() {
    const shown = this.messages.filter((m) => !this.isMuted(m));
    fill(
      byId("chat-log"),
      shown.length ? shown.map((m) => this.line(m)) : h("p", { class: "muted", id: "chat-empty" }, t("chat.empty")),
    );
    const log = byId("chat-log");
    log.scrollTop = log.scrollHeight;
  }

  line(message) {
    const reaction = REACTIONS.find((r) => r.id === message.reaction);
    const body = reaction?.symbol
      ? [h("span", { "aria-hidden": "true" }, reaction.symbol), srOnly(this.words(message))]
      : this.words(message);
    return h(
      "p",
      {
        class: `chat-line chat-${message.channel}${message.reaction ? " chat-reaction" : ""}`,
        "data-seq": message.seq,
        "data-seat": message.seat ?? "",
        "data-testid": `chat-${message.seq}`,
      },
      h("span", { class: "chat-author" }, `${this.author(message)}: `),
      h("span", { class: "chat-text" }, body),
    );
  }

  renderReactions() {
    fill(
      byId("chat-reactions"),
      REACTIONS.map((r) =>
        h(
          "button",
          {
            type: "button",
            class: "btn btn-secondary btn-small chat-react",
            id: `chat-react-${r.id}`,
            onclick: () => this.react(r.id),
          },
          r.symbol ? [h("span", { "aria-hidden": "true" }, r.symbol), srOnly(t(`chat.reaction.${r.id}`))] : t(`chat.reaction.${r.id}`),
        ),
      ),
    );
  }

  /** Drawn again only when the players or our seat change, so a focused checkbox stays. */
  renderMutes(force = false) {
    const names = this.model.names;
    const bots = this.model.presence?.seats?.map((status) => status === "bot") ?? [];
    const key = JSON.stringify([names, this.model.seat, bots]);
    if (!force && key === this.mutesDrawn) return;
    this.mutesDrawn = key;
    // Not our own seat, nor a bot's from the start: bots never chat.
    const seats = names.map((_name, seat) => seat).filter((seat) => seat !== this.model.seat && !bots[seat]);
    fill(
      byId("chat-mute-list"),
      seats.map((seat) =>
        h(
          "li",
          { class: "field-check compact" },
          h("input", {
            type: "checkbox",
            id: `chat-mute-${seat}`,
            checked: this.mutes.has(seat),
            onchange: (event) => this.mute(seat, event.target.checked),
          }),
          h("label", { for: `chat-mute-${seat}` }, names[seat] || t("common.seatNumber", { seat: seat + 1 })),
        ),
      ),
    );
  }

  mute(seat, muted) {
    if (muted) this.mutes.add(seat);
    else this.mutes.delete(seat);
    setChatMutes(this.tableId, this.mutes);
    this.renderLog();
  }
}
