// The live Samoa board (after widgets/common.js). It draws the view it is given and sends intended
// actions to Python; the engine judges every one. Clicks: a price card to choose it (SA-3.3); a
// building tile to buy it (SA-3.4; a suite then asks for a room); a tourist, then a room of your
// hotel (SA-3.5); with the grey card, an occupied room to send its guests home.

// The faces of tourists and price cards, the tiles' names, the rules' words and which rooms pay
// double come in the view (board.py's board_view, from the engine and the component files).

function touristName(view, label) {
  return view.tourist_faces[label].name;
}

function touristNode(view, label) {
  const { nationality, kind, icon, name } = view.tourist_faces[label];
  const colour = view.nationality_colours[nationality];
  const node = el("div", `sa-tourist sa-${kind}`);
  node.style.background = colour;
  node.style.color = inkFor(colour);
  node.title = name;
  node.append(el("span", "sa-nat", nationality), el("span", "sa-icon", icon));
  return node;
}

function priceCardNode(view, key, extra) {
  const face = view.price_faces[key];
  const node = el("div", `sa-price${face.grey ? " sa-grey" : ""}${extra ? " " + extra : ""}`);
  node.dataset.card = key;
  if (face.grey) node.append(el("span", "sa-grey-text", face.text));
  else node.append(el("span", "sa-bid", `bid ${face.bid}`), el("span", "sa-room-price", `price ${face.price}`));
  node.title = face.title;
  return node;
}

