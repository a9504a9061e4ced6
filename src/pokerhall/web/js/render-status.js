// @ts-check
/* What is happening now: the game module's phase and "you" sentences (#phase-status,
   #your-status), the turn clock (#turn-clock and the seat cards' clocks), the "your turn"
   announcement and the Alt+Shift+S read-out. The words come from the game (or the fallback
   panel); the clock is the shell's. */

import { clockFraction, formatSeconds } from "./clock.js";
import { byId, h, show } from "./dom.js";
import { t } from "./i18n.js";

/** Seconds on the clock that matters to this viewer now, or null. */
export function clockSeconds(model) {
  if (model.view?.over) return null;
  if (model.prompt) return model.secondsLeft("you");
  return model.secondsLeft("table");
}

/** The bar under the text clock: how much of the turn is left (decorative, aria-hidden). */
function setBar(bar, seconds, total) {
  const fraction = clockFraction(seconds, total);
  bar.style.setProperty("--left", String(fraction));
  bar.classList.toggle("clock-low", seconds <= 10);
}

export function renderClock(model) {
  const clock = byId("turn-clock");
  const seconds = clockSeconds(model);
  const total = model.info?.turn_clock ?? null;
  show(clock, seconds !== null);
  if (seconds !== null) {
    const key = model.prompt ? "status.yourClock" : "status.tableClock";
    if (!clock.querySelector(".clock-text")) {
      clock.replaceChildren(
        h("span", { class: "clock-text" }),
        h("span", { class: "clock-bar", "aria-hidden": "true" }, h("span", { class: "clock-fill" })),
      );
    }
    clock.querySelector(".clock-text").textContent = t(key, { time: formatSeconds(seconds) });
    setBar(clock.querySelector(".clock-bar"), seconds, total);
    clock.classList.toggle("clock-low", seconds <= 10);
  }
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-clock]"))) {
    const left = model.secondsLeft(el.dataset.clock);
    if (left !== null) el.textContent = t("seats.clock", { time: formatSeconds(left) });
  }
  for (const bar of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-clock-bar]"))) {
    const left = model.secondsLeft(bar.dataset.clockBar);
    if (left !== null) setBar(bar, left, total);
  }
}

export function renderStatus(model, game) {
  byId("phase-status").textContent = model.view.over ? t("status.gameOver") : game.statusText(model);
  byId("your-status").textContent = game.youText(model);
  byId("actions").classList.toggle("is-your-turn", model.prompt !== null);
  renderClock(model);
}

/** Alt+Shift+S: everything a player needs to decide, read out at once. */
export function statusSummary(model, game) {
  if (!model.view) return t("table.loading");
  const parts = [model.view.over ? t("status.gameOver") : game.statusText(model)];
  parts.push(...(game.summaryParts?.(model) ?? []));
  parts.push(game.youText(model));
  const seconds = clockSeconds(model);
  if (seconds !== null) parts.push(t("clock.secondsLeft", { count: Math.ceil(seconds) }));
  if (model.prompt) parts.push(game.turnAnnouncement(model));
  return parts.join(" ");
}
