// @ts-check
/* Where each seat sits around the oval table, by the number of seats: the viewer's own seat at
   the bottom centre, the others clockwise from it (the next to act after you is on your left),
   as in a card room. Positions are fractions of the table's box (x across, y down) that
   css/table.css turns into places on the felt; the bet direction points from the seat towards
   the middle, where the seat's bet is drawn in front of it. Only the look depends on this:
   the seats stay a list in seat order for screen readers and the keyboard. */

/** [x, y] per seat, clockwise from the bottom centre, for 2 to 10 seats. */
const LAYOUTS = {
  2: [[0.5, 1], [0.5, 0]],
  3: [[0.5, 1], [0.2, 0], [0.8, 0]],
  4: [[0.5, 1], [0, 0.5], [0.5, 0], [1, 0.5]],
  5: [[0.5, 1], [0, 0.55], [0.27, 0], [0.73, 0], [1, 0.55]],
  6: [[0.5, 1], [0.12, 1], [0.12, 0], [0.5, 0], [0.88, 0], [0.88, 1]],
  7: [[0.5, 1], [0.15, 1], [0, 0.45], [0.25, 0], [0.75, 0], [1, 0.45], [0.85, 1]],
  8: [[0.5, 1], [0.16, 1], [0, 0.5], [0.16, 0], [0.5, 0], [0.84, 0], [1, 0.5], [0.84, 1]],
  9: [[0.5, 1], [0.2, 1], [0, 0.5], [0.1, 0], [0.37, 0], [0.63, 0], [0.9, 0], [1, 0.5], [0.8, 1]],
  10: [[0.5, 1], [0.22, 1], [0, 0.72], [0, 0.28], [0.22, 0], [0.5, 0], [0.78, 0], [1, 0.28], [1, 0.72], [0.78, 1]],
};

/** Evenly round an ellipse, for a count without a layout of its own. */
function around(count) {
  return Array.from({ length: count }, (_, k) => {
    const angle = Math.PI / 2 + (2 * Math.PI * k) / count;
    return [0.5 + Math.cos(angle) / 2, 0.5 + Math.sin(angle) / 2];
  });
}

/**
 * The place of `seat` at a table of `count` seats seen by `viewer` (their seat, or null when
 * watching: seat 0 is then at the bottom): {x, y, bx, by, side}, side one of "bottom", "top",
 * "left", "right" (for the styles: which way the seat faces the felt).
 */
export function seatPlace(seat, count, viewer) {
  const layout = LAYOUTS[count] ?? around(count);
  const from = viewer ?? 0;
  const [x, y] = layout[(seat - from + count) % count];
  let side = "top";
  if (y >= 0.95) side = "bottom";
  else if (x <= 0.05) side = "left";
  else if (x >= 0.95) side = "right";
  return { x, y, bx: (0.5 - x) * 2, by: (0.5 - y) * 2, side };
}