function render({ model, el: host }) {
  let picked = null; // {group, tile} of a selected tourist, or {suite: true} while buying a suite
  let pickedAt = -1; // the step the pick was made at: kept after a refused click, dropped once the game moves
  let note = "";
  const root = el("div", "sa-board tk-board");
  host.appendChild(root);
  onEscape(root, () => {
    picked = null;
    note = "Selection dropped (Escape).";
    draw();
  });
  const act = (action) => {
    note = "";
    model.send({ kind: "act", action });
  };
  const pick = (what, text) => {
    picked = what;
    pickedAt = model.get("steps");
    say(text);
  };
  const say = (text) => {
    note = text;
    draw();
  };
  function notNow(view) {
    if (model.get("summary")?.title) return "The round is over: read the payouts, then press Continue.";
    if (view.phase === "over") return "The game is over: press New game to play again.";
    if (model.get("handover")) return `Pass the device: player ${view.to_move} must first ask to see their hand.`;
    if (model.get("bots_waiting")) return "The bots are to move: press Next to see their next move.";
    if (!view.open && view.viewer !== view.to_move) return `It is player ${view.to_move}'s turn, not yours.`;
    return null;
  }
  const legal = (view, action) => view.legal_actions.includes(action);

  function status(view) {
    const over = roundOverStatus(model);
    if (over) return over;
    if (view.phase === "over") return "The game is over (SA-6).";
    if (model.get("handover")) return `Pass the device to player ${view.to_move}.`;
    const who = view.viewer === view.to_move ? "Your turn" : `Player ${view.to_move}'s turn`;
    return `Round ${view.round} · ${view.nationalities[view.nationality]} · ${who}: ${view.phase_help}`;
  }

  function flagRow(view) {
    const row = el("div", "sa-flags");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `flags: round ${view.round} of ${view.flags.length}`);
    view.flags.forEach((nationality, index) => {
      const round = index + 1;
      const flag = el("div", `sa-flag${round === view.round ? " sa-now" : ""}${round < view.round ? " sa-past" : ""}`);
      flag.style.background = view.nationality_colours[nationality];
      flag.style.color = inkFor(view.nationality_colours[nationality]);
      flag.title = `round ${round}: ${view.nationalities[nationality]}`;
      flag.append(el("span", "", nationality), el("span", "sa-round", String(round)));
      if (view.doubled_rounds.includes(round)) flag.append(el("span", "sa-2x", "2X"));
      row.append(flag);
    });
    return row;
  }

  function arrivals(view) {
    const block = el("div", "sa-arrivals");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "tourists arriving");
    block.append(el("div", "sa-label", `Tourists arriving (card ${view.tourist_card})`));
    const mine = view.viewer === view.to_move || view.open;
    view.groups.forEach((group, g) => {
      const row = el("div", "sa-group");
      row.append(el("span", "sa-group-name", `group ${g + 1}`));
      group.forEach((label, t) => {
        const node = touristNode(view, label);
        node.dataset.group = String(g + 1);
        node.dataset.tile = String(t + 1);
        const isPicked = picked && picked.group === g + 1 && picked.tile === t + 1;
        if (isPicked) node.classList.add("sa-picked");
        if (view.phase === "tourists" && mine) node.classList.add("sa-clickable");
        clickable(node, `${touristName(view, label)}, group ${g + 1}${isPicked ? ", selected" : ""}`, () => {
          const why = notNow(view);
          if (why) return say(why);
          if (view.phase !== "tourists") return say(`Tourists are taken in the tourist phase (SA-3.5); now: ${view.phase_help}.`);
          pick({ group: g + 1, tile: t + 1 }, `Now click a free room of your hotel for the ${touristName(view, label)}.`);
        }, `tourist-${g + 1}-${t + 1}`);
        navigable(node, 10 + g, t);
        row.append(node);
      });
      if (!group.length) row.append(el("span", "sa-muted", "(all taken this round)"));
      block.append(row);
    });
    return block;
  }

  function buildings(view) {
    const block = el("div", "sa-buildings");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "building tiles on offer");
    block.append(el("div", "sa-label", `Building tiles on offer (${view.building_deck} face down)`));
    const row = el("div", "sa-offer");
    view.offer.forEach((kind) => {
      const tile = el("div", `sa-tile sa-tile-${kind}`, view.tile_names[kind]);
      tile.dataset.kind = kind;
      const buyable = view.phase === "build" && view.legal_actions.some((a) => a.startsWith(`buy ${kind}`));
      if (buyable) tile.classList.add("sa-clickable");
      if (picked && picked.suite && kind === "suite") tile.classList.add("sa-picked");
      clickable(tile, `building tile: ${view.tile_names[kind]}`, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.phase !== "build") return say(`Tiles are bought in the building phase (SA-3.4); now: ${view.phase_help}.`);
        if (kind === "suite") return pick({ suite: true }, "Now click the room of your hotel that becomes the suite (SA-9.2).");
        act(`buy ${kind}`); // the engine says why not (SA-3.4: order, bid, money)
      }, `tile-${kind}`);
      navigable(tile, 20, view.offer.indexOf(kind));
      row.append(tile);
    });
    if (!view.offer.length) row.append(el("span", "sa-muted", "(no tiles left on offer)"));
    block.append(row);
    return block;
  }

  function table(view) {
    const block = el("div", "sa-cards");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "price cards this round");
    block.append(el("div", "sa-label", "Price cards this round"));
    const row = el("div", "sa-played");
    for (let p = 0; p < view.players; p++) {
      const seat = el("div", "sa-seat");
      const marks = [];
      if (view.tie_card.hammer === p) marks.push("hammer");
      if (view.tie_card.suitcase === p) marks.push("suitcase");
      seat.append(el("div", "sa-seat-name", `player ${p}${p === view.viewer ? " (you)" : ""}`));
      seat.append(el("div", "sa-tie-mark", marks.length ? `tie card: ${marks.join(", ")}` : " "));
      const card = view.played[p] ?? (p === view.viewer ? view.my_card : view.open ? view.chosen[p] : null);
      if (card) seat.append(priceCardNode(view, card, view.played[p] ? "" : "sa-secret"));
      else seat.append(el("div", "sa-price sa-back", view.has_chosen[p] ? "chosen" : "…"));
      if (view.to_move === p && view.phase !== "over") seat.classList.add("sa-acting");
      row.append(seat);
    }
    block.append(row);
    const tie = el("div", "sa-tie", view.tie_words.line);
    tie.title = view.tie_words.title;
    block.append(tie);
    if (view.order_why.length) {
      const why = el("ol", "sa-order");
      view.order_why.forEach((line, i) => {
        const item = el("li", i === view.turn ? "sa-now" : "", line);
        why.append(item);
      });
      block.append(el("div", "sa-label", view.phase === "build" ? "Building order (SA-3.4)" : "Tourist order (SA-3.5)"), why);
    }
    return block;
  }

  function hotelNode(view, player) {
    const hotel = view.hotels[player];
    const mine = player === view.viewer || (view.open && player === view.to_move);
    const acting = mine && view.to_move === player && !model.get("handover");
    const box = el("div", `sa-hotel${mine ? " sa-mine" : ""}`);
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", `${player === view.viewer ? "your hotel" : `player ${player}'s hotel`}`);
    const head = el("div", "sa-hotel-head", `player ${player}${player === view.viewer ? " (you)" : ""}`);
    const extras = [];
    if (hotel.pools) extras.push(`${hotel.pools} pool${hotel.pools > 1 ? "s" : ""}`);
    if (hotel.specials.length) extras.push(hotel.specials.map((k) => view.tile_names[k]).join(", "));
    if (extras.length) head.append(el("span", "sa-muted", ` · ${extras.join(" · ")}`));
    box.append(head);
    const grid = el("div", "sa-rooms");
    grid.style.gridTemplateColumns = `repeat(${hotel.columns}, 1fr)`;
    const extraRow = el("div", "sa-extra-rooms");
    hotel.rooms.forEach((guests, room) => {
      const cell = el("div", `sa-room${hotel.suites.includes(room + 1) ? " sa-suite" : ""}`);
      cell.dataset.player = String(player);
      cell.dataset.room = String(room + 1);
      cell.append(el("span", "sa-room-number", String(room + 1)));
      guests.forEach((label) => cell.append(touristNode(view, label)));
      if (mine && !guests.length) {
        const reasons = hotel.doubles[room];
        if (reasons.length) {
          cell.append(el("span", "sa-double", "×2"));
          cell.title = `a tourist placed here pays double: ${reasons.join(", ")}`;
        }
      }
      const roomLabel = `room ${room + 1} of player ${player}'s hotel${hotel.suites.includes(room + 1) ? " (suite)" : ""}: ${
        guests.length ? guests.map((g) => touristName(view, g)).join(" and ") : "free"}`;
      const place = acting && picked && picked.group ? `place ${picked.group}.${picked.tile} in ${room + 1}` : null;
      if (place && legal(view, place)) cell.classList.add("sa-target");
      clickable(cell, roomLabel, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (!acting) return say(`That is player ${player}'s hotel: your guests go into your own (marked "you").`);
        if (picked && picked.suite) return act(`buy suite ${room + 1}`);
        if (place) return act(place); // the engine says why not (SA-3.5, SA-8)
        if (legal(view, `remove ${room + 1}`)) return act(`remove ${room + 1}`);
        if (view.phase === "tourists") return say("Click a tourist of the arriving groups first, then a free room.");
        return say(`Rooms take guests in the tourist phase; now: ${view.phase_help}.`);
      }, `room-${player}-${room + 1}`);
      if (mine) navigable(cell, 30 + Math.floor(room / hotel.columns), room % hotel.columns);
      (room < hotel.board_rooms ? grid : extraRow).append(cell);
    });
    box.append(grid);
    if (hotel.rooms.length > hotel.board_rooms) box.append(extraRow);
    return box;
  }

  // open teaching mode: the other seats' hands too, small and not clickable (only the player to
  // move acts), so that every hand the banner promises is on the table
  function otherHands(view, shown) {
    const block = el("div", "sa-other-hands");
    view.hands.forEach((hand, p) => {
      if (p === shown) return;
      const line = el("div", "sa-other-hand");
      line.dataset.player = String(p);
      line.append(el("span", "sa-label", `player ${p} · ${view.money_all[p]} Tala:`));
      hand.forEach((key) => line.append(priceCardNode(view, key, "sa-small")));
      block.append(line);
    });
    return block;
  }

  function handBlock(view) {
    const block = el("div", "sa-hand");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "your price cards");
    const seat = shownSeat(model, view, block);
    if (seat === null) return block;
    const hand = view.open ? view.hands[seat] : view.hand;
    const money = view.open ? view.money_all[seat] : view.money;
    block.append(el("div", "sa-label", `${view.open ? `Hand of player ${seat}` : "Your price cards"} · ${money} Tala`));
    const row = el("div", "sa-hand-row");
    hand.forEach((key, index) => {
      const node = priceCardNode(view, key);
      const action = view.phase === "swap" ? `swap ${key}` : `choose ${key}`;
      if (legal(view, action)) node.classList.add("sa-clickable");
      clickable(node, `price card ${view.price_faces[key].name}, in your hand`, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.phase !== "choose" && view.phase !== "swap") return say(`Price cards are chosen at the start of a round (SA-3.3); now: ${view.phase_help}.`);
        act(action); // the engine says why not
      }, `price-${key}`);
      navigable(node, 0, index);
      if (index === 0) node.dataset.focusHome = "";
      row.append(node);
    });
    block.append(row);
    if (view.open) block.append(otherHands(view, seat));
    const others = view.legal_actions.filter((a) => !/^(choose|swap|place|remove|buy) /.test(a));
    if (others.length && (view.viewer === view.to_move || view.open)) {
      const buttons = el("div", "sa-actions");
      others.forEach((action) => {
        const button = el("button", "tk-button", view.action_words[action] ?? action);
        button.addEventListener("click", () => act(action));
        buttons.append(button);
      });
      block.append(buttons);
    }
    return block;
  }

  function draw() {
    const view = model.get("view");
    if (!view || !view.flags) return;
    if (picked && pickedAt !== model.get("steps")) picked = null; // the game moved on
    startDrawing(root, model, view, "Samoa", status(view), "every hand, purse and secret choice is visible (the player to move's hand on top, the others below it).");
    root.append(flagRow(view));
    const main = el("div", "tk-main");
    const beach = el("div", "sa-table");
    beach.setAttribute("role", "group");
    beach.setAttribute("aria-label", "the table");
    const upper = el("div", "sa-upper");
    upper.append(arrivals(view), buildings(view), table(view));
    const hotels = el("div", "sa-hotels");
    hotels.setAttribute("role", "group");
    hotels.setAttribute("aria-label", "the hotels");
    for (let p = 0; p < view.players; p++) hotels.append(hotelNode(view, p));
    const summary = summaryBlock(model);
    if (summary) beach.append(summary);
    beach.append(upper, handBlock(view), hotels, legend(view));
    const over = view.final_scores; // SA-6: at the end every purse is counted aloud
    const money = (p) => (over ? over[p] : view.open ? view.money_all[p] : p === view.viewer ? view.money : "secret");
    const scores = [["", over ? "final Tala" : "Tala", "guests", "cards"]].concat(
      view.hotels.map((h, p) => [p === view.viewer ? `you (${p})` : `player ${p}`, money(p), h.rooms.flat().length, view.hand_sizes[p]]),
    );
    const reset = () => {
      picked = null;
      note = "";
    };
    main.append(beach, boardPanel(model, { title: `Round ${model.get("summary")?.round ?? view.round} of ${view.rounds}`, scores, note, onReset: reset }));
    root.append(main);
    markChanges(view);
  }

  // What the tourist icons and flags mean, on the board (not only in tooltips).
  function legend(view) {
    const block = el("div", "sa-legend");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "what the tourists and flags mean");
    Object.entries(view.nationalities).forEach(([key, name]) => {
      const item = el("span", "sa-legend-item");
      const swatch = el("span", "sa-legend-flag", key);
      swatch.style.background = view.nationality_colours[key];
      swatch.style.color = inkFor(view.nationality_colours[key]);
      item.append(swatch, el("span", "", name));
      block.append(item);
    });
    view.kind_words.forEach((words) => block.append(el("span", "sa-legend-item", words)));
    block.append(el("span", "sa-legend-item", "×2 in a room: a guest placed there pays double"));
    return block;
  }

  // Ring what changed since the viewer's last move, from the events the viewer may read.
  function markChanges(view) {
    const viewer = view.open ? null : view.viewer;
    (model.get("recent") || []).forEach((event) => {
      const who = event.player === viewer ? "you" : `player ${event.player}`;
      if (event.kind === "place") {
        markNew(root.querySelector(`.sa-room[data-player='${event.player}'][data-room='${event.room}']`), `${who} placed ${event.tourist} here`);
      } else if (event.kind === "buy") {
        const head = root.querySelectorAll(".sa-hotel-head")[event.player];
        markNew(head, `${who} bought ${view.tile_names[event.tile] ?? event.tile} for ${event.bid}`);
      } else if (event.kind === "send-home") {
        markNew(root.querySelector(`.sa-room[data-player='${event.player}'][data-room='${event.room}']`), `${who} sent ${event.tourists.join(", ")} home`);
      } else if (event.kind === "choose" && event.player !== viewer) {
        markNew(root.querySelectorAll(".sa-seat")[event.player]?.querySelector(".sa-price"), `${who} chose a price card`);
      }
    });
  }

  const cleanup = redrawOnChange(model, draw);
  draw();
  return cleanup;
}

export default withReview({ render });
