"""Lost Cities for `simulate`: one decision row per card played or discarded (LC-3.1, LC-3.2).

What if the heuristic bot started expeditions more boldly (`kit.sim.vary` on a bot's parameter):

    >>> from kit.sim import vary
    >>> bolder = vary("lost-cities", "start_threshold", [14, 26], bot="heuristic", games=10, progress=False)
    >>> sorted(set(bolder["start_threshold"])), bolder.height
    ([14, 26], 20)

The move advisor (`kit.sim.advice`) on a deal chosen card by card:

    >>> from kit.lostcities import LostCities
    >>> from kit.lostcities.scenarios import arrange_deck
    >>> from kit.sim.advice import advise
    >>> game = LostCities(deck=arrange_deck([["Dx", "D4", "D7", "H2", "H9", "B5", "V3", "N10"],
    ...                                      ["Hx", "H3", "B2", "B8", "D2", "V7", "V9", "N4"]]), rounds=1)
    >>> print(advise(game, rollouts=20))              # best first, each figure with its 95% interval and n
    16 actions x 20 rollouts, random play afterwards, using player 0's information only ... engine)
    ...score difference ... (95% CI ... to ...)   win ... (95% CI ...%–...%), n = 20
    ...
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter

import polars as pl

from kit.lostcities import LostCities
from kit.lostcities.actions import Discard, Play
from kit.lostcities.heuristic import HeuristicBot
from kit.lostcities.scoring import expedition_score

from .base import Recorder, SimGame

SETTINGS_COLUMNS = [
    ("rounds", pl.Int64, "rounds in the match (LC-6)"),
    ("first_player", pl.Int64, "the seat that starts round 1 (LC-2)"),
]

DECISION_COLUMNS = [
    ("round", pl.Int64, "the round of the match, from 1"),
    ("action", pl.String, "`play` (to the player's expedition, LC-3.1) or `discard` (LC-3.2)"),
    ("card", pl.String, "the card, e.g. `D7`, or `Dx` for a Desert investment card"),
    ("expedition", pl.String, "the card's expedition letter"),
    ("value", pl.Int64, "the card's number, 0 for an investment card"),
    ("hand_value", pl.Int64, "the number cards of that colour in the hand before acting, added up (the card included)"),
    ("hand_cards", pl.Int64, "cards of that colour in the hand before acting (the card included)"),
    ("hand_investments", pl.Int64, "investment cards of that colour in the hand before acting"),
    ("expedition_cards", pl.Int64, "cards already on the player's (team's) expedition of that colour"),
    ("expedition_investments", pl.Int64, "investment cards already on it"),
    ("top", pl.Int64, "its last number card, 0 if none yet"),
    (
        "unseen",
        pl.Int64,
        "cards of that colour the player has not seen: not in their hand, on an expedition or in a discard pile",
    ),
    ("deck_size", pl.Int64, "cards left in the draw pile"),
    (
        "expedition_score",
        pl.Int64,
        "what the player's expedition of that colour scored at the end of this round (LC-5; 0 if never started)",
    ),
    ("round_score", pl.Int64, "the player's (team's) score for this round (LC-5)"),
]


class LostCitiesRecorder(Recorder):
    def __init__(self, game: LostCities, head: tuple, labels: list[str]):
        super().__init__(game, head, labels)
        self.snapshots: list[tuple] = []
        self.played: dict[tuple[int, int, int], list] = {}  # (round, side, colour) -> cards played
        per_colour = Counter(card.expedition for card in game.components.deck(game.players))
        self.per_colour = [per_colour[e] for e in range(len(game.components.expeditions))]

    def before(self, step: int, player: int, action) -> None:
        kind = type(action)
        if kind is not Play and kind is not Discard:
            return
        game, card = self.game, action.card
        colour, side, round_ = card.expedition, player & 1, len(game.starters)
        # hands are sorted by (expedition, value): the colour is one slice, its investments first
        hand = game.hands[player]
        low = bisect_left(hand, (colour,))
        high = bisect_left(hand, (colour + 1,), low)
        value = investments = 0
        for held in hand[low:high]:
            value += held.value
            investments += held.value == 0
        expedition = game.expeditions[side][colour]
        laid = 0
        for placed in expedition:  # investment cards lie first (LC-3.1)
            if placed.value:
                break
            laid += 1
        on_expeditions = len(expedition) + len(game.expeditions[1 - side][colour])
        if kind is Play:
            self.played.setdefault((round_, side, colour), []).append(card)
        index, seed, players = self.head
        self.snapshots.append(
            (index, seed, players, step, player, self.labels[player], round_, "play" if kind is Play else "discard",
             card.key, card.key[0], card.value, value, high - low, investments, len(expedition), laid,
             game.tops[side][colour],
             self.per_colour[colour] - (high - low) - on_expeditions - len(game.discards[colour]), len(game.deck))
        )  # fmt: skip

    def rows(self) -> list[tuple]:
        game = self.game
        cards = game.components.cards_by_key
        finished = len(game.round_scores)
        played, out = self.played, []
        for snapshot in self.snapshots:  # game, seed, players, step, player, bot, round, action, card, ...
            player, round_ = snapshot[4], snapshot[6]
            if round_ <= finished:
                side = player & 1
                score = expedition_score(played.get((round_, side, cards[snapshot[8]].expedition), ()))
                out.append((*snapshot, score, game.round_scores[round_ - 1][side]))
            else:  # a round cut short by the step cap has no score
                out.append((*snapshot, None, None))
        return out


SIM_GAME = SimGame(
    name="lost-cities",
    new_game=LostCities,
    default_players=2,
    heuristic=HeuristicBot,
    settings_columns=SETTINGS_COLUMNS,
    decision_columns=DECISION_COLUMNS,
    recorder=LostCitiesRecorder,
)
