// @ts-check
/* One readable sentence per event, in the interface language: the event log, the showdown's
   awards and the screen-reader announcements all use it. The game describes each event once
   (the server sends it as event.message, see engine/messages.py); here it is rendered from the
   game's catalog in the current language, so the browser, the terminal and `pokerhall replay`
   read the same words. */

import { currentLanguage } from "./i18n.js";
import { loadCatalog, renderMessage } from "./messages.js";

let texts = { game: null, lang: null, catalog: {} };

/** Load the event texts of `game` in the current language; call (and await) before drawing
   events, at start and after every language change. */
export async function loadEventTexts(game) {
  const lang = currentLanguage();
  if (!game || (texts.game === game && texts.lang === lang)) return;
  const catalog = await loadCatalog(game, lang);
  texts = { game, lang, catalog };
}

function render(message, ctx) {
  return message ? renderMessage(message, texts.catalog, ctx.names, texts.lang ?? currentLanguage()) : null;
}

/** ctx: {names: [player names by seat]}. Null for an event the game leaves out. */
export function describeEvent(event, ctx) {
  return render(event.message, ctx);
}

let written = (message) => message;

/** A game module's own way of writing its messages' parameters in the written log (its
    optional `writtenMessage(message)`: Slovní poker names the diacritic cards there, which
    its catalog writes as the marks ˇ and ´), for the table's log and the history page. */
export function useGameModule(module) {
  written = module?.writtenMessage ?? ((message) => message);
}

/** The line of the written log for one event (the game's way of writing it), or null. */
export function describeLogLine(event, ctx) {
  return render(event.message ? written(event.message) : null, ctx);
}

/** Any message of the game's catalog (a refused move's reason, engine/errors.py), or null. */
export function describeMessage(message, ctx) {
  return render(message, ctx);
}

/** The sentence for one pot award of the view's hand summary (it carries its message too). */
export function describeAward(award, ctx) {
  return render(award.message, ctx);
}
