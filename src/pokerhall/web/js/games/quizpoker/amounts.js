// @ts-check
/* Bet and raise amounts: the quick presets (minimum, half pot, pot, all-in) and the check of
   an amount typed by hand, both within what the prompt's moves allow (Q4, QP2, DU5). All
   amounts are "to" totals for the current betting round, like the server's. */

/** A betting prompt's moves by kind: check (bool), call (chips or null), bet/raise
    ({min_to, max_to} or null), all_in (the total or null), and call_all_in: the call takes
    every chip the seat has (its all-in total is no more than the bet to match, Q4), so the
    two buttons would be one move; null for other prompts. */
export function legalOf(prompt) {
  if (prompt?.type !== "bet") return null;
  const moves = Object.fromEntries((prompt.moves || []).map((m) => [m.type, m]));
  const range = (kind) => (moves[kind] ? { min_to: moves[kind].params.to.min, max_to: moves[kind].params.to.max } : null);
  return {
    check: Boolean(moves.check),
    call: moves.call ? moves.call.amount : null,
    bet: range("bet"),
    raise: range("raise"),
    all_in: moves.all_in ? moves.all_in.to : null,
    call_all_in: Boolean(moves.call && moves.all_in && moves.all_in.to <= (prompt.current_bet ?? 0)),
  };
}

/** The bet or raise range of a betting prompt, or null when neither is allowed. */
export function raiseRange(prompt) {
  const legal = legalOf(prompt);
  if (!legal) return null;
  const range = legal.bet || legal.raise;
  return range ? { ...range, kind: legal.bet ? "bet" : "raise" } : null;
}

function roundDown(value, unit) {
  return Math.floor(value / unit) * unit;
}

/** Preset "to" amounts, each clamped to the legal range and rounded to the chip unit. */
export function presets(prompt) {
  const range = raiseRange(prompt);
  if (!range) return null;
  const unit = prompt.unit || 1;
  const call = legalOf(prompt).call || 0;
  const afterCall = prompt.pot + call; // the pot once this seat has called
  const clamp = (value) => Math.min(range.max_to, Math.max(range.min_to, roundDown(value, unit)));
  return {
    min: range.min_to,
    half: clamp(prompt.current_bet + afterCall / 2),
    pot: clamp(prompt.current_bet + afterCall),
    max: range.max_to,
  };
}

/** Why an amount cannot be bet, as [translation key, params], or null when it is fine. */
export function amountProblem(value, prompt) {
  const range = raiseRange(prompt);
  if (!range) return ["actions.errNoRaise", {}];
  const unit = prompt.unit || 1;
  if (!Number.isFinite(value) || !Number.isInteger(value)) return ["actions.errWhole", {}];
  if (value === range.max_to) return null; // all-in is always allowed (Q4)
  if (value > range.max_to) return ["actions.errTooMuch", { max: range.max_to }];
  if (value < range.min_to) return ["actions.errTooLittle", { min: range.min_to }];
  if (value % unit !== 0) return ["actions.errUnit", { unit }];
  return null;
}
