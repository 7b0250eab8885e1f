// The live Lost Cities board (after widgets/common.js). It draws the view it is given and sends
// intended actions to Python; the engine in Python judges every action.

const TURN_HELP = {
  play: "Choose a card, then your expedition of its colour (play) or its discard pile (discard).",
  draw: "Now draw: click the draw pile or a discard pile.",
};

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
  return seats.length === 1 ? `Player ${seats[0]}` : `Team ${side} (seats ${seats.join(" & ")})`;
}

function cardName(view, key) {
  const info = view.legend.find((e) => e.key === key[0]);
  return `${info.name} ${key.slice(1) === "x" ? "investment card" : key.slice(1)}`;
}

function cardNode(view, key, extra) {
  const info = view.legend.find((e) => e.key === key[0]);
  const node = el("div", `lc-card${key.slice(1) === "x" ? " lc-invest" : ""}${extra ? " " + extra : ""}`);
  node.style.background = info.colour;
  node.style.color = inkFor(info.colour);
  node.dataset.card = key;
  node.title = `${info.name} ${key.slice(1) === "x" ? view.investment_words : key.slice(1)}`;
  node.append(el("span", "lc-value", cardLabel(key)), el("span", "lc-letter", key[0]));
  if (key.slice(1) === "x") node.append(el("span", "lc-note", "invest"));
  return node;
}

function slotNode(info) {
  const node = el("div", "lc-slot", info.key);
  node.style.setProperty("--tint", info.colour);
  node.style.borderColor = info.colour;
  node.title = `${info.name}: no card yet`;
  return node;
}

// Hand cards are selected by position ("D7#3"), so that two equal cards stay distinct.
const keyOf = (id) => id.split("#")[0];

