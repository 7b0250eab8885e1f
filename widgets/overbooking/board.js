// The live Overbooking board (after widgets/common.js). Stage 1: click a card of your hand, then a
// hotel's queue (right) or back door (left). Stage 2 runs in the engine; the board replays it step
// by step ("Next step"): the reveal, each ability with the free beds before and after, each booking.

// Beds, coins, sizes and the hotels' rules in words come in the view (view.card_faces,
// view.size_beds, hotel.rule_words), from the component files: none are written here.

// A code of the component files (a guest, a crest, a colour, a size) as the view names it.
function name(view, code) {
  return view.names?.[code] ?? code;
}

function slotNode(view, slot, extra) {
  const colour = view.colour_codes[slot.owner];
  const node = el("div", `ob-card${slot.card ? "" : " ob-back"}${extra ? " " + extra : ""}`);
  node.style.borderColor = colour;
  if (slot.card) {
    node.style.background = colour;
    node.style.color = inkFor(colour);
    node.append(el("span", "ob-beds", String(slot.beds)), el("span", "ob-kind", name(view, slot.kind)), el("span", "ob-crest", name(view, slot.crest)));
    node.title = t(view, "ob_card_title", { colour: name(view, slot.colour), crest: name(view, slot.crest), kind: name(view, slot.kind), beds: slot.beds, coins: slot.coins, hidden: slot.face_up ? "" : t(view, "ob_face_down_suffix") });
  } else {
    node.style.background = `repeating-linear-gradient(135deg, ${colour} 0 6px, #00000033 6px 12px)`;
    node.append(el("span", "ob-size", slot.size === "small" ? t(view, "ob_small_mark") : t(view, "ob_large_mark")), el("span", "ob-crest", name(view, slot.crest)));
    node.title = t(view, "ob_back_title", { colour: name(view, slot.colour), crest: name(view, slot.crest), size: name(view, slot.size), beds: view.size_beds[slot.size] });
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
    note = t(model, "selection_dropped");
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
    if (model.get("summary")?.title) return t(view, "ob_stage2_on_table");
    if (view.stage === 4) return t(view, "game_over_new");
    if (model.get("handover")) return t(view, "pass_device_first", { seat: view.to_move });
    if (model.get("bots_waiting")) return t(view, "bots_to_move");
    if (!view.open && view.viewer !== view.to_move) return t(view, "not_your_turn", { seat: view.to_move });
    return null;
  }

  function status(view) {
    const summary = model.get("summary");
    if (summary && !summary.stage2) return roundOverStatus(model);
    if (summary && summary.stage2) {
      const total = summary.stage2.total;
      const shown = summary.stage2.steps.length;
      if (shown < total) return t(view, "ob_step_of", { title: summary.title, shown, total });
      return t(view, "ob_all_shown", { title: summary.title, total, button: summary.button || t(view, "continue") });
    }
    if (view.stage === 4) return t(view, "ob_game_over");
    if (model.get("handover")) return t(view, "pass_device_to", { seat: view.to_move });
    const who = view.viewer === view.to_move ? t(view, "your_turn") : t(view, "players_turn_cap", { seat: view.to_move });
    if (view.stage === 2) return t(view, "ob_choose_target", { who, guest: name(view, view.pending), hotel: view.checking });
    return t(view, "ob_stage1_status", { round: view.round, rounds: view.rounds, who });
  }

  function hotelRow(view, hotel, number) {
    const row = el("div", "ob-hotel-row");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", t(view, "ob_hotel_label", { hotel: number, beds: hotel.beds, rule: hotel.rule_words }));
    const mine = view.viewer === view.to_move || view.open;
    const back = el("div", "ob-door");
    back.dataset.hotel = String(number);
    back.append(el("div", "ob-area-label", t(view, "ob_back_door")));
    const backCards = el("div", "ob-slots ob-back-slots");
    [...hotel.back].reverse().forEach((slot) => backCards.append(slotNode(view, slot))); // nearest the hotel on the right
    back.append(backCards);
    const tile = el("div", "ob-hotel");
    tile.append(
      el("div", "ob-hotel-name", t(view, "ob_hotel", { hotel: number })),
      el("div", "ob-hotel-beds", t(view, "ob_beds", { beds: hotel.beds })),
      el("div", "ob-hotel-rule", hotel.rule_words),
      el("div", "ob-hotel-token", hotel.token ? t(view, "ob_token_there") : t(view, "ob_token_taken")),
    );
    tile.title = t(view, "ob_tile_side", { tile: hotel.tile, side: hotel.side });
    const queue = el("div", "ob-queue");
    queue.dataset.hotel = String(number);
    queue.dataset.rule = hotel.rule; // public: the tile's rule is printed on it
    queue.append(el("div", "ob-area-label", t(view, "ob_booking_queue")));
    const queueCards = el("div", "ob-slots");
    hotel.queue.forEach((slot, index) => {
      const node = slotNode(view, slot);
      node.dataset.position = String(index + 1);
      if (view.stage === 2 && view.checking === number && view.legal_actions.includes(`target ${index + 1}`)) {
        node.classList.add("ob-target");
        clickable(node, t(view, "ob_target_label", { card: node.title, position: index + 1, hotel: number }), () => act(`target ${index + 1}`), `target-${number}-${index + 1}`);
        navigable(node, number, 2 + index);
      }
      queueCards.append(node);
    });
    queue.append(queueCards);
    for (const [area, where, words, column] of [[queue, "queue", t(view, "ob_booking_queue"), 1], [back, "back", t(view, "ob_back_door"), 0]]) {
      const action = selected ? `${where} ${selected} at ${number}` : null;
      if (view.stage === 1 && mine && action && view.legal_actions.includes(action)) area.classList.add("ob-drop");
      clickable(area, t(view, "ob_area_label", { hotel: number, area: words, cards: (where === "queue" ? hotel.queue : hotel.back).length }), () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.stage !== 1) return say(t(view, "ob_stage1_only"));
        if (!selected) return say(t(view, "ob_choose_first", { area: words }));
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
    block.setAttribute("aria-label", t(view, "your_hand_lower"));
    const seat = shownSeat(model, view, block);
    if (seat === null) return block;
    const hand = view.open ? view.hands[seat] : view.hand;
    block.append(el("div", "ob-label", t(view, "ob_hand_title", { hand: view.open ? t(view, "hand_of_player", { seat }) : t(view, "your_hand"), colour: name(view, view.colours[seat]), deck: view.deck_sizes[seat] })));
    const row = el("div", "ob-hand-row");
    hand.forEach((key, index) => {
      const { crest, kind, beds, coins } = view.card_faces[key];
      const node = slotNode(view, { owner: seat, colour: view.colours[seat], crest, kind, beds, card: key, face_up: true, coins });
      node.title = t(view, "ob_hand_card_title", { crest: name(view, crest), kind: name(view, kind), beds, ability: view.abilities[kind] });
      node.dataset.card = key;
      if (key === selected) node.classList.add("ob-selected");
      if (view.stage === 1 && view.to_move === seat) node.classList.add("ob-clickable");
      clickable(node, t(view, "ob_hand_card_label", { crest: name(view, crest), kind: name(view, kind), beds, selected: key === selected ? t(view, "selected_suffix") : "" }), () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.stage !== 1) return say(t(view, "ob_stage1_only"));
        selected = selected === key ? null : key;
        selectedAt = model.get("steps");
        say(selected ? t(view, "ob_now_click_hotel") : "");
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
    block.setAttribute("aria-label", t(view, "ob_stage2_label"));
    const shown = stage.steps;
    const total = stage.total;
    const current = shown[shown.length - 1];
    stage.hotels.forEach((hotel) => {
      const row = el("div", "ob-hotel-row ob-stage2-row");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", t(view, "ob_hotel", { hotel: hotel.hotel }));
      const revealed = shown.some((s) => s.kind === "reveal" && s.hotel === hotel.hotel);
      const last = shown.filter((s) => s.hotel === hotel.hotel && s.beds_after !== undefined).pop();
      const free = last ? last.beds_after : hotel.beds;
      const cards = (list, where) => {
        const area = el("div", `ob-${where === "back" ? "door" : "queue"}`);
        area.append(el("div", "ob-area-label", where === "back" ? t(view, "ob_back_door") : t(view, "ob_booking_queue")));
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
            const mark = { ability: t(view, "ob_fate_ability"), book: t(view, "ob_fate_booked", { beds: s.beds }), "no-room": t(view, "ob_fate_no_room", { beds: s.beds, free: s.beds_before }), replaced: t(view, "ob_fate_replaced") }[s.kind];
            const line = el("div", `ob-fate ob-fate-${s.kind}`, mark);
            line.title = s.text;
            holder.append(line);
            node.title = `${node.title} — ${s.text}`;
          });
          if (current && current === fate[fate.length - 1]) node.classList.add("ob-current");
          slots.append(holder);
        });
        if (!list.length) slots.append(el("span", "ob-area-label", t(view, "ob_empty")));
        area.append(slots);
        return area;
      };
      const tile = el("div", "ob-hotel");
      const beds = el("div", `ob-hotel-beds ob-free${last && current && current.hotel === hotel.hotel ? " ob-changed" : ""}`, t(view, "ob_beds_free", { free, beds: hotel.beds }));
      tile.append(el("div", "ob-hotel-name", t(view, "ob_hotel", { hotel: hotel.hotel })), beds, el("div", "ob-hotel-rule", hotel.rule));
      if (!revealed) tile.append(el("div", "ob-hotel-token", t(view, "ob_still_face_down")));
      row.append(cards([...hotel.back].reverse(), "back"), tile, cards(hotel.queue, "queue"));
      block.append(row);
    });
    const now = el("div", "ob-step-now");
    now.textContent = current ? t(view, "ob_step_now", { step: shown.length, total, rule: current.rule, text: current.text }) : "";
    const buttons = el("div", "ob-step-buttons");
    const next = el("button", "tk-button tk-primary ob-next", shown.length < total ? t(view, "ob_next_step") : t(view, "ob_all_steps_shown"));
    next.disabled = shown.length >= total;
    next.addEventListener("click", () => model.send({ kind: "next-step" }));
    const rest = el("button", "tk-button ob-all", t(view, "ob_show_all"));
    rest.disabled = shown.length >= total;
    rest.addEventListener("click", () => model.send({ kind: "all-steps" }));
    buttons.append(next, rest);
    block.append(now, buttons);
    return block;
  }

  function draw() {
    const view = withWords(model);
    if (!view || !view.hotels) return;
    if (selected && selectedAt !== model.get("steps")) selected = null; // the game moved on
    startDrawing(root, model, view, "Overbooking", status(view),
      t(view, "ob_open_banner"));
    const main = el("div", "tk-main");
    const lobby = el("div", "ob-table");
    lobby.setAttribute("role", "group");
    lobby.setAttribute("aria-label", t(view, "the_table"));
    const summary = model.get("summary");
    if (summary && summary.stage2) {
      lobby.append(el("div", "ob-label", t(view, "ob_stage2_title", { title: summary.title })));
      lobby.append(stage2Table(view, summary.stage2));
      const done = summary.stage2.steps.length >= summary.stage2.total;
      if (done) lobby.append(summaryBlock(model));
      else {
        const skip = el("button", "tk-button ob-skip", t(view, "ob_skip"));
        skip.addEventListener("click", () => model.send({ kind: "all-steps" }));
        lobby.append(skip);
      }
    } else {
      const column = el("div", "ob-column");
      column.setAttribute("role", "group");
      column.setAttribute("aria-label", t(view, "the_hotels"));
      view.hotels.forEach((hotel, index) => column.append(hotelRow(view, hotel, index + 1)));
      lobby.append(column, handBlock(view));
    }
    const scores = [["", t(view, "ob_booked"), t(view, "ob_tokens"), t(view, "ob_points")]].concat(
      view.colours.map((colour, p) => [t(view, "ob_player_colour", { seat: p, colour: name(view, colour) }), view.booked[p].length, view.tokens[p], view.scores[p]]),
    );
    const reset = () => {
      selected = null;
      note = "";
    };
    // on the end-of-round screen, the round being shown (the engine is already in the next one)
    const round = summary && summary.round ? summary.round : view.round;
    const panel = boardPanel(model, { title: t(view, "round_of", { round, rounds: view.rounds }), scores, note, onReset: reset });
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
        markNew(view, node, t(view, "ob_placed_by", { who: event.player === viewer ? t(view, "you") : t(view, "player_lower", { seat: event.player }) }));
      });
    });
  }

  const cleanup = redrawOnChange(model, draw);
  draw();
  return cleanup;
}

export default withReview({ render });
