// The live Lost Cities board (after widgets/common.js). It draws the view it is given and sends
// intended actions to Python; the engine in Python judges every action.


function cardLabel(key) {
  return key.slice(1) === "x" ? "×" : key.slice(1);
}

function sideOf(view) {
  // The side drawn at the bottom: the viewer's, else the side of the player to move.
  const seat = view.viewer ?? view.to_move ?? 0;
  return Math.max(0, view.teams.findIndex((seats) => seats.includes(seat)));
}

function sideName(view, side) {
  const seats = view.teams[side];
  return seats.length === 1 ? t(view, "player_cap", { seat: seats[0] }) : t(view, "lc_team_seats", { side, seats: seats.join(" & ") });
}

function cardName(view, key) {
  const info = view.legend.find((e) => e.key === key[0]);
  return key.slice(1) === "x" ? t(view, "lc_investment_card_of", { expedition: info.name }) : `${info.name} ${key.slice(1)}`;
}

function cardNode(view, key, extra) {
  const info = view.legend.find((e) => e.key === key[0]);
  const node = el("div", `lc-card${key.slice(1) === "x" ? " lc-invest" : ""}${extra ? " " + extra : ""}`);
  node.style.background = info.colour;
  node.style.color = inkFor(info.colour);
  node.dataset.card = key;
  node.title = `${info.name} ${key.slice(1) === "x" ? view.investment_words : key.slice(1)}`;
  node.append(el("span", "lc-value", cardLabel(key)), el("span", "lc-letter", key[0]));
  if (key.slice(1) === "x") node.append(el("span", "lc-note", t(view, "lc_invest")));
  return node;
}

function slotNode(view, info) {
  const node = el("div", "lc-slot", info.key);
  node.style.setProperty("--tint", info.colour);
  node.style.borderColor = info.colour;
  node.title = t(view, "lc_no_card_yet_on", { expedition: info.name });
  return node;
}

// Hand cards are selected by position ("D7#3"), so that two equal cards stay distinct.
const keyOf = (id) => id.split("#")[0];

// LC-3.4: the cards this seat cannot see (other hands, the draw pile, cards under a pile's top),
// grouped by colour. The engine computes them; they reveal nothing a player could not count.
function unseenBlock(view) {
  const block = el("div", "lc-unseen");
  block.setAttribute("role", "group");
  block.setAttribute("aria-label", t(view, "lc_unseen_label"));
  const total = Object.values(view.unseen).reduce((n, cards) => n + cards.length, 0);
  const whose = view.viewer !== null ? t(view, "lc_whose_you") : view.open ? t(view, "lc_whose_player", { seat: view.to_move }) : t(view, "lc_whose_nobody");
  block.append(el("div", "lc-unseen-title", t(view, "lc_unseen_title", { total, whose })));
  view.legend.forEach((info) => {
    const row = el("div", "lc-unseen-row");
    row.dataset.unseen = info.key;
    const cards = view.unseen[info.key];
    row.append(el("span", "lc-unseen-name", `${info.name} (${cards.length})`));
    cards.forEach((key) => row.append(cardNode(view, key, "lc-mini")));
    block.append(row);
  });
  return block;
}

