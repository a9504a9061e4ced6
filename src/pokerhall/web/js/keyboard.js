/* Keyboard shortcuts for the table: Alt+Shift+letter. Screen readers use single letters
   (browse mode) and Insert/CapsLock combinations, and browsers use Ctrl/Cmd, so Alt+Shift
   stays clear of both. Keys are matched by physical position (event.code), so they work the
   same on every keyboard layout. The shell has M (go to your move) and S (read out the
   situation); a game module adds its own (`shortcuts`). */

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
