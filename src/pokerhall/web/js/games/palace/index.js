// @ts-check
/* Palace Poker's web module (docs/rules/palace.md): the hand's facts, your camp (banner,
   palace, soldiers), the battle with its reveal (both hands, which cards did not count and
   why, who is out), the hand result, the move controls (actions.js), each seat's banner,
   soldiers and palace (your own face up, others' as backs, those you saw in a battle, P13),
   and its words for the status lines and the screen reader, where cards are words
   (cards.js). The interface is documented in web/README.md ("Game modules"). */

import { defineGame } from "../../define-game.js";
import { describeEvent } from "../../describe.js";
import { byId, fill, h, srOnly } from "../../dom.js";
import { formatList, formatNumber, t } from "../../i18n.js";
import { movesOf, PalaceActions } from "./actions.js";
import { cardBacks, cardList, cardsWords, cardWords, spokenMessage, suitWords } from "./cards.js";
import { handResult } from "./result.js";

let actions = null;


const name = (model, seat) => model.names[seat] ?? t("pal.result.player");

/** Who is asked now: the battle's actor, the seat choosing soldiers, or the turn. */
function acting(hand) {
  if (hand.battle) return hand.battle.to_act;
  if (hand.choosing_soldiers !== null && hand.choosing_soldiers !== undefined) return hand.choosing_soldiers;
  return hand.turn ?? null;
}

function category(value) {
  return t(`pal.category.${String(value).replaceAll(" ", "_")}`);
}

function labelled(label, content, cls) {
  return h("div", { class: `pal-line ${cls || ""}` }, h("span", { class: "label" }, `${label}: `), content);
}

// --- the hand and your camp --------------------------------------------------------------

function renderInfo(model) {
  const view = model.view;
  const hand = view.hand;
  const rules = view.rules;
  byId("pal-hand-info").textContent = t("pal.handInfo", {
    hand: hand.number,
    name: name(model, hand.dealer),
    small: formatNumber(rules.small_bet),
    big: formatNumber(rules.big_bet),
    ante: formatNumber(rules.ante),
    betting: t(`pal.betting.${rules.betting}`),
  });
  byId("pal-piles").textContent = t("pal.piles", { stock: formatNumber(hand.stock), discards: formatNumber(hand.discard_pile) });
  fill(byId("pot"), h("span", { class: "label" }, `${t("pal.pot")} `), h("span", { class: "amount" }, formatNumber(hand.pot)));
}

function renderCamp(model) {
  const view = model.view;
  const body = byId("pal-camp-body");
  if (model.seat === null || !view.you) {
    fill(body, h("p", { class: "muted" }, t("pal.watching")));
    return;
  }
  const me = view.players[model.seat];
  if (!me.in_hand) {
    fill(body, h("p", { class: "muted" }, t("pal.notInHand")));
    return;
  }
  fill(
    body,
    labelled(t("pal.banner"), cardList([me.banner]), "pal-banner"),
    labelled(t("pal.palace"), cardList(view.you.palace), "pal-palace"),
    labelled(t("pal.soldiers"), cardList(me.soldiers), "pal-soldiers-line"),
  );
}

// --- the battle ----------------------------------------------------------------------------

/** The hand's last battle from its events (as the server sends them: `type` and the event's
   fields): the attack, answers, what this seat was shown (P13: `battle_examined` to the one who
   called last, `battle_confirmed` to the other fighter only when the caller claims; a third seat,
   a spectator and the winner over a conceding caller get neither) and how it ended. */
function lastBattle(events) {
  let battle = null;
  for (const event of events) {
    if (event.type === "battle") battle = { attack: event, actions: [], hands: null, seen: null, won: null, tied: null };
    else if (!battle) continue;
    else if (event.type === "battle_action") battle.actions.push(event);
    else if (event.type === "battle_examined" || event.type === "battle_confirmed") {
      battle.hands = event.hands;
      battle.seen = event;
    }
    else if (event.type === "battle_won") battle.won = event;
    else if (event.type === "battle_tied") battle.tied = event;
  }
  return battle;
}