function render({ model, el: host }) {
  let selected = [];
  let handPlace = 0; // where in the hand the last card was chosen: the focus comes back there
  let showUnseen = false; // the "unseen cards" toggle (LC-3.4)
  let note = ""; // a hint from the board itself (not a rule verdict)
  const root = el("div", "lc-board tk-board");
  host.appendChild(root);
  onEscape(root, () => {
    selected = [];
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
  // why a click on the table cannot act now (null: it can)
  function notNow(view) {
    if (model.get("summary")?.title) return t(view, "lc_round_over");
    if (view.phase === "over") return t(view, "lc_match_over_new");
    if (model.get("handover")) return t(view, "pass_device_first", { seat: view.to_move });
    if (model.get("bots_waiting")) return t(view, "bots_to_move");
    if (!view.open && view.viewer !== view.to_move) return t(view, "not_your_turn", { seat: view.to_move });
    return null;
  }

  function status(view) {
    const over = roundOverStatus(model);
    if (over) return over;
    if (view.phase === "over") {
      const best = Math.max(...view.totals);
      const winners = view.totals.map((total, s) => (total === best ? sideName(view, s) : null)).filter(Boolean);
      return winners.length > 1 ? t(view, "lc_match_over_draw") : t(view, "lc_match_over_won", { winner: winners[0] });
    }
    if (model.get("handover")) return t(view, "pass_device_to", { seat: view.to_move });
    const who = view.viewer === view.to_move ? t(view, "your_turn") : t(view, "players_turn_cap", { seat: view.to_move });
    return `${who} — ${t(view, `lc_help_${view.phase}`)}`;
  }

  // after a card is played or discarded the draw comes next: the focus goes to the draw pile; after
  // the draw, back to the hand
  const played = () => focusNext(root, "deck", model.get("steps"));
  const drew = (view) => focusNext(root, `hand-${view.open ? view.to_move : view.viewer}-${handPlace}`, model.get("steps"));

  function expeditionRow(view, side, clickable) {
    const row = el("div", "lc-row");
    const mine = clickable && view.phase === "play";
    view.legend.forEach((info, index) => {
      const column = el("div", "lc-exp");
      column.dataset.exp = info.key;
      column.dataset.side = String(side);
      const cards = view.expeditions[side][info.key];
      if (cards.length === 0) column.append(slotNode(view, info));
      cards.forEach((key) => column.append(cardNode(view, key, "lc-stacked")));
      const score = view.expedition_scores[side][index];
      column.append(el("div", "lc-score", cards.length ? (score > 0 ? `+${score}` : `${score}`) : ""));
      if (mine && selected.length === 1 && selected[0][0] === info.key) {
        if (view.legal_actions.includes(`play ${keyOf(selected[0])}`)) column.classList.add("lc-target");
      }
      const owner = sideName(view, side);
      const label = t(view, "lc_expedition_label", { expedition: info.name, owner: clickable ? t(view, "lc_your_side_lower") : owner, cards: cards.length ? cards.map((k) => cardName(view, k)).join(", ") : t(view, "lc_no_card_yet") });
      if (clickable) {
        clickableNode(column, label, () => {
          const why = notNow(view);
          if (why) return say(why);
          if (view.phase === "draw") return say(t(view, "lc_now_draw"));
          if (selected.length !== 1) return say(t(view, "lc_choose_then_expedition", { expedition: info.name }));
          if (selected[0][0] !== info.key) {
            return say(t(view, "lc_wrong_expedition", { card: keyOf(selected[0]), own: view.legend.find((e) => e.key === selected[0][0]).name, expedition: info.name }));
          }
          played();
          act(`play ${keyOf(selected[0])}`);
        }, `exp-${info.key}`);
        navigable(column, 2, index);
      } else {
        column.setAttribute("role", "img"); // a stack of cards, read as its label
        column.setAttribute("aria-label", label);
        column.addEventListener("click", () => say(t(view, "lc_not_your_expedition", { owner, expedition: info.name })));
      }
      row.append(column);
    });
    return row;
  }

  function sideBlock(view, side, clickable) {
    const block = el("div", `lc-side${clickable ? " lc-us" : " lc-them"}`);
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", t(view, "lc_side_label", { side: side === sideOf(view) && !view.open ? t(view, "lc_your_side") : sideName(view, side), score: view.round_score[side] }));
    const label = el("div", "lc-side-label");
    label.setAttribute("aria-hidden", "true"); // the group's own label says it
    const seats = view.teams[side];
    if (seats.length === 1) label.append(el("strong", "", t(view, "player_cap", { seat: seats[0] })));
    else label.append(el("strong", "", t(view, "lc_team", { side })), el("span", "", t(view, "lc_seats", { seats: seats.join(" & ") })));
    label.append(el("span", "", t(view, "lc_round_score", { score: view.round_score[side] })));
    block.append(label, expeditionRow(view, side, clickable));
    return block;
  }

  function clickableNode(node, label, handler, key) {
    return clickable(node, label, (event) => {
      event.stopPropagation();
      handler(event);
    }, key);
  }

  function middle(view) {
    const block = el("div", "lc-middle");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", t(view, "lc_middle_label"));
    const label = el("div", "lc-side-label");
    label.setAttribute("aria-hidden", "true");
    label.append(el("strong", "", t(view, "lc_discard_piles")), el("span", "", t(view, "lc_only_top")));
    const row = el("div", "lc-row");
    view.legend.forEach((info, index) => {
      const pile = el("div", "lc-pile");
      pile.dataset.pile = info.key;
      const top = view.discard_tops[info.key];
      pile.append(top ? cardNode(view, top) : slotNode(view, info));
      pile.append(el("div", "lc-score", tn(view, "lc_cards", view.discard_sizes[info.key])));
      const drawable = view.phase === "draw" && view.legal_actions.includes(`draw ${info.key}`);
      const discardable = view.phase === "play" && selected.length === 1 && selected[0][0] === info.key;
      if (drawable || discardable) pile.classList.add("lc-target");
      if (view.forbidden_pile === info.key) {
        pile.classList.add("lc-forbidden");
        pile.append(el("div", "lc-forbidden-note", t(view, "lc_just_discarded")));
      }
      const size = view.discard_sizes[info.key];
      const label = t(view, "lc_pile_label", { expedition: info.name, top: top ? t(view, "lc_on_top", { card: cardName(view, top) }) : t(view, "lc_empty"), cards: tn(view, "lc_cards", size) });
      clickableNode(pile, label, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.phase === "draw") {
          drew(view);
          return act(`draw ${info.key}`); // the engine says why not (LC-3.3)
        }
        if (selected.length !== 1) return say(t(view, "lc_choose_then_pile", { expedition: info.name }));
        if (selected[0][0] !== info.key) {
          return say(t(view, "lc_wrong_pile", { card: keyOf(selected[0]), own: view.legend.find((e) => e.key === selected[0][0]).name, expedition: info.name }));
        }
        played();
        act(`discard ${keyOf(selected[0])}`);
      }, `pile-${info.key}`);
      navigable(pile, 1, index);
      row.append(pile);
    });
    const deck = el("div", "lc-pile lc-deck-pile");
    const back = el("div", "lc-card lc-back", String(view.deck_size));
    back.title = tn(view, "lc_deck_left", view.deck_size);
    deck.append(back, el("div", "lc-score", t(view, "lc_draw_pile")));
    if (view.open && view.deck.length) {
      const peek = el("div", "lc-peek");
      peek.append(el("div", "", t(view, "lc_next")));
      view.deck.slice(0, 3).forEach((key) => peek.append(el("div", "", key)));
      deck.append(peek);
    }
    if (view.phase === "draw" && view.legal_actions.includes("draw deck")) deck.classList.add("lc-target");
    clickableNode(deck, tn(view, "lc_deck_label", view.deck_size), () => {
      const why = notNow(view);
      if (why) return say(why);
      if (view.phase !== "draw") return say(t(view, "lc_first_play"));
      drew(view);
      act("draw deck");
    }, "deck");
    navigable(deck, 1, view.legend.length);
    row.append(deck);
    block.append(label, row);
    return block;
  }

  function handBlock(view) {
    const block = el("div", "lc-hand");
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", view.open ? t(view, "every_hand") : t(view, "your_hand_lower"));
    if (model.get("handover")) {
      block.append(handoverBlock(model, view.to_move));
      return block;
    }
    const hands = view.open
      ? view.hands.map((hand, seat) => [seat, hand])
      : view.viewer === null ? [] : [[view.viewer, view.hand]];
    hands.forEach(([seat, hand], handRow) => {
      const acting = seat === view.to_move && view.phase !== "over";
      const label = el("div", "lc-hand-label", view.open ? t(view, "hand_of_player", { seat }) : t(view, "lc_your_hand_seat", { seat }));
      const row = el("div", "lc-hand-row");
      hand.forEach((key, index) => {
        const card = cardNode(view, key, "lc-in-hand");
        const id = `${key}#${index}`;
        if (selected.includes(id)) card.classList.add("lc-selected");
        const label = (view.open ? t(view, "lc_in_hand_of", { card: cardName(view, key), seat }) : t(view, "lc_in_your_hand", { card: cardName(view, key) })) + (selected.includes(id) ? t(view, "selected_suffix") : "");
        const place = `hand-${seat}-${index}`;
        if (acting && view.phase === "play") {
          clickableNode(card, label, () => {
            const why = notNow(view);
            if (why) return say(why);
            if (selected.includes(id)) selected = selected.filter((s) => s !== id);
            else selected = [...selected, id].slice(view.passing ? -view.passing.cards : -1);
            handPlace = index;
            // the keyboard goes on to where the card can go: its expedition (arrow up: its pile)
            if (selected.includes(id) && !view.passing) focusNext(root, `exp-${key[0]}`);
            say(selected.length ? t(view, "lc_chosen", { card: keyOf(selected[selected.length - 1]) }) : "");
          }, place);
        } else {
          card.classList.add("lc-idle");
          clickableNode(card, label, () => {
            say(notNow(view) ?? (view.phase === "draw" ? t(view, "lc_now_draw") : t(view, "players_turn", { seat: view.to_move })));
          }, place);
        }
        navigable(card, 3 + handRow, index);
        if (index === 0 && (acting || !view.open)) card.dataset.focusHome = "";
        row.append(card);
      });
      block.append(label, row);
    });
    return block;
  }

  function panel(view) {
    const scores = [["", t(view, "lc_this_round"), t(view, "lc_match")]].concat(
      view.teams.map((_, s) => [sideName(view, s), view.round_score[s], view.totals[s]]),
    );
    const extra = [];
    if (view.passing && view.phase === "play") {
      const pass = el("button", "tk-button lc-pass", view.passing.button);
      pass.disabled = selected.length !== view.passing.cards;
      pass.title = view.passing.title;
      pass.addEventListener("click", () => {
        const cards = selected.map(keyOf);
        selected = [];
        act(`pass ${cards.join(" ")}`);
      });
      extra.push(pass);
    }
    if (view.unseen) {
      const toggle = el("button", "tk-button lc-unseen-toggle", showUnseen ? t(view, "lc_hide_unseen") : t(view, "lc_show_unseen"));
      toggle.setAttribute("aria-pressed", String(showUnseen));
      toggle.addEventListener("click", () => {
        showUnseen = !showUnseen;
        draw();
      });
      extra.push(toggle);
    }
    const reset = () => {
      selected = [];
      note = "";
    };
    const round = model.get("summary")?.round ?? view.round; // on the end-of-round screen, the round on show
    return boardPanel(model, { title: t(view, "round_of", { round, rounds: view.rounds }), scores, extra, note, onReset: reset });
  }

  function draw() {
    const view = withWords(model);
    if (!view || !view.legend) return;
    const hand = view.open ? view.hands[view.to_move ?? 0] : view.hand;
    selected = selected.filter((id) => {
      const [key, index] = id.split("#");
      return hand && hand[Number(index)] === key && view.phase === "play";
    });
    startDrawing(root, model, view, "Lost Cities", status(view),
      t(view, "lc_open_banner"));
    const main = el("div", "tk-main");
    const table = el("div", "lc-table");
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", t(view, "the_table"));
    const us = sideOf(view);
    const acting = !model.get("handover") && (view.open || view.viewer === view.to_move);
    table.append(sideBlock(view, 1 - us, false), middle(view), sideBlock(view, us, acting), handBlock(view));
    if (showUnseen && view.unseen) table.append(unseenBlock(view));
    const summary = summaryBlock(model);
    if (summary) table.prepend(summary);
    main.append(table, panel(view));
    root.append(main);
    markChanges(view, us);
  }

  // Ring what changed since the viewer's last move, from the events the viewer may read.
  function markChanges(view, us) {
    const viewer = view.open ? null : view.viewer;
    const sideOfPlayer = (player) => view.teams.findIndex((seats) => seats.includes(player));
    (model.get("recent") || []).forEach((event) => {
      const who = event.player === viewer ? t(view, "you") : t(view, "player_lower", { seat: event.player });
      if (event.kind === "play") {
        const side = sideOfPlayer(event.player);
        const where = root.querySelector(`.${side === us ? "lc-us" : "lc-them"} .lc-exp[data-exp='${event.card[0]}']`);
        const cards = where ? where.querySelectorAll(`.lc-card[data-card='${event.card}']`) : [];
        markNew(view, cards[cards.length - 1], t(view, "lc_played_by", { who }));
      } else if (event.kind === "discard") {
        markNew(view, root.querySelector(`.lc-pile[data-pile='${event.card[0]}'] .lc-card[data-card='${event.card}']`), t(view, "lc_discarded_by", { who }));
      } else if (event.kind === "draw" && event.from !== "deck") {
        markNew(view, root.querySelector(`.lc-pile[data-pile='${event.from}']`), t(view, "lc_took_from_pile", { who, card: event.card }));
      } else if (event.kind === "draw" && event.player === viewer && event.card) {
        const cards = root.querySelectorAll(`.lc-in-hand[data-card='${event.card}']`);
        markNew(view, cards[cards.length - 1], t(view, "lc_card_you_drew"), "drawn");
      }
    });
  }

  const cleanup = redrawOnChange(model, draw);
  draw();
  return cleanup;
}

export default withReview({ render });
