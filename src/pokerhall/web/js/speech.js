// @ts-check
/* Self-voicing: the browser speaks every announcement with its own voice (speechSynthesis), for
   players who have no screen reader. Off by default (a screen reader would hear everything
   twice); the choice is remembered (`pokerhall.prefs`, `selfVoicing`). The voice follows the
   interface language: a cs-CZ voice for Czech when the system has one, else any voice of the
   language, else the browser's default. Game-neutral: it speaks whatever the shell announces. */

import { currentLanguage } from "./i18n.js";
import { preference, setPreference } from "./storage.js";

const LOCALES = { cs: "cs-CZ", de: "de-DE", el: "el-GR", en: "en-GB" };

function synth() {
  return typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null;
}

/** The best voice for a language: the exact locale first, then any of the language. */
function voiceFor(code) {
  const voices = synth()?.getVoices() ?? [];
  const wanted = (LOCALES[code] ?? code).toLowerCase();
  const tag = (v) => String(v.lang).toLowerCase().replace("_", "-");
  return voices.find((v) => tag(v) === wanted) ?? voices.find((v) => tag(v).split("-")[0] === code) ?? null;
}

export class SelfVoice {
  constructor() {
    this.enabled = Boolean(preference("selfVoicing", false));
  }

  get available() {
    return synth() !== null;
  }

  setEnabled(on) {
    this.enabled = Boolean(on);
    setPreference("selfVoicing", this.enabled);
    if (!this.enabled) synth()?.cancel();
  }

  /** Speak `text` in the interface language; `urgent` drops what is still queued first. */
  speak(text, { urgent = false } = {}) {
    const speech = synth();
    if (!this.enabled || !speech || !text) return;
    if (urgent) speech.cancel();
    const code = currentLanguage();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = LOCALES[code] ?? code;
    const voice = voiceFor(code);
    if (voice) utterance.voice = voice;
    speech.speak(utterance);
  }
}
