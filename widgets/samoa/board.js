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
  node.append(el("span", "sa-nat", view.nationality_letters[nationality]), el("span", "sa-icon", icon));
  return node;
}

function priceCardNode(view, key, extra) {
  const face = view.price_faces[key];
  const node = el("div", `sa-price${face.grey ? " sa-grey" : ""}${extra ? " " + extra : ""}`);
  node.dataset.card = key;
  if (face.grey) node.append(el("span", "sa-grey-text", face.text));
  else node.append(el("span", "sa-bid", t(view, "sa_bid", { bid: face.bid })), el("span", "sa-room-price", t(view, "sa_price", { price: face.price })));
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
    note = t(model, "selection_dropped");
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
    if (model.get("summary")?.title) return t(view, "sa_round_over");
    if (view.phase === "over") return t(view, "game_over_new");
    if (model.get("handover")) return t(view, "pass_device_first", { seat: view.to_move });
    if (model.get("bots_waiting")) return t(view, "bots_to_move");
    if (!view.open && view.viewer !== view.to_move) return t(view, "not_your_turn", { seat: view.to_move });
    return null;
  }
  const legal = (view, action) => view.legal_actions.includes(action);

  function status(view) {
    const over = roundOverStatus(model);
    if (over) return over;
    if (view.phase === "over") return t(view, "sa_game_over");
    if (model.get("handover")) return t(view, "pass_device_to", { seat: view.to_move });
    const who = view.viewer === view.to_move ? t(view, "your_turn") : t(view, "players_turn_cap", { seat: view.to_move });
    return t(view, "sa_status", { round: view.round, nationality: view.nationalities[view.nationality], who, help: view.phase_help });
  }

  function flagRow(view) {
    const row = el("div", "sa-flags");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", t(view, "sa_flags_label", { round: view.round, rounds: view.flags.length }));
    view.flags.forEach((nationality, index) => {
      const round = index + 1;
      const flag = el("div", `sa-flag${round === view.round ? " sa-now" : ""}${round < view.round ? " sa-past" : ""}`);
      flag.style.background = view.nationality_colours[nationality];
      flag.style.color = inkFor(view.nationality_colours[nationality]);
      flag.title = t(view, "sa_flag_title", { round, nationality: view.nationalities[nationality] });
      flag.append(el("span", "", view.nationality_letters[nationality]), el("span", "sa-round", String(round)));
      if (view.doubled_rounds.includes(round)) flag.append(el("span", "sa-2x", "2X"));
      row.append(flag);
    });
    return row;
  }

  function arrivals(view) {
    const block = el("div", "sa-arrivals");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", t(view, "sa_arriving_label"));
    block.append(el("div", "sa-label", t(view, "sa_arriving", { card: view.tourist_card })));
    const mine = view.viewer === view.to_move || view.open;
    view.groups.forEach((group, g) => {
      const row = el("div", "sa-group");
      row.append(el("span", "sa-group-name", t(view, "sa_group", { group: g + 1 })));
      group.forEach((label, tile) => {
        const node = touristNode(view, label);
        node.dataset.group = String(g + 1);
        node.dataset.tile = String(tile + 1);
        const isPicked = picked && picked.group === g + 1 && picked.tile === tile + 1;
        if (isPicked) node.classList.add("sa-picked");
        if (view.phase === "tourists" && mine) node.classList.add("sa-clickable");
        clickable(node, t(view, "sa_tourist_label", { tourist: touristName(view, label), group: g + 1, selected: isPicked ? t(view, "selected_suffix") : "" }), () => {
          const why = notNow(view);
          if (why) return say(why);
          if (view.phase !== "tourists") return say(t(view, "sa_tourists_when", { help: view.phase_help }));
          pick({ group: g + 1, tile: tile + 1 }, t(view, "sa_now_room", { tourist: touristName(view, label) }));
        }, `tourist-${g + 1}-${tile + 1}`);
        navigable(node, 10 + g, tile);
        row.append(node);
      });
      if (!group.length) row.append(el("span", "sa-muted", t(view, "sa_all_taken")));
      block.append(row);
    });
    return block;
  }

  function buildings(view) {
    const block = el("div", "sa-buildings");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", t(view, "sa_tiles_label"));
    block.append(el("div", "sa-label", t(view, "sa_tiles_on_offer", { deck: view.building_deck })));
    const row = el("div", "sa-offer");
    view.offer.forEach((kind) => {
      const tile = el("div", `sa-tile sa-tile-${kind}`, view.tile_names[kind]);
      tile.dataset.kind = kind;
      const buyable = view.phase === "build" && view.legal_actions.some((a) => a.startsWith(`buy ${kind}`));
      if (buyable) tile.classList.add("sa-clickable");
      if (picked && picked.suite && kind === "suite") tile.classList.add("sa-picked");
      clickable(tile, t(view, "sa_tile_label", { tile: view.tile_names[kind] }), () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.phase !== "build") return say(t(view, "sa_tiles_when", { help: view.phase_help }));
        if (kind === "suite") return pick({ suite: true }, t(view, "sa_suite_room"));
        act(`buy ${kind}`); // the engine says why not (SA-3.4: order, bid, money)
      }, `tile-${kind}`);
      navigable(tile, 20, view.offer.indexOf(kind));
      row.append(tile);
    });
    if (!view.offer.length) row.append(el("span", "sa-muted", t(view, "sa_no_tiles")));
    block.append(row);
    return block;
  }

  function table(view) {
    const block = el("div", "sa-cards");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", t(view, "sa_cards_label"));
    block.append(el("div", "sa-label", t(view, "sa_cards_title")));
    const row = el("div", "sa-played");
    for (let p = 0; p < view.players; p++) {
      const seat = el("div", "sa-seat");
      const marks = [];
      if (view.tie_card.hammer === p) marks.push(t(view, "sa_hammer"));
      if (view.tie_card.suitcase === p) marks.push(t(view, "sa_suitcase"));
      seat.append(el("div", "sa-seat-name", t(view, "sa_seat_name", { seat: p, you: p === view.viewer ? t(view, "you_suffix") : "" })));
      seat.append(el("div", "sa-tie-mark", marks.length ? t(view, "sa_tie_marks", { marks: marks.join(", ") }) : " "));
      const card = view.played[p] ?? (p === view.viewer ? view.my_card : view.open ? view.chosen[p] : null);
      if (card) seat.append(priceCardNode(view, card, view.played[p] ? "" : "sa-secret"));
      else seat.append(el("div", "sa-price sa-back", view.has_chosen[p] ? t(view, "sa_chosen") : "…"));
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
      block.append(el("div", "sa-label", view.phase === "build" ? t(view, "sa_building_order") : t(view, "sa_tourist_order")), why);
    }
    return block;
  }

  function hotelNode(view, player) {
    const hotel = view.hotels[player];
    const mine = player === view.viewer || (view.open && player === view.to_move);
    const acting = mine && view.to_move === player && !model.get("handover");
    const box = el("div", `sa-hotel${mine ? " sa-mine" : ""}`);
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", player === view.viewer ? t(view, "sa_your_hotel") : t(view, "sa_players_hotel", { seat: player }));
    const head = el("div", "sa-hotel-head", t(view, "sa_seat_name", { seat: player, you: player === view.viewer ? t(view, "you_suffix") : "" }));
    const extras = [];
    if (hotel.pools) extras.push(tn(view, "sa_pools", hotel.pools));
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
          cell.title = t(view, "sa_pays_double", { reasons: reasons.join(", ") });
        }
      }
      const roomLabel = t(view, "sa_room_label", {
        room: room + 1,
        seat: player,
        suite: hotel.suites.includes(room + 1) ? t(view, "sa_suite_suffix") : "",
        guests: guests.length ? guests.map((g) => touristName(view, g)).join(t(view, "and_separator")) : t(view, "sa_free"),
      });
      const place = acting && picked && picked.group ? `place ${picked.group}.${picked.tile} in ${room + 1}` : null;
      if (place && legal(view, place)) cell.classList.add("sa-target");
      clickable(cell, roomLabel, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (!acting) return say(t(view, "sa_not_your_hotel", { seat: player }));
        if (picked && picked.suite) return act(`buy suite ${room + 1}`);
        if (place) return act(place); // the engine says why not (SA-3.5, SA-8)
        if (legal(view, `remove ${room + 1}`)) return act(`remove ${room + 1}`);
        if (view.phase === "tourists") return say(t(view, "sa_click_tourist_first"));
        return say(t(view, "sa_rooms_when", { help: view.phase_help }));
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
      line.append(el("span", "sa-label", t(view, "sa_other_hand", { seat: p, money: view.money_all[p] })));
      hand.forEach((key) => line.append(priceCardNode(view, key, "sa-small")));
      block.append(line);
    });
    return block;
  }

  function handBlock(view) {
    const block = el("div", "sa-hand");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", t(view, "sa_your_cards_label"));
    const seat = shownSeat(model, view, block);
    if (seat === null) return block;
    const hand = view.open ? view.hands[seat] : view.hand;
    const money = view.open ? view.money_all[seat] : view.money;
    block.append(el("div", "sa-label", `${view.open ? t(view, "hand_of_player", { seat }) : t(view, "sa_your_cards")} · ${t(view, "sa_money", { money })}`));
    const row = el("div", "sa-hand-row");
    hand.forEach((key, index) => {
      const node = priceCardNode(view, key);
      const action = view.phase === "swap" ? `swap ${key}` : `choose ${key}`;
      if (legal(view, action)) node.classList.add("sa-clickable");
      clickable(node, t(view, "sa_price_card_label", { card: view.price_faces[key].name }), () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.phase !== "choose" && view.phase !== "swap") return say(t(view, "sa_price_when", { help: view.phase_help }));
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
    const view = withWords(model);
    if (!view || !view.flags) return;
    if (picked && pickedAt !== model.get("steps")) picked = null; // the game moved on
    startDrawing(root, model, view, "Samoa", status(view), t(view, "sa_open_banner"));
    root.append(flagRow(view));
    const main = el("div", "tk-main");
    const beach = el("div", "sa-table");
    beach.setAttribute("role", "group");
    beach.setAttribute("aria-label", t(view, "the_table"));
    const upper = el("div", "sa-upper");
    upper.append(arrivals(view), buildings(view), table(view));
    const hotels = el("div", "sa-hotels");
    hotels.setAttribute("role", "group");
    hotels.setAttribute("aria-label", t(view, "the_hotels"));
    for (let p = 0; p < view.players; p++) hotels.append(hotelNode(view, p));
    const summary = summaryBlock(model);
    if (summary) beach.append(summary);
    beach.append(upper, handBlock(view), hotels, legend(view));
    const over = view.final_scores; // SA-6: at the end every purse is counted aloud
    const money = (p) => (over ? over[p] : view.open ? view.money_all[p] : p === view.viewer ? view.money : t(view, "sa_secret"));
    const scores = [["", over ? t(view, "sa_final_tala") : t(view, "sa_tala"), t(view, "sa_guests"), t(view, "sa_cards")]].concat(
      view.hotels.map((h, p) => [p === view.viewer ? t(view, "you_seat", { seat: p }) : t(view, "player_lower", { seat: p }), money(p), h.rooms.flat().length, view.hand_sizes[p]]),
    );
    const reset = () => {
      picked = null;
      note = "";
    };
    main.append(beach, boardPanel(model, { title: t(view, "round_of", { round: model.get("summary")?.round ?? view.round, rounds: view.rounds }), scores, note, onReset: reset }));
    root.append(main);
    markChanges(view);
  }

  // What the tourist icons and flags mean, on the board (not only in tooltips).
  function legend(view) {
    const block = el("div", "sa-legend");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", t(view, "sa_legend_label"));
    Object.entries(view.nationalities).forEach(([key, name]) => {
      const item = el("span", "sa-legend-item");
      const swatch = el("span", "sa-legend-flag", view.nationality_letters[key]);
      swatch.style.background = view.nationality_colours[key];
      swatch.style.color = inkFor(view.nationality_colours[key]);
      item.append(swatch, el("span", "", name));
      block.append(item);
    });
    view.kind_words.forEach((words) => block.append(el("span", "sa-legend-item", words)));
    block.append(el("span", "sa-legend-item", t(view, "sa_double_legend")));
    return block;
  }

  // Ring what changed since the viewer's last move, from the events the viewer may read.
  function markChanges(view) {
    const viewer = view.open ? null : view.viewer;
    (model.get("recent") || []).forEach((event) => {
      const who = event.player === viewer ? t(view, "you") : t(view, "player_lower", { seat: event.player });
      if (event.kind === "place") {
        markNew(view, root.querySelector(`.sa-room[data-player='${event.player}'][data-room='${event.room}']`), t(view, "sa_placed_here", { who, tourist: event.tourist }));
      } else if (event.kind === "buy") {
        const head = root.querySelectorAll(".sa-hotel-head")[event.player];
        markNew(view, head, t(view, "sa_bought", { who, tile: view.tile_names[event.tile] ?? event.tile, bid: event.bid }));
      } else if (event.kind === "send-home") {
        markNew(view, root.querySelector(`.sa-room[data-player='${event.player}'][data-room='${event.room}']`), t(view, "sa_sent_home", { who, tourists: event.tourists.join(", ") }));
      } else if (event.kind === "choose" && event.player !== viewer) {
        markNew(view, root.querySelectorAll(".sa-seat")[event.player]?.querySelector(".sa-price"), t(view, "sa_chose", { who }));
      }
    });
  }

  const cleanup = redrawOnChange(model, draw);
  draw();
  return cleanup;
}

export default withReview({ render });
