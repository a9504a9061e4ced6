/* QuizPoker's part of each seat card: stack, bet this round, buttons (dealer/game master,
   blinds), folded, all-in, out, and guesses once shown; also the pot and side pots. */

import { amount } from "./chips.js";
import { byId, fill, h, show, srOnly } from "../../dom.js";
import { formatDecimal, formatList, formatNumber, t } from "../../i18n.js";

function badge(short, long, kind) {
  return h(
    "span",
    { class: `badge badge-${kind}`, title: long },
    h("span", { "aria-hidden": "true" }, short),
    srOnly(long),
  );
}

function badges(view, seat) {
  const hand = view.hand;
  const out = [];
  if (hand.game_master === seat) out.push(badge(t("seats.gmShort"), t("seats.gm"), "gm"));
  else if (hand.button === seat) out.push(badge(t("seats.buttonShort"), t("seats.button"), "button"));
  if (hand.small_blind === seat) out.push(badge(t("seats.sbShort"), t("seats.sb"), "blind"));
  if (hand.big_blind === seat) out.push(badge(t("seats.bbShort"), t("seats.bb"), "blind"));
  return out;
}

/** The hand after which a seat ran out of chips, read from the stack history. */
export function outAfter(view, seat) {
  const history = view.stack_history;
  for (let i = 1; i < history.length; i += 1) {
    if (history[i][seat] === 0 && history[i - 1][seat] > 0) return i;
  }
  return null;
}

function stateWords(view, player, seat) {
  const hand = view.hand;
  if (!player.in_game) {
    const out = outAfter(view, seat);
    return [out ? t("seats.outAfter", { hand: out }) : t("seats.out")];
  }
  if (hand.game_master === seat) return [t("seats.readsCard")];
  if (!player.in_hand) return [t("seats.sittingOut")];
  if (player.folded) return [t("seats.folded")];
  if (player.all_in) return [t("seats.allIn")];
  return [];
}

/** The module's `seat` hook: {turn, classes, badges, lines, state} for the shell's card. */
export function seatDetails(model, player, seat) {
  const view = model.view;
  const duell = model.view.ruleset === "duell";
  const mine = seat === model.seat;
  const classes = [];
  if (player.folded) classes.push("is-folded");
  if (!player.in_game) classes.push("is-out");
  if (view.hand.game_master === seat) classes.push("is-gm");
  let guess = null;
  if (player.guess !== null && player.guess !== undefined) {
    guess = h("p", { class: "seat-guess" }, t("seats.guessShown", { value: formatDecimal(player.guess) }));
  } else if (player.guess_hidden) {
    guess = h("p", { class: "seat-guess muted" }, t("seats.guessHidden"));
  } else if (mine && view.you?.guess) {
    guess = h("p", { class: "seat-guess" }, t("seats.yourGuess", { value: formatDecimal(view.you.guess) }));
  }
  return {
    turn: view.hand.to_act === seat,
    classes,
    badges: badges(view, seat),
    lines: [
      // a chip stack beside the number (a duell table draws its own chips instead)
      h("p", { class: duell ? "seat-stack" : "seat-stack with-chip-stack" }, h("span", { class: "label" }, `${t("seats.stack")} `), amount(player.stack, { duell })),
      player.bet > 0
        ? h("p", { class: "seat-bet" }, h("span", { class: "label" }, `${t("seats.bet")} `), amount(player.bet, { duell }))
        : null,
      guess,
    ],
    state: stateWords(view, player, seat),
  };
}

export function renderPot(model) {
  const view = model.view;
  const hand = view.hand;
  const duell = view.ruleset === "duell";
  const pot = byId("pot");
  pot.classList.toggle("with-chip-stack", !duell);
  fill(pot, h("span", { class: "label" }, `${t("pot.label")} `), amount(hand.pot, { duell }));
  const names = (seats) => formatList(seats.map((s) => view.players[s].name));
  // Unequal bets in an open round also make layers; they are real side pots only once
  // someone is all-in (Q9), and a layer only one player can win is a bet nobody has called
  // yet (it comes back if nobody does), not a pot.
  const contested = hand.pots.filter((pot) => pot.eligible.length > 1);
  const real = contested.length > 1 && view.players.some((p) => p.all_in && p.in_hand);
  const sidePots = byId("side-pots");
  show(sidePots, real);
  fill(
    sidePots,
    real
      ? contested.map((pot, i) =>
          h(
            "li",
            {},
            t(i === 0 ? "pot.main" : "pot.side", { index: i, amount: formatNumber(pot.amount) }),
            " — ",
            names(pot.eligible),
          ),
        )
      : [],
  );
}
