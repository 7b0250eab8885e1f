// The live Overbooking board (after widgets/common.js). Stage 1: click a card of your hand, then a
// hotel's queue (right) or back door (left). Stage 2 runs in the engine; the board replays it step
// by step ("Next step"): the reveal, each ability with the free beds before and after, each booking.

const CREST = { bird: "bird", fish: "fish", rose: "rose", tower: "tower" };
const RULES = {
  none: "no special rule",
  two_crests: "at most two crests may queue",
  queue_5: "the queue holds 5 cards",
  small_only: "only small cards (1-3) may queue",
  large_only: "only large cards (4-6) may queue",
  face_up: "queue cards lie face up",
};

function ruleText(rule) {
  if (RULES[rule]) return RULES[rule];
  const [kind, guest] = rule.split(":");
  return kind === "first" ? `${guest}s book first` : `no ${guest}s in the queue`;
}

function slotNode(view, slot, extra) {
  const colour = view.colour_codes[slot.owner];
  const node = el("div", `ob-card${slot.card ? "" : " ob-back"}${extra ? " " + extra : ""}`);
  node.style.borderColor = colour;
  if (slot.card) {
    node.style.background = colour;
    node.style.color = inkFor(colour);
    node.append(el("span", "ob-beds", String(slot.beds)), el("span", "ob-kind", slot.kind), el("span", "ob-crest", CREST[slot.crest]));
    node.title = `${slot.colour} ${slot.crest} ${slot.kind}: ${slot.beds} bed(s), ${slot.coins} coin(s)${slot.face_up ? "" : " (face down: only you see it)"}`;
  } else {
    node.style.background = `repeating-linear-gradient(135deg, ${colour} 0 6px, #00000033 6px 12px)`;
    node.append(el("span", "ob-size", slot.size === "small" ? "S" : "L"), el("span", "ob-crest", CREST[slot.crest]));
    node.title = `${slot.colour}'s face-down card: ${slot.crest}, ${slot.size} (${slot.size === "small" ? "1-3" : "4-6"} beds)`;
  }
  return node;
}