// LC-3.4: the cards this seat cannot see (other hands, the draw pile, cards under a pile's top),
// grouped by colour. The engine computes them; they reveal nothing a player could not count.
function unseenBlock(view) {
  const block = el("div", "lc-unseen");
  block.setAttribute("role", "group");
  block.setAttribute("aria-label", "unseen cards (LC-3.4)");
  const total = Object.values(view.unseen).reduce((n, cards) => n + cards.length, 0);
  const whose = view.viewer !== null ? "you cannot see" : view.open ? `player ${view.to_move} could not see` : "nobody at the table can see";
  block.append(el("div", "lc-unseen-title", `Unseen cards (LC-3.4): ${total} that ${whose} — other hands, the draw pile, cards under a pile's top`));
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
  // why a click on the table cannot act now (null: it can)
  function notNow(view) {
    if (model.get("summary")?.title) return "The round is over: read its scores, then press Continue.";
    if (view.phase === "over") return "The match is over: press New game to play again.";
    if (model.get("handover")) return `Pass the device: player ${view.to_move} must first ask to see their hand.`;
    if (model.get("bots_waiting")) return "The bots are to move: press Next to see their next move.";
    if (!view.open && view.viewer !== view.to_move) return `It is player ${view.to_move}'s turn, not yours.`;
    return null;
  }

  function status(view) {
    const over = roundOverStatus(model);
    if (over) return over;
    if (view.phase === "over") {
      const best = Math.max(...view.totals);
      const winners = view.totals.map((t, s) => (t === best ? sideName(view, s) : null)).filter(Boolean);
      return `The match is over: ${winners.length > 1 ? "a draw" : winners[0] + " wins"} (LC-6).`;
    }
    if (model.get("handover")) return `Pass the device to player ${view.to_move}.`;
    const who = view.viewer === view.to_move ? "Your turn" : `Player ${view.to_move}'s turn`;
    return `${who} — ${TURN_HELP[view.phase]}`;
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
      if (cards.length === 0) column.append(slotNode(info));
      cards.forEach((key) => column.append(cardNode(view, key, "lc-stacked")));
      const score = view.expedition_scores[side][index];
      column.append(el("div", "lc-score", cards.length ? (score > 0 ? `+${score}` : `${score}`) : ""));
      if (mine && selected.length === 1 && selected[0][0] === info.key) {
        if (view.legal_actions.includes(`play ${keyOf(selected[0])}`)) column.classList.add("lc-target");
      }
      const owner = sideName(view, side);
      const label = `${info.name} expedition of ${clickable ? "your side" : owner}: ${cards.length ? cards.map((k) => cardName(view, k)).join(", ") : "no card yet"}`;
      if (clickable) {
        clickableNode(column, label, () => {
          const why = notNow(view);
          if (why) return say(why);
          if (view.phase === "draw") return say("You have played this turn: now draw, from the draw pile or a discard pile (LC-3.3).");
          if (selected.length !== 1) return say(`Choose one card of your hand first, then click this ${info.name} expedition to play it.`);
          if (selected[0][0] !== info.key) {
            return say(`The ${keyOf(selected[0])} goes on your ${view.legend.find((e) => e.key === selected[0][0]).name} expedition, not on ${info.name}.`);
          }
          played();
          act(`play ${keyOf(selected[0])}`);
        }, `exp-${info.key}`);
        navigable(column, 2, index);
      } else {
        column.setAttribute("role", "img"); // a stack of cards, read as its label
        column.setAttribute("aria-label", label);
        column.addEventListener("click", () => say(`That is ${owner}'s ${info.name} expedition: you play on your own side, at the bottom.`));
      }
      row.append(column);
    });
    return row;
  }

  function sideBlock(view, side, clickable) {
    const block = el("div", `lc-side${clickable ? " lc-us" : " lc-them"}`);
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", `${side === sideOf(view) && !view.open ? "Your side" : sideName(view, side)}: expeditions, round score ${view.round_score[side]}`);
    const label = el("div", "lc-side-label");
    label.setAttribute("aria-hidden", "true"); // the group's own label says it
    const seats = view.teams[side];
    if (seats.length === 1) label.append(el("strong", "", `Player ${seats[0]}`));
    else label.append(el("strong", "", `Team ${side}`), el("span", "", `seats ${seats.join(" & ")}`));
    label.append(el("span", "", `round score ${view.round_score[side]}`));
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
    block.setAttribute("aria-label", "discard piles (only the top card shows) and the draw pile");
    const label = el("div", "lc-side-label");
    label.setAttribute("aria-hidden", "true");
    label.append(el("strong", "", "Discard piles"), el("span", "", "only the top card shows"));
    const row = el("div", "lc-row");
    view.legend.forEach((info, index) => {
      const pile = el("div", "lc-pile");
      pile.dataset.pile = info.key;
      const top = view.discard_tops[info.key];
      pile.append(top ? cardNode(view, top) : slotNode(info));
      pile.append(el("div", "lc-score", `${view.discard_sizes[info.key]} card${view.discard_sizes[info.key] === 1 ? "" : "s"}`));
      const drawable = view.phase === "draw" && view.legal_actions.includes(`draw ${info.key}`);
      const discardable = view.phase === "play" && selected.length === 1 && selected[0][0] === info.key;
      if (drawable || discardable) pile.classList.add("lc-target");
      if (view.forbidden_pile === info.key) pile.classList.add("lc-forbidden");
      const size = view.discard_sizes[info.key];
      const label = `${info.name} discard pile: ${top ? `${cardName(view, top)} on top` : "empty"}, ${size} card${size === 1 ? "" : "s"}`;
      clickableNode(pile, label, () => {
        const why = notNow(view);
        if (why) return say(why);
        if (view.phase === "draw") {
          drew(view);
          return act(`draw ${info.key}`); // the engine says why not (LC-3.3)
        }
        if (selected.length !== 1) return say(`Choose one card of your hand first, then click the ${info.name} pile to discard it.`);
        if (selected[0][0] !== info.key) {
          return say(`The ${keyOf(selected[0])} is discarded on the ${view.legend.find((e) => e.key === selected[0][0]).name} pile, not on ${info.name}.`);
        }
        played();
        act(`discard ${keyOf(selected[0])}`);
      }, `pile-${info.key}`);
      navigable(pile, 1, index);
      row.append(pile);
    });
    const deck = el("div", "lc-pile lc-deck-pile");
    const back = el("div", "lc-card lc-back", String(view.deck_size));
    back.title = `${view.deck_size} cards left in the draw pile`;
    deck.append(back, el("div", "lc-score", "draw pile"));
    if (view.open && view.deck.length) {
      const peek = el("div", "lc-peek");
      peek.append(el("div", "", "next:"));
      view.deck.slice(0, 3).forEach((key) => peek.append(el("div", "", key)));
      deck.append(peek);
    }
    if (view.phase === "draw" && view.legal_actions.includes("draw deck")) deck.classList.add("lc-target");
    clickableNode(deck, `draw pile: ${view.deck_size} cards left`, () => {
      const why = notNow(view);
      if (why) return say(why);
      if (view.phase !== "draw") return say("First play or discard a card (choose it in your hand); then you draw (LC-3).");
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
    block.setAttribute("aria-label", view.open ? "every player's hand" : "your hand");
    if (model.get("handover")) {
      block.append(handoverBlock(model, view.to_move));
      return block;
    }
    const hands = view.open
      ? view.hands.map((hand, seat) => [seat, hand])
      : view.viewer === null ? [] : [[view.viewer, view.hand]];
    hands.forEach(([seat, hand], handRow) => {
      const acting = seat === view.to_move && view.phase !== "over";
      const label = el("div", "lc-hand-label", view.open ? `Hand of player ${seat}` : `Your hand (player ${seat})`);
      const row = el("div", "lc-hand-row");
      hand.forEach((key, index) => {
        const card = cardNode(view, key, "lc-in-hand");
        const id = `${key}#${index}`;
        if (selected.includes(id)) card.classList.add("lc-selected");
        const label = `${cardName(view, key)}, in ${view.open ? `player ${seat}'s` : "your"} hand${selected.includes(id) ? ", selected" : ""}`;
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
            say(selected.length ? `${keyOf(selected[selected.length - 1])} chosen: now click your expedition of its colour (play) or its discard pile.` : "");
          }, place);
        } else {
          card.classList.add("lc-idle");
          clickableNode(card, label, () => {
            say(notNow(view) ?? (view.phase === "draw" ? "You have played this turn: now draw, from the draw pile or a discard pile (LC-3.3)." : `It is player ${view.to_move}'s turn.`));
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
    const scores = [["", "this round", "match"]].concat(
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
      const toggle = el("button", "tk-button lc-unseen-toggle", showUnseen ? "Hide unseen cards" : "Show unseen cards (LC-3.4)");
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
    return boardPanel(model, { title: `Round ${round} of ${view.rounds}`, scores, extra, note, onReset: reset });
  }

  function draw() {
    const view = model.get("view");
    if (!view || !view.legend) return;
    const hand = view.open ? view.hands[view.to_move ?? 0] : view.hand;
    selected = selected.filter((id) => {
      const [key, index] = id.split("#");
      return hand && hand[Number(index)] === key && view.phase === "play";
    });
    startDrawing(root, model, view, "Lost Cities", status(view),
      "every card is visible — all hands and the order of the draw pile.");
    const main = el("div", "tk-main");
    const table = el("div", "lc-table");
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", "the table");
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
      const who = event.player === viewer ? "you" : `player ${event.player}`;
      if (event.kind === "play") {
        const side = sideOfPlayer(event.player);
        const where = root.querySelector(`.${side === us ? "lc-us" : "lc-them"} .lc-exp[data-exp='${event.card[0]}']`);
        const cards = where ? where.querySelectorAll(`.lc-card[data-card='${event.card}']`) : [];
        markNew(cards[cards.length - 1], `played by ${who}`);
      } else if (event.kind === "discard") {
        markNew(root.querySelector(`.lc-pile[data-pile='${event.card[0]}'] .lc-card[data-card='${event.card}']`), `discarded by ${who}`);
      } else if (event.kind === "draw" && event.from !== "deck") {
        markNew(root.querySelector(`.lc-pile[data-pile='${event.from}']`), `${who} took ${event.card} from this pile`);
      } else if (event.kind === "draw" && event.player === viewer && event.card) {
        const cards = root.querySelectorAll(`.lc-in-hand[data-card='${event.card}']`);
        markNew(cards[cards.length - 1], "the card you drew", "drawn");
      }
    });
  }

  const cleanup = redrawOnChange(model, draw);
  draw();
  return cleanup;
}

export default withReview({ render });
