// @ts-check
/* The ARIA live regions: #live-region (polite) reads each event in words as it happens;
   #live-alert (assertive) interrupts for what needs the player now (your turn, time running
   out). Polite messages are appended as separate paragraphs so a burst of events is read in
   full and in order; old paragraphs are removed once they have surely been read. With
   self-voicing on (speech.js), the browser also speaks each of them. */

const KEEP = 12;

export class Announcer {
  constructor(polite, assertive, voice = null) {
    this.polite = polite;
    this.assertive = assertive;
    this.voice = voice;
  }

  say(text) {
    if (!text) return;
    const p = document.createElement("p");
    p.textContent = text;
    this.polite.append(p);
    while (this.polite.childElementCount > KEEP) this.polite.firstElementChild.remove();
    this.voice?.speak(text);
  }

  alert(text) {
    if (!text) return;
    // Clear first, then set in the next frame, so the same words twice are read twice.
    this.assertive.textContent = "";
    requestAnimationFrame(() => {
      this.assertive.textContent = text;
    });
    this.voice?.speak(text, { urgent: true });
  }
}
