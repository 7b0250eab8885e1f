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
  return seat % 2;
}

function sideName(view, side) {
  const seats = view.teams[side];
  return seats.length === 1 ? `Player ${seats[0]}` : `Team ${side} (seats ${seats.join(" & ")})`;
}

function cardNode(view, key, extra) {
  const info = view.legend.find((e) => e.key === key[0]);
  const node = el("div", `lc-card${key.slice(1) === "x" ? " lc-invest" : ""}${extra ? " " + extra : ""}`);
  node.style.background = info.colour;
  node.style.color = inkFor(info.colour);
  node.dataset.card = key;
  node.title = `${info.name} ${key.slice(1) === "x" ? "investment card (×2, ×3, ×4)" : key.slice(1)}`;
  node.append(el("span", "lc-value", cardLabel(key)), el("span", "lc-letter", key[0]));
  if (key.slice(1) === "x") node.append(el("span", "lc-note", "invest"));
  return node;
}

function slotNode(info) {
  const node = el("div", "lc-slot", info.key);
  node.style.setProperty("--tint", info.colour);
  node.title = `${info.name}: no card yet`;
  return node;
}

// Hand cards are selected by position ("D7#3"), so that two equal cards stay distinct.
const keyOf = (id) => id.split("#")[0];

// LC-3.4: the cards this seat cannot see (other hands, the draw pile, cards under a pile's top),
// grouped by colour. The engine computes them; they reveal nothing a player could not count.
function unseenBlock(view) {
  const block = el("div", "lc-unseen");
  const total = Object.values(view.unseen).reduce((n, cards) => n + cards.length, 0);
  const whose = view.viewer !== null ? "you cannot see" : view.open ? `player ${view.to_move} could not see` : "nobody at the table can see";
  block.append(el("div", "lc-side-label", `Unseen cards (LC-3.4): ${total} that ${whose} — other hands, the draw pile, cards under a pile's top`));
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
  let showUnseen = false; // the "unseen cards" toggle (LC-3.4)
  let note = ""; // a hint from the board itself (not a rule verdict)
  const root = el("div", "lc-board tk-board");
  host.appendChild(root);

  const act = (action) => {
    note = "";
    model.send({ kind: "act", action });
  };

  function status(view) {
    if (view.phase === "over") {
      const best = Math.max(...view.totals);
      const winners = view.totals.map((t, s) => (t === best ? sideName(view, s) : null)).filter(Boolean);
      return `The match is over: ${winners.length > 1 ? "a draw" : winners[0] + " wins"} (LC-6).`;
    }
    if (model.get("handover")) return `Pass the device to player ${view.to_move}.`;
    const who = view.viewer === view.to_move ? "Your turn" : `Player ${view.to_move}'s turn`;
    return `${who} — ${TURN_HELP[view.phase]}`;
  }

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
      if (clickable) {
        column.addEventListener("click", () => {
          if (view.phase !== "play" || selected.length !== 1) return;
          if (selected[0][0] !== info.key) {
            note = `The ${keyOf(selected[0])} goes on your ${view.legend.find((e) => e.key === selected[0][0]).name} expedition.`;
            draw();
            return;
          }
          act(`play ${keyOf(selected[0])}`);
        });
      }
      row.append(column);
    });
    return row;
  }

  function sideBlock(view, side, clickable) {
    const block = el("div", `lc-side${clickable ? " lc-us" : " lc-them"}`);
    const label = el("div", "lc-side-label");
    const seats = view.teams[side];
    if (seats.length === 1) label.append(el("strong", "", `Player ${seats[0]}`));
    else label.append(el("strong", "", `Team ${side}`), el("span", "", `seats ${seats.join(" & ")}`));
    label.append(el("span", "", `round score ${view.round_score[side]}`));
    block.append(label, expeditionRow(view, side, clickable));
    return block;
  }

  function middle(view) {
    const block = el("div", "lc-middle");
    const label = el("div", "lc-side-label");
    label.append(el("strong", "", "Discard piles"), el("span", "", "only the top card shows"));
    const row = el("div", "lc-row");
    view.legend.forEach((info) => {
      const pile = el("div", "lc-pile");
      pile.dataset.pile = info.key;
      const top = view.discard_tops[info.key];
      pile.append(top ? cardNode(view, top) : slotNode(info));
      pile.append(el("div", "lc-score", `${view.discard_sizes[info.key]} card${view.discard_sizes[info.key] === 1 ? "" : "s"}`));
      const drawable = view.phase === "draw" && view.legal_actions.includes(`draw ${info.key}`);
      const discardable = view.phase === "play" && selected.length === 1 && selected[0][0] === info.key;
      if (drawable || discardable) pile.classList.add("lc-target");
      if (view.forbidden_pile === info.key) pile.classList.add("lc-forbidden");
      pile.addEventListener("click", () => {
        if (view.phase === "draw") return act(`draw ${info.key}`);
        if (selected.length !== 1) return;
        if (selected[0][0] !== info.key) {
          note = `The ${keyOf(selected[0])} is discarded on the ${view.legend.find((e) => e.key === selected[0][0]).name} pile.`;
          draw();
          return;
        }
        act(`discard ${keyOf(selected[0])}`);
      });
      row.append(pile);
    });
    const deck = el("div", "lc-pile lc-deck-pile");
    const back = el("div", "lc-card lc-back", String(view.deck_size));
    back.title = `${view.deck_size} cards left in the draw pile`;
    deck.append(back, el("div", "lc-score", "draw pile"));
    if (view.open && view.deck.length) deck.append(el("div", "lc-peek", `next: ${view.deck.slice(0, 3).join(" ")}`));
    if (view.phase === "draw" && view.legal_actions.includes("draw deck")) deck.classList.add("lc-target");
    deck.addEventListener("click", () => view.phase === "draw" && act("draw deck"));
    row.append(deck);
    block.append(label, row);
    return block;
  }

  function handBlock(view) {
    const block = el("div", "lc-hand");
    if (model.get("handover")) {
      block.append(handoverBlock(model, view.to_move));
      return block;
    }
    const hands = view.open
      ? view.hands.map((hand, seat) => [seat, hand])
      : view.viewer === null ? [] : [[view.viewer, view.hand]];
    hands.forEach(([seat, hand]) => {
      const acting = seat === view.to_move && view.phase !== "over";
      const label = el("div", "lc-hand-label", view.open ? `Hand of player ${seat}` : `Your hand (player ${seat})`);
      const row = el("div", "lc-hand-row");
      hand.forEach((key, index) => {
        const card = cardNode(view, key, "lc-in-hand");
        const id = `${key}#${index}`;
        if (selected.includes(id)) card.classList.add("lc-selected");
        if (acting && view.phase === "play") {
          card.addEventListener("click", (event) => {
            event.stopPropagation();
            note = "";
            if (selected.includes(id)) selected = selected.filter((s) => s !== id);
            else selected = [...selected, id].slice(-2);
            draw();
          });
        } else card.classList.add("lc-idle");
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
    if (view.players === 4 && view.phase === "play") {
      const pass = el("button", "tk-button lc-pass", "Pass 2 cards to partner (LC-7)");
      pass.disabled = selected.length !== 2;
      pass.title = "select two cards first; your hand may not drop below six";
      pass.addEventListener("click", () => {
        const cards = selected.map(keyOf);
        selected = [];
        act(`pass ${cards[0]} ${cards[1]}`);
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
    return boardPanel(model, { title: `Round ${view.round} of ${view.rounds}`, scores, extra, note, onReset: reset });
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
    const us = sideOf(view);
    const acting = !model.get("handover") && (view.open || view.viewer === view.to_move);
    table.append(sideBlock(view, 1 - us, false), middle(view), sideBlock(view, us, acting), handBlock(view));
    if (showUnseen && view.unseen) table.append(unseenBlock(view));
    main.append(table, panel(view));
    root.append(main);
  }

  const cleanup = redrawOnChange(model, draw);
  draw();
  return cleanup;
}

export default { render };
