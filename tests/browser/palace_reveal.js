/* Drawn by tests/browser/test_palace.py: Palace's module renders a called battle (P10, P13)
   from events like the server's, as the attacker Ann gets them, and says a battle_confirmed
   message for the ear. `conceded`: Bob calls and loses instead, so Ann is shown nothing. */
(async (conceded) => {
  const palace = (await import("/js/games/palace/index.js")).default;
  const hands = [
    { seat: 0, palace: ["Ks", "Qs", "Js"], banner: "Ah", soldiers: ["Ts", "9s"],
      left_out: ["Ks", "Qs", "Js", "Ts", "9s"], counts: "high card", own_suit: 1 },
    { seat: 1, palace: ["Ad", "2c", "3c"], banner: "As", soldiers: [], left_out: [],
      counts: "pair", own_suit: 1 },
  ];
  const called = [
    { type: "battle", attacker: 0, defender: 1, bet: 30, all_in: false, pot: 45 },
    { type: "battle_action", seat: 1, action: "call", added: 10, all_in: false, pot: 55 },
  ];
  const events = conceded
    ? [...called, { type: "battle_won", winner: 0, loser: 1, how: "conceded", caller: 1, taken: ["As"] }]
    : [
        ...called,
        { type: "battle_confirmed", caller: 1, other: 0, hands, winner: 1, how: "hand" },
        { type: "battle_won", winner: 1, loser: 0, how: "claimed", caller: 1, taken: ["Ts", "9s", "Ah"] },
      ];
  const player = (name, extra) => ({
    name, stack: 470, in_game: true, resigned: false, in_hand: true, put_in: 35, banner: null,
    soldiers: [], palace_cards: 3, shown: null, ...extra,
  });
  const view = {
    game: "palace", seat: 0, prompt_id: 9, over: false,
    rules: { small_bet: 10, big_bet: 20, ante: 5, betting: "limit", buy_price: 10,
      discard_price: 10, raise_cap: 3, forced_battle: true, hands_per_session: 0, max_soldiers: 5 },
    players: [player("Ann", { in_hand: false, palace_cards: 0 }),
      player("Bob", { banner: "As", soldiers: ["Ts", "9s", "Ah"] }), player("Cy", { banner: "Kd" })],
    hand: { number: 1, phase: "soldiers", dealer: 2, order: [0, 1, 2], turn: null, pot: 75,
      stock: 36, discard_pile: 3, quiet: [], battle: null, choosing_soldiers: 1, awards: [] },
    you: { palace: ["Ks", "Qs", "Js"], known: conceded ? {} : { 1: ["Ad", "2c", "3c"] }, prompt: null },
  };
  const names = ["Ann", "Bob", "Cy"];
  const model = {
    view, seat: 0, names, currentHand: 1, prompt: null, me: view.players[0],
    describeContext: { names }, eventsOf: (n) => (n === 1 ? events : []),
  };
  palace.render(model);
  const message = { key: "battle_confirmed", params: { caller: { seat: 1 }, other: { seat: 0 },
    verdict: { msg: "verdict.hand", params: { winner: { seat: 1 } } },
    hands: { list: [{ msg: "battle_hand_of", params: {
    name: { seat: 0 }, cards: { list: ["Ks", "Qs", "Js"] }, category: { msg: "category.high_card", params: {} },
    left_out: { msg: "left_out", params: { cards: { list: ["Ks", "Ts"] } } } } }] } } };
  const seatText = (seat) => {
    const hook = palace.seat(model, view.players[seat], seat);
    return [...hook.lines, ...(hook.details ?? [])].filter(Boolean).map((el) => el.textContent).join(" | ");
  };
  return {
    spoken: palace.spokenEvent({ type: "battle_confirmed", hands, message }, { names }),
    seats: [seatText(1), seatText(2)],
  };
})
