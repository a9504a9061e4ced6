// @ts-check
/* Short, optional animations over the table: chips fly from the bets in front of the seats to
   the pot when a betting round ends, and from the pot to the seats whose stacks grow when a
   pot is awarded. They are drawn by comparing the page before and after a message (the
   seats' `.seat-bet` and `.seat-stack` lines and `#pot`), so they need nothing from the game
   but those classes. Decoration only: aria-hidden copies that are removed when they land;
   none at all under `prefers-reduced-motion: reduce` (checked at every message, so changing
   the setting takes effect at once). */

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const FLIGHT_MS = 450;

/** The whole number in an amount's text ("1,000", "1 000", "1.000"), or null. */
function amountIn(el) {
  const digits = el?.querySelector(".num, .amount")?.textContent ?? el?.textContent ?? "";
  const only = digits.replace(/[^0-9]/g, "");
  return only ? Number(only) : null;
}

function seatsOf(root) {
  const out = new Map();
  for (const card of root.querySelectorAll("#seats > li[data-seat]")) {
    const bet = card.querySelector(".seat-bet");
    out.set(card.dataset.seat, {
      bet: bet ? { rect: bet.getBoundingClientRect(), amount: amountIn(bet) } : null,
      stack: amountIn(card.querySelector(".seat-stack")),
    });
  }
  return out;
}

function visible(rect) {
  return rect && rect.width > 0 && rect.height > 0;
}

function fly(from, to, delay = 0) {
  if (!visible(from) || !visible(to)) return;
  const chip = document.createElement("span");
  chip.className = "chip-flight";
  chip.setAttribute("aria-hidden", "true");
  document.body.append(chip);
  const start = { x: from.left + from.width / 2, y: from.top + from.height / 2 };
  const end = { x: to.left + to.width / 2, y: to.top + to.height / 2 };
  const place = (p) => `translate(${p.x}px, ${p.y}px) translate(-50%, -50%)`;
  const flight = chip.animate(
    [{ transform: place(start), opacity: 1 }, { transform: place(end), opacity: 0.85 }],
    { duration: FLIGHT_MS, delay, easing: "cubic-bezier(.3,.7,.4,1)", fill: "both" },
  );
  flight.finished.then(() => chip.remove(), () => chip.remove());
}

export class TableMotion {
  /** What the table looks like before a message is drawn (null when motion is off). */
  before() {
    if (REDUCED.matches || !document.getElementById("seats")) return null;
    return { seats: seatsOf(document), pot: document.getElementById("pot")?.getBoundingClientRect() ?? null };
  }

  /** Animate what changed since `before`. */
  after(before) {
    if (!before || REDUCED.matches) return;
    const pot = document.getElementById("pot")?.getBoundingClientRect() ?? before.pot;
    const now = seatsOf(document);
    let gathered = 0;
    for (const [seat, was] of before.seats) {
      const is = now.get(seat);
      if (!is || !was.bet) continue;
      // A bet that left the seat without its stack growing went to the pot.
      if (!is.bet && !(is.stack > was.stack)) fly(was.bet.rect, pot, 40 * gathered++);
    }
    for (const [seat, is] of now) {
      const was = before.seats.get(seat);
      if (was && is.stack !== null && was.stack !== null && is.stack > was.stack) {
        const card = document.querySelector(`#seats > li[data-seat="${seat}"]`);
        fly(before.pot ?? pot, card?.getBoundingClientRect(), gathered ? FLIGHT_MS : 0);
      }
    }
  }
}
