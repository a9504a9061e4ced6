/* Slovní poker's panels drawn from the view (docs/protocol.md, "Slovní poker"): the deal (its
   number, round, ante and raise limit, W5), the pot, the dice shown, your cards, the last
   deal's result (W10: every word, its score, each hand and its best word, the pot and the
   balances), each seat's points and what it declared, and the sentences of the status lines
   and the "your turn" alert. Letters are tiles for the eye and names for the ear (letters.js);
   every state is written in words. */

import { byId, fill, h, show } from "../../dom.js";
import { formatList, formatNumber, t } from "../../i18n.js";
import { cardNames, diceNames, letterTile } from "./letters.js";

const name = (model, seat) => model.names[seat] ?? String(seat + 1);

export function renderDeal(model) {
  const view = model.view;
  const deal = view.deal;
  const info = deal.phase === "done" ? t("wp.deal.done", { deal: deal.number, deals: view.deals }) : t("wp.deal.info", {
    deal: deal.number,
    deals: view.deals,
    round: deal.round,
    ante: formatNumber(deal.ante),
    most: formatNumber(deal.most[deal.round - 1]),
  });
  byId("wp-deal-info").textContent = info;
  byId("pot").textContent = deal.carry
    ? t("wp.pot.carry", { pot: formatNumber(deal.pot), carry: formatNumber(deal.carry) })
    : t("wp.pot", { pot: formatNumber(deal.pot) });
  fill(byId("wp-dice"), deal.dice.map((d) => letterTile(d, { kind: "die" })));
  byId("wp-dice-count").textContent = t("wp.dice.count", { shown: deal.dice.length, total: view.letters.dice });
  const you = view.you;
  const note = byId("wp-hand-note");
  const hand = you?.hand ?? [];
  fill(byId("wp-hand"), hand.map((c) => letterTile(c.letter, { id: c.id })));
  const noteText = !you ? t("wp.hand.watching") : hand.length ? "" : t("wp.hand.out");
  show(note, Boolean(noteText));
  note.textContent = noteText;
  const discards = byId("wp-discards");
  show(discards, Boolean(you?.discards?.length));
  discards.textContent = you?.discards?.length ? t("wp.hand.discards", { cards: cardNames(you.discards) }) : "";
  show(byId("wp-read-cards"), Boolean(you));
  // W18: a word scores its letters (CH one), unless the table chose letter values (ours).
  const values = Object.entries(view.letters.values).map(([letter, points]) => `${letter} ${formatNumber(points)}`);
  byId("wp-values").textContent = view.letters.scoring === "values"
    ? t("wp.values", {
      values: values.join(", "),
      hacek: formatNumber(view.letters.marks.hacek),
      carka: formatNumber(view.letters.marks.carka),
    })
    : t("wp.scoring.length");
}

// --- the deal's result (W10) ---------------------------------------------------------------

/** The best word any hand of the deal could make: {word, points, seat}, or null. */
export function bestOfDeal(result) {
  let best = null;
  for (const w of result?.words ?? []) {
    if (w.best && (best === null || w.best_score > best.points)) best = { word: w.best, points: w.best_score, seat: w.seat };
  }
  return best;
}

/** The result's sentences: who takes the pot, what carries over, the best word, balances. */
export function resultSentences(model, result) {
  const names = formatList(result.winners.map((s) => name(model, s)));
  const pot = formatNumber(result.pot);
  let winner;
  if (!result.winners.length) winner = t("wp.result.nobody", { pot });
  else if (result.uncontested) winner = t("wp.result.uncontested", { names, pot });
  else winner = t(result.winners.length > 1 ? "wp.result.split" : "wp.result.winner", { names, pot });
  const parts = [winner];
  if (result.carry && result.winners.length) parts.push(t("wp.result.carry", { carry: formatNumber(result.carry) }));
  if (!result.uncontested) {
    const best = bestOfDeal(result);
    parts.push(best ? t("wp.result.bestWord", { word: best.word, count: best.points, name: name(model, best.seat) }) : t("wp.result.noBestWord"));
  }
  const balances = result.balances.map((p, s) => t("wp.result.balance", { name: name(model, s), points: formatNumber(p) }));
  parts.push(t("wp.result.balances", { balances: formatList(balances) }));
  return parts;
}

function wordCell(w) {
  if (!w.word) return h("td", { class: "muted" }, t("wp.result.noWord"));
  return h("td", { lang: "cs" }, w.valid ? w.word : t("wp.result.unknown", { word: w.word }));
}

