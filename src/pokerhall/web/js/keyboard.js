/* Keyboard shortcuts for the table: Alt+Shift+letter. Screen readers use single letters
   (browse mode) and Insert/CapsLock combinations, and browsers use Ctrl/Cmd, so Alt+Shift
   stays clear of both. Keys are matched by physical position (event.code), so they work the
   same on every keyboard layout. */

const KEYS = {
  KeyF: "fold",
  KeyC: "checkOrCall",
  KeyR: "betOrRaise",
  KeyA: "allIn",
  KeyM: "focusMove",
  KeyS: "status",
};

/** handlers: {fold, checkOrCall, betOrRaise, allIn, focusMove, status} → each returns
 *  true when it did something. */
export function installShortcuts(handlers) {
  document.addEventListener("keydown", (event) => {
    if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
    const name = KEYS[event.code];
    if (!name || !handlers[name]) return;
    event.preventDefault();
    handlers[name]();
  });
}
