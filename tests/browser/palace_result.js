/* Drawn by tests/browser/test_felt_results.py: Palace's hand result (result.js) from a hand's
   events as the server would give them to `seat` (public ones and its own): Ann (seat 0)
   defends, calls last, looks at Bob's palace, loses and concedes (P13). */
(async (seat) => {
  const { handResult } = await import("/js/games/palace/result.js");
  const names = ["Ann", "Bob"];
  const model = { seat, names, describeContext: { names } };
  const hands = [
    { seat: 1, palace: ["Ad", "2c", "3c"], banner: "As", soldiers: [], left_out: [],
      counts: "pair", own_suit: 1 },
    { seat: 0, palace: ["Ks", "Qs", "Js"], banner: "Ah", soldiers: [], left_out: [],
      counts: "high card", own_suit: 1 },
  ];
  const all = [
    { type: "round_started", round: 1, visibility: "public" },
    { type: "banner_card", seat: 0, card: "Ah", kept: true, visibility: "public" },
    { type: "banner_card", seat: 1, card: "As", kept: true, visibility: "public" },
    { type: "palace_cards", seat: 0, cards: ["Ks", "Qs", "Js"], visibility: [0] },
    { type: "palace_cards", seat: 1, cards: ["Ad", "2c", "3c"], visibility: [1] },
    { type: "battle", attacker: 1, defender: 0, bet: 10, all_in: false, pot: 20,
      visibility: "public" },
    { type: "battle_action", seat: 0, action: "call", added: 10, all_in: false, pot: 30,
      visibility: "public" },
    { type: "battle_examined", caller: 0, other: 1, hands, winner: 1, how: "hand",
      visibility: [0] },
    { type: "battle_won", winner: 1, loser: 0, how: "conceded", caller: 0, taken: ["Ah"],
      visibility: "public" },
    { type: "pot_awarded", amount: 30, shares: { 1: 30 }, why: "last", visibility: "public" },
  ];
  const mine = (e) => e.visibility === "public" || (seat !== null && e.visibility.includes(seat));
  const node = handResult(model, 1, all.filter(mine));
  document.body.append(node);
  const side = (s) => node.querySelector(`.pal-fighter[data-seat="${s}"]`);
  const palace = (s) => [...side(s).querySelectorAll(".pal-line")].at(-1);
  return {
    cards: [0, 1].map((s) => [...palace(s).querySelectorAll("[data-card]")].map((c) => c.dataset.card)),
    backs: [0, 1].map((s) => palace(s).querySelectorAll(".card-back").length),
    winner: node.querySelector(".pal-fighter.is-winner").dataset.seat,
    text: node.innerText,
  };
})
