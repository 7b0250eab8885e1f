"""A heuristic Lost Cities player: cautious expeditions, small gaps, harmless discards.

It reads only what its player may see: its own hand, the expeditions, the discard tops and the size
of the draw pile. Its ideas, roughly as a careful beginner is taught them:

- Continue an expedition you started with your lowest playable card, unless that skips too much.
- Start an expedition only with enough in hand to pay its 20 (LC-5), and only while the draw pile
  is long enough to finish it; invest (LC-3.1) only with a strong hand in that colour, early.
- Otherwise discard (LC-3.2) the card worth least to you that helps the opponent least.
- Draw (LC-3.3) a discard-pile card only if it fits one of your expeditions straight away with a
  small gap; otherwise take from the draw pile. Every discard-pile draw is thus soon followed by
  progress (a card played, or an expedition passing the card), so the bot always ends the round
  (LC-4's decision). It never passes cards to a partner (LC-7), which could go on forever.
"""

from __future__ import annotations

from .actions import Action, Discard, Draw, Play
from .components import Card
from .game import LostCities

START_THRESHOLD = 22  # hand value in a colour needed to start an expedition
INVEST_THRESHOLD = 28  # ... and to put an investment card on it
TIGHT_GAP = 2  # a discard-pile card is worth drawing if it skips at most this many values
CONTINUE_GAP = 3  # how far a card may jump ahead on a started expedition (grows late in the round)


class HeuristicBot:
    """`start_threshold` and `invest_threshold` set how bold it is (hand value in a colour needed to
    start an expedition, and to invest in it); the defaults are the tuned, cautious player."""

    name = "heuristic"

    def __init__(self, start_threshold: int = START_THRESHOLD, invest_threshold: int = INVEST_THRESHOLD):
        self.start_threshold = start_threshold
        self.invest_threshold = invest_threshold

    def choose(self, game: LostCities) -> Action:
        if game.phase == "draw":
            return self._draw(game)
        return self._play(game)

    # ------------------------------------------------------------------------------ play
    def _play(self, game: LostCities) -> Action:
        player = game.to_move
        hand = game.hands[player]
        side = game.side_of(player)
        tops = game.tops[side]
        mine = game.expeditions[side]
        deck_left = len(game.deck)
        turns_left = deck_left / game.players  # roughly how many more turns this player gets
        gap_allowed = CONTINUE_GAP if turns_left > 4 else 10

        by_colour: dict[int, list[Card]] = {}
        for card in hand:
            by_colour.setdefault(card.expedition, []).append(card)

        # 1. Continue a started expedition with the lowest playable card, if the gap is small
        #    (or, bold enough and early enough, with another investment card while still allowed).
        best: tuple[int, Card] | None = None
        for colour, cards in by_colour.items():
            if not mine[colour]:
                continue
            if tops[colour] == 0 and cards[0].value == 0 and turns_left > 10:
                if _hand_value(cards) >= self.invest_threshold:
                    return Play(cards[0])
            playable = [c for c in cards if c.value > tops[colour]]
            if not playable:
                continue
            card = playable[0]  # hands are sorted, so this is the lowest
            gap = card.value - max(tops[colour], 1) - 1
            if gap <= gap_allowed and (best is None or gap < best[0]):
                best = (gap, card)
        if best is not None:
            return Play(best[1])

        # 2. Start a new expedition when the hand in that colour pays for it.
        if turns_left > 6:
            for colour, cards in sorted(by_colour.items(), key=lambda kv: -_hand_value(kv[1])):
                if mine[colour]:
                    continue
                value = _hand_value(cards)
                if value < self.start_threshold:
                    break
                investments = [c for c in cards if c.value == 0]
                if investments and value >= self.invest_threshold and turns_left > 10:
                    return Play(investments[0])
                numbers = [c for c in cards if c.value]
                if numbers:
                    return Play(numbers[0])

        # 3. Discard the card that matters least to us and helps the opponent least.
        opponent_tops = game.tops[1 - side]
        opponent = game.expeditions[1 - side]

        def cost(card: Card) -> float:
            colour = card.expedition
            useful_to_me = card.value > tops[colour] or (card.value == 0 and not mine[colour])
            mine_value = 0.0
            if useful_to_me:
                mine_value = 10 + card.value if mine[colour] else _hand_value(by_colour[colour]) / 3
            helps_them = opponent[colour] and (card.value > opponent_tops[colour])
            return mine_value + (8 + card.value if helps_them else 0)

        return Discard(min(hand, key=cost))

    # ------------------------------------------------------------------------------ draw
    def _draw(self, game: LostCities) -> Action:
        side = game.side_of(game.to_move)
        tops = game.tops[side]
        mine = game.expeditions[side]
        best: tuple[int, int] | None = None
        for colour, pile in enumerate(game.discards):
            if not pile or colour == game.discarded_to or not mine[colour]:
                continue
            card = pile[-1]
            if card.value > tops[colour]:
                gap = card.value - max(tops[colour], 1) - 1
                if gap <= TIGHT_GAP and (best is None or gap < best[0]):
                    best = (gap, colour)
        if best is None:
            return Draw(None)
        return Draw(best[1], game.components.expeditions[best[1]].key)


def _hand_value(cards: list[Card]) -> int:
    """What the number cards of one colour in hand would add to an expedition."""
    return sum(card.value for card in cards)
