/* Keyboard shortcuts for the table: Alt+Shift+letter. Screen readers use single letters
   (browse mode) and Insert/CapsLock combinations, and browsers use Ctrl/Cmd, so Alt+Shift
   stays clear of both. Keys are matched by physical position (event.code), so they work the
   same on every keyboard layout. The shell has M (go to your move), S (read out the
   situation) and E (write in the table chat; C is the games' check or call); a game module
   adds its own (`shortcuts`); the replay page has its own four. The table page, the replay
   page and the help page list the same data, so a shortcut is written down once. */

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The shell's own shortcuts, without their actions (the table page adds `run`). */
export const SHELL_SHORTCUTS = [
  { code: "KeyM", keys: "M", label: "keys.move" },
  { code: "KeyS", keys: "S", label: "keys.status" },
  { code: "KeyE", keys: "E", label: "keys.chat" },
];

/** The replay page's shortcuts (replay.html): play or pause, one move back or on, the speed. */
export const REPLAY_SHORTCUTS = [
  { code: "KeyP", keys: "P", label: "keys.replayPlay" },
  { code: "KeyB", keys: "B", label: "keys.replayBack" },
  { code: "KeyN", keys: "N", label: "keys.replayForward" },
  { code: "KeyV", keys: "V", label: "keys.replaySpeed" },
];

/** shortcuts: [{code: "KeyF", run()}] */
export function installShortcuts(shortcuts) {
  const byCode = new Map(shortcuts.map((s) => [s.code, s]));
  document.addEventListener("keydown", (event) => {
    if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
    const shortcut = byCode.get(event.code);
    if (!shortcut) return;
    event.preventDefault();
    shortcut.run();
  });
}

/** The entries of a <dl> of shortcuts: "Alt + Shift + F — Fold", in the current language. */
export function shortcutItems(shortcuts) {
  return shortcuts.map((s) =>
    h("div", {}, h("dt", {}, h("kbd", {}, "Alt"), "+", h("kbd", {}, "Shift"), "+", h("kbd", {}, s.keys)), h("dd", {}, t(s.label))),
  );
}
