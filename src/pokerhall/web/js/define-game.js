// @ts-check
/* What every game module shares, so that a game's index.js holds only what is its own: its
   strings (./locales/<code>.js), its rules for players (./help/<code>.html), its stylesheet,
   and its static panels (./panels.html: one <template data-slot="…"> per shell slot, filled and
   translated before the game's own mount runs). The interface is in web/README.md ("Game
   modules"). */

import { cardStrings } from "./card-words.js";
import { translatePage } from "./i18n.js";

/**
 * @typedef {Record<string, HTMLElement>} Slots
 * @typedef {{ stylesheet: string, playingCards?: boolean, mount?: (slots: Slots, ctx: any) => void | Promise<void>, [hook: string]: any }} OwnParts
 */

/**
 * A game module from its own parts. `base` is the module's `import.meta.url`, which the shared
 * files are found beside; `stylesheet` is its CSS file's name there.
 * @param {string} base
 * @param {OwnParts} own
 */
export function defineGame(base, own) {
  const { mount } = own;
  const shared = {
    strings: async (/** @type {string} */ code) => {
      const strings = (await import(new URL(`./locales/${code}.js`, base).href)).default;
      // a game with playing cards reads them aloud from the one catalogue (card-words.js)
      return own.playingCards ? { ...(await cardStrings(code)), ...strings } : strings;
    },
    /** The rules for players, an HTML fragment per language. */
    help: async (/** @type {string} */ code) => {
      const response = await fetch(new URL(`./help/${code}.html`, base));
      if (!response.ok) throw new Error(`no help in ${code}`);
      return response.text();
    },
    styles: [new URL(`./${own.stylesheet}`, base).href],
  };
  // Copied as descriptors, not spread: a game's getters (`busy`) must stay getters.
  const module = Object.defineProperties(shared, Object.getOwnPropertyDescriptors(own));
  delete module.stylesheet;
  delete module.playingCards;
  module.mount = async (/** @type {Slots} */ slots, /** @type {any} */ ctx) => {
    await mountPanels(base, slots);
    await mount?.call(module, slots, ctx);
  };
  return module;
}

/** @param {string} base @param {Slots} slots */
async function mountPanels(base, slots) {
  const response = await fetch(new URL("./panels.html", base));
  const template = document.createElement("template");
  template.innerHTML = await response.text(); // the module's own static markup, no user text
  for (const part of /** @type {NodeListOf<HTMLTemplateElement>} */ (template.content.querySelectorAll("template[data-slot]"))) {
    const slot = slots[/** @type {string} */ (part.dataset.slot)];
    slot.replaceChildren(part.content.cloneNode(true));
    translatePage(slot);
  }
}
