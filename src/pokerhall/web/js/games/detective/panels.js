/* Detective Poker's panels drawn from the view (docs/protocol.md, "Views"): the hand and
   betting round, the community cards, your own cards, the chips on every board by betting
   round, the scoring of the last hand street by street, and the score table of both rounds.
   Every card and every state is written in words; the visual table is CSS over it. */

import { byId, fill, h, show, srOnly } from "../../dom.js";
import { formatList, formatNumber, t } from "../../i18n.js";
import { actionName, cardBack, cardFace, cardNames, categoryName, streetName } from "./cards.js";

export const STREETS = ["preflop", "flop", "turn", "river"];

function fact(term, ...value) {
  return h("div", {}, h("dt", {}, term), h("dd", {}, ...value));
}

function cardList(texts) {
  return texts.length ? texts.map((c) => h("li", {}, cardFace(c))) : [h("li", { class: "muted" }, t("det.noCards"))];
}

export function renderTable(model) {
  const view = model.view;
  const hand = view.hand;
  byId("det-hand-info").textContent = t("det.table.hand", {
    hand: hand.number,
    hands: view.hands,
    round: hand.game_round,
    inRound: hand.hand_in_round,
    perRound: view.hands_per_round,
  });
  byId("det-street").textContent =
    hand.phase === "betting" ? t("det.table.street", { index: hand.street_index, street: streetName(hand.street) }) : t("det.table.scored");
  fill(byId("community"), cardList(hand.community));
  const discarded = byId("discarded");
  show(discarded, hand.discarded.length > 0);
  discarded.textContent = hand.discarded.length ? t("det.community.discarded", { cards: cardNames(hand.discarded) }) : "";
  const you = view.you;
  const list = byId("your-cards-list");
  if (!you) {
    fill(list, fact(t("det.you.heading"), t("det.you.watching")));
    return;
  }
  const held = you.action_cards.length ? formatList(you.action_cards.map(actionName)) : t("det.status.noActionCards");
  fill(
    list,
    fact(t("det.you.private"), cardFace(you.private)),
    fact(t("det.you.forehead"), you.forehead ? cardFace(you.forehead) : cardBack(t("det.cardHidden"))),
    fact(t("det.you.chips"), formatNumber(you.chips_left)),
    fact(t("det.you.actionCards"), held),
    fact(t("det.you.points"), formatNumber(view.players[model.seat].points)),
  );
}

/** A bet as the boards table writes it: "Ann: 2 chips + a card face down". */
function betText(model, bet, shown) {
  const words = [t("det.boards.bet", { name: model.names[bet.seat], count: bet.chips })];
  if (bet.card) words.push(t(shown ? "det.boards.shownCard" : "det.boards.yourCard", { card: actionName(bet.card) }));
  else if (bet.face_down) words.push(t("det.boards.faceDown"));
  return words.join(" ");
}

export function renderBoards(model) {
  const view = model.view;
  const hand = view.hand;
  const shown = hand.phase === "done";
  const owners = view.players.map((p) => p.seat);
  fill(
    byId("boards-body"),
    h(
      "table",
      { id: "boards-table", class: "det-table" },
      h("caption", { id: "boards-caption" }, t("det.boards.caption")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("det.boards.board")),
          STREETS.map((s) => h("th", { scope: "col" }, streetName(s))),
          h("th", { scope: "col", class: "num" }, t("det.boards.total")),
        ),
      ),
      h(
        "tbody",
        {},
        owners.map((owner) => {
          const bets = hand.bets.filter((b) => b.board === owner);
          return h(
            "tr",
            { "data-board": owner, class: owner === model.seat ? "is-me" : "" },
            h("th", { scope: "row" }, model.names[owner]),
            STREETS.map((street) => {
              const here = bets.filter((b) => b.street === street);
              return h(
                "td",
                { "data-street": street },
                here.length ? h("ul", { class: "det-bets" }, here.map((b) => h("li", {}, betText(model, b, shown)))) : t("det.boards.none"),
              );
            }),
            h("td", { class: "num" }, formatNumber(bets.reduce((sum, b) => sum + b.chips, 0))),
          );
        }),
      ),
    ),
  );
}

/** The hand whose scoring is shown: the current one once scored (the game's last), else the last. */
export function scoredHand(view) {
  const hand = view.hand;
  if (hand.phase === "done" && hand.scoring.length) {
    return {
      number: hand.number,
      cards: view.players.map((p) => ({ seat: p.seat, private: p.private, forehead: p.forehead })),
      community: hand.community,
      discarded: hand.discarded,
      scoring: hand.scoring,
      points: view.hand_points[hand.number - 1] ?? [],
    };
  }
  return view.last_hand;
}

