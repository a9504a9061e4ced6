// @ts-check
/* Chip amounts. Every amount is shown as a number (formatted for the interface language);
   duell tables add the board game's chips (blue 50, yellow 100, green 200, white 500,
   red 1,000, DU1) as a small picture of the stack. The picture is decoration for sighted
   players: each chip carries its value as text, and screen readers read the number. */

import { h } from "../../dom.js";
import { formatNumber, t } from "../../i18n.js";

const DUELL_CHIPS = [
  { value: 1000, colour: "red" },
  { value: 500, colour: "white" },
  { value: 200, colour: "green" },
  { value: 100, colour: "yellow" },
  { value: 50, colour: "blue" },
];

/** The fewest duell chips that make `amount`: [{value, colour, count}]. */
function decompose(amount) {
  let rest = Math.max(0, Math.floor(amount));
  const out = [];
  for (const chip of DUELL_CHIPS) {
    const count = Math.floor(rest / chip.value);
    if (count > 0) out.push({ ...chip, count });
    rest -= count * chip.value;
  }
  return out;
}

function chipLabel(value) {
  return value >= 1000 ? `${value / 1000}k` : String(value);
}

/** The chip picture for an amount (aria-hidden; the title names the chips for mouse users). */
function chipStack(amount) {
  const parts = decompose(amount);
  const title = parts
    .map((p) => t("chips.piece", { count: p.count, value: formatNumber(p.value), colour: t(`chips.${p.colour}`) }))
    .join(", ");
  return h(
    "span",
    { class: "chip-stack", "aria-hidden": "true", title },
    parts.map((p) =>
      h(
        "span",
        { class: "chip-group" },
        h("span", { class: `chip chip-${p.colour}` }, chipLabel(p.value)),
        p.count > 1 ? h("span", { class: "chip-count" }, `×${p.count}`) : null,
      ),
    ),
  );
}

/** An amount as text, with the duell chips beside it when the table uses them. */
export function amount(value, { duell = false, chips = true } = {}) {
  return h(
    "span",
    { class: "amount" },
    h("span", { class: "num" }, formatNumber(value)),
    duell && chips && value > 0 ? chipStack(value) : null,
  );
}
