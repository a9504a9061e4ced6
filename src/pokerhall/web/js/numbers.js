// @ts-check
/* Exact decimal numbers for guesses and answers (Q1: never floats). The server sends them as
   plain decimal text ("-273", "3.14"); this module turns what a player typed into that form and
   computes how far a guess is from the answer without rounding errors. */

const CANONICAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const MAX_CHARS = 32;

/** Decimal text → {units: BigInt, scale} with value = units / 10^scale. */
function parse(text) {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(String(text).trim());
  if (!match || (match[2] === "" && !match[3])) return null;
  const fraction = match[3] || "";
  const units = BigInt((match[2] || "0") + fraction);
  return { units: match[1] === "-" ? -units : units, scale: fraction.length };
}

function format(units, scale) {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  if (scale > 0) {
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/\.?0+$/, "");
  }
  return (negative && digits !== "0" ? "-" : "") + digits;
}

/** |a - b| as decimal text, or null when either is not a number. */
export function distance(a, b) {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  const ux = x.units * 10n ** BigInt(scale - x.scale);
  const uy = y.units * 10n ** BigInt(scale - y.scale);
  const diff = ux > uy ? ux - uy : uy - ux;
  return format(diff, scale);
}

export function isZero(text) {
  const x = parse(text);
  return x !== null && x.units === 0n;
}

const DECIMAL_COMMA = new Set(["de", "cs", "el"]);

/**
 * What a player typed → the guess to send ("1774", "-3.5"), accepting the writing habits of
 * the interface language: thousands separators (1,000 / 1.000 / 1 000), a decimal comma,
 * a typographic minus. Returns {value} or {error: translation key}.
 */
export function normalizeGuess(raw, language) {
  let text = String(raw).trim().replace(/[\s\u00a0\u202f'_]/g, "").replace(/[\u2212\u2013]/g, "-");
  if (!text) return { error: "actions.errGuessEmpty" };
  const commaDecimal = DECIMAL_COMMA.has(language);
  const grouped = commaDecimal
    ? /^[+-]?\d{1,3}(\.\d{3})+(,\d*)?$/
    : /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;
  if (grouped.test(text)) {
    text = commaDecimal ? text.replace(/\./g, "").replace(",", ".") : text.replace(/,/g, "");
  } else if (text.includes(",")) {
    if (text.includes(".") || text.split(",").length > 2) {
      return { error: "actions.errGuessFormat" };
    }
    text = text.replace(",", ".");
  }
  if (!CANONICAL.test(text)) return { error: "actions.errGuessFormat" };
  if (text.length > MAX_CHARS) return { error: "actions.errGuessLong" };
  return { value: text };
}