function revealOf(model, hand, other) {
  const opponent = name(model, other.seat);
  const suit = suitWords(other.banner);
  const left = hand.left_out || [];
  return h(
    "section",
    { class: "pal-reveal", "data-seat": hand.seat, "aria-labelledby": `pal-reveal-${hand.seat}` },
    h("h4", { id: `pal-reveal-${hand.seat}` }, t("pal.battle.handOf", { name: name(model, hand.seat) })),
    labelled(t("pal.palace"), cardList(hand.palace, { leftOut: left })),
    labelled(t("pal.banner"), cardList([hand.banner].filter(Boolean), { leftOut: left })),
    labelled(t("pal.soldiers"), cardList(hand.soldiers || [], { leftOut: left })),
    h(
      "p",
      { class: "pal-left-out" },
      left.length
        ? t("pal.battle.leftOut", { name: opponent, suit, cards: cardsWords(left) })
        : t("pal.battle.allCount", { name: opponent, suit }),
    ),
    h("p", { class: "pal-counts" }, t("pal.battle.counts", { category: category(hand.counts) })),
  );
}

function outcome(model, battle) {
  if (battle.won) {
    const { winner, loser, how, taken } = battle.won;
    // A fighter who was shown the hands learns why (better hand, or the banner-suit tie-break);
    // everyone else only who won and whether by a fold, the caller's claim or its concession.
    const why = battle.seen?.how === "banner_suit" ? "pal.battle.banner_suit" : "pal.battle.hand";
    const key = { fold: "pal.battle.fold", claimed: "pal.battle.claimed", conceded: "pal.battle.conceded" }[how] ?? "pal.battle.claimed";
    const names = { winner: name(model, winner), loser: name(model, loser) };
    return [
      ...(battle.seen && how !== "fold" ? [t(why, names)] : []),
      t(key, names),
      t("pal.battle.taken", { name: name(model, winner), cards: cardsWords(taken) }),
    ];
  }
  if (battle.tied) {
    const names = formatList(battle.tied.seats.map((s) => name(model, s)));
    return [t(battle.tied.split ? "pal.battle.tiedSplit" : "pal.battle.tiedOut", { names })];
  }
  return [];
}

function renderBattle(model) {
  const body = byId("pal-battle-body");
  const battle = lastBattle(model.eventsOf(model.currentHand));
  if (!battle) {
    fill(body, h("p", { class: "muted" }, t("pal.battle.none")));
    return;
  }
  const { attacker, defender } = battle.attack;
  const live = model.view.hand.battle;
  const parts = [h("p", { class: "pal-attack" }, t("pal.battle.attack", { attacker: name(model, attacker), defender: name(model, defender) }))];
  if (live) {
    const bets = Object.entries(live.bets).map(([seat, amount]) => t("pal.battle.betOf", { name: name(model, Number(seat)), amount: formatNumber(amount) }));
    parts.push(h("p", {}, t("pal.battle.bets", { parts: formatList(bets) }), " ", t("pal.battle.raises", { count: live.raises })));
  }
  if (battle.hands) {
    const [a, b] = battle.hands;
    parts.push(h("div", { class: "pal-reveals" }, revealOf(model, a, b), revealOf(model, b, a)));
  } else if (battle.won && battle.won.how !== "fold") {
    parts.push(h("p", { class: "muted" }, t("pal.battle.unseen")));
  }
  const ending = outcome(model, battle);
  if (ending.length) parts.push(h("p", { class: "pal-outcome", "data-testid": "battle-outcome" }, ending.join(" ")));
  fill(body, parts);
}

// --- the hand result ----------------------------------------------------------------------

function renderResult(model) {
  const body = byId("pal-result-body");
  const current = model.currentHand;
  const ended = (n) => model.eventsOf(n).some((e) => e.type === "pot_awarded");
  const number = ended(current) ? current : ended(current - 1) ? current - 1 : null;
  if (number === null) {
    fill(body, h("p", { class: "muted" }, t("pal.result.none")));
    return;
  }
  const events = model.eventsOf(number);
  const ctx = model.describeContext;
  const parts = [h("p", { class: "pal-result-of" }, h("strong", {}, t("pal.result.of", { hand: number })))];
  const showdown = events.find((e) => e.type === "showdown");
  if (showdown) {
    parts.push(
      h(
        "table",
        { class: "pal-showdown" },
        h("caption", {}, t("pal.result.showdown")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("pal.result.player")), h("th", { scope: "col" }, t("pal.result.palace")), h("th", { scope: "col" }, t("pal.result.category")))),
        h(
          "tbody",
          {},
          showdown.hands.map((hand) =>
            h("tr", {}, h("th", { scope: "row" }, name(model, hand.seat)), h("td", {}, cardList(hand.palace)), h("td", {}, category(hand.category))),
          ),
        ),
      ),
    );
  }
  const lines = events.filter((e) => ["same_suit", "battle_tied", "pot_awarded", "eliminated", "left"].includes(e.type));
  parts.push(h("ul", { class: "pal-awards" }, lines.map((e) => h("li", { "data-type": e.type }, describeEvent(e, ctx)))));
  fill(body, parts);
}

