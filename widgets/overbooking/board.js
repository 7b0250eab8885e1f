// The live Overbooking board (after widgets/common.js). Stage 1: click a card of your hand, then a
// hotel's queue (right) or back door (left). Stage 2 runs in the engine; the board replays it step
// by step ("Next step"): the reveal, each ability with the free beds before and after, each booking.

// Beds, coins, sizes and the hotels' rules in words come in the view (view.card_faces,
// view.size_beds, hotel.rule_words), from the component files: none are written here.

function slotNode(view, slot, extra) {
  const colour = view.colour_codes[slot.owner];
  const node = el("div", `ob-card${slot.card ? "" : " ob-back"}${extra ? " " + extra : ""}`);
  node.style.borderColor = colour;
  if (slot.card) {
    node.style.background = colour;
    node.style.color = inkFor(colour);
    node.append(el("span", "ob-beds", String(slot.beds)), el("span", "ob-kind", slot.kind), el("span", "ob-crest", slot.crest));
    node.title = `${slot.colour} ${slot.crest} ${slot.kind}: ${slot.beds} bed(s), ${slot.coins} coin(s)${slot.face_up ? "" : " (face down: only you see it)"}`;
  } else {
    node.style.background = `repeating-linear-gradient(135deg, ${colour} 0 6px, #00000033 6px 12px)`;
    node.append(el("span", "ob-size", slot.size === "small" ? "S" : "L"), el("span", "ob-crest", slot.crest));
    node.title = `${slot.colour}'s face-down card: ${slot.crest}, ${slot.size} (${view.size_beds[slot.size]} beds)`;
  }
  return node;
}

