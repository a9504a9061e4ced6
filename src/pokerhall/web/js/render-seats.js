/* The players around the table: stack, bet this round, buttons (dealer/game master, blinds),
   who is to act (with the clock), folded, all-in, out, and guesses once shown. Every state is
   written in words; colour and borders only repeat it. Also the pot and side pots. */

import { amount } from "./chips.js";
import { formatSeconds } from "./clock.js";
import { byId, fill, h, show, srOnly } from "./dom.js";
import { formatDecimal, formatList, formatNumber, t } from "./i18n.js";

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

/** The words for a seat's state in this hand. */
function stateText(model, player, seatNumber) {
  const view = model.view;
  const hand = view.hand;
  const info = model.seatInfo(seatNumber);
  const parts = [];
  if (!player.in_game) {
    const out = outAfter(view, seatNumber);
    parts.push(out ? t("seats.outAfter", { hand: out }) : t("seats.out"));
  } else if (hand.game_master === seatNumber) parts.push(t("seats.readsCard"));
  else if (!player.in_hand) parts.push(t("seats.sittingOut"));
  else if (player.folded) parts.push(t("seats.folded"));
  else if (player.all_in) parts.push(t("seats.allIn"));
  if (!view.over && hand.to_act === seatNumber) parts.unshift(t("seats.toAct"));
  if (info?.left) parts.push(info.kind === "bot" ? t("seats.leftBot") : t("seats.left"));
  return parts.join(" · ");
}

/** The hand after which a seat ran out of chips, read from the stack history. */
export function outAfter(view, seat) {
  const history = view.stack_history;
  for (let i = 1; i < history.length; i += 1) {
    if (history[i][seat] === 0 && history[i - 1][seat] > 0) return i;
  }
  return null;
}

function seatCard(model, player) {
  const view = model.view;
  const seat = player.seat;
  const duell = model.duell;
  const mine = seat === model.seat;
  const turn = !view.over && view.hand.to_act === seat;
  const info = model.seatInfo(seat);
  const classes = ["seat"];
  if (turn) classes.push("is-turn");
  if (mine) classes.push("is-me");
  if (player.folded) classes.push("is-folded");
  if (!player.in_game) classes.push("is-out");
  if (view.hand.game_master === seat) classes.push("is-gm");

  const clockSeconds = turn ? model.secondsLeft(mine ? "you" : "table") : null;
  const state = stateText(model, player, seat);
  let guess = null;
  if (player.guess !== null && player.guess !== undefined) {
    guess = h("p", { class: "seat-guess" }, t("seats.guessShown", { value: formatDecimal(player.guess) }));
  } else if (player.guess_hidden) {
    guess = h("p", { class: "seat-guess muted" }, t("seats.guessHidden"));
  } else if (mine && view.you?.guess) {
    guess = h("p", { class: "seat-guess" }, t("seats.yourGuess", { value: formatDecimal(view.you.guess) }));
  }

  return h(
    "li",
    { class: classes.join(" "), "data-testid": `seat-${seat}`, "data-seat": seat },
    h(
      "div",
      { class: "seat-head" },
      h(
        "h3",
        { class: "seat-name" },
        turn ? h("span", { class: "turn-marker", "aria-hidden": "true" }, "▶ ") : null,
        player.name,
        mine ? h("span", { class: "you-tag" }, ` ${t("seats.you")}`) : null,
        info?.kind === "bot" ? h("span", { class: "bot-tag" }, ` ${t("seats.bot")}`) : null,
      ),
      h("span", { class: "badges" }, badges(view, seat)),
    ),
    h(
      "p",
      { class: "seat-stack" },
      h("span", { class: "label" }, `${t("seats.stack")} `),
      amount(player.stack, { duell }),
    ),
    player.bet > 0
      ? h("p", { class: "seat-bet" }, h("span", { class: "label" }, `${t("seats.bet")} `), amount(player.bet, { duell }))
      : null,
    state ? h("p", { class: "seat-state" }, state) : null,
    clockSeconds !== null
      ? h("p", { class: "seat-clock", "data-clock": mine ? "you" : "table" }, t("seats.clock", { time: formatSeconds(clockSeconds) }))
      : null,
    guess,
  );
}

export function renderSeats(model) {
  fill(byId("seats"), model.view.players.map((p) => seatCard(model, p)));
}

export function renderPot(model) {
  const view = model.view;
  const hand = view.hand;
  const duell = model.duell;
  fill(byId("pot"), h("span", { class: "label" }, `${t("pot.label")} `), amount(hand.pot, { duell }));
  const names = (seats) => formatList(seats.map((s) => view.players[s].name));
  // Unequal bets in an open round also make layers; they are real side pots only once
  // someone is all-in (Q9).
  const real = hand.pots.length > 1 && view.players.some((p) => p.all_in && p.in_hand);
  const sidePots = byId("side-pots");
  show(sidePots, real);
  fill(
    sidePots,
    real
      ? hand.pots.map((pot, i) =>
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