function render({ model, el: host }) {
  let selected = null; // key of the selected hand card
  let note = "";
  const root = el("div", "ob-board tk-board");
  host.appendChild(root);
  const act = (action) => {
    note = "";
    selected = null;
    model.send({ kind: "act", action });
  };

  function status(view) {
    if (view.stage === 4) return "The game is over (OB-8).";
    if (model.get("handover")) return `Pass the device to player ${view.to_move}.`;
    const who = view.viewer === view.to_move ? "Your turn" : `Player ${view.to_move}'s turn`;
    if (view.stage === 2) return `${who}: your ${view.pending} at hotel ${view.checking} — choose its target in the queue (OB-5).`;
    return `Round ${view.round} of ${view.rounds} · stage 1 · ${who}: place a card face down in a queue or at a back door (OB-4).`;
  }

  function hotelRow(view, hotel, number) {
    const row = el("div", "ob-hotel-row");
    const mine = view.viewer === view.to_move || view.open;
    const back = el("div", "ob-door");
    back.dataset.hotel = String(number);
    back.append(el("div", "ob-area-label", "back door"));
    const backCards = el("div", "ob-slots ob-back-slots");
    [...hotel.back].reverse().forEach((slot) => backCards.append(slotNode(view, slot))); // nearest the hotel on the right
    back.append(backCards);
    const tile = el("div", "ob-hotel");
    tile.append(
      el("div", "ob-hotel-name", `hotel ${number}`),
      el("div", "ob-hotel-beds", `${hotel.beds} beds`),
      el("div", "ob-hotel-rule", ruleText(hotel.rule)),
      el("div", "ob-hotel-token", hotel.token ? "● point token at the back door" : "token taken"),
    );
    tile.title = `tile ${hotel.tile}, side ${hotel.side}`;
    const queue = el("div", "ob-queue");
    queue.dataset.hotel = String(number);
    queue.append(el("div", "ob-area-label", "booking queue"));
    const queueCards = el("div", "ob-slots");
    hotel.queue.forEach((slot, index) => {
      const node = slotNode(view, slot);
      node.dataset.position = String(index + 1);
      if (view.stage === 2 && view.checking === number && view.legal_actions.includes(`target ${index + 1}`)) {
        node.classList.add("ob-target");
        node.addEventListener("click", () => act(`target ${index + 1}`));
      }
      queueCards.append(node);
    });
    queue.append(queueCards);
    if (view.stage === 1 && mine && selected) {
      for (const [area, where] of [[queue, "queue"], [back, "back"]]) {
        const action = `${where} ${selected} at ${number}`;
        if (view.legal_actions.includes(action)) {
          area.classList.add("ob-drop");
          area.addEventListener("click", () => act(action));
        } else {
          area.addEventListener("click", () => act(action)); // the engine says why not (OB-4, OB-6)
        }
      }
    }
    row.append(back, tile, queue);
    return row;
  }

  function handBlock(view) {
    const block = el("div", "ob-hand");
    const seat = shownSeat(model, view, block);
    if (seat === null) return block;
    const hand = view.open ? view.hands[seat] : view.hand;
    block.append(el("div", "ob-label", `${view.open ? `Hand of player ${seat}` : "Your hand"} (${view.colours[seat]}) · deck ${view.deck_sizes[seat]}`));
    const row = el("div", "ob-hand-row");
    hand.forEach((key) => {
      const [crest, kind] = key.split("-");
      const beds = { monk: 1, merchant: 2, maid: 3, noble: 4, soldier: 5, worker: 6 }[kind];
      const node = slotNode(view, { owner: seat, colour: view.colours[seat], crest, kind, beds, card: key, face_up: true, coins: "?" });
      node.title = `${crest} ${kind}: ${beds} bed(s). At a back door: ${view.abilities[kind]}.`;
      node.dataset.card = key;
      if (key === selected) node.classList.add("ob-selected");
      if (view.stage === 1 && view.to_move === seat) {
        node.classList.add("ob-clickable");
        node.addEventListener("click", () => {
          selected = selected === key ? null : key;
          note = selected ? "Now click a hotel's booking queue (right) or back door (left)." : "";
          draw();
        });
      }
      row.append(node);
    });
    block.append(row);
    if (view.legal_actions.includes("hold")) {
      const hold = el("button", "tk-button", "Keep my fifth card (hold)");
      hold.addEventListener("click", () => act("hold"));
      block.append(hold);
    }
    return block;
  }

  function stepsBlock() {
    const steps = model.get("steps_shown");
    const all = model.get("stage2");
    const block = el("div", "ob-steps");
    if (!all.length) return block;
    block.append(el("div", "ob-label", "Stage 2, step by step (OB-5)"));
    const list = el("ol", "ob-step-list");
    all.slice(0, steps).forEach((step) => {
      list.append(el("li", `ob-step ob-step-${step.kind}`, step.text));
    });
    block.append(list);
    const buttons = el("div", "ob-step-buttons");
    const next = el("button", "tk-button tk-primary ob-next", steps < all.length ? "Next step" : "All steps shown");
    next.disabled = steps >= all.length;
    next.addEventListener("click", () => model.send({ kind: "next-step" }));
    const rest = el("button", "tk-button", "Show all");
    rest.disabled = steps >= all.length;
    rest.addEventListener("click", () => model.send({ kind: "all-steps" }));
    buttons.append(next, rest);
    block.append(buttons);
    return block;
  }

  function draw() {
    const view = model.get("view");
    if (!view || !view.hotels) return;
    startDrawing(root, model, view, "Overbooking", status(view), "every card, hand and deck is visible.");
    const main = el("div", "tk-main");
    const lobby = el("div", "ob-table");
    const column = el("div", "ob-column");
    view.hotels.forEach((hotel, index) => column.append(hotelRow(view, hotel, index + 1)));
    lobby.append(column, handBlock(view), stepsBlock());
    const scores = [["", "booked", "tokens", "points"]].concat(
      view.colours.map((colour, p) => [`player ${p} (${colour})`, view.booked[p].length, view.tokens[p], view.scores[p]]),
    );
    const reset = () => {
      selected = null;
      note = "";
    };
    main.append(lobby, boardPanel(model, { title: `Round ${view.round} of ${view.rounds}`, scores, note, onReset: reset }));
    root.append(main);
  }

  const cleanup = redrawOnChange(model, draw);
  const more = ["change:stage2", "change:steps_shown"];
  more.forEach((name) => model.on(name, draw));
  draw();
  return () => {
    cleanup();
    more.forEach((name) => model.off(name, draw));
  };
}

export default { render };