export function renderResult(model) {
  const result = model.view.last_deal;
  const body = byId("wp-result-body");
  const section = byId("wp-result");
  if (!result) {
    delete section.dataset.deal;
    fill(body, h("p", { class: "muted" }, t("wp.result.none")));
    return;
  }
  section.dataset.deal = String(result.deal);
  const winners = new Set(result.winners);
  const table = result.words.length
    ? h(
        "table",
        { class: "wp-table", id: "wp-result-table" },
        h("caption", {}, t("wp.result.caption", { deal: result.deal })),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["player", "word", "score", "hand", "best"].map((k) => h("th", { scope: "col", class: k === "score" ? "num" : null }, t(`wp.result.${k}`))),
          ),
        ),
        h(
          "tbody",
          {},
          result.words.map((w) =>
            h(
              "tr",
              { "data-seat": w.seat, class: winners.has(w.seat) ? "is-winner" : null },
              h("th", { scope: "row" }, name(model, w.seat), winners.has(w.seat) ? h("strong", {}, ` (${t("wp.result.winnerTag")})`) : null),
              wordCell(w),
              h("td", { class: "num" }, formatNumber(w.score)),
              h("td", {}, cardNames(w.hand)),
              h("td", { lang: w.best ? "cs" : null }, w.best ? t("wp.result.bestOf", { word: w.best, points: formatNumber(w.best_score) }) : t("wp.result.noBest")),
            ),
          ),
        ),
      )
    : null;
  fill(
    body,
    h("h3", {}, t("wp.result.of", { deal: result.deal })),
    table,
    h("ul", { class: "wp-result-lines" }, resultSentences(model, result).map((line) => h("li", {}, line))),
  );
}

// --- the seat cards ------------------------------------------------------------------------

const STATUS = { in: "wp.seat.in", folded: "wp.seat.folded", out: "wp.seat.out", bankrupt: "wp.seat.bankrupt", resigned: "wp.seat.resigned" };

export function seatDetails(model, player, seat) {
  const view = model.view;
  const deal = view.deal;
  const declared = deal.declarations[String(seat)];
  const lines = [
    h("p", { class: "wp-points with-chip-stack" }, t("wp.seat.points", { count: player.points })),
    player.put_in ? h("p", { class: "wp-put-in with-chip" }, t("wp.seat.putIn", { amount: formatNumber(player.put_in) })) : null,
    declared && deal.phase !== "done"
      ? h("p", { class: "wp-declared" }, t(`wp.seat.declared.${declared.choice}`, { amount: formatNumber(declared.amount) }))
      : null,
  ];
  // on demand: the deal's history of this seat
  const details = [
    player.exchanged.length ? h("p", {}, t("wp.seat.exchanged", { counts: player.exchanged.map((n) => formatNumber(n)).join(", ") })) : null,
    player.penalty ? h("p", {}, t("wp.seat.penalty", { amount: formatNumber(player.penalty) })) : null,
  ];
  const classes = [];
  if (player.status === "folded") classes.push("is-folded");
  if (["out", "bankrupt", "resigned"].includes(player.status)) classes.push("is-out");
  return {
    turn: seat === model.seat && model.prompt !== null,
    classes,
    badges: [],
    lines,
    details,
    state: [t(STATUS[player.status] ?? "wp.seat.in")],
  };
}

// --- words for the status lines and the screen reader -----------------------------------------

export function statusText(model) {
  const deal = model.view.deal;
  const params = { deal: deal.number, round: deal.round, highest: formatNumber(deal.highest) };
  return t(`wp.status.${deal.phase}`, params);
}

export function youText(model) {
  const me = model.me;
  if (!me) return t("status.watching");
  const seatLine = t("wp.you.seat", { name: me.name, seat: model.seat + 1, points: formatNumber(me.points) });
  const state = { in: "wp.you.in", bankrupt: "wp.you.bankrupt", resigned: "wp.you.resigned" }[me.status] ?? "wp.you.folded";
  return `${seatLine} ${t(state)}`;
}

export function cardsSentence(model) {
  const hand = model.view.you?.hand ?? [];
  return t("wp.turn.cards", { cards: cardNames(hand.map((c) => c.letter)), dice: diceNames(model.view.deal.dice) });
}

export function turnAnnouncement(model) {
  const prompt = model.prompt;
  if (!prompt) return "";
  let text = "";
  if (prompt.type === "declare") {
    const raise = prompt.moves.find((m) => m.type === "raise");
    const params = { round: prompt.round, pot: formatNumber(prompt.pot), points: formatNumber(prompt.points) };
    text = raise ? t("wp.turn.declare", { ...params, max: raise.params.amount.max }) : t("wp.turn.declareNoRaise", params);
  } else if (prompt.type === "respond") {
    const info = t(prompt.cost > 0 ? "wp.respond.info" : "wp.respond.infoFree", { highest: prompt.highest, cost: prompt.cost });
    text = `${info} ${t("wp.turn.respond", { cost: formatNumber(prompt.cost), count: prompt.max_exchange })}`;
  } else if (prompt.type === "word") {
    text = t("wp.turn.word", { pot: formatNumber(prompt.pot) });
  }
  return `${text} ${cardsSentence(model)}`;
}

export function summaryParts(model) {
  const deal = model.view.deal;
  const parts = [deal.carry ? t("wp.pot.carry", { pot: formatNumber(deal.pot), carry: formatNumber(deal.carry) }) : t("wp.pot", { pot: formatNumber(deal.pot) })];
  if (model.view.you) parts.push(cardsSentence(model));
  else parts.push(t("wp.read.diceText", { dice: diceNames(deal.dice) }));
  const points = model.view.players.map((p) => t("wp.result.balance", { name: p.name, points: formatNumber(p.points) }));
  parts.push(t("wp.result.balances", { balances: formatList(points) }));
  return parts;
}