function handsTable(model, last) {
  const names = model.names;
  return h(
    "table",
    { class: "det-table det-hands" },
    h("caption", {}, t("det.scoring.handsCaption", { hand: last.number })),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, t("det.scoring.player")),
        h("th", { scope: "col" }, t("det.scoring.private")),
        h("th", { scope: "col" }, t("det.scoring.forehead")),
        last.scoring.map((r) => h("th", { scope: "col" }, streetName(r.street))),
      ),
    ),
    h(
      "tbody",
      {},
      last.cards.map((c) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, names[c.seat]),
          h("td", {}, cardFace(c.private)),
          h("td", {}, cardFace(c.forehead)),
          last.scoring.map((r) => {
            const marks = [];
            if (r.best.includes(c.seat)) marks.push(t("det.scoring.best"));
            if (r.worst.includes(c.seat)) marks.push(t("det.scoring.worst"));
            return h(
              "td",
              { class: marks.length ? `is-${r.best.includes(c.seat) ? "best" : "worst"}` : "" },
              categoryName(r.categories[c.seat]),
              marks.length ? h("strong", {}, ` (${marks.join(", ")})`) : null,
            );
          }),
        ),
      ),
    ),
  );
}

function streetSection(model, result) {
  const names = model.names;
  const list = (seats) => formatList(seats.map((s) => names[s]));
  const top = result.best[0];
  return h(
    "section",
    { class: "det-street-score", "data-street": result.street },
    h(
      "h4",
      {},
      t("det.scoring.street", {
        street: streetName(result.street),
        best: list(result.best),
        category: categoryName(result.categories[top]),
        worst: list(result.worst),
      }),
    ),
    result.bets.length
      ? h(
          "table",
          { class: "det-table det-bets-scored" },
          h("caption", { class: "sr-only" }, t("det.scoring.betsCaption", { street: streetName(result.street) })),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ["bettor", "board", "card", "countsFor", "chips", "right"].map((k) => h("th", { scope: "col" }, t(`det.scoring.${k}`))),
              h("th", { scope: "col", class: "num" }, t("det.scoring.points")),
            ),
          ),
          h(
            "tbody",
            {},
            result.bets.map((b) =>
              h(
                "tr",
                { class: b.correct ? "is-right" : "is-wrong" },
                h("th", { scope: "row" }, names[b.seat]),
                h("td", {}, names[b.board]),
                h("td", {}, actionName(b.card)),
                h("td", {}, names[b.counts_for]),
                h("td", { class: "num" }, formatNumber(b.chips)),
                h("td", {}, t(b.correct ? "det.scoring.yes" : "det.scoring.no")),
                h("td", { class: "num" }, formatNumber(b.points)),
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, t("det.scoring.noBets")),
  );
}

export function renderScoring(model) {
  const body = byId("scoring-body");
  const last = scoredHand(model.view);
  const section = byId("scoring");
  if (!last) {
    delete section.dataset.hand;
    fill(body, h("p", { class: "muted" }, t("det.scoring.none")));
    return;
  }
  section.dataset.hand = String(last.number);
  const names = model.names;
  const points = formatList(last.points.map((p, s) => t("det.scoring.seatPoints", { name: names[s], points: formatNumber(p) })));
  fill(
    body,
    h("h3", {}, t("det.scoring.hand", { hand: last.number })),
    h("p", {}, t("det.scoring.community", { cards: cardNames(last.community) })),
    h("ul", { class: "det-cards community", "aria-hidden": "true" }, last.community.map((c) => h("li", {}, cardFace(c)))),
    last.discarded.length ? h("p", { class: "muted" }, t("det.community.discarded", { cards: cardNames(last.discarded) })) : null,
    handsTable(model, last),
    last.scoring.map((r) => streetSection(model, r)),
    h("p", { class: "det-hand-points" }, t("det.scoring.handPoints", { points })),
  );
}

export function renderScores(model) {
  const view = model.view;
  const perRound = view.hands_per_round;
  const rounds = view.rounds;
  const played = view.hand_points;
  const numbers = Array.from({ length: view.hands }, (_, i) => i + 1);
  fill(
    byId("scores-body"),
    h(
      "table",
      { id: "score-table", class: "det-table det-score-table" },
      h("caption", { id: "scores-caption" }, t("det.scores.caption")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("td", {}),
          Array.from({ length: rounds }, (_, r) => h("th", { scope: "colgroup", colspan: perRound }, t("det.scores.round", { round: r + 1 }))),
          h("td", {}),
        ),
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("det.scoring.player")),
          numbers.map((n) => h("th", { scope: "col", class: "num" }, srOnly(t("det.scores.hand", { hand: n })), h("span", { "aria-hidden": "true" }, formatNumber(n)))),
          h("th", { scope: "col", class: "num" }, t("det.scores.total")),
        ),
      ),
      h(
        "tbody",
        {},
        view.players.map((p) =>
          h(
            "tr",
            { class: p.seat === model.seat ? "is-me" : "" },
            h("th", { scope: "row" }, p.name),
            numbers.map((n) => {
              const row = played[n - 1];
              return row ? h("td", { class: "num" }, formatNumber(row[p.seat])) : h("td", { class: "num muted" }, h("span", { "aria-hidden": "true" }, "·"), srOnly(t("det.scores.notYet")));
            }),
            h("td", { class: "num total" }, formatNumber(p.points)),
          ),
        ),
      ),
    ),
  );
}

