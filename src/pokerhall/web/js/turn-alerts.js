// @ts-check
/* "Tell me when it is my turn": a short sound and a browser notification, but only while the
   table's tab is hidden (a player who looks at the page already has the title, the focus and
   the screen reader's alert). Off by default and remembered (`pokerhall.prefs.turnAlerts`).
   Any game: the shell calls `yourTurn(text)` when a new prompt arrives.

   The sound is made with the Web Audio API (two short sine tones), so there is no audio file.
   Browsers only let a page start audio after the person has interacted with it, so the audio
   context is created (or resumed) on the toggle's click and on the first key or pointer press
   after a reload. Notifications need the browser's permission, asked when the toggle is
   switched on; when it is refused the sound still plays and the page says why nothing pops up. */

import { t } from "./i18n.js";
import { preference, setPreference } from "./storage.js";

const PREF = "turnAlerts";
const TONES = [
  { hz: 660, at: 0, length: 0.12 },
  { hz: 880, at: 0.15, length: 0.18 },
];
const VOLUME = 0.2;

function notificationsSupported() {
  return typeof window.Notification === "function";
}

export class TurnAlerts {
  /** `toggle`: the checkbox; `status`: a role=status element for what the browser allowed. */
  constructor(toggle, status, { title }) {
    this.toggle = toggle;
    this.status = status;
    this.title = title;
    this.audio = null;
    this.shown = null;
    this.statusKey = null;
    this.enabled = preference(PREF, false) === true;
    toggle.checked = this.enabled;
    toggle.addEventListener("change", () => this.changed());
    const unlock = () => {
      if (this.enabled) this.wakeAudio();
    };
    document.addEventListener("pointerdown", unlock, { capture: true });
    document.addEventListener("keydown", unlock, { capture: true });
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.closeShown();
    });
    if (this.enabled) this.checkPermission();
    this.render();
  }

  async changed() {
    this.enabled = this.toggle.checked;
    setPreference(PREF, this.enabled);
    this.statusKey = null;
    if (this.enabled) {
      this.wakeAudio();
      this.beep();
      await this.askPermission();
    }
    this.render();
  }

  async askPermission() {
    if (!notificationsSupported()) {
      this.statusKey = "alerts.unsupported";
      return;
    }
    let answer = Notification.permission;
    if (answer === "default") {
      try {
        answer = await Notification.requestPermission();
      } catch {
        answer = Notification.permission;
      }
    }
    this.statusKey = answer === "granted" ? "alerts.on" : "alerts.denied";
  }

  /** After a reload with the toggle on: say so if the browser has since blocked notifications. */
  checkPermission() {
    if (!notificationsSupported()) this.statusKey = "alerts.unsupported";
    else if (Notification.permission === "denied") this.statusKey = "alerts.denied";
  }

  render() {
    this.status.textContent = this.statusKey ? t(this.statusKey) : "";
  }

  wakeAudio() {
    const Context = window.AudioContext || /** @type {{webkitAudioContext?: typeof AudioContext}} */ (/** @type {unknown} */ (window)).webkitAudioContext;
    if (!Context) return;
    try {
      this.audio ??= new Context();
      if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    } catch {
      this.audio = null; // no audio output: the notification still comes
    }
  }

  beep() {
    const audio = this.audio;
    if (!audio) return;
    const start = audio.currentTime + 0.01;
    for (const tone of TONES) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = tone.hz;
      const from = start + tone.at;
      const to = from + tone.length;
      // A quick fade in and out, so the tone does not click.
      gain.gain.setValueAtTime(0, from);
      gain.gain.linearRampToValueAtTime(VOLUME, from + 0.02);
      gain.gain.linearRampToValueAtTime(0, to);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(from);
      oscillator.stop(to + 0.02);
    }
  }

  /** A new prompt for this player: sound and notification when the tab is in the background. */
  yourTurn(text) {
    if (!this.enabled || !document.hidden) return;
    this.beep();
    if (!notificationsSupported() || Notification.permission !== "granted") return;
    this.closeShown();
    try {
      const note = new Notification(this.title(), { body: text, lang: document.documentElement.lang, tag: "pokerhall-turn" });
      note.onclick = () => {
        window.focus();
        note.close();
      };
      this.shown = note;
    } catch {
      /* some browsers only notify from a service worker; the sound has played */
    }
  }

  closeShown() {
    this.shown?.close?.();
    this.shown = null;
  }
}
