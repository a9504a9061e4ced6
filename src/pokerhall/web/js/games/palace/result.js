/* Palace Poker's hand result on the felt (render-result.js, during the result pause): the
   hand's deciding battle drawn as its two fighters side by side (banner, soldiers and palace,
   as far as the rules show them to this seat: P13 — the palace a called battle showed it, its
   own palace, else face-down backs; a conceding caller's palace is never shown), the winner
   marked, how it ended and the pot going to the winner; a hand that ended in a showdown shows
   every palace (public then, P15); a hand won by folds or a shared banner suit says so. Drawn
   from the hand's events alone, which a reload during the pause gets again (`result_events`).
   The card faces come from cards.js, so a shared card drawing replaces them in one place. */

import { describeEvent } from "../../describe.js";
import { h } from "../../dom.js";
import { formatNumber, t } from "../../i18n.js";
import { cardBacks, cardList } from "./cards.js";

const PALACE_CARDS = 3;

const name = (model, seat) => model.names[seat] ?? t("pal.result.player");

/** Each seat's banner and soldiers as the hand's public events leave them, step by step. */
class Camps {
  constructor() {
    this.banner = new Map();
    this.soldiers = new Map();
  }

  soldiersOf(seat) {
    if (!this.soldiers.has(seat)) this.soldiers.set(seat, []);
    return this.soldiers.get(seat);
  }

  take(event) {
    const drop = (seat, cards) => this.soldiers.set(seat, this.soldiersOf(seat).filter((c) => !cards.includes(c)));
    if (event.type === "banner_card" && event.kept) this.banner.set(event.seat, event.card);
    else if (event.type === "bought") this.soldiersOf(event.seat).push(event.card);
    else if (event.type === "discarded" || event.type === "soldiers_let_go") drop(event.seat, event.cards);
    else if (event.type === "battle_won") {
      this.soldiersOf(event.winner).push(...event.taken);
      this.soldiers.set(event.loser, []);
    }
  }

  side(seat) {
    return { seat, banner: this.banner.get(seat) ?? null, soldiers: [...this.soldiersOf(seat)] };
  }
}

/** The hand's battles, each with both fighters as they stood when it began and what this seat
    was shown; plus the showdown and awards. */
export function handStory(events, mySeat) {
  const camps = new Camps();
  const battles = [];
  let own = null; // this seat's own palace (its private `palace_cards`)
  let battle = null;
  let showdown = null;
  const awards = [];
  for (const event of events) {
    if (event.type === "palace_cards" && event.seat === mySeat) own = event.cards;
    if (event.type === "battle") {
      battle = { attack: event, sides: [camps.side(event.attacker), camps.side(event.defender)], seen: null, won: null, tied: null, pot: event.pot };
      battles.push(battle);
    } else if (battle && event.type === "battle_action") battle.pot = event.pot;
    else if (battle && (event.type === "battle_examined" || event.type === "battle_confirmed")) battle.seen = event;
    else if (battle && event.type === "battle_won") battle.won = event;
    else if (battle && event.type === "battle_tied") battle.tied = event;
    else if (event.type === "showdown") showdown = event;
    else if (event.type === "pot_awarded") awards.push(event);
    camps.take(event);
  }
  return { battles, own, showdown, awards, camps };
}

function winnerTag() {
  return h("span", { class: "result-winner-tag" }, t("result.winner"));
}

function labelled(label, content) {
  return h("div", { class: "pal-line" }, h("span", { class: "label" }, `${label}: `), content);
}

/** One fighter: its name (and the winner's tag), banner, soldiers and palace. */
function fighter(model, battle, side, own, winners) {
  const shown = battle.seen?.hands?.find((hand) => hand.seat === side.seat) ?? null;
  const role = battle.attack.attacker === null ? battle.role
    : side.seat === battle.attack.attacker ? t("pal.result.attacker") : t("pal.result.defender");
  const won = winners.has(side.seat);
  let palace;
  let note = null;
  if (shown) palace = cardList(shown.palace, { leftOut: shown.left_out || [] });
  else if (side.seat === model.seat && own) {
    palace = cardList(own);
    note = t("pal.result.yourPalace");
  } else {
    palace = cardBacks(PALACE_CARDS);
    note = t("pal.result.notShown");
  }
  return h(
    "section",
    {
      class: `pal-fighter${won ? " is-winner" : ""}`,
      "data-seat": side.seat,
      "data-result-winner": won,
      "aria-label": t("pal.result.fighter", { name: name(model, side.seat), role }),
    },
    h("h3", { class: "pal-fighter-name" }, name(model, side.seat), won ? winnerTag() : null),
    h("p", { class: "pal-fighter-role" }, role),
    labelled(t("pal.banner"), side.banner ? cardList([side.banner]) : h("span", { class: "muted" }, t("pal.noCards"))),
    labelled(t("pal.soldiers"), cardList(shown?.soldiers ?? side.soldiers)),
    labelled(t("pal.palace"), palace),
    note ? h("p", { class: "pal-fighter-note muted" }, note) : null,
    shown ? h("p", { class: "pal-counts" }, t("pal.battle.counts", { category: t(`pal.category.${String(shown.counts).replaceAll(" ", "_")}`) })) : null,
  );
}

