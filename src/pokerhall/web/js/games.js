// @ts-check
/* Game modules: web/js/games/<name>/index.js, loaded by the table's game name (and by the
   lobby for labels). A module's strings join the translations and its stylesheets are linked
   once. A game without a module of its own gets the generic fallback panel. */

import { byId } from "./dom.js";
import fallbackGame from "./fallback-game.js";
import { addStrings } from "./i18n.js";

/** The table shell's slots a game module mounts its panels into (the live table and the
    replay draw the same felt). */
export function shellSlots() {
  return {
    top: byId("game-top"),
    move: byId("move-panel"),
    tableHead: byId("table-head-extra"),
    seatsBefore: byId("seats-before"),
    seatsAfter: byId("seats-after"),
    bottom: byId("game-bottom"),
  };
}

const loaded = new Map();

async function load(name) {
  let module;
  try {
    module = (await import(`./games/${name}/index.js`)).default;
  } catch (error) {
    // A game without a module of its own is expected; anything else (a syntax error, a failed
    // request) is still shown the fallback panel, but reported rather than swallowed.
    console.error(`game module ${name} could not be loaded; using the generic panel`, error);
    return fallbackGame;
  }
  if (module.strings) await addStrings(module.strings, name);
  for (const href of module.styles || []) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    const ready = new Promise((resolve) => {
      link.onload = resolve;
      link.onerror = resolve;
    });
    document.head.append(link);
    await ready;
  }
  return module;
}

/** The module for a game name; the fallback for a game that ships none (`known` false: the
 *  server says so in /api/games and the table info, `web_module`). */
export function loadGame(name, { known = true } = {}) {
  if (!known || !/^[a-z][a-z0-9_]*$/.test(String(name))) return Promise.resolve(fallbackGame);
  if (!loaded.has(name)) loaded.set(name, load(name));
  return loaded.get(name);
}

export { fallbackGame };