// --- the seat cards ------------------------------------------------------------------------

function badge(short, long) {
  return h("span", { class: "badge badge-button", title: long }, h("span", { "aria-hidden": "true" }, short), srOnly(long));
}

/** The module's `seat` hook: {turn, classes, badges, lines, state} for the shell's card. */
export function seatDetails(model, player, seat) {
  const view = model.view;
  const mine = seat === model.seat;
  let forehead;
  if (player.forehead) forehead = cardFace(player.forehead);
  else forehead = cardBack(mine ? t("det.cardHidden") : t("det.cardBack"));
  const lines = [
    h("p", { class: "det-forehead" }, h("span", { class: "label" }, `${t("det.seat.forehead")} `), forehead),
    player.private ? h("p", { class: "det-private" }, h("span", { class: "label" }, `${t("det.seat.private")} `), cardFace(player.private)) : null,
    h("p", { class: "det-chips with-chip-stack" }, t("det.seat.chipsLeft", { count: player.chips_left })),
    h("p", { class: "det-points" }, t("det.seat.points", { count: player.points })),
  ];
  // on demand: what the boards panel and the score table also say
  const details = [
    h("p", { class: "det-cards-left" }, t("det.seat.cardsLeft", { count: player.action_cards_left })),
    h("p", { class: "det-on-board with-chip" }, t("det.seat.onBoard", { count: player.on_board })),
  ];
  return {
    turn: view.hand.to_act === seat,
    classes: player.resigned ? ["is-out"] : [],
    badges: player.dealer ? [badge(t("det.seat.dealerShort"), t("det.seat.dealer"))] : [],
    lines,
    details,
    state: player.resigned ? [t("det.seat.resigned")] : [],
  };
}

// --- words for the status lines and the screen reader -----------------------------------------

export function statusText(model) {
  const view = model.view;
  const hand = view.hand;
  if (hand.phase !== "betting") return t("det.table.scored");
  const street = t("det.table.street", { index: hand.street_index, street: streetName(hand.street) });
  if (hand.to_act === null) return street;
  if (hand.to_act === model.seat) return `${street}. ${t("det.status.yourTurn")}`;
  return `${street}. ${t("det.status.toBet", { name: model.names[hand.to_act] })}`;
}

export function youText(model) {
  const view = model.view;
  const you = view.you;
  if (!you || model.seat === null) return t("status.watching");
  const cards = you.action_cards.length
    ? t("det.status.yourCards", { cards: formatList(you.action_cards.map(actionName)) })
    : t("det.status.noActionCards");
  return `${t("det.status.you", { name: model.names[model.seat], seat: model.seat + 1 })} ${t("det.status.yourChips", { count: you.chips_left })}, ${cards}; ${t("det.status.yourPoints", { count: view.players[model.seat].points })}`;
}

/** What this seat sees of the cards, as sentences. */
function seenCards(model) {
  const view = model.view;
  const parts = [];
  if (view.you) parts.push(t("det.turn.private", { card: cardNames([view.you.private]) }));
  const foreheads = view.players
    .filter((p) => p.forehead && p.seat !== model.seat)
    .map((p) => t("det.turn.forehead", { name: p.name, card: cardNames([p.forehead]) }));
  if (foreheads.length) parts.push(t("det.turn.youSee", { cards: formatList(foreheads) }));
  const community = view.hand.community;
  parts.push(community.length ? t("det.turn.community", { cards: cardNames(community) }) : t("det.turn.noCommunity"));
  return parts;
}

export function turnAnnouncement(model) {
  const prompt = model.prompt;
  if (!prompt) return "";
  const chips = prompt.moves[0].params.chips;
  return [t("det.turn.bet", { street: streetName(prompt.street), max: chips.max }), ...seenCards(model)].join(" ");
}

export function summaryParts(model) {
  const view = model.view;
  const boards = view.players.map((p) => t("det.summary.board", { name: p.name, count: p.on_board }));
  return [...seenCards(model), t("det.summary.boards", { boards: formatList(boards) })];
}
