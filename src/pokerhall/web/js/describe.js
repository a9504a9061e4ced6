/* One readable sentence per QuizPoker event, in the interface language: the event log and the
   screen-reader announcements both use it. Like the server's hand history
   (games/quizpoker/history.py), a sentence is built from the event alone plus the player names,
   so it never says more than the event. */

import { formatDecimal, formatList, formatNumber, t } from "./i18n.js";
import { isZero } from "./numbers.js";

/** ctx: {names: [player names by seat], seat: the viewer's seat or null} */
export function describeEvent(event, ctx) {
  if (event.type === "pot_awarded") return describeAward(event, ctx);
  const describe = DESCRIBERS[event.type];
  return describe ? describe(event, helpers(ctx)) : null;
}

function helpers(ctx) {
  const name = (seat) => {
    const index = Number(seat);
    if (Number.isInteger(index) && ctx.names[index] !== undefined) return ctx.names[index];
    return t("common.seatNumber", { seat: index + 1 });
  };
  return {
    name,
    names: (seats) => formatList(seats.map(name)),
    me: (seat) => ctx.seat !== null && ctx.seat !== undefined && Number(seat) === ctx.seat,
    chips: (amount) => formatNumber(Number(amount) || 0),
  };
}

const allIn = (d) => (d.all_in ? ` ${t("ev.allInSuffix")}` : "");

function withUnit(value, unit) {
  return unit ? `${value} ${unit}` : String(value);
}

/** The sentence for one pot award; also used by the hand summary. */
export function describeAward(award, ctx) {
  const { name, names, chips } = helpers(ctx);
  const side = award.pot > 0;
  const pot = { index: award.pot };
  const shares = Object.entries(award.shares || {}).map(([seat, share]) => [Number(seat), share]);
  shares.sort((a, b) => a[0] - b[0]);
  let line;
  if (shares.length === 0) {
    line = t(side ? "ev.potStaysSide" : "ev.potStaysMain", { ...pot, amount: chips(award.amount) });
  } else if (shares.length === 1) {
    const [seat, share] = shares[0];
    line = t(side ? "ev.winsSide" : "ev.winsMain", { ...pot, name: name(seat), amount: chips(share) });
  } else if (new Set(shares.map(([, share]) => share)).size === 1) {
    line = t(side ? "ev.splitSideEach" : "ev.splitMainEach", {
      ...pot,
      names: names(shares.map(([seat]) => seat)),
      amount: chips(shares[0][1]),
    });
  } else {
    line = t(side ? "ev.splitSide" : "ev.splitMain", {
      ...pot,
      names: names(shares.map(([seat]) => seat)),
      parts: shares.map(([seat, share]) => `${name(seat)} ${chips(share)}`).join(", "),
    });
  }
  if (award.carried) line += ` ${t("ev.carried", { amount: chips(award.carried) })}`;
  return line;
}

const DESCRIBERS = {
  round_started(e, { name, chips }) {
    const blinds = e.blinds || {};
    const params = { hand: e.round, small: chips(blinds.small), big: chips(blinds.big) };
    let line =
      e.game_master !== null && e.game_master !== undefined
        ? t("ev.handStartedGm", { ...params, name: name(e.game_master) })
        : t("ev.handStarted", { ...params, name: name(e.button) });
    if (e.carry) line += ` ${t("ev.carryIn", { amount: chips(e.carry) })}`;
    return line;
  },
  blind_posted(e, { name, chips }) {
    const key = e.blind === "small" ? "ev.smallBlind" : "ev.bigBlind";
    return t(key, { name: name(e.seat), amount: chips(e.amount) }) + allIn(e);
  },
  question(e) {
    const line = e.topic
      ? t("ev.questionTopic", { topic: e.topic, text: e.text })
      : t("ev.question", { text: e.text });
    return e.unit ? `${line} ${t("ev.answerIn", { unit: e.unit })}` : line;
  },
  game_master_card(e) {
    return t("ev.gmCard", { hint1: e.hint1, hint2: e.hint2, answer: formatDecimal(e.answer) });
  },
  guess_recorded(e, { name, me }) {
    return me(e.seat)
      ? t("ev.youGuess", { value: formatDecimal(e.value) })
      : t("ev.guesses", { name: name(e.seat), value: formatDecimal(e.value) });
  },
  guesses_complete() {
    return t("ev.guessesComplete");
  },
  betting_round(e) {
    const after = { guesses: "ev.afterGuesses", "hint 1": "ev.afterHint1", "hint 2": "ev.afterHint2", answer: "ev.afterAnswer" }[e.after];
    return t("ev.bettingRound", { round: e.round, after: after ? t(after) : String(e.after) });
  },
  action(e, { name, chips }) {
    const who = name(e.seat);
    switch (e.action) {
      case "fold":
        return t("ev.fold", { name: who });
      case "check":
        return t("ev.check", { name: who });
      case "call":
        return t("ev.call", { name: who, amount: chips(e.added) }) + allIn(e);
      case "bet":
        return t("ev.bet", { name: who, amount: chips(e.to) }) + allIn(e);
      case "raise":
        return t("ev.raise", { name: who, amount: chips(e.to) }) + allIn(e);
      case "all_in":
        return t("ev.allIn", { name: who, amount: chips(e.to) });
      default:
        return `${who}: ${e.action}`;
    }
  },
  uncalled_returned(e, { name, chips }) {
    return t("ev.uncalled", { name: name(e.seat), amount: chips(e.amount) });
  },
  round_ended(e, { names, chips }) {
    const pots = e.pots || [];
    if (pots.length <= 1) {
      return t("ev.roundEnded", { round: e.round, amount: chips(pots[0]?.amount ?? 0) });
    }
    const parts = pots.map((pot, i) =>
      t(i === 0 ? "ev.mainPotPart" : "ev.sidePotPart", {
        index: i,
        amount: chips(pot.amount),
        names: names(pot.eligible || []),
      }),
    );
    return t("ev.roundEndedPots", { round: e.round, pots: parts.join("; ") });
  },
  hint(e) {
    return t("ev.hint", { number: e.number, text: e.text });
  },
  answer(e) {
    const line = t("ev.answer", { value: withUnit(formatDecimal(e.value), e.unit) });
    return e.source ? `${line} ${t("ev.source", { source: e.source })}` : line;
  },
  showdown(e, { name, names }) {
    const order = e.order || [];
    if (order.length === 0) return t("ev.showdownEmpty");
    if (order.length === 1) return t("ev.showdownOne", { name: name(order[0]) });
    return t("ev.showdown", { name: name(order[0]), rest: names(order.slice(1)) });
  },
  guess_shown(e, { name }) {
    return isZero(e.distance)
      ? t("ev.shownExact", { name: name(e.seat), value: formatDecimal(e.value) })
      : t("ev.shown", {
          name: name(e.seat),
          value: formatDecimal(e.value),
          distance: formatDecimal(e.distance),
        });
  },
  guess_stays_hidden(e, { name }) {
    return t("ev.hidden", { name: name(e.seat) });
  },
  eliminated(e, { name }) {
    return t("ev.eliminated", { name: name(e.seat), hand: e.hand });
  },
  game_over(e, { name, chips }) {
    const scores = e.scores || [];
    const winner = (e.winners || [])[0];
    return t("ev.gameOver", {
      count: e.rounds,
      hands: e.rounds,
      name: name(winner),
      amount: chips(scores[winner] ?? 0),
    });
  },
};