// --- the seats -----------------------------------------------------------------------------

function palaceOf(model, player, seat) {
  const view = model.view;
  if (player.shown) return [cardList(player.shown), h("span", { class: "muted" }, ` (${t("pal.seat.shown")})`)];
  if (seat === model.seat && player.in_hand && view.you) return cardList(view.you.palace);
  const known = view.you?.known?.[String(seat)];
  if (known && player.in_hand) return [cardList(known), h("span", { class: "muted" }, ` (${t("pal.seat.seen")})`)];
  return player.palace_cards ? cardBacks(player.palace_cards) : null;
}

function stateWords(view, player, seat) {
  const hand = view.hand;
  const words = [];
  if (!player.in_game) words.push(t("pal.seat.out"));
  else if (!player.in_hand) words.push(t("pal.seat.outOfHand"));
  else if (hand.quiet.includes(seat)) words.push(t("pal.seat.quiet"));
  if (hand.battle?.attacker === seat) words.push(t("pal.seat.attacking"));
  if (hand.battle?.defender === seat) words.push(t("pal.seat.defending"));
  if (hand.choosing_soldiers === seat) words.push(t("pal.seat.choosing"));
  if (player.resigned) words.push(t("pal.seat.resigned"));
  return words;
}

function seatDetails(model, player, seat) {
  const view = model.view;
  const hand = view.hand;
  const classes = [];
  if (!player.in_game) classes.push("is-out");
  else if (!player.in_hand) classes.push("is-folded");
  const badges = hand.dealer === seat
    ? [h("span", { class: "badge badge-button", title: t("pal.seat.dealer") }, h("span", { "aria-hidden": "true" }, t("pal.seat.dealerShort")), srOnly(t("pal.seat.dealer")))]
    : [];
  const palace = player.in_hand || player.shown ? palaceOf(model, player, seat) : null;
  return {
    turn: acting(hand) === seat,
    classes,
    badges,
    lines: [
      labelled(t("pal.seat.stack"), h("span", { class: "amount with-chip-stack" }, formatNumber(player.stack)), "seat-stack"),
      player.put_in > 0 ? labelled(t("pal.seat.putIn"), h("span", { class: "amount" }, formatNumber(player.put_in)), "seat-bet") : null,
      player.banner ? labelled(t("pal.seat.banner"), cardList([player.banner]), "seat-banner") : null,
      palace ? labelled(t("pal.seat.palace"), palace, "seat-palace") : null,
    ],
    // the soldiers on demand: the banner and the palace are what a glance at a seat asks for
    details: [player.in_hand ? labelled(t("pal.seat.soldiers"), cardList(player.soldiers), "seat-soldiers") : null],
    state: stateWords(view, player, seat),
  };
}

// --- words ---------------------------------------------------------------------------------

function statusText(model) {
  const view = model.view;
  const hand = view.hand;
  const number = hand.number;
  if (hand.phase === "battle" && hand.battle) {
    const { attacker, defender, to_act: actor } = hand.battle;
    return t("pal.status.battle", { hand: number, attacker: name(model, attacker), defender: name(model, defender), name: name(model, actor) });
  }
  if (hand.phase === "soldiers" && hand.choosing_soldiers !== null) {
    return t("pal.status.soldiers", { hand: number, name: name(model, hand.choosing_soldiers) });
  }
  if (hand.phase === "turn" && hand.turn !== null) {
    if (hand.turn === model.seat) return t("pal.status.yourTurn", { hand: number });
    return t("pal.status.turn", { hand: number, name: name(model, hand.turn) });
  }
  return t("pal.status.done", { hand: number });
}

function youText(model) {
  const me = model.me;
  if (!me) return t("status.watching");
  const parts = [t("pal.you.seat", { name: me.name, seat: model.seat + 1, amount: formatNumber(me.stack) })];
  if (!me.in_game) parts.push(t("pal.you.out"));
  else if (!me.in_hand) parts.push(t("pal.you.outOfHand"));
  return parts.join(" ");
}