/** How the battle ended, in words anyone at the table may read. */
function ending(model, battle) {
  if (battle.won) {
    const { winner, loser, how } = battle.won;
    const key = { fold: "pal.battle.fold", claimed: "pal.battle.claimed", conceded: "pal.battle.conceded" }[how] ?? "pal.battle.claimed";
    return t(key, { winner: name(model, winner), loser: name(model, loser) });
  }
  if (battle.tied) return describeEvent(battle.tied, model.describeContext);
  return "";
}

function battleDrawing(model, battle, own, winners) {
  const [a, b] = battle.sides;
  return h(
    "div",
    { class: "pal-result-battle" },
    h(
      "div",
      { class: "pal-fighters" },
      fighter(model, battle, a, own, winners),
      h("span", { class: "pal-versus", "aria-hidden": "true" }, t("pal.result.versus")),
      fighter(model, battle, b, own, winners),
    ),
    h("p", { class: "pal-result-ending" }, ending(model, battle)),
  );
}

function showdownDrawing(model, showdown, camps, winners) {
  return h(
    "div",
    { class: "pal-fighters pal-result-showdown" },
    showdown.hands.map((hand) => {
      const side = camps.side(hand.seat);
      const won = winners.has(hand.seat);
      return h(
        "section",
        { class: `pal-fighter${won ? " is-winner" : ""}`, "data-seat": hand.seat, "data-result-winner": won, "aria-label": name(model, hand.seat) },
        h("h3", { class: "pal-fighter-name" }, name(model, hand.seat), won ? winnerTag() : null),
        labelled(t("pal.banner"), side.banner ? cardList([side.banner]) : h("span", { class: "muted" }, t("pal.noCards"))),
        labelled(t("pal.soldiers"), cardList(side.soldiers)),
        labelled(t("pal.palace"), cardList(hand.palace)),
        h("p", { class: "pal-counts" }, t("pal.battle.counts", { category: t(`pal.category.${String(hand.category).replaceAll(" ", "_")}`) })),
      );
    }),
  );
}

/** The felt's drawing of hand `hand` (render-result.js), or null when its events are gone. */
export function handResult(model, hand, events) {
  if (!events.some((e) => e.type === "pot_awarded")) return null;
  const story = handStory(events, model.seat);
  const winners = new Set(story.awards.flatMap((a) => Object.keys(a.shares || {}).map(Number)));
  const parts = [];
  if (story.showdown) {
    parts.push(h("p", { class: "pal-result-kind" }, t("pal.result.showdown")), showdownDrawing(model, story.showdown, story.camps, winners));
  } else if (story.battles.length) {
    const last = story.battles[story.battles.length - 1];
    if (story.battles.length > 1) parts.push(h("p", { class: "pal-result-kind muted" }, t("pal.result.battles", { count: story.battles.length })));
    parts.push(battleDrawing(model, last, story.own, winners));
  } else {
    // Nobody fought: the winners' camps as they stand, their palaces unseen (P14).
    const sides = [...winners].map((seat) => story.camps.side(seat));
    const why = story.awards[0]?.why === "same_suit" ? "pal.result.sameSuit" : "pal.result.unfought";
    const alone = { attack: { attacker: null }, seen: null, role: t(why) };
    parts.push(h("div", { class: "pal-fighters" }, sides.map((side) => fighter(model, alone, side, story.own, winners))));
  }
  const pot = story.awards.reduce((sum, a) => sum + a.amount, 0);
  const takers = [...winners].map((seat) => name(model, seat));
  const lines = events.filter((e) => ["same_suit", "eliminated"].includes(e.type));
  return h(
    "div",
    { class: "pal-result" },
    parts,
    h("p", { class: "result-pot", "data-result-pot": "" }, h("span", { class: "result-pot-chips", "aria-hidden": "true" }),
      t("pal.result.potTo", { amount: formatNumber(pot), names: takers.join(", ") })),
    h("ul", { class: "hand-result-lines" }, lines.map((e) => h("li", { "data-event": e.type }, describeEvent(e, model.describeContext))).filter((li) => li.textContent)),
  );
}