function render({ model, el: host }) {
  let selected = null; // key of the selected hand card: kept after a refused click
  let selectedAt = -1; // the step it was selected at; dropped once the game moves on
  let note = "";
  const root = el("div", "ob-board tk-board");
  host.appendChild(root);
  onEscape(root, () => {
    selected = null;
    note = "Selection dropped (Escape).";
    draw();
  });
  const act = (action) => {
    note = "";
    model.send({ kind: "act", action });
  };
  const say = (text) => {
    note = text;
    draw();
  };
  function notNow(view) {
    if (model.get("summary")?.title) return "Stage 2 is on the table: step through it, then press Continue.";
    if (view.stage === 4) return "The game is over: press New game to play again.";
    if (model.get("handover")) return `Pass the device: player ${view.to_move} must first ask to see their hand.`;
    if (model.get("bots_waiting")) return "The bots are to move: press Next to see their next move.";
    if (!view.open && view.viewer !== view.to_move) return `It is player ${view.to_move}'s turn, not yours.`;
    return null;
  }

  function status(view) {
    const summary = model.get("summary");
    if (summary && !summary.stage2) return roundOverStatus(model);
    if (summary && summary.stage2) {
      const total = summary.stage2.total;
      const shown = summary.stage2.steps.length;
      if (shown < total) return `${summary.title} · step ${shown} of ${total}: press Next step to see each check.`;
      return `${summary.title} · all ${total} steps shown: the bookings and points are below; press ${summary.button || "Continue"}.`;
    }
    if (view.stage === 4) return "The game is over (OB-8).";
    if (model.get("handover")) return `Pass the device to player ${view.to_move}.`;
    const who = view.viewer === view.to_move ? "Your turn" : `Player ${view.to_move}'s turn`;
    if (view.stage === 2) return `${who}: your ${view.pending} at hotel ${view.checking} — choose its target in the queue (OB-5).`;
    return `Round ${view.round} of ${view.rounds} · stage 1 · ${who}: place a card face down in a queue or at a back door (OB-4).`;
  }

  function hotelRow(view, hotel, number) {
    const row = el("div", "ob-hotel-row");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `hotel ${number}: ${hotel.beds} beds, ${hotel.rule_words}`);
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
      el("div", "ob-hotel-rule", hotel.rule_words),
      el("div", "ob-hotel-token", hotel.token ? "● point token at the back door" : "token taken"),
    );
    tile.title = `tile ${hotel.tile}, side ${hotel.side}`;
    const queue = el("div", "ob-queue");
    queue.dataset.hotel = String(number);
    queue.dataset.rule = hotel.rule; // public: the tile's rule is printed on it
    queue.append(el("div", "ob-area-label", "booking queue"));
    const queueCards = el("div", "ob-slots");
    hotel.queue.forEach((slot, index) => {
      const node = slotNode(view, slot);
      node.dataset.position = String(index + 1);
      if (view.stage === 2 && view.checking === number && view.legal_actions.includes(`target ${index + 1}`)) {
        node.classList.add("ob-target");
        clickable(node, `${node.title}, position ${index + 1} of hotel ${number}'s queue: choose as the target`, () => act(`target ${index + 1}`), `target-${number}-${index + 1}`);
        navigable(node, number, 2 + index);
      }
      queueCards.append(node);
    });
    queue.append(queueCards);
    for (const [area, where, words, column] of [[queue, "queue", "booking queue", 1], [back, "back", "back door", 0]]) {
      const action = selected ? `${where} ${selected} at ${number}` : null;
      if (view.stage === 1 && mine && action && view.legal_actions.includes(action)) area.classList.add("ob-drop");
      clickable(area, `hotel ${number}'s ${words}, ${(where === "queue" ? hotel.queue : hotel.back).length} card(s)`, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.stage !== 1) return say("Cards are placed in stage 1 only (OB-4).");
        if (!selected) return say(`Choose a card of your hand first, then click this ${words}.`);
        focusNext(root, "hand-0", model.get("steps")); // the next card to place
        act(action); // the engine says why not (OB-4, OB-6)
      }, `${where}-${number}`);
      navigable(area, number, column);
    }
    row.append(back, tile, queue);
    return row;
  }

  function handBlock(view) {
    const block = el("div", "ob-hand");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "your hand");
    const seat = shownSeat(model, view, block);
    if (seat === null) return block;
    const hand = view.open ? view.hands[seat] : view.hand;
    block.append(el("div", "ob-label", `${view.open ? `Hand of player ${seat}` : "Your hand"} (${view.colours[seat]}) · deck ${view.deck_sizes[seat]}`));
    const row = el("div", "ob-hand-row");
    hand.forEach((key, index) => {
      const { crest, kind, beds, coins } = view.card_faces[key];
      const node = slotNode(view, { owner: seat, colour: view.colours[seat], crest, kind, beds, card: key, face_up: true, coins });
      node.title = `${crest} ${kind}: ${beds} bed(s). At a back door: ${view.abilities[kind]}.`;
      node.dataset.card = key;
      if (key === selected) node.classList.add("ob-selected");
      if (view.stage === 1 && view.to_move === seat) node.classList.add("ob-clickable");
      clickable(node, `${crest} ${kind}, ${beds} bed${beds > 1 ? "s" : ""}, in your hand${key === selected ? ", selected" : ""}`, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.stage !== 1) return say("Cards are placed in stage 1 only (OB-4).");
        selected = selected === key ? null : key;
        selectedAt = model.get("steps");
        say(selected ? "Now click a hotel's booking queue (right) or back door (left)." : "");
      }, `hand-${index}`);
      navigable(node, 10, index);
      if (index === 0) node.dataset.focusHome = "";
      row.append(node);
    });
    block.append(row);
    if (view.legal_actions.includes("hold")) {
      const hold = el("button", "tk-button", view.hold_words);
      hold.addEventListener("click", () => act("hold"));
      block.append(hold);
    }
    return block;
  }

  // Stage 2 played out on the table (OB-5): the hotels as they were revealed, the free beds after
  // the latest step shown, and each card's fate so far. Data: summary.stage2, public events only,
  // and only the steps shown so far (Python sends the next one on "Next step").
  function stage2Table(view, stage) {
    const block = el("div", "ob-stage2");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "stage 2 on the table");
    const shown = stage.steps;
    const total = stage.total;
    const current = shown[shown.length - 1];
    stage.hotels.forEach((hotel) => {
      const row = el("div", "ob-hotel-row ob-stage2-row");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", `hotel ${hotel.hotel}`);
      const revealed = shown.some((s) => s.kind === "reveal" && s.hotel === hotel.hotel);
      const last = shown.filter((s) => s.hotel === hotel.hotel && s.beds_after !== undefined).pop();
      const free = last ? last.beds_after : hotel.beds;
      const cards = (list, where) => {
        const area = el("div", `ob-${where === "back" ? "door" : "queue"}`);
        area.append(el("div", "ob-area-label", where === "back" ? "back door" : "booking queue"));
        const slots = el("div", `ob-slots${where === "back" ? " ob-back-slots" : ""}`);
        list.forEach((entry) => {
          const owner = view.colours.indexOf(entry.colour);
          // a hotel not yet revealed comes with its cards' backs only (colour, crest, size)
          const back = { crest: entry.crest, kind: null, beds: null, coins: "?", size: entry.size };
          const { crest, kind, beds, coins, size } = entry.card ? view.card_faces[entry.card] : back;
          const slot = { owner, colour: entry.colour, crest, kind, beds, card: entry.card ?? null, size, face_up: true, coins };
          const node = slotNode(view, slot);
          if (entry.card) node.dataset.card = entry.card;
          node.dataset.owner = entry.colour;
          if (revealed) node.classList.add("ob-turned");
          const fate = shown.filter((s) => s.card === entry.card && view.colours[s.player] === entry.colour && s.hotel === hotel.hotel);
          // a card an ability replaced ("replaces fish-merchant of red (position 3)") leaves the queue
          const replaced = shown.find((s) => s.kind === "ability" && s.hotel === hotel.hotel && (s.effect || "").startsWith(`replaces ${entry.card} of ${entry.colour}`));
          if (replaced) fate.push({ ...replaced, kind: "replaced" });
          const holder = el("div", "ob-fate-holder");
          holder.append(node);
          fate.forEach((s) => {
            const mark = { ability: "★ ability", book: `✓ booked ${s.beds}`, "no-room": `✗ needs ${s.beds}, ${s.beds_before} free`, replaced: "↩ replaced" }[s.kind];
            const line = el("div", `ob-fate ob-fate-${s.kind}`, mark);
            line.title = s.text;
            holder.append(line);
            node.title = `${node.title} — ${s.text}`;
          });
          if (current && current === fate[fate.length - 1]) node.classList.add("ob-current");
          slots.append(holder);
        });
        if (!list.length) slots.append(el("span", "ob-area-label", "(empty)"));
        area.append(slots);
        return area;
      };
      const tile = el("div", "ob-hotel");
      const beds = el("div", `ob-hotel-beds ob-free${last && current && current.hotel === hotel.hotel ? " ob-changed" : ""}`, `${free} of ${hotel.beds} beds free`);
      tile.append(el("div", "ob-hotel-name", `hotel ${hotel.hotel}`), beds, el("div", "ob-hotel-rule", hotel.rule));
      if (!revealed) tile.append(el("div", "ob-hotel-token", "cards still face down"));
      row.append(cards([...hotel.back].reverse(), "back"), tile, cards(hotel.queue, "queue"));
      block.append(row);
    });
    const now = el("div", "ob-step-now");
    now.textContent = current ? `Step ${shown.length} of ${total}: [${current.rule}] ${current.text}` : "";
    const buttons = el("div", "ob-step-buttons");
    const next = el("button", "tk-button tk-primary ob-next", shown.length < total ? "Next step" : "All steps shown");
    next.disabled = shown.length >= total;
    next.addEventListener("click", () => model.send({ kind: "next-step" }));
    const rest = el("button", "tk-button ob-all", "Show all");
    rest.disabled = shown.length >= total;
    rest.addEventListener("click", () => model.send({ kind: "all-steps" }));
    buttons.append(next, rest);
    block.append(now, buttons);
    return block;
  }

  function draw() {
    const view = model.get("view");
    if (!view || !view.hotels) return;
    if (selected && selectedAt !== model.get("steps")) selected = null; // the game moved on
    startDrawing(root, model, view, "Overbooking", status(view),
      "every card is face up, and the hand shown is the player to move's (each hand in turn).");
    const main = el("div", "tk-main");
    const lobby = el("div", "ob-table");
    lobby.setAttribute("role", "group");
    lobby.setAttribute("aria-label", "the table");
    const summary = model.get("summary");
    if (summary && summary.stage2) {
      lobby.append(el("div", "ob-label", `${summary.title}: the cards of every hotel turn face up, hotel by hotel`));
      lobby.append(stage2Table(view, summary.stage2));
      const done = summary.stage2.steps.length >= summary.stage2.total;
      if (done) lobby.append(summaryBlock(model));
      else {
        const skip = el("button", "tk-button ob-skip", "Skip to the bookings and points");
        skip.addEventListener("click", () => model.send({ kind: "all-steps" }));
        lobby.append(skip);
      }
    } else {
      const column = el("div", "ob-column");
      column.setAttribute("role", "group");
      column.setAttribute("aria-label", "the hotels");
      view.hotels.forEach((hotel, index) => column.append(hotelRow(view, hotel, index + 1)));
      lobby.append(column, handBlock(view));
    }
    const scores = [["", "booked", "tokens", "points"]].concat(
      view.colours.map((colour, p) => [`player ${p} (${colour})`, view.booked[p].length, view.tokens[p], view.scores[p]]),
    );
    const reset = () => {
      selected = null;
      note = "";
    };
    // on the end-of-round screen, the round being shown (the engine is already in the next one)
    const round = summary && summary.round ? summary.round : view.round;
    const panel = boardPanel(model, { title: `Round ${round} of ${view.rounds}`, scores, note, onReset: reset });
    if (view.score_note) {
      const why = el("div", "ob-score-note", view.score_note);
      panel.querySelector(".tk-scores").after(why);
    }
    main.append(lobby, panel);
    root.append(main);
    if (!(summary && summary.stage2)) markChanges(view);
  }

  // Ring the cards placed since the viewer's last move (face down: only owner, crest and size).
  function markChanges(view) {
    const viewer = view.open ? null : view.viewer;
    const placed = {};
    (model.get("recent") || []).forEach((event) => {
      if (event.kind !== "place") return;
      const key = `${event.hotel}:${event.where}`;
      placed[key] = [...(placed[key] || []), event];
    });
    Object.entries(placed).forEach(([key, events]) => {
      const [hotel, where] = key.split(":");
      const area = root.querySelector(`.ob-${where === "back" ? "door" : "queue"}[data-hotel='${hotel}']`);
      const hotelSlots = view.hotels[Number(hotel) - 1][where === "back" ? "back" : "queue"];
      const nodes = [...(area?.querySelectorAll(".ob-card") || [])];
      // cards join the end of a queue or back door; the back door is drawn right to left
      const ordered = where === "back" ? nodes.reverse() : nodes;
      events.forEach((event, i) => {
        const node = ordered[hotelSlots.length - events.length + i];
        markNew(node, `placed by ${event.player === viewer ? "you" : `player ${event.player}`}`);
      });
    });
  }

  const cleanup = redrawOnChange(model, draw);
  draw();
  return cleanup;
}

export default withReview({ render });