function turnAnnouncement(model) {
  const prompt = model.prompt;
  if (!prompt) return "";
  const moves = movesOf(prompt);
  const pot = formatNumber(prompt.pot ?? model.view.hand.pot);
  if (prompt.type === "turn") {
    const can = [];
    if (moves.buy) can.push(t("pal.turn.buy", { amount: formatNumber(moves.buy.cost) }));
    if (moves.discard) can.push(t("pal.turn.discard", { amount: formatNumber(moves.discard.cost) }));
    if (moves.battle) {
      const names = formatList(moves.battle.params.target.choices.map((s) => name(model, s)));
      can.push(t("pal.turn.battle", { names, amount: formatNumber(moves.battle.params.bet.min) }));
    }
    if (moves.stay) can.push(t("pal.turn.stay"));
    can.push(t("pal.turn.fold"));
    return t("pal.turn.turn", { pot, moves: formatList(can) });
  }
  if (prompt.type === "battle") {
    const other = name(model, prompt.role === "defender" ? prompt.attacker : prompt.defender);
    const call = formatNumber(moves.call.amount);
    if (!moves.raise) return t("pal.turn.battleAnswer", { name: other, pot, call });
    const min = formatNumber(moves.raise.params.by.min);
    return t(prompt.raises ? "pal.turn.battleRaise" : "pal.turn.battleAnswerRaise", { name: other, pot, call, min });
  }
  if (prompt.type === "soldiers") {
    const hint = prompt.excess ? t("pal.act.mustLetGo", { count: prompt.excess }) : t("pal.act.mayLetGo");
    return `${t("pal.turn.soldiers", { cards: cardsWords(moves.discard.params.cards.choices) })} ${hint}`;
  }
  return "";
}

function summaryParts(model) {
  const parts = [t("pal.summary.pot", { amount: formatNumber(model.view.hand.pot) })];
  const me = model.me;
  if (me?.in_hand && model.view.you) {
    parts.push(t("pal.you.banner", { card: cardWords(me.banner) }));
    parts.push(t("pal.you.palace", { cards: cardsWords(model.view.you.palace) }));
    parts.push(t("pal.you.soldiers", { cards: cardsWords(me.soldiers) }));
  }
  return parts;
}

export default defineGame(import.meta.url, {
  playingCards: true, // its cards are read aloud from the one catalogue (card-words.js)
  stylesheet: "palace.css",

  /** The hand's deciding battle drawn on the felt during the result pause (result.js). */
  handResult,

  /** Listed instead when the drawing has no events to draw from: only what the rules show
      (battle_examined, battle_confirmed, battle_won as this seat got them). */
  resultEvents: new Set([
    "battle_examined", "battle_confirmed", "battle_won", "battle_tied", "showdown", "same_suit",
    "pot_awarded", "eliminated",
  ]),

  /** Events read out even when "read out every event" is off: battles and how hands end. */
  alwaysAnnounced: new Set([
    "battle", "battle_action", "battle_examined", "battle_confirmed", "battle_won", "battle_tied", "showdown",
    "same_suit", "pot_awarded", "eliminated", "left", "game_over",
  ]),

  shortcuts: [
    { code: "KeyB", keys: "B", label: "pal.keys.buy", run: () => actions?.buy() },
    { code: "KeyT", keys: "T", label: "pal.keys.stay", run: () => actions?.stay() },
    { code: "KeyA", keys: "A", label: "pal.keys.battle", run: () => actions?.battle() },
    { code: "KeyF", keys: "F", label: "pal.keys.fold", run: () => actions?.fold() },
    { code: "KeyC", keys: "C", label: "pal.keys.call", run: () => actions?.call() },
    { code: "KeyR", keys: "R", label: "pal.keys.raise", run: () => actions?.raise() },
  ],
  shortcutsNote: "pal.keys.note",

  mount(_slots, ctx) {
    actions = new PalaceActions(ctx.send);
  },

  render(model) {
    renderInfo(model);
    renderCamp(model);
    renderBattle(model);
    renderResult(model);
    return actions.update(model);
  },

  languageChanged(model) {
    if (model.view) actions.build();
  },

  get busy() {
    return actions?.busy ?? false;
  },
  refused: (reason) => actions.refused(reason),
  focusForTurn: () => actions.focusForTurn(),

  statusText,
  youText,
  turnAnnouncement,
  summaryParts,
  seat: seatDetails,

  /** The screen reader hears cards as words ("ace of hearts"). */
  spokenEvent: (event, ctx) => describeEvent({ ...event, message: spokenMessage(event.message) }, ctx),

  roundOf: (view) => view.hand?.number ?? null,
});
