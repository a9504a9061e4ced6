// @ts-check
/* Turn clock display: seconds left as m:ss, and the moments worth a warning. */

import { t } from "./i18n.js";

export function formatSeconds(seconds) {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

/** Says "time left" for a screen reader; the visual clock shows formatSeconds. */
export function spokenSeconds(seconds) {
  return t("clock.secondsLeft", { count: Math.ceil(seconds) });
}

/** Warn the player once when their own clock passes each of these marks (seconds). */
export const WARN_AT = [30, 10];

/** How much of a turn is left, 0..1, for the visual timers (the whole turn: the table's clock). */
export function clockFraction(seconds, total) {
  if (!total || total <= 0) return 1;
  return Math.min(1, Math.max(0, seconds / total));
}
